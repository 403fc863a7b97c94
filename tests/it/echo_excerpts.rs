//! Long or odd input never breaks a reply: what was typed is quoted only as a short,
//! cleaned excerpt (control characters removed, length capped), in the local chat as on
//! Discord (tests/it/discord_paths.rs has the Discord side).

use std::sync::Arc;

use club::{Club, ManualClock, RngDice};
use engine::{EXCERPT_CHARS, excerpt};
use gammonbot::console::{parse_line, run_line};
use store::Store;
use testkit::store_url;

async fn club(name: &str) -> Club {
    let db = store_url(&format!("echo-{name}")).await;
    let store = Store::open(&db).await.unwrap();
    Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        Arc::new(ManualClock::new(1_800_000_000)),
    )
}

fn clean(text: &str) -> bool {
    // Newlines end the printed lines; nothing else invisible.
    !text.chars().any(|c| c.is_control() && c != '\n')
}

#[tokio::test]
async fn a_command_with_bel_and_escape_is_refused_without_echoing_them() {
    let club = club("bel").await;
    let (out, refused) = run_line(&club, "alice: /games\u{7}\u{1b}[31m", None).await;
    assert!(refused, "{out:?}");
    assert!(clean(&out), "{out:?}");
    assert!(out.contains("unknown command /games[31m"), "{out:?}");
}

#[tokio::test]
async fn a_100000_character_line_is_answered_with_a_short_excerpt() {
    let club = club("long").await;
    for line in [
        format!("alice: /{}", "x".repeat(100_000)),
        format!("alice: /challenge bob {}", "y".repeat(100_000)),
        format!("alice: /challenge bob stake:{}", "1".repeat(100_000)),
        format!("alice: /roll #{}", "9".repeat(100_000)),
        format!("alice: /move {}", "13/7".repeat(25_000)),
    ] {
        let (out, refused) = run_line(&club, &line, None).await;
        assert!(refused, "{out}");
        assert!(
            out.chars().count() < 300,
            "{} characters: {}",
            out.len(),
            &out[..200]
        );
        assert!(clean(&out), "{out:?}");
    }
}

#[tokio::test]
async fn a_name_with_control_characters_is_refused() {
    let e = parse_line("\u{1b}[31malice: /games").unwrap_err();
    assert!(e.0.contains("one word"), "{}", e.0);
}

#[test]
fn a_move_text_the_engine_cannot_read_is_quoted_cleaned() {
    let e = parse_line("alice: /nominate me 6-\u{1b}5").unwrap_err();
    assert!(clean(&e.0), "{:?}", e.0);
    let quoted = excerpt(&"z".repeat(5000));
    assert_eq!(quoted.chars().count(), EXCERPT_CHARS + 1);
}
