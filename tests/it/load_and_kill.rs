//! The local chat (`gammonbot local` on a SQLite file, or on a PostgreSQL database with
//! `GAMMONBOT_TEST_PG`) under a scripted load, killed with
//! SIGKILL at random moments and restarted, at least 20 times: a seeded generator picks
//! how many commands each run answers (so a slow machine plays the same load) and how
//! long into the next one the kill comes. Several pairs of players challenge, accept, roll and move through stdin, four
//! matches at a time. After each kill:
//!
//! * every acknowledged command is in the log: whatever the chat printed before the kill
//!   as done (`Match #N: ...` for a challenge, `Board #N@V` for a command on a match) is
//!   stored, the match at least at version V (the version goes up by one with each
//!   committed command, in the same transaction as its log entries);
//! * on SQLite, `PRAGMA integrity_check` says `ok`;
//! * every match rebuilds from its log (the stored status and snapshot equal the log's).
//!
//! To see it fail: `LOAD_KILL_FAKE_ACK=1` counts the command in flight at the kill as
//! acknowledged although the chat had not answered it (an acknowledgement given before
//! the commit); some of those are lost, and the test says which.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use clubkit::assert_match_rebuilds;
use testkit::{Rng, raw_pool, store_url};

const KILLS: usize = 24;
const MATCHES_AT_ONCE: usize = 4;
const MARKER: &str = "?? unknown command /sync";

/// The chat process with its output read line by line on a thread.
struct Chat {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Chat {
    fn start(db: &str, seed: u64) -> Chat {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gammonbot"))
            .args(["local", "--dice-seed", &seed.to_string(), "--db"])
            .arg(db)
            .env_remove("DISCORD_TOKEN")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the chat starts");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Chat {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a line followed by a marker line (an unknown command, answered `?? ...`)
    /// without waiting.
    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}\nzz: /sync");
        let _ = self.stdin.flush();
    }

    /// The answer to the line sent last: the lines up to the marker's.
    fn answer(&mut self) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            // A guard against a hang, not a time the chat is held to.
            match self.lines.recv_timeout(Duration::from_secs(120)) {
                Ok(l) if l.starts_with(MARKER) => return got,
                Ok(l) => got.push(l),
                Err(RecvTimeoutError::Timeout) => panic!("the chat went silent: {got:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the chat ended: {got:?}"),
            }
        }
    }

    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.answer()
    }

    /// SIGKILL, then whatever it had printed before dying.
    fn kill(mut self) -> Vec<String> {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
        drop(self.stdin);
        let mut rest = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(5)) {
            rest.push(l);
        }
        rest
    }
}

/// A match the load plays: its players and who must do what next (None: ask the board).
struct Game {
    id: i64,
    /// The challenged player (who accepts).
    opponent: String,
    next: Option<(String, String)>,
}

/// The acknowledgements in a chat's output: match -> the highest version said done.
fn acks(lines: &[String], acked: &mut BTreeMap<i64, i64>) {
    for l in lines {
        let l = l.trim();
        let found = if let Some(rest) = l.strip_prefix("Match #") {
            rest.split(':')
                .next()
                .and_then(|n| n.parse().ok())
                .map(|n| (n, 1))
        } else if let Some(rest) = l.strip_prefix("Board #") {
            rest.split_once('@')
                .and_then(|(n, v)| Some((n.parse().ok()?, v.trim().parse().ok()?)))
        } else {
            None
        };
        if let Some((n, v)) = found {
            let e = acked.entry(n).or_insert(0);
            *e = (*e).max(v);
        }
    }
}

/// Who must do what, from the `-> alice to roll (within ...)` line.
fn next_of(lines: &[String]) -> Option<(String, String)> {
    let l = lines.iter().rev().find_map(|l| l.strip_prefix("-> "))?;
    let (name, what) = l.split_once(" to ")?;
    let what = what.split(" (within").next().unwrap_or(what);
    Some((name.to_string(), what.to_string()))
}

fn refused(lines: &[String]) -> bool {
    lines
        .first()
        .is_some_and(|l| l.starts_with("!!") || l.starts_with("??"))
}

/// The next command of a match and, for a move, the `/moves` asked first.
fn step(chat: &mut Chat, rng: &mut Rng, g: &Game) -> Option<String> {
    let id = g.id;
    let Some((name, what)) = &g.next else {
        return Some(format!("zz: /board #{id}"));
    };
    if what.starts_with("accept") {
        Some(format!("{name}: /accept #{id}"))
    } else if what.starts_with("roll") || what.starts_with("throw") {
        Some(format!("{name}: /roll #{id}"))
    } else if what.starts_with("take") {
        Some(format!("{name}: /take #{id}"))
    } else if what.starts_with("move") {
        let out = chat.ask(&format!("{name}: /moves #{id}"));
        let plays = out.iter().find_map(|l| l.strip_prefix("Legal plays: "))?;
        let plays: Vec<&str> = plays.split(", ").collect();
        Some(format!(
            "{name}: /move #{id} {}",
            plays[rng.below(plays.len())]
        ))
    } else {
        panic!("match #{id}: unexpected decision `{what}`")
    }
}

