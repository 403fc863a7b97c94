//! The outbox under SIGKILL (issue 47): the real `gammonbot` binary against the fake
//! Discord, its deadline sweep timing out matches that ran out of time while it was down,
//! killed at random moments while it posts their notices (Discord slow to answer, so that
//! most kills cut a post whose message Discord makes but the bot never hears of), and
//! started again, `OUTBOX_KILLS` times (default 5; the figure is 50). Then:
//!
//! * every notice the sweep committed is in the outbox and posted, none failed;
//! * players see each once: no nonce made two messages, and each row's message is the one
//!   Discord made for its nonce, even when the post was sent again after a kill;
//! * in the channel, the messages came in the order the rows were written.
//!
//! To see it fail: with `enforce_nonce` off (src/discord/outbox.rs) the posts sent again
//! after a kill show twice.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use club::{ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchRef, RngDice};
use serde_json::Value;
use store::Store;
use testkit::{Rng, scratch, store_url};

use crate::discord_e2e::actor;
use crate::fake_discord::{CHANNEL, FakeDiscord, GUILD, TOKEN};

/// Matches that ran out of time while the bot was down, per kill (each run posts a few
/// of their notices before its kill).
const MATCHES_PER_KILL: u64 = 6;

/// The process, killed (SIGKILL) when dropped.
struct Process(std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn gammonbot(fake: &FakeDiscord, db: &str, name: &str) -> Process {
    let dir = scratch(&format!("discord-outbox-{name}"));
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", db)
        .env("OUTBOX_LEASE", "1")
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .spawn()
        .expect("the gammonbot binary starts");
    Process(child)
}

fn unix_now() -> i64 {
    i64::try_from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    )
    .unwrap()
}

/// `matches` matches of two players each, accepted ten days ago in the fake's channel.
async fn overdue_matches(db: &str, matches: u64) {
    let store = Store::open(db).await.unwrap();
    let club = Club::new(
        store,
        Arc::new(RngDice::seeded(9)),
        Arc::new(ManualClock::new(unix_now() - 10 * 86_400)),
    );
    for i in 0..matches {
        let (a, b) = (300 + 2 * i, 301 + 2 * i);
        let (na, nb) = (format!("p{a}"), format!("p{b}"));
        club.introduce("discord", &b.to_string(), &nb)
            .await
            .unwrap();
        let id = club
            .execute(
                &actor((a, &na)),
                Command::Challenge(ChallengeOp::New {
                    opponent: b.to_string(),
                    spec: ChallengeSpec::standard(Some(3)),
                }),
            )
            .await
            .unwrap()
            .match_id
            .unwrap();
        club.execute(
            &actor((b, &nb)),
            Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await
        .unwrap();
    }
}

fn nonce_of(body: &Value) -> Option<String> {
    body["nonce"].as_str().map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_notice_committed_is_posted_once_and_in_order_through_kills() {
    let kills: usize = std::env::var("OUTBOX_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(5);
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-outbox").await;
    // Given matches that ran out of time while the bot was down
    let matches = MATCHES_PER_KILL * kills as u64;
    overdue_matches(&db, matches).await;
    let store = Store::open(&db).await.unwrap();
    // And Discord slow to answer each post in the channel
    let messages = format!("/channels/{CHANNEL}/messages");
    fake.slow("POST", &messages, Duration::from_millis(150));
    // When the bot is killed at random moments while it posts, and started again
    let mut rng = Rng::new(47);
    for k in 0..kills {
        let before = fake.slowed().len();
        let p = gammonbot(&fake, &db, &format!("run-{k}"));
        let deadline = Instant::now() + Duration::from_secs(90);
        while fake.slowed().len() == before {
            assert!(Instant::now() < deadline, "run {k} posted nothing");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let wait = 50 + rng.below(900);
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
        drop(p);
        fake.wait_shard_free(0).await;
    }
    // And a last run is left until nothing is owed
    let last = gammonbot(&fake, &db, "last");
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let (waiting, kept) = store.outbox_size().await.unwrap();
        if kept > 0 && waiting == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "{waiting} of {kept} still owed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(last);
    fake.finish().await;
    // Then every match's time-out was owed and posted, none failed
    let rows = store.outbox_rows().await.unwrap();
    let timed_out: std::collections::BTreeSet<i64> = rows
        .iter()
        .filter(|(r, ..)| r.owed.body.contains("ran out of time"))
        .map(|(r, ..)| r.owed.match_id)
        .collect();
    assert_eq!(timed_out.len(), matches as usize, "{rows:?}");
    for (r, message, failed) in &rows {
        assert_eq!(*failed, None, "{r:?}");
        assert!(message.is_some(), "not posted: {r:?}");
    }
    // And no nonce made two messages; each row's message is the one made for its nonce
    let made = fake.created_nonces();
    let mut seen = HashMap::new();
    for n in &made {
        *seen.entry(n.clone()).or_insert(0) += 1;
    }
    assert!(seen.values().all(|c| *c == 1), "made twice: {made:?}");
    let requests = fake.requests();
    let first_made: HashMap<String, String> = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&messages) && r.status == 200)
        .filter_map(|r| Some((nonce_of(&r.json())?, r.response["id"].as_str()?.to_string())))
        .fold(HashMap::new(), |mut m, (n, id)| {
            m.entry(n).or_insert(id);
            m
        });
    for (r, message, _) in &rows {
        assert_eq!(
            first_made.get(&r.nonce()),
            message.as_ref(),
            "row {} marked with another message",
            r.id
        );
    }
    // And some post was cut by a kill and sent again: Discord dropped the duplicate
    let mut sends: HashMap<String, usize> = HashMap::new();
    for r in requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&messages))
    {
        if let Some(n) = nonce_of(&r.json()) {
            *sends.entry(n).or_default() += 1;
        }
    }
    if kills >= 5 {
        assert!(
            sends.values().any(|c| *c > 1),
            "no kill cut a post: {sends:?}"
        );
    }
    // And the channel's messages came in the order their rows were written
    let order: Vec<i64> = made
        .iter()
        .filter_map(|n| n.strip_prefix("gb")?.parse().ok())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    println!(
        "{kills} kills, {} rows, {} sent again after a kill",
        rows.len(),
        sends.values().filter(|c| **c > 1).count()
    );
}
