//! The `gammonbot` binary stopped with a real SIGTERM in the middle of load, against the
//! fake Discord (its interaction callbacks answered a second late, so that commands are
//! always under way), with an analysis job running and matches against the bot (real
//! GNU Backgammon) being played. Then:
//!
//! * it exits with status 0 within the bound (`SHUTDOWN_TIMEOUT=10`; the test allows 30 s
//!   on this slow shared machine, and prints the figure);
//! * every challenge that reached the players (a reply or a post `Match #N: ...`) is
//!   stored, and every stored match reached them: nothing committed went unanswered;
//! * commands that came while it stopped were answered privately that the bot is
//!   stopping (none of them applied);
//! * every match's last committed state is the last board shown: the bot's moves made
//!   before the stop were posted before the exit;
//! * the bot had posted a move of its own before the stop (the stop waits for one), and
//!   the analysis job, seen `running` before the stop, is queued again, its attempt not
//!   counted (none is left `running`); on SQLite the file passes `integrity_check`, and
//!   every match rebuilds from its log.
//!
//! The database is an SQLite file, or PostgreSQL with `GAMMONBOT_TEST_PG`.
//!
//! And the local chat (`gammonbot local`) under SIGTERM: it says it stops, prints
//! `Stopped.` and exits with status 0.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::discord_e2e::actor;
use crate::fake_discord::{
    BOT_ID, CHANNEL, FakeDiscord, GUILD, Request, TOKEN, click, slash, user,
};
use club::{
    ChallengeOp, ChallengeSpec, Club, Command as ClubCommand, MatchOp, MatchRef, RngDice,
    SystemClock,
};
use clubkit::assert_match_rebuilds;
use gammonbot::discord::STOPPING_WORDS;
use serde_json::json;
use store::Store;
use testkit::{Rng, raw_pool, scratch, store_url};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// A 7-point match between alice and bob played to its end, and alice's `/analyse` of it
/// queued: the job the analysis worker will be running when the bot is stopped (its games
/// at 4 plies take minutes, so that a slow start of the load still finds it running).
async fn finished_match_queued_for_analysis(db: &str) {
    let store = Store::open(db).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(9)),
        Arc::new(SystemClock),
    );
    let run = async |who, cmd: ClubCommand| club.execute(&actor(who), cmd).await;
    for who in [ALICE, BOB] {
        club.introduce("discord", &who.0.to_string(), who.1)
            .await
            .unwrap();
    }
    let challenge = ClubCommand::Challenge(ChallengeOp::New {
        opponent: BOB.0.to_string(),
        spec: ChallengeSpec::standard(Some(7)),
    });
    let id = run(ALICE, challenge).await.unwrap().match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = run(BOB, ClubCommand::Challenge(ChallengeOp::Accept(m)))
        .await
        .unwrap();
    let mut rng = Rng::new(3);
    while let Some(next) = out.next.clone() {
        let who = if next.name == "alice" { ALICE } else { BOB };
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&actor(who), m).await.unwrap();
            ClubCommand::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
        } else {
            ClubCommand::Match(m, MatchOp::Roll)
        };
        out = run(who, cmd).await.unwrap();
    }
    run(ALICE, ClubCommand::Analyse(m)).await.unwrap();
    store.close().await;
}

/// The `gammonbot` binary against the fake Discord on `db`, its log in `log`.
fn start_bot(fake: &FakeDiscord, db: &str, log: &std::path::Path) -> Child {
    let dir = scratch("graceful-stop-run");
    Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", db)
        .env("DISCORD_RATE_LIMIT", "off")
        .env("SHUTDOWN_TIMEOUT", "10")
        // A deep analysis: the job is still running when the stop comes.
        .env("ANALYSIS_PLIES", "4")
        .env("RUST_LOG", "info,serenity=warn,sqlx=warn")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("the gammonbot binary starts")
}

