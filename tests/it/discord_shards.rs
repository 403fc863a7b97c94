//! Two bot processes sharing one bot's shards (`SHARDS=2`, `SHARD_RANGE=0-0` and `1-1`)
//! against the fake Discord, on one database: each answers the guilds of its own shard,
//! and only the process of shard 0 registers the slash commands.
//!
//! The processes are two runs of the `gammonbot` binary, as an operator starts them, with
//! `DISCORD_API_URL` pointing at the fake Discord. The database is an SQLite file, or a
//! PostgreSQL database when `GAMMONBOT_TEST_PG` names a server (`scripts/test.sh` runs
//! this suite on both).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::fake_discord::{FakeDiscord, GUILD, GUILD_B, Request, TOKEN, shard_of, slash, user};
use serde_json::{Value, json};
use testkit::{scratch, store_url};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");
const CAROL: (u64, &str) = (333_333_333_333_333_333, "carol");
const DAVE: (u64, &str) = (444_444_444_444_444_444, "dave");

/// A running bot process, killed when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the `gammonbot` binary running `range` of 2 shards on the database `db`, with
/// the fake Discord as its API; it runs in a folder of its own (no `.env` is read).
fn process(fake: &FakeDiscord, db: &str, range: &str) -> Bot {
    let dir = scratch(&format!("discord-shards-{range}"));
    let child = Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", db)
        .env("SHARDS", "2")
        .env("SHARD_RANGE", range)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .spawn()
        .expect("the gammonbot binary starts");
    Bot(child)
}

/// A challenge from `who` to `opponent` in `guild`.
fn challenge(token: &str, guild: u64, who: (u64, &str), opponent: (u64, &str)) -> Value {
    let mut i = slash(
        token,
        who,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": opponent.0.to_string()}]),
        json!({"users": {opponent.0.to_string(): user(opponent.0, opponent.1)}}),
    );
    i["guild_id"] = json!(guild.to_string());
    i
}

/// Waits for the bot's answer (the interaction callback) to `interaction`, sent earlier.
async fn answer(fake: &FakeDiscord, interaction: &Value) -> Request {
    let id = interaction["id"].as_str().unwrap();
    let token = interaction["token"].as_str().unwrap();
    let path = format!("/api/v10/interactions/{id}/{token}/callback");
    let r = fake
        .wait_for(0, |r| r.method == "POST" && r.path == path)
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

fn answered(fake: &FakeDiscord, interaction: &Value) -> bool {
    let id = interaction["id"].as_str().unwrap();
    fake.requests()
        .iter()
        .any(|r| r.path.starts_with(&format!("/api/v10/interactions/{id}/")))
}

fn registrations(fake: &FakeDiscord) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_half_of_the_shards_each_answer_their_guilds_and_register_once() {
    // The two guilds are on different shards of two.
    assert_eq!((shard_of(GUILD_B, 2), shard_of(GUILD, 2)), (0, 1));
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-shards").await;

    // Given the process of shard 0 alone: it registers the commands.
    let _first = process(&fake, &db, "0-0");
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    let shards: Vec<Value> = fake
        .identifies()
        .iter()
        .map(|d| d["shard"].clone())
        .collect();
    assert_eq!(shards, vec![json!([0, 2])]);

    // It answers a command from the guild on shard 0.
    let on_0 = challenge("s0-challenge", GUILD_B, ALICE, BOB);
    fake.dispatch(on_0.clone());
    let r = answer(&fake, &on_0).await;
    assert!(
        content(&r).starts_with("Match #1: alice challenges bob"),
        "{}",
        content(&r)
    );

    // A command from the guild on shard 1 waits: no process holds shard 1 yet.
    let on_1 = challenge("s1-challenge", GUILD, CAROL, DAVE);
    fake.dispatch(on_1.clone());
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(
        !answered(&fake, &on_1),
        "the process of shard 0 answered a guild of shard 1"
    );

    // When the process of shard 1 starts, it answers it, on the same database (match #2).
    let _second = process(&fake, &db, "1-1");
    let r = answer(&fake, &on_1).await;
    assert!(
        content(&r).starts_with("Match #2: carol challenges dave"),
        "{}",
        content(&r)
    );
    let shards: Vec<Value> = fake
        .identifies()
        .iter()
        .map(|d| d["shard"].clone())
        .collect();
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);

    // Both running: each guild's commands are answered.
    let again_0 = challenge("s0-again", GUILD_B, BOB, CAROL);
    let again_1 = challenge("s1-again", GUILD, DAVE, ALICE);
    fake.dispatch(again_0.clone());
    fake.dispatch(again_1.clone());
    let a = content(&answer(&fake, &again_0).await);
    let b = content(&answer(&fake, &again_1).await);
    assert!(a.contains("bob challenges carol"), "{a}");
    assert!(b.contains("dave challenges alice"), "{b}");

    // The slash commands were registered once, by the process of shard 0.
    assert_eq!(registrations(&fake), 1);
    fake.finish().await;
}
