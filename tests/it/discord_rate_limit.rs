//! The per-player rate limit on Discord commands (default 8 in 10 s), against the fake
//! Discord: past it, a private refusal and nothing runs; autocomplete is not counted; the
//! window passes on the club's clock (moved by hand here, so nothing sleeps 10 s).

use std::sync::Arc;

use crate::fake_discord::{FakeDiscord, GUILD, Request, TOKEN, autocomplete, click, slash, user};
use club::{Club, ManualClock, RngDice};
use gammonbot::discord::{Connection, RateLimit, client_limited};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

struct Bot {
    fake: FakeDiscord,
    clock: Arc<ManualClock>,
    store: Store,
}

async fn start(name: &str, limit: Option<RateLimit>) -> Bot {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url(&format!("rate-limit-{name}")).await;
    let store = Store::open(&db).await.unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(7)),
        clock.clone(),
    ));
    let mut bot = client_limited(
        Connection {
            token: TOKEN.into(),
            guild: Some(GUILD),
            api: Some(fake.api.clone()),
            sweep_every: Some(std::time::Duration::from_secs(60)),
            web: None,
        },
        club,
        limit,
    )
    .await
    .unwrap();
    tokio::spawn(async move {
        let _ = bot.start().await;
    });
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    Bot { fake, clock, store }
}

/// Sends an interaction and waits for the bot's callback to it.
async fn interact(fake: &FakeDiscord, interaction: Value) -> Request {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    r
}

fn content(r: &Request) -> String {
    r.json()["data"]["content"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn ephemeral(r: &Request) -> bool {
    r.json()["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

fn challenge_bob(token: &str) -> Value {
    slash(
        token,
        ALICE,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()},
               {"name": "length", "type": 4, "value": 3}]),
        json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
    )
}

fn games(token: &str, who: (u64, &str)) -> Value {
    slash(token, who, "games", json!([]), json!({}))
}

fn refused_for_speed(r: &Request) -> bool {
    ephemeral(r) && content(r).contains("at most 8 commands in 10 seconds")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_the_ninth_command_in_ten_seconds_is_refused_privately_and_changes_nothing() {
    let bot = start("ninth", Some(RateLimit::default())).await;
    let fake = &bot.fake;
    // Given alice sent 8 commands within the same second, with autocompletes between
    // them (not counted)
    for i in 0..8 {
        let r = interact(fake, games(&format!("t-games-{i}"), ALICE)).await;
        assert!(!refused_for_speed(&r), "command {}: {}", i + 1, content(&r));
        let r = interact(
            fake,
            autocomplete(
                &format!("t-ac-{i}"),
                ALICE,
                "roll",
                json!([{"name": "match", "type": 4, "value": "", "focused": true}]),
            ),
        )
        .await;
        assert_eq!(r.json()["type"], 8, "autocomplete still answered");
    }
    let before = bot.store.fingerprint().await.unwrap();
    // When she sends a ninth, a challenge
    let r = interact(fake, challenge_bob("t-ninth")).await;
    // Then she alone is told, politely, and nothing was done
    assert!(refused_for_speed(&r), "{}", content(&r));
    assert!(content(&r).contains("Nothing was done"), "{}", content(&r));
    assert_eq!(bot.store.fingerprint().await.unwrap(), before);
    assert!(bot.store.load_match(1).await.unwrap().is_none());
    // A subcommand (checked once per level of the command tree) is refused the same way
    let r = interact(
        fake,
        slash(
            "t-sub",
            ALICE,
            "fair",
            json!([{"name": "show", "type": 1, "options": []}]),
            json!({}),
        ),
    )
    .await;
    assert!(refused_for_speed(&r), "{}", content(&r));
    // and a button click too.
    let r = interact(fake, click("t-click", ALICE, "gb:roll:1:1")).await;
    assert!(refused_for_speed(&r), "{}", content(&r));
    assert_eq!(bot.store.fingerprint().await.unwrap(), before);
    // Bob is not held back by alice's haste.
    let r = interact(fake, games("t-bob", BOB)).await;
    assert!(!refused_for_speed(&r), "{}", content(&r));
    // When the window has passed, her challenge goes through.
    bot.clock.advance(9);
    let r = interact(fake, challenge_bob("t-still")).await;
    assert!(refused_for_speed(&r), "9 s later: {}", content(&r));
    assert!(content(&r).contains("try again in 1 s"), "{}", content(&r));
    bot.clock.advance(1);
    let r = interact(fake, challenge_bob("t-later")).await;
    assert!(!ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).starts_with("Match #1: alice challenges bob"),
        "{}",
        content(&r)
    );
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_subcommands_count_once_and_off_means_no_limit() {
    // A subcommand passes the check at each level of its tree; it counts once: 8 of them
    // go through.
    let bot = start("subcommands", Some(RateLimit::default())).await;
    for i in 0..8 {
        let r = interact(
            &bot.fake,
            slash(
                &format!("t-sub-{i}"),
                ALICE,
                "chouette",
                json!([{"name": "standings", "type": 1, "options": []}]),
                json!({}),
            ),
        )
        .await;
        assert!(!refused_for_speed(&r), "command {}: {}", i + 1, content(&r));
    }
    let r = interact(&bot.fake, games("t-9", ALICE)).await;
    assert!(refused_for_speed(&r), "{}", content(&r));
    bot.fake.finish().await;
    // With the limit off, twenty in a second go through.
    let bot = start("off", None).await;
    for i in 0..20 {
        let r = interact(&bot.fake, games(&format!("t-off-{i}"), ALICE)).await;
        assert!(
            !ephemeral(&r) || !content(&r).contains("at most"),
            "{}",
            content(&r)
        );
    }
    bot.fake.finish().await;
}

#[test]
fn rate_limit_setting_reads_commands_per_window_or_off() {
    let secs = std::time::Duration::from_secs;
    assert_eq!(
        RateLimit::parse("8/10s"),
        Ok(Some(RateLimit {
            max: 8,
            window: secs(10)
        }))
    );
    assert_eq!(
        RateLimit::parse(" 20/1m "),
        Ok(Some(RateLimit {
            max: 20,
            window: secs(60)
        }))
    );
    assert_eq!(
        RateLimit::parse("5/30"),
        Ok(Some(RateLimit {
            max: 5,
            window: secs(30)
        }))
    );
    assert_eq!(RateLimit::parse("off"), Ok(None));
    for bad in ["8", "eight/10s", "8/10h", "0/10s", "8/0s", ""] {
        let e = RateLimit::parse(bad).unwrap_err();
        assert!(e.contains("like 8/10s"), "{bad}: {e}");
    }
    assert_eq!(
        RateLimit::default(),
        RateLimit {
            max: 8,
            window: secs(10)
        }
    );
}

#[test]
fn the_rate_limit_window_is_a_duration_as_challenges_write_them() {
    let secs = std::time::Duration::from_secs;
    // Given a window in minutes or hours as the chat's durations are written
    assert_eq!(
        RateLimit::parse("8/1h"),
        Ok(Some(RateLimit {
            max: 8,
            window: secs(3600)
        }))
    );
    // Then a space inside the duration, or a window over an hour, is refused
    for bad in ["8/10 s", "8/2h", "8/1d"] {
        let e = RateLimit::parse(bad).unwrap_err();
        assert!(e.contains("like 8/10s"), "{bad}: {e}");
    }
}
