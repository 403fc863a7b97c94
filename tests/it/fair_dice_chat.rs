//! The fair-dice suite's test of the local chat: `/fair export` writes its file beside the
//! boards, and the session is named either side of the command. The rest of the suite
//! (`fair_dice`) drives the club alone.

use std::path::Path;
use std::process::Command as Process;
use std::sync::Arc;

use club::{Club, RngDice};
use clubkit::{Fixture, START};
use store::Store;
use testkit::{scratch, store_url};

/// A club on the store at `path` on the production fair dice, seeded by `seed`.
async fn open(path: &str, seed: u64) -> (Arc<Club>, Store) {
    let f = Fixture::open(path, Arc::new(RngDice::fair_seeded(seed)), START).await;
    (f.club, f.store)
}

/// Runs the players' checker, `scripts/verify_dice.py`, on an export: (passed, its output).
fn verify_path(path: &Path) -> (bool, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/verify_dice.py");
    let out = Process::new("python3")
        .arg(script)
        .arg(path)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    (out.status.success(), text)
}

#[tokio::test]
async fn the_local_chat_writes_the_export_beside_the_boards_and_takes_the_session_either_side() {
    use gammonbot::console::run_line;
    // Given a chouette of three started in the local chat on fair dice
    let (club, _store) = open(&store_url("fair-chat").await, 31).await;
    for l in [
        "ann: /chouette create",
        "ben: /chouette join",
        "cat: /chouette join",
        "ann: /chouette start",
    ] {
        let (text, refused) = run_line(&club, l, None).await;
        assert!(!refused, "{l}: {text}");
    }
    // When ben asks for `/fair export c1`, as /help shows it, with a pictures folder
    let dir = scratch("fair-chat-boards");
    let (text, refused) = run_line(&club, "ben: /fair export c1", Some(&dir)).await;
    // Then it is accepted, the file is written there and the chat says where
    assert!(!refused, "{text}");
    let path = dir.join("fair-c1.json");
    assert!(
        text.contains(&format!("(file: {})", path.display())),
        "{text}"
    );
    let (ok, out) = verify_path(&path);
    assert!(ok, "{out}");
    // And `/fair c1 export` gives the same file
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let (again, refused) = run_line(&club, "ben: /fair c1 export", Some(&dir)).await;
    assert!(!refused, "{again}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    // And without a folder the chat says the file was not written
    let (text, refused) = run_line(&club, "ben: /fair export c1", None).await;
    assert!(!refused && text.contains("not written"), "{text}");
}