/// Every text the bot sent: interaction replies, followups, edits and channel posts.
fn text_of(r: &Request) -> String {
    let j = r.json();
    let text = j["data"]["content"].as_str().or(j["content"].as_str());
    text.unwrap_or("").to_string()
}

/// The challenges the players were shown: match id -> (challenger, challenged).
fn acknowledged(requests: &[Request]) -> BTreeMap<i64, String> {
    let mut seen = BTreeMap::new();
    for r in requests.iter().filter(|r| r.status / 100 == 2) {
        for line in text_of(r).lines() {
            let Some(rest) = line.strip_prefix("Match #") else {
                continue;
            };
            if let Some((id, words)) = rest.split_once(": ")
                && words.contains(" challenges ")
                && let Ok(id) = id.parse()
            {
                seen.insert(id, words.to_string());
            }
        }
    }
    seen
}

/// The highest version of each match whose board the players were shown
/// (`match-<id>-<version>.png`).
fn boards_shown(requests: &[Request]) -> BTreeMap<i64, i64> {
    let mut shown = BTreeMap::new();
    for r in requests.iter().filter(|r| r.status / 100 == 2) {
        for (name, _) in r.files() {
            let Some(rest) = name.strip_prefix("match-") else {
                continue;
            };
            let mut it = rest.trim_end_matches(".png").split('-');
            if let (Some(Ok(id)), Some(Ok(v))) = (
                it.next().map(str::parse::<i64>),
                it.next().map(str::parse::<i64>),
            ) {
                let e = shown.entry(id).or_insert(0);
                *e = v.max(*e);
            }
        }
    }
    shown
}

/// A move of the bot posted in the channel.
fn bot_move_posted(r: &Request) -> bool {
    r.method == "POST"
        && r.status / 100 == 2
        && r.path == format!("/api/v10/channels/{CHANNEL}/messages")
        && text_of(r).contains("gammonbot plays ")
}

/// A player of the load: the `n`-th challenger or challenged.
fn player(kind: u64, n: u64) -> (u64, String) {
    (kind * 100_000_000_000_000_000 + n, format!("p{kind}x{n}"))
}

