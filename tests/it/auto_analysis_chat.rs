//! `/server analysis:auto|league|off` (issue 49) where people type it: on Discord a
//! manager of the server (Manage Server) sets it and anyone else is refused, privately,
//! the setting unchanged; the local chat reads it, and refuses a word it does not know
//! with the three it does.

use std::sync::Arc;

use crate::discord_e2e::{connect, content, ephemeral, interact};
use crate::fake_discord::{FakeDiscord, TOKEN, slash};
use club::{AutoAnalysis, Club, Command, ManualClock, RngDice};
use gammonbot::console::parse_line;
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");

/// `/server analysis:<choice>` (0 auto, 1 league, 2 off), by a manager or not.
fn analysis(token: &str, choice: i64, manager: bool) -> Value {
    let mut v = slash(
        token,
        ALICE,
        "server",
        json!([{"name": "analysis", "type": 4, "value": choice}]),
        json!({}),
    );
    if manager {
        v["member"]["permissions"] = json!("32");
    }
    v
}

#[tokio::test]
async fn a_manager_sets_automatic_analysis_on_discord_and_no_one_else_may() {
    // Given the bot on a fake Discord
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("auto-analysis-discord").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(3)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect(&fake, club, std::time::Duration::from_secs(3600)).await;
    // When a player without Manage Server asks for league only
    let r = interact(&fake, analysis("t-an0", 1, false)).await;
    // Then he is refused, privately, and nothing changed
    assert!(
        ephemeral(&r) && content(&r).contains("Manage Server"),
        "{}",
        content(&r)
    );
    // When a manager turns it off
    let r = interact(&fake, analysis("t-an1", 2, true)).await;
    // Then the answer says so, and the server's setting is off
    assert!(
        content(&r).contains("No match here is analysed by itself"),
        "{}",
        content(&r)
    );
    let community = store
        .find_community("discord", &crate::fake_discord::GUILD.to_string())
        .await
        .unwrap()
        .expect("the server");
    assert_eq!(
        store.auto_analysis(community).await.unwrap(),
        AutoAnalysis::Off
    );
    fake.finish().await;
}

#[test]
fn the_local_chat_reads_server_analysis_and_refuses_a_word_it_does_not_know() {
    let (_, cmd) = parse_line("alice: /server analysis:league")
        .unwrap()
        .unwrap();
    assert_eq!(cmd, Command::ServerAnalysis(Some(AutoAnalysis::League)));
    let (_, cmd) = parse_line("alice: /server analysis").unwrap().unwrap();
    assert_eq!(cmd, Command::ServerAnalysis(None));
    let e = parse_line("alice: /server analysis:sometimes").unwrap_err();
    assert!(
        e.to_string().contains("analysis:auto|league|off") && e.to_string().contains("sometimes"),
        "{e}"
    );
}
