//! The gateway connection lost: the fake Discord drops the bot's websocket (the TCP
//! connection closes with no close frame, as when the network fails), twice, with a
//! command sent right after each drop. serenity notices, connects again and RESUMEs its
//! session; the commands sent meanwhile (replayed to the resumed session, as Discord
//! does) are answered and stored. No time is asserted; the test prints how long the bot
//! took to answer again.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::discord_e2e::{connect, content};
use crate::fake_discord::{FakeDiscord, Request, TOKEN, slash, user};
use club::{Club, RngDice, SystemClock};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

fn challenge(token: &str, who: (u64, &str), opponent: (u64, &str)) -> Value {
    slash(
        token,
        who,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": opponent.0.to_string()}]),
        json!({"users": {opponent.0.to_string(): user(opponent.0, opponent.1)}}),
    )
}

/// Sends an interaction and waits (up to 20 s) for the bot's callback, taken by Discord.
async fn answer(fake: &FakeDiscord, interaction: Value) -> Request {
    let path = format!(
        "/api/v10/interactions/{}/{}/callback",
        interaction["id"].as_str().unwrap(),
        interaction["token"].as_str().unwrap()
    );
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| r.method == "POST" && r.path == path)
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_dropped_twice_the_bot_resumes_and_answers_the_commands_sent_meanwhile() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("gateway-drop").await).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(SystemClock),
    );
    connect(&fake, Arc::new(club), Duration::from_secs(60)).await;
    let players = [
        (111_111_111_111_111_111, "alice"),
        (222_222_222_222_222_222, "bob"),
        (333_333_333_333_333_333, "carol"),
        (444_444_444_444_444_444, "dave"),
        (555_555_555_555_555_555, "erin"),
        (666_666_666_666_666_666, "frank"),
    ];
    // Given the bot answering
    let r = answer(&fake, challenge("gd-0", players[0], players[1])).await;
    assert!(
        content(&r).starts_with("Match #1: alice challenges bob"),
        "{}",
        content(&r)
    );
    let mut again = Vec::new();
    for round in 1..=2 {
        // When the gateway connection drops, and a command is sent at once
        fake.drop_gateway();
        let dropped = Instant::now();
        let (a, b) = (players[2 * round], players[2 * round + 1]);
        let r = answer(&fake, challenge(&format!("gd-{round}"), a, b)).await;
        again.push(dropped.elapsed());
        // Then the bot answers it once connected again
        let expected = format!("Match #{}: {} challenges {}", round + 1, a.1, b.1);
        assert!(content(&r).starts_with(&expected), "{}", content(&r));
    }
    // And it resumed its session each time (no second IDENTIFY)
    assert_eq!(fake.resumes().len(), 2, "{:?}", fake.resumes());
    assert_eq!(fake.identifies().len(), 1);
    fake.finish().await;
    // And the commands are stored
    for id in 1..=3 {
        assert!(store.load_match(id).await.unwrap().is_some(), "match #{id}");
    }
    println!(
        "the gateway dropped twice: answered again {:.2} s and {:.2} s after the drops (RESUME)",
        again[0].as_secs_f64(),
        again[1].as_secs_f64()
    );
}
