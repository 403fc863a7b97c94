//! The position of the day on the fake Discord (issue 49): a manager sets it with
//! `/server puzzle_hour:`, and at the hour the sweep's post comes to the channel with the
//! board PNG and a select menu of the plays (at most 25 options, its own row, at most 5
//! rows); a pick is answered privately and counted once; `/puzzle` shows it privately.
//! All valid against the API (the fake checks every payload).

use std::sync::Arc;

use crate::discord_e2e::{actor, connect, content, ephemeral, interact};
use crate::fake_discord::{CHANNEL, FakeDiscord, TOKEN, select, slash};
use club::{Club, ManualClock, RngDice};
use clubkit::drills::{clear_opening_mistake, drill_match_with};
use serde_json::json;
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// 2027-01-15 08:00 UTC.
const START: i64 = 1_800_000_000;

#[tokio::test]
async fn the_daily_post_carries_the_board_and_a_select_menu_and_a_pick_is_answered_privately() {
    // Given alice's analysed match with a 3-1 she misplayed (the best clearly ahead)
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-puzzle").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(4)),
        clock.clone(),
    ));
    for (id, name) in [ALICE, BOB] {
        club.introduce("discord", &id.to_string(), name)
            .await
            .unwrap();
    }
    drill_match_with(&club, &actor(ALICE), &actor(BOB), |s| {
        vec![clear_opening_mistake(s)]
    })
    .await;
    connect(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_millis(100),
    )
    .await;
    // When a manager sets the position of the day at 18:00 UTC in this channel
    let mut set = slash(
        "t-pz0",
        ALICE,
        "server",
        json!([{"name": "puzzle_hour", "type": 4, "value": 18}]),
        json!({}),
    );
    set["member"]["permissions"] = json!("32");
    let r = interact(&fake, set).await;
    assert!(
        content(&r).contains(&format!("posted in <#{CHANNEL}> each day at 18:00 UTC")),
        "{}",
        content(&r)
    );
    // And 18:00 comes
    let from = fake.requests().len();
    clock.advance(10 * 3600);
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST"
                && r.route() == format!("/api/v10/channels/{CHANNEL}/messages")
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Position of the day #"))
        })
        .await;
    // Then the post asks the 3-1 without naming anyone, with the board PNG
    let payload = post.json();
    let text = payload["content"].as_str().unwrap();
    assert!(text.contains("to play 3-1: which play is best?"), "{text}");
    assert!(!text.contains("alice") && !text.contains("bob"), "{text}");
    let files = post.files();
    assert_eq!(files.len(), 1);
    assert!(files[0].1.starts_with(b"\x89PNG"));
    // And one row with one select menu of the four plays (at most 25)
    let rows = payload["components"].as_array().unwrap();
    assert!(rows.len() <= 5);
    assert_eq!(rows.len(), 1);
    let row = rows[0]["components"].as_array().unwrap();
    assert_eq!(row.len(), 1, "the menu has its row to itself");
    let menu = &row[0];
    assert_eq!(menu["type"], 3);
    let options = menu["options"].as_array().unwrap();
    assert!((1..=25).contains(&options.len()));
    assert_eq!(options.len(), 4);
    let best = options
        .iter()
        .find(|o| o["label"] == "8/5 6/5")
        .expect("the best play listed");
    let custom_id = menu["custom_id"].as_str().unwrap();
    // When bob picks the best play
    let pick = |token: &str| select(token, BOB, custom_id, &[best["value"].as_str().unwrap()]);
    let r = interact(&fake, pick("t-pz1")).await;
    // Then he alone is told it is counted, the solution to come
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).contains("8/5 6/5, is counted"),
        "{}",
        content(&r)
    );
    // When he picks again: refused privately, his first answer standing
    let r = interact(&fake, pick("t-pz2")).await;
    assert!(
        ephemeral(&r) && content(&r).contains("your first answer stands"),
        "{}",
        content(&r)
    );
    // And /puzzle shows it to alice privately, with its menu
    let r = interact(&fake, slash("t-pz3", ALICE, "puzzle", json!([]), json!({}))).await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).contains("Position of the day #"),
        "{}",
        content(&r)
    );
    assert_eq!(
        r.json()["data"]["components"][0]["components"][0]["custom_id"],
        json!(custom_id)
    );
    fake.finish().await;
}