#[test]
fn load_and_kill_every_acknowledged_command_survives_sigkill() {
    let fake_ack = std::env::var("LOAD_KILL_FAKE_ACK").is_ok_and(|v| v == "1");
    let started = Instant::now();
    let mut rng = Rng::new(0x5EED_0019);
    // The kills' schedule has a generator of its own: how many commands each run answers
    // does not depend on how the matches went (nor on what a kill cut), so every machine,
    // slow or fast, plays the same number of commands.
    let mut schedule = Rng::new(0x5EED_0020);
    let mut acked: BTreeMap<i64, i64> = BTreeMap::new();
    let mut games: Vec<Game> = Vec::new();
    let mut pairs = 0usize;
    let (mut sent, mut resyncs, mut max_matches) = (0usize, 0usize, 0i64);
    // The command in flight at each kill: committed and answered, committed but not
    // answered, not committed.
    let (mut answered_in_flight, mut silent_commits, mut not_committed) = (0, 0, 0);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let db = rt.block_on(store_url("load-and-kill"));
    for kill in 0..KILLS {
        let mut chat = Chat::start(&db, 1000 + kill as u64);
        // After a restart every match is asked for its board first.
        for g in &mut games {
            g.next = None;
        }
        // How many commands this run answers before the kill: counted, not timed, so that
        // a slow or busy machine plays the same load (a timed run made fewer matches there).
        let run_commands = schedule.below(80);
        let mut answered = 0usize;
        let mut turn = 0usize;
        let in_flight: Option<String> = loop {
            games.retain(|g| g.id != 0);
            // Keep four matches going: a new pair challenges when one is over.
            let line = if games.len() < MATCHES_AT_ONCE {
                pairs += 1;
                format!("p{pairs}: /challenge q{pairs} length:1")
            } else {
                let i = turn % games.len();
                turn += 1;
                match step(&mut chat, &mut rng, &games[i]) {
                    Some(l) => l,
                    None => {
                        games[i].next = None;
                        continue;
                    }
                }
            };
            if answered >= run_commands {
                // The kill comes while this command runs (or just before, or just after).
                chat.send(&line);
                std::thread::sleep(Duration::from_micros(schedule.below(4000) as u64));
                break Some(line);
            }
            sent += 1;
            answered += 1;
            let out = chat.ask(&line);
            acks(&out, &mut acked);
            if line.contains("/challenge") {
                if let Some(id) = out.iter().find_map(|l| {
                    l.strip_prefix("Match #")
                        .and_then(|r| r.split(':').next())
                        .and_then(|n| n.parse().ok())
                }) {
                    games.push(Game {
                        id,
                        opponent: format!("q{pairs}"),
                        next: next_of(&out),
                    });
                }
                continue;
            }
            let id: i64 = line
                .split('#')
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap();
            let Some(g) = games.iter_mut().find(|g| g.id == id) else {
                continue;
            };
            if refused(&out) {
                resyncs += 1;
                g.next = None;
            } else {
                g.next = next_of(&out);
                if g.next.is_none() && line.starts_with("zz: /board") {
                    if out.iter().any(|l| l.ends_with("; challenged")) {
                        // The acceptance was lost with the kill (never answered).
                        g.next = Some((g.opponent.clone(), "accept".into()));
                    } else {
                        // Over: make room for a new pair.
                        g.id = 0;
                    }
                }
            }
        };
        // The match the command in flight acts on, and its version acknowledged so far.
        let flight: Option<(i64, i64)> = in_flight
            .as_deref()
            .filter(|l| !l.contains("/board") && !l.contains("/moves"))
            .and_then(|l| l.split('#').nth(1))
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse::<i64>().ok())
            .map(|id| (id, acked.get(&id).copied().unwrap_or(0)));
        let printed = chat.kill();
        // What the chat printed before it died was said as done.
        acks(&printed, &mut acked);
        if let (true, Some((id, v))) = (fake_ack, flight) {
            let e = acked.entry(id).or_insert(0);
            *e = (*e).max(v + 1);
        }
        // The restart's checks.
        rt.block_on(async {
            let store = store::Store::open(&db)
                .await
                .expect("the store opens after SIGKILL");
            let pool = raw_pool(&db).await;
            if !db.starts_with("postgres") {
                let ok: String = sqlx::query_scalar("PRAGMA integrity_check")
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                assert_eq!(ok, "ok", "kill {}: integrity_check", kill + 1);
            }
            let versions: Vec<(i64, i64)> = sqlx::query_as("SELECT id, version FROM matches")
                .fetch_all(&pool)
                .await
                .unwrap();
            let stored: BTreeMap<i64, i64> = versions.into_iter().collect();
            let mut lost = Vec::new();
            for (&id, &v) in &acked {
                let have = stored.get(&id).copied().unwrap_or(0);
                if have < v {
                    lost.push(format!(
                        "match #{id}: acknowledged at version {v}, stored {have}"
                    ));
                }
            }
            assert!(
                lost.is_empty(),
                "kill {} (in flight: {in_flight:?}): acknowledged commands lost:\n{}",
                kill + 1,
                lost.join("\n")
            );
            if let Some((id, v)) = flight {
                let have = stored.get(&id).copied().unwrap_or(0);
                match (have > v, acked.get(&id).copied().unwrap_or(0) > v) {
                    (true, true) => answered_in_flight += 1,
                    (true, false) => silent_commits += 1,
                    (false, _) => not_committed += 1,
                }
            }
            for &id in stored.keys() {
                assert_match_rebuilds(&store, id).await;
            }
            max_matches = max_matches.max(stored.len() as i64);
            pool.close().await;
            store.close().await;
        });
    }
    let total: i64 = acked.values().sum();
    println!(
        "{KILLS} kills in {:.1} s: {sent} commands answered, {} matches (their acknowledged \
         versions summing to {total}) checked after every kill, every match rebuilt from its log \
         each time; the command on a match in flight at a kill: {answered_in_flight} committed and \
         answered, {silent_commits} committed unanswered, {not_committed} not committed; \
         {resyncs} refusals after a restart",
        started.elapsed().as_secs_f64(),
        max_matches,
    );
    assert!(
        max_matches >= 8,
        "the load made only {max_matches} matches in {sent} commands"
    );
}
