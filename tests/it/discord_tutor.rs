//! The tutor against the bot on Discord (issue 32): a real poise bot against the fake
//! Discord with the real GNU Backgammon. When the tutor flags the human's play, the reply
//! asks the human (not the bot) to undo or keep it, with Undo and Keep buttons and no
//! Roll or Double; the Keep button lets the bot move, posted in the channel.

use std::sync::Arc;

use crate::discord_e2e::{button, buttons, connect, content, ephemeral, interact};
use crate::fake_discord::{BOT_ID, CHANNEL, FakeDiscord, Request, TOKEN, click, slash, user};
use club::{Club, ManualClock};
use clubkit::ScriptDice;
use serde_json::json;
use store::Store;
use testkit::{scratch, store_url};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");

/// The bot against the fake Discord, its club with the real gnubg and dice that throw
/// 6-1 for the opening (alice's), then 4s.
async fn start(name: &str) -> FakeDiscord {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url(&format!("discord-tutor-{name}")).await)
        .await
        .unwrap();
    let gnubg = testkit::gnubg();
    let settings = gnubg::BotSettings {
        search_path: gnubg.parent().unwrap().display().to_string(),
        work_dir: scratch(&format!("discord-tutor-{name}-work")),
        ..gnubg::BotSettings::default()
    };
    let club = Club::new(
        store,
        Arc::new(ScriptDice::new(&[6, 1])),
        Arc::new(ManualClock::new(1_800_000_000)),
    )
    .with_bot(settings);
    connect(&fake, Arc::new(club), std::time::Duration::from_secs(60)).await;
    fake
}

/// A message the bot posted in the channel that says it played.
fn bot_move_posted(r: &Request) -> bool {
    r.method == "POST"
        && r.path == format!("/api/v10/channels/{CHANNEL}/messages")
        && r.json()["content"].as_str().is_some_and(|t| {
            t.lines()
                .any(|l| l.starts_with("gammonbot plays ") && !l.starts_with("gammonbot plays at "))
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flagged_play_against_the_bot_has_undo_and_keep_buttons_and_keep_lets_the_bot_move() {
    let fake = start("keep").await;
    // Given alice's 3-point match against the bot with the tutor on, her 6-1 to play
    let r = interact(
        &fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "length", "type": 4, "value": 3},
                   {"name": "tutor", "type": 5, "value": true}]),
            json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
        ),
    )
    .await;
    let text = content(&r);
    assert!(text.contains("gammonbot accepts match #1"), "{text}");
    assert!(
        text.contains(&format!("<@{}> to move 6-1", ALICE.0)),
        "{text}"
    );
    // When she plays 8/2 6/5, which the tutor flags
    let from = fake.requests().len();
    let r = interact(
        &fake,
        slash(
            "t-move",
            ALICE,
            "move",
            json!([{"name": "play", "type": 3, "value": "8/2 6/5"}]),
            json!({}),
        ),
    )
    .await;
    // Then the reply asks her, not the bot, to undo or keep it, with those two buttons
    let text = content(&r);
    assert!(!ephemeral(&r), "{text}");
    assert!(text.contains("The tutor to alice"), "{text}");
    assert!(
        text.contains(&format!(
            "<@{}> to undo or keep the action the tutor flagged",
            ALICE.0
        )),
        "{text}"
    );
    assert!(!text.contains(&format!("<@{BOT_ID}>")), "{text}");
    let ids = buttons(&r);
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids[0].starts_with("gb:undo:1:"), "{ids:?}");
    assert!(ids[1].starts_with("gb:keep:1:"), "{ids:?}");
    // And the bot does not move meanwhile (nothing posted in the channel)
    assert!(!fake.requests()[from..].iter().any(bot_move_posted));
    // When she presses Keep
    let from = fake.requests().len();
    let r = interact(&fake, click("t-keep", ALICE, &button(&r, "keep"))).await;
    // Then it is kept, and the bot's move is posted in the channel, asking alice again
    let text = content(&r);
    assert!(!ephemeral(&r), "{text}");
    assert!(
        text.contains("alice keeps the action the tutor flagged"),
        "{text}"
    );
    let post = fake.wait_for(from, bot_move_posted).await;
    let posted = post.json()["content"].as_str().unwrap_or("").to_string();
    assert!(posted.contains(&format!("<@{}> to ", ALICE.0)), "{posted}");
    assert!(!posted.contains("undo or keep"), "{posted}");
    fake.finish().await;
}

#[tokio::test]
async fn the_undo_and_keep_buttons_stand_for_undo_and_keep_at_their_version() {
    use club::{Choice, Command, MatchRef, PracticeOp};
    use gammonbot::discord::{button_command, button_of};
    let at = MatchRef {
        id: Some(7.into()),
        version: Some(12),
    };
    for (choice, verb, cmd) in [
        (
            Choice::Undo,
            "undo",
            Command::Practice(at, PracticeOp::Undo),
        ),
        (
            Choice::Keep,
            "keep",
            Command::Practice(at, PracticeOp::Keep),
        ),
    ] {
        let (v, label, _) = button_of(choice).expect("a button");
        assert_eq!(v, verb);
        assert!(!label.is_empty());
        assert_eq!(button_command(&format!("gb:{verb}:7:12")), Some(cmd));
    }
    // And the local chat says the same choice in words
    let out = club::Outcome {
        next: Some(club::NextUp::new(
            7.into(),
            "alice",
            "alice",
            vec![Choice::Undo, Choice::Keep],
        )),
        ..club::Outcome::default()
    };
    assert_eq!(
        gammonbot::console::outcome_text(&out, 0),
        "-> alice to undo or keep the action the tutor flagged\n"
    );
}