/// The bot's answer to the interaction with `token`, once Discord took it (`None` when
/// none comes within 15 s: the bot stopped).
async fn callback(fake: &FakeDiscord, from: usize, token: &str) -> Option<Request> {
    let path = format!("/{token}/callback");
    let wait = fake.wait_for(from, |r| r.method == "POST" && r.path.ends_with(&path));
    let r = tokio::time::timeout(Duration::from_secs(15), wait)
        .await
        .ok()?;
    (r.status == 204).then_some(r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_under_load_answers_or_refuses_every_command_posts_the_bots_moves_and_exits_in_time()
 {
    let fake = Arc::new(FakeDiscord::start(TOKEN).await);
    // Discord answers the interaction callbacks a second late: commands are under way.
    fake.slow("POST", "/callback", Duration::from_secs(1));
    let db = store_url("graceful-stop").await;
    finished_match_queued_for_analysis(&db).await;
    let log = scratch("graceful-stop-log").join("gammonbot.log");
    let mut bot = start_bot(&fake, &db, &log);
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;

    let over = Arc::new(AtomicBool::new(false));
    // Challenges between new pairs of players, one every 30 ms, not waiting for answers,
    // but at most 16 unanswered at once (as players wait for theirs): on a busy machine the
    // load makes no backlog that no stop could clear in its time.
    let challenges = tokio::spawn({
        let (fake, over) = (Arc::clone(&fake), Arc::clone(&over));
        async move {
            let mut n: u64 = 0;
            while !over.load(Ordering::SeqCst) {
                let answered = fake
                    .requests()
                    .iter()
                    .filter(|r| r.path.ends_with("/callback") && r.path.contains("/load-"))
                    .count();
                if n.saturating_sub(u64::try_from(answered).unwrap_or(u64::MAX)) >= 16 {
                    tokio::time::sleep(Duration::from_millis(30)).await;
                    continue;
                }
                n += 1;
                let (a, b) = (player(1, n), player(2, n));
                fake.dispatch(slash(
                    &format!("load-{n}"),
                    (a.0, &a.1),
                    "challenge",
                    json!([{"name": "opponent", "type": 6, "value": b.0.to_string()}]),
                    json!({"users": {b.0.to_string(): user(b.0, &b.1)}}),
                ));
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            n
        }
    });
    // Players challenging the bot itself and rolling: the bot's worker moves when it wins
    // the opening roll.
    let bot_players = tokio::spawn({
        let (fake, over) = (Arc::clone(&fake), Arc::clone(&over));
        async move {
            let mut n = 0;
            while !over.load(Ordering::SeqCst) {
                n += 1;
                let me = player(3, n);
                let token = format!("bot-{n}");
                let from = fake.requests().len();
                fake.dispatch(slash(
                    &token,
                    (me.0, &me.1),
                    "challenge",
                    json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                           {"name": "length", "type": 4, "value": 1}]),
                    json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
                ));
                let Some(answer) = callback(&fake, from, &token).await else {
                    continue;
                };
                let roll = answer.json()["data"]["components"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
                    .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
                    .find(|b| b.starts_with("gb:roll:"));
                if let Some(roll) = roll {
                    let token = format!("bot-roll-{n}");
                    let from = fake.requests().len();
                    fake.dispatch(click(&token, (me.0, &me.1), &roll));
                    callback(&fake, from, &token).await;
                }
            }
            n
        }
    });

    // When the load has run a while: a dozen challenges answered, the bot in play with a
    // move of its own posted, and the analysis job running (a guard against a load that
    // never gets going, not a time: 300 s)
    let watch = raw_pool(&db).await;
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let requests = fake.requests();
        let acked = acknowledged(&requests);
        let bot_matches = acked.values().filter(|w| w.contains("gammonbot")).count();
        let bot_moved = requests.iter().any(bot_move_posted);
        let job: Option<String> = sqlx::query_scalar("SELECT status FROM analyses")
            .fetch_optional(&watch)
            .await
            .unwrap();
        if acked.len() >= 12 && bot_matches >= 2 && bot_moved && job.as_deref() == Some("running") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the load never got going: the bot moved: {bot_moved}, the analysis job: {job:?}, \
             challenges shown: {acked:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    watch.close().await;
    // And the process gets SIGTERM, the load going on
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = tokio::task::spawn_blocking(move || {
        let limit = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(s) = bot.try_wait().unwrap() {
                return Some(s);
            }
            if Instant::now() > limit {
                let _ = bot.kill();
                let _ = bot.wait();
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    })
    .await
    .unwrap();
    let took = sent.elapsed();
    over.store(true, Ordering::SeqCst);
    let sent_challenges = challenges.await.unwrap();
    let sent_bot = bot_players.await.unwrap();
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    // Then it exited by itself, with status 0, within the bound (generously)
    let status = status.unwrap_or_else(|| panic!("still running 60 s after SIGTERM:\n{logged}"));
    assert!(status.success(), "exit status {status}:\n{logged}");
    assert!(took < Duration::from_secs(30), "took {took:?}:\n{logged}");
    // Settle: requests the fake was still answering (a second late) are recorded.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let unanswered = fake.finish_stopped().await;
    let requests = fake.requests();

    // And commands that came while it stopped were told so, privately
    let refusals = requests
        .iter()
        .filter(|r| r.path.ends_with("/callback") && text_of(r) == STOPPING_WORDS)
        .inspect(|r| assert_eq!(r.json()["data"]["flags"], json!(64), "not private"))
        .count();
    assert!(
        refusals > 0,
        "no command was refused while stopping:\n{logged}"
    );

    // And every challenge shown is stored, and every match stored was shown (or is the
    // analysed one made before the start)
    let acked = acknowledged(&requests);
    let store = Store::open(&db).await.unwrap();
    let pool = raw_pool(&db).await;
    let stored: Vec<(i64, i64)> = sqlx::query_as("SELECT id, version FROM matches ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    let stored: BTreeMap<i64, i64> = stored.into_iter().collect();
    let analysed = 1;
    let stored_ids: BTreeSet<i64> = stored
        .keys()
        .copied()
        .filter(|&id| id != analysed)
        .collect();
    let acked_ids: BTreeSet<i64> = acked.keys().copied().collect();
    assert_eq!(
        stored_ids.difference(&acked_ids).collect::<Vec<_>>(),
        Vec::<&i64>::new(),
        "committed, never answered"
    );
    assert_eq!(
        acked_ids.difference(&stored_ids).collect::<Vec<_>>(),
        Vec::<&i64>::new(),
        "answered, not stored"
    );
    // And the last board shown of every match is its stored state: the bot's moves
    // committed before the stop were posted
    let shown = boards_shown(&requests);
    for (id, v) in &shown {
        assert_eq!(
            stored.get(id),
            Some(v),
            "match #{id}: stored at version {:?}, last board shown at {v}",
            stored.get(id)
        );
    }
    let bot_moves = requests.iter().filter(|r| bot_move_posted(r)).count();
    assert!(bot_moves >= 1, "no move of the bot was posted");
    // And no analysis is left running: the one under way at the stop is queued again,
    // its attempt not counted
    let jobs: Vec<(String, i64)> = sqlx::query_as("SELECT status, attempts FROM analyses")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(
        jobs,
        [("queued".to_string(), 0)],
        "the analysis job after the stop"
    );
    if !db.starts_with("postgres") {
        let ok: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(ok, "ok");
    }
    for &id in stored.keys() {
        assert_match_rebuilds(&store, id).await;
    }
    let bot_said = logged
        .lines()
        .find(|l| l.contains("stopped"))
        .unwrap_or("(no `stopped` line)")
        .to_string();
    println!(
        "SIGTERM to exit: {:.2} s (status 0); {sent_challenges} challenges and {sent_bot} \
         challenges of the bot sent, {} answered and stored, {} boards shown, {bot_moves} \
         moves of the bot posted, {refusals} commands refused while stopping, {unanswered} \
         never answered (they came as it disconnected); the analysis job: {:?}; the bot \
         logged: {bot_said}",
        took.as_secs_f64(),
        acked.len(),
        shown.len(),
        jobs[0],
    );
    pool.close().await;
    store.close().await;
}

#[test]
fn the_local_chat_stopped_with_sigterm_says_so_and_exits_with_status_0() {
    use std::io::{BufRead, BufReader, Write};
    let db = scratch("graceful-stop-local").join("gammonbot.db");
    let mut chat = Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["local", "--dice-seed", "3", "--db"])
        .arg(&db)
        .env_remove("DISCORD_TOKEN")
        .env("SHUTDOWN_TIMEOUT", "10")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the chat starts");
    let mut stdin = chat.stdin.take().unwrap();
    let mut lines = BufReader::new(chat.stdout.take().unwrap()).lines();
    // Given a challenge answered
    writeln!(stdin, "p1: /challenge q1 length:1").unwrap();
    stdin.flush().unwrap();
    let answered = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|l| l.starts_with("Match #1:"));
    assert!(answered, "no answer to the challenge");
    // When SIGTERM comes, stdin still open
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-TERM", &chat.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    // Then the chat says it stops, and exits with status 0
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = chat.wait().unwrap();
    let took = sent.elapsed();
    assert!(
        rest.iter().any(|l| l.starts_with("The bot is stopping")),
        "{rest:?}"
    );
    assert_eq!(
        rest.last().map(String::as_str),
        Some("Stopped."),
        "{rest:?}"
    );
    assert!(status.success(), "{status}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    drop(stdin);
    println!(
        "the local chat: SIGTERM to exit {:.2} s",
        took.as_secs_f64()
    );
}
