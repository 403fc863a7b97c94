//! `/vacation` on Discord against the fake: the player away is answered in the channel,
//! his opponent is mentioned in the match's channel, `/vacation` alone and a malformed
//! length are answered to the caller only, and nothing changes on a refusal.

use std::sync::Arc;

use crate::discord_e2e::{actor, connect, content, ephemeral, interact};
use crate::fake_discord::{CHANNEL, FakeDiscord, TOKEN, slash};
use club::{ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchRef, RngDice};
use serde_json::json;
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vacation_on_discord_tells_the_opponent_and_refuses_privately() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-vacation").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(13)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    // Given a match between alice and bob, accepted
    club.introduce("discord", &BOB.0.to_string(), BOB.1)
        .await
        .unwrap();
    let id = club
        .execute(
            &actor(ALICE),
            Command::Challenge(ChallengeOp::New {
                opponent: BOB.0.to_string(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
        )
        .await
        .unwrap()
        .match_id
        .unwrap();
    club.execute(
        &actor(BOB),
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await
    .unwrap();
    connect(&fake, Arc::clone(&club), std::time::Duration::from_secs(60)).await;
    // A malformed length: refused to alice only, nothing changed
    let kept = store.fingerprint().await.unwrap();
    let r = interact(
        &fake,
        slash(
            "v-bad",
            ALICE,
            "vacation",
            json!([{"name": "days", "type": 3, "value": "soon"}]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(
        content(&r).contains("a number of days like 5d"),
        "{}",
        content(&r)
    );
    assert_eq!(store.fingerprint().await.unwrap(), kept);
    // When alice goes on vacation for 5 days
    let from = fake.requests().len();
    let r = interact(
        &fake,
        slash(
            "v-take",
            ALICE,
            "vacation",
            json!([{"name": "days", "type": 3, "value": "5d"}]),
            json!({}),
        ),
    )
    .await;
    // Then she is answered in the channel, and bob is mentioned in the match's channel
    assert!(!ephemeral(&r));
    assert!(
        content(&r).contains("alice is on vacation for 5 days"),
        "{}",
        content(&r)
    );
    let told = fake
        .wait_for(from, |q| {
            q.method == "POST"
                && q.path == format!("/api/v10/channels/{CHANNEL}/messages")
                && q.json()["content"].as_str().is_some_and(|t| {
                    t.starts_with(&format!("<@{}> bob, alice is on vacation until", BOB.0))
                })
        })
        .await;
    assert!(
        !told.json()["content"]
            .as_str()
            .unwrap()
            .contains(&ALICE.0.to_string())
    );
    // And /vacation alone shows her days, to her only
    let r = interact(
        &fake,
        slash("v-show", ALICE, "vacation", json!([]), json!({})),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(
        content(&r).contains("5 of 15 vacation days used"),
        "{}",
        content(&r)
    );
    // Ending twice: the second is refused privately
    interact(
        &fake,
        slash(
            "v-end",
            ALICE,
            "vacation",
            json!([{"name": "end", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    let kept = store.fingerprint().await.unwrap();
    let r = interact(
        &fake,
        slash(
            "v-end2",
            ALICE,
            "vacation",
            json!([{"name": "end", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(
        content(&r).contains("you are not on vacation"),
        "{}",
        content(&r)
    );
    assert_eq!(store.fingerprint().await.unwrap(), kept);
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vacation_by_dates_on_discord_is_planned_refused_privately_and_begun_by_the_sweep() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-vacation-dates").await)
        .await
        .unwrap();
    // 2027-01-15 08:00 UTC
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(22)),
        clock.clone(),
    ));
    club.introduce("discord", &BOB.0.to_string(), BOB.1)
        .await
        .unwrap();
    let id = club
        .execute(
            &actor(ALICE),
            Command::Challenge(ChallengeOp::New {
                opponent: BOB.0.to_string(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
        )
        .await
        .unwrap()
        .match_id
        .unwrap();
    club.execute(
        &actor(BOB),
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await
    .unwrap();
    connect(&fake, Arc::clone(&club), std::time::Duration::from_secs(60)).await;
    let dates = |from: &str, to: &str| {
        json!([
            {"name": "from", "type": 3, "value": from},
            {"name": "to", "type": 3, "value": to}
        ])
    };
    // A past range: refused to alice only, nothing changed
    let kept = store.fingerprint().await.unwrap();
    let r = interact(
        &fake,
        slash(
            "vd-past",
            ALICE,
            "vacation",
            dates("2027-01-10", "2027-01-12"),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(
        content(&r).contains("from:2027-01-10 has passed"),
        "{}",
        content(&r)
    );
    assert_eq!(store.fingerprint().await.unwrap(), kept);
    // Days and dates at once: refused privately
    let r = interact(
        &fake,
        slash(
            "vd-both",
            ALICE,
            "vacation",
            json!([
                {"name": "days", "type": 3, "value": "5d"},
                {"name": "from", "type": 3, "value": "2027-01-17"}
            ]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    assert_eq!(store.fingerprint().await.unwrap(), kept);
    // Planned from the 17th to the 19th: answered in the channel, bob not told yet
    let r = interact(
        &fake,
        slash(
            "vd-plan",
            ALICE,
            "vacation",
            dates("2027-01-17", "2027-01-19"),
            json!({}),
        ),
    )
    .await;
    assert!(!ephemeral(&r));
    assert!(
        content(&r)
            .contains("alice's vacation is planned from 2027-01-17 to 2027-01-19 (dates in UTC"),
        "{}",
        content(&r)
    );
    // When its first day comes, the sweep begins it and bob is told (by his Discord id)
    clock.advance(40 * 3600);
    let notices = club.sweep().await.unwrap();
    assert!(
        notices.iter().any(|n| n.user_id == BOB.0.to_string()
            && n.text
                .contains("alice is on vacation until 2027-01-20 00:00 UTC")),
        "{notices:?}"
    );
    fake.finish().await;
}
