//! The daily digest on Discord against the fake (issue 35, "A digest"): `/settings
//! digest:daily at: tz:` sets it, `/games waiting:` lists the match with a jump link to
//! its channel, and at the local time the sweep sends the player one direct message.

use std::sync::Arc;

use crate::discord_e2e::{connect, content, interact};
use crate::fake_discord::{CHANNEL, FakeDiscord, GUILD, TOKEN, slash, user};
use club::{Club, ManualClock, RngDice};
use serde_json::json;
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// 2027-01-15 08:00 UTC.
const START: i64 = 1_800_000_000;

#[tokio::test]
async fn the_daily_digest_is_sent_by_direct_message_at_the_players_local_time() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-digest").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        clock.clone(),
    ));
    connect(&fake, club, std::time::Duration::from_millis(100)).await;
    // Given alice's challenge to bob, which waits on bob
    interact(
        &fake,
        slash(
            "t-ch",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    // When bob asks for the digest at 09:00 London time (UTC in January)
    let r = interact(
        &fake,
        slash(
            "t-set",
            BOB,
            "settings",
            json!([
                {"name": "digest", "type": 4, "value": 0},
                {"name": "at", "type": 3, "value": "09:00"},
                {"name": "tz", "type": 3, "value": "Europe/London"},
            ]),
            json!({}),
        ),
    )
    .await;
    assert!(
        content(&r).contains("daily digest at 09:00 Europe/London (the next in 1 hour)"),
        "{}",
        content(&r)
    );
    // Then /games waiting lists the challenge with a jump link to its channel
    let r = interact(
        &fake,
        slash(
            "t-wait",
            BOB,
            "games",
            json!([{"name": "waiting", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    let text = content(&r);
    assert!(
        text.contains("#1 against alice: answer the challenge"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "(match: <https://discord.com/channels/{GUILD}/{CHANNEL}>)"
        )),
        "{text}"
    );
    // And at 09:00 the sweep sends bob one direct message, the digest
    let from = fake.requests().len();
    clock.advance(3600);
    let open = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == "/api/v10/users/@me/channels"
        })
        .await;
    assert_eq!(open.json()["recipient_id"], json!(BOB.0.to_string()));
    let dm = open.response["id"].as_str().unwrap().to_string();
    let sent = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == format!("/api/v10/channels/{dm}/messages")
        })
        .await;
    let text = sent.json()["content"].as_str().unwrap().to_string();
    assert!(
        text.starts_with("Your daily digest, bob: 1 match waits"),
        "{text}"
    );
    assert!(text.contains("#1 against alice"), "{text}");
    fake.finish().await;
    assert_eq!(fake.dm_channel(ALICE.0), None, "nothing waits on alice");
}

#[tokio::test]
async fn games_waiting_jumps_to_the_message_that_last_showed_the_board() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-board-link").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        clock.clone(),
    ));
    connect(&fake, club, std::time::Duration::from_millis(100)).await;
    // Given alice's challenge, accepted by bob: his answer shows the board
    interact(
        &fake,
        slash(
            "t-ch",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    let from = fake.requests().len();
    interact(
        &fake,
        slash(
            "t-acc",
            BOB,
            "accept",
            json!([{"name": "match", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    // Then the bot reads which message its answer made (Discord's reply names none)
    let read = fake
        .wait_for(from, |r| {
            r.method == "GET" && r.route().ends_with("/t-acc/messages/@original")
        })
        .await;
    let message = read.response["id"].as_str().unwrap().to_string();
    // And /games waiting of the player on turn jumps to that message (once the bot has
    // written it down, just after it read it)
    let want = format!("(match: <https://discord.com/channels/{GUILD}/{CHANNEL}/{message}>)");
    let mut seen = Vec::new();
    for attempt in 0..50 {
        seen.clear();
        for who in [ALICE, BOB] {
            let token = format!("t-w{attempt}-{}", who.1);
            let r = interact(
                &fake,
                slash(
                    &token,
                    who,
                    "games",
                    json!([{"name": "waiting", "type": 5, "value": true}]),
                    json!({}),
                ),
            )
            .await;
            seen.push(content(&r));
        }
        if seen.iter().any(|t| t.contains(&want)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(seen.iter().any(|t| t.contains(&want)), "{want}\n{seen:#?}");
    fake.finish().await;
}
