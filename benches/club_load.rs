//! Command round trip under load: a database with 10 000 live matches, commands sent at a
//! steady 300 per second, each timed from its scheduled moment to a rendered PNG (load,
//! validate, save, render). Prints p50 / p99 / max.
//!
//! `cargo bench --bench club_load` (options by environment: `MATCHES`, `RATE`, `SECONDS`;
//! `LOAD_DATABASE_URL` for another database than a fresh SQLite file).
//!
//! `WEB=idle|flood|pages` also serves the web pages (`web::start`, its default limits) and
//! loads their port from a thread of its own while the commands run: `idle` holds
//! `WEB_IDLE` (2 000) connections open that send nothing (in this process: their sockets
//! count against its handles; each one closed is opened
//! again); `flood` asks `WEB_RATE` (500) times a second for a match page at ever new steps
//! (`?n=1000000000001`, `...002`, ...: cache busting); `pages` asks `WEB_RATE` (200) times
//! a second for one match page; `serve` only serves them (on `WEB_PORT`, for a load from
//! another process: `scripts/idle_connections.py`, idle connections that do not take this
//! process's handles). With `WEB_SPREAD=1` (the default for `pages`) each
//! request comes from another client address (`X-Forwarded-For`, as the proxy on the
//! loopback says it), else all from one. The answers' statuses and times are printed at
//! the end.
//!
//! `DMS=1` has every player ask for direct messages (`/settings dm:true`), so that each
//! command writes the next player's direct message into the outbox in the command's
//! wake, and runs a poster beside the load that claims each row and marks it posted (as
//! an adapter's does, with no platform behind it): the outbox's cost on the commands. The
//! outbox's size is printed at the end.
//!
//! `PROCS=n` (with `LOAD_DATABASE_URL`, PostgreSQL) runs the load from n processes sharing
//! the database, as n bot processes would: this one sets the matches up (`SETUP_TASKS`
//! commands at a time, default 1; through the club's own commands, a challenge and its
//! acceptance each), writes what each match waits for to a file, and starts n processes of
//! this program on it (`JOIN=<file>`, `PART=i/n`): each opens its own store and club, runs
//! the workers a bot process runs beside its commands (the deadline sweep every 30 s and
//! the bot's worker), takes every n-th match and sends commands at `RATE`/n from one
//! moment agreed by all; each prints its figures, and this one prints all their commands'
//! together. `SETUP_ONLY=1 MATCHES_FILE=<path>` stops after the setup, the file kept;
//! `MATCHES_FILE=<path>` naming a file that exists skips the setup (the database must be a
//! copy of the one it was set up on: `createdb -T`), so that one setup of 100 000 matches
//! serves several runs. `WEB`, `DMS` and `ANALYSE` are not run with `PROCS`.
//!
//! `ANALYSE=n` also plays n 7-point matches to their ends before the load and queues GNU
//! Backgammon's analysis of each (`ANALYSIS_PLIES`, default 2, and the other `ANALYSIS_*`
//! settings), so that the load runs while gnubg works; the time each analysis took is
//! printed at the end.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use club::{
    Actor, AnalysisEvent, AnalysisSettings, ChallengeOp, ChallengeSpec, Club, Command, MatchRef,
    NextUp, RngDice, SystemClock,
};
use clubkit::load::{env, percentile, play_out};
use store::Store;
use tokio::sync::Mutex;

/// The `ANALYSIS_*` settings as the bot reads them (the environment, then `.env`).
fn analysis_settings() -> AnalysisSettings {
    gammonbot::config::Config::load(std::path::Path::new("."))
        .unwrap_or_else(|e| panic!("{e}"))
        .analysis
}

fn main() {
    let matches = env("MATCHES", 10_000);
    let rate = env("RATE", 300);
    let seconds = env("SECONDS", 20);
    // A process started by `PROCS=n`: its part of the matches, at its part of the rate.
    if let Ok(file) = std::env::var("JOIN") {
        return joined(&file, rate, seconds);
    }
    let dir = std::env::temp_dir().join(format!("gammonbot-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("load.db");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        // `LOAD_DATABASE_URL=postgres://...` runs the load on that (empty) PostgreSQL
        // database instead of a fresh SQLite file.
        let url = std::env::var("LOAD_DATABASE_URL")
            .unwrap_or_else(|_| db.to_str().unwrap().to_string());
        // `PROCS=n`: the matches set up once, then n processes load them. With
        // `MATCHES_FILE` naming a file that exists (one written by a run with
        // `SETUP_ONLY=1` on a database this one is a copy of), no setup.
        let procs = env("PROCS", 1);
        let matches_file = std::env::var("MATCHES_FILE")
            .map_or_else(|_| dir.join("matches.tsv"), PathBuf::from);
        if procs > 1 && matches_file.exists() {
            println!(
                "the live matches of {} (set up before, on the database this one copies)",
                matches_file.display()
            );
            processes(&matches_file, procs, rate, seconds, &dir);
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
        let store = Store::open(&url).await.unwrap();
        let analyse = env("ANALYSE", 0);
        let club = Arc::new(
            Club::new(
                store.clone(),
                Arc::new(RngDice::seeded(1)),
                Arc::new(SystemClock),
            )
            .with_analysis(analysis_settings()),
        );
        // 10 000 live matches among 2 000 players (more matches: a player for every five),
        // a tenth of them Welsh; `SETUP_TASKS` at a time.
        let t = Instant::now();
        let (next, players) = setup(&club, matches, env("SETUP_TASKS", 1)).await;
        println!(
            "setup: {matches} live matches in {:.1} s ({} KB file)",
            t.elapsed().as_secs_f64(),
            std::fs::metadata(&db).map(|m| m.len() / 1024).unwrap_or(0)
        );
        // `PROCS=n`: n processes of this program load the database (each its own club
        // and workers, as n bot processes sharing it would), this one waits for them.
        if procs > 1 {
            store.close().await;
            write_matches(&next, &matches_file);
            if env("SETUP_ONLY", 0) == 1 {
                println!("the matches' file: {}", matches_file.display());
                return;
            }
            processes(&matches_file, procs, rate, seconds, &dir);
            return;
        }
        // Matches to analyse while the load runs: played out, then queued.
        let mut analyses = None;
        if analyse > 0 {
            let mut finished = Vec::new();
            for j in 0..analyse {
                finished.push(play_out(&club, &format!("an{j}"), &format!("bn{j}"), j).await);
            }
            let mut events = club.analysis_events();
            let queued = Instant::now();
            for (j, id) in finished.iter().enumerate() {
                club.execute(
                    &Actor::local(&format!("an{j}")),
                    Command::Analyse(MatchRef::id(*id)),
                )
                .await
                .unwrap();
            }
            let _workers = Arc::clone(&club).spawn_analysis();
            println!(
                "{analyse} finished 7-point matches queued for analysis at {} plies",
                club.analysis_settings().plies
            );
            analyses = Some(tokio::spawn(async move {
                // (match, games, seconds since queued) of each analysis, in the order they end.
                let mut games = HashMap::new();
                let mut done = Vec::new();
                while done.len() < finished.len() {
                    match events.recv().await {
                        Ok(AnalysisEvent::Progress {
                            match_id, games: g, ..
                        }) => {
                            games.insert(match_id, g);
                        }
                        Ok(AnalysisEvent::Finished(r)) => {
                            assert!(!r.failed, "analysis failed: {:?}", r.lines);
                            let g = games.get(&r.match_id).copied().unwrap_or(0);
                            done.push((r.match_id, g, queued.elapsed().as_secs_f64()));
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                        Err(e) => panic!("analysis events: {e}"),
                    }
                }
                done
            }));
        }
        // Direct messages owed with each command, and a poster taking them.
        let dms = env("DMS", 0) == 1;
        let poster = if dms {
            for p in &players {
                club.execute(
                    &Actor::local(p),
                    Command::Player(club::PlayerOp::Settings {
                        auto_roll: None,
                        notify_dm: Some(true),
                        digest: club::DigestOptions::default(),
                    }),
                )
                .await
                .unwrap();
            }
            let club = Arc::clone(&club);
            println!("direct messages on for {} players; a poster runs", players.len());
            Some(tokio::spawn(async move {
                loop {
                    // As the Discord poster: at most one claim per `CLAIM_EVERY`.
                    let claimed_at = tokio::time::Instant::now();
                    let owed = club.outbox_claim(200).await.unwrap();
                    if owed.is_empty() {
                        club.outbox_wait(Duration::from_millis(100)).await;
                        continue;
                    }
                    let done: Vec<_> = owed
                        .into_iter()
                        .map(|d| {
                            let m = club::Posted::Done(format!("m{}", d.id));
                            (d, m)
                        })
                        .collect();
                    club.outbox_done_all(&done).await.unwrap();
                    tokio::time::sleep_until(claimed_at + club::CLAIM_EVERY).await;
                }
            }))
        } else {
            None
        };
        let ids: Vec<i64> = next.keys().copied().collect();
        let web_load = match std::env::var("WEB") {
            Ok(kind) if !kind.is_empty() => {
                let at = format!("127.0.0.1:{}", env("WEB_PORT", 0));
                let running = web::start(Arc::clone(&club), at.parse().unwrap())
                    .await
                    .unwrap();
                let token = club.web().match_link(ids[0].into()).await.unwrap();
                let load = WebLoad::start(&kind, running.addr, token);
                // The idle connections opened before the commands start.
                tokio::time::sleep(Duration::from_secs(3)).await;
                Some((running, load))
            }
            _ => None,
        };
        let next = Arc::new(Mutex::new(next));
        let clubkit::load::SteadyRun {
            times,
            lag,
            refused,
            wall,
        } = clubkit::load::steady_run(&club, &next, &ids, rate, seconds).await;
        println!(
            "{} commands in {wall:.1} s ({:.0}/s offered {rate}/s); {refused} refused or skipped",
            times.len(),
            times.len() as f64 / wall
        );
        println!(
            "round trip (load, validate, save, render PNG): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            times.last().unwrap().as_secs_f64() * 1e3
        );
        println!(
            "from the scheduled moment (with move choice and queueing): p50 {:.2} ms, p99 {:.2} ms",
            percentile(&lag, 0.5).as_secs_f64() * 1e3,
            percentile(&lag, 0.99).as_secs_f64() * 1e3
        );
        if let Some((running, load)) = web_load {
            load.stop();
            running.task.abort();
        }
        if let Some(poster) = poster {
            // The poster's last claims.
            tokio::time::sleep(Duration::from_secs(1)).await;
            poster.abort();
        }
        let (waiting, kept) = club.outbox_size().await.unwrap();
        println!("outbox: {kept} rows kept, {waiting} waiting to be posted");
        if let Some(analyses) = analyses {
            let mut last = 0.0;
            for (id, games, at) in analyses.await.unwrap() {
                println!(
                    "analysis of 7-point match #{id} ({games} games) ended {at:.1} s after queueing ({:.1} s of its own)",
                    at - last
                );
                last = at;
            }
        }
        store.close().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The live matches: `matches` challenges made and accepted, `tasks` at a time, among
/// 2 000 players (a player for every five matches when there are more), a tenth of them
/// Welsh. What each match waits for, and the players.
async fn setup(
    club: &Arc<Club>,
    matches: u64,
    tasks: u64,
) -> (HashMap<i64, NextUp>, std::collections::BTreeSet<String>) {
    let people = (matches / 5).max(2000);
    let tasks = tasks.max(1);
    let made = Arc::new(AtomicU64::new(0));
    let mut handles = Vec::new();
    for t in 0..tasks {
        let club = Arc::clone(club);
        let made = Arc::clone(&made);
        handles.push(tokio::spawn(async move {
            let mut next = Vec::new();
            let mut players = Vec::new();
            for i in (t..matches).step_by(tasks as usize) {
                let a = format!("p{}", i % people);
                let b = format!("p{}", (i * 7 + 1) % people);
                let b = if a == b { format!("q{i}") } else { b };
                players.push(a.clone());
                players.push(b.clone());
                let spec = if i % 10 == 0 {
                    ChallengeSpec::welsh(25)
                } else {
                    ChallengeSpec::standard(Some(7))
                };
                let out = club
                    .execute(
                        &Actor::local(&a),
                        Command::Challenge(ChallengeOp::New {
                            opponent: b.clone(),
                            spec,
                        }),
                    )
                    .await
                    .unwrap();
                let id = out.match_id.unwrap().get();
                let out = club
                    .execute(
                        &Actor::local(&b),
                        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
                    )
                    .await
                    .unwrap();
                if let Some(n) = out.next {
                    next.push((id, n));
                }
                let n = made.fetch_add(1, Ordering::Relaxed) + 1;
                if n % 10_000 == 0 {
                    eprintln!("setup: {n} matches");
                }
            }
            (next, players)
        }));
    }
    let mut next = HashMap::new();
    let mut players = std::collections::BTreeSet::new();
    for h in handles {
        let (n, p) = h.await.unwrap();
        next.extend(n);
        players.extend(p);
    }
    (next, players)
}

/// Writes what every match waits for to `file` (a line each: the match, the player, what
/// he must do), as [`joined`] reads it.
fn write_matches(next: &HashMap<i64, NextUp>, file: &Path) {
    let mut text = String::new();
    let mut ids: Vec<&i64> = next.keys().collect();
    ids.sort();
    for id in ids {
        let up = &next[id];
        text.push_str(&format!("{id}\t{}\t{}\n", up.name, up.what));
    }
    std::fs::write(file, text).unwrap();
}

/// `PROCS=n`: starts n processes of this program on the matches of `file` (`JOIN`,
/// `PART=i/n`, `RATE` a share of the rate, one start time for all), waits for them, and
/// prints the figures of all their commands together.
fn processes(file: &Path, procs: u64, rate: u64, seconds: u64, dir: &Path) {
    let matches = std::fs::read_to_string(file).unwrap().lines().count();
    let start_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        + 5000;
    println!(
        "{procs} processes, {} matches and {:.0}/s each, starting together",
        matches / procs as usize,
        rate as f64 / procs as f64
    );
    let children: Vec<_> = (0..procs)
        .map(|i| {
            std::process::Command::new(std::env::current_exe().unwrap())
                .env("JOIN", file)
                .env("PART", format!("{i}/{procs}"))
                .env("RATE", (rate / procs).to_string())
                .env("SECONDS", seconds.to_string())
                .env("START_AT", start_at.to_string())
                .env("TIMES_OUT", dir.join(format!("times-{i}")))
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success(), "a process failed");
    }
    let read = |kind: &str| {
        let mut all = Vec::new();
        for i in 0..procs {
            let text = std::fs::read_to_string(dir.join(format!("{kind}-{i}"))).unwrap();
            all.extend(
                text.lines()
                    .map(|l| Duration::from_micros(l.parse().unwrap())),
            );
        }
        all.sort();
        all
    };
    let (times, lag) = (read("times"), read("lag"));
    let cpu: u64 = (0..procs)
        .map(|i| {
            std::fs::read_to_string(dir.join(format!("cpu-{i}")))
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    println!(
        "the {procs} processes' CPU during the load: {:.2} s, {:.2} ms a command",
        cpu as f64 / 1e6,
        cpu as f64 / 1e3 / times.len().max(1) as f64
    );
    println!(
        "all {procs} processes: {} commands answered ({:.0}/s); round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; from the scheduled moment p50 {:.2} ms, p99 {:.2} ms",
        times.len(),
        times.len() as f64 / seconds as f64,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3),
        percentile(&lag, 0.5).as_secs_f64() * 1e3,
        percentile(&lag, 0.99).as_secs_f64() * 1e3,
    );
}

/// One of `PROCS` processes: its club on `LOAD_DATABASE_URL` with the workers a bot
/// process runs beside its commands (the deadline sweep every 30 s, the bot's worker),
/// its part of the matches of `file` (`PART=i/n`: every n-th from the i-th), commands at
/// `rate` from `START_AT` (Unix milliseconds); its figures printed, its times written to
/// `TIMES_OUT` and `TIMES_OUT`'s `lag-` twin (microseconds, a line each).
fn joined(file: &str, rate: u64, seconds: u64) {
    let part = std::env::var("PART").unwrap();
    let (i, n) = part.split_once('/').unwrap();
    let (i, n): (usize, usize) = (i.parse().unwrap(), n.parse().unwrap());
    let url = std::env::var("LOAD_DATABASE_URL").expect("PROCS needs LOAD_DATABASE_URL");
    let out = PathBuf::from(std::env::var("TIMES_OUT").unwrap());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let club = Arc::new(Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(100 + i as u64)),
            Arc::new(SystemClock),
        ));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let notices = tokio::spawn(async move {
            let mut n = 0u64;
            while rx.recv().await.is_some() {
                n += 1;
            }
            n
        });
        let sweeper = Arc::clone(&club).spawn_deadlines(Duration::from_secs(30), tx);
        let bot = Arc::clone(&club).spawn_bot();
        let mut next = HashMap::new();
        for (k, line) in std::fs::read_to_string(file).unwrap().lines().enumerate() {
            if k % n != i {
                continue;
            }
            let mut f = line.splitn(3, '\t');
            let (id, name, what) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
            let id: i64 = id.parse().unwrap();
            next.insert(
                id,
                NextUp {
                    match_id: id.into(),
                    user_id: name.to_string(),
                    name: name.to_string(),
                    choices: Vec::new(),
                    what: what.to_string(),
                    deadline: None,
                    dm: false,
                },
            );
        }
        let ids: Vec<i64> = next.keys().copied().collect();
        let next = Arc::new(Mutex::new(next));
        let start_at: u64 = std::env::var("START_AT").unwrap().parse().unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        tokio::time::sleep(Duration::from_millis(start_at.saturating_sub(now))).await;
        let cpu = cpu_time();
        let clubkit::load::SteadyRun {
            times,
            lag,
            refused,
            wall,
        } = clubkit::load::steady_run(&club, &next, &ids, rate, seconds).await;
        let cpu = cpu_time().saturating_sub(cpu);
        std::fs::write(
            out.with_file_name(format!("cpu-{i}")),
            cpu.as_micros().to_string(),
        )
        .unwrap();
        println!(
            "process {part}: CPU {:.2} s during the load ({:.2} ms a command)",
            cpu.as_secs_f64(),
            cpu.as_secs_f64() * 1e3 / times.len().max(1) as f64
        );
        println!(
            "process {part}: {} matches; {} commands in {wall:.1} s ({:.0}/s offered {rate}/s), {refused} refused or skipped; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; from the scheduled moment p50 {:.2} ms, p99 {:.2} ms",
            ids.len(),
            times.len(),
            times.len() as f64 / wall,
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3),
            percentile(&lag, 0.5).as_secs_f64() * 1e3,
            percentile(&lag, 0.99).as_secs_f64() * 1e3,
        );
        let write = |path: PathBuf, ds: &[Duration]| {
            let text: String = ds.iter().map(|d| format!("{}\n", d.as_micros())).collect();
            std::fs::write(path, text).unwrap();
        };
        write(out.clone(), &times);
        let name = out.file_name().unwrap().to_str().unwrap().replace("times", "lag");
        write(out.with_file_name(name), &lag);
        club.stop();
        sweeper.abort();
        bot.abort();
        let told = notices.await.unwrap_or(0);
        if told > 0 {
            println!("process {part}: the sweep told {told} notices");
        }
        store.close().await;
    });
}

/// The CPU time (user and system) this process has used so far (`/proc/self/stat`, in
/// clock ticks of 10 ms; zero where there is no `/proc`).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are the 12th
    // and 13th of them.
    let ticks: u64 = stat
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .skip(11)
                .take(2)
                .filter_map(|f| f.parse::<u64>().ok())
                .sum()
        })
        .unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// A load on the web port from a thread (and runtime) of its own.
struct WebLoad {
    kind: String,
    stats: Arc<WebStats>,
    thread: std::thread::JoinHandle<()>,
    stop: Arc<tokio::sync::Notify>,
}

/// What the web load saw.
#[derive(Default)]
struct WebStats {
    opened: AtomicU64,
    refused: AtomicU64,
    statuses: std::sync::Mutex<HashMap<u16, u64>>,
    times: std::sync::Mutex<Vec<Duration>>,
}

impl WebLoad {
    fn start(kind: &str, addr: SocketAddr, token: String) -> WebLoad {
        let stats = Arc::new(WebStats::default());
        let stop = Arc::new(tokio::sync::Notify::new());
        let (kind, s, st) = (kind.to_string(), Arc::clone(&stats), Arc::clone(&stop));
        let k = kind.clone();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                match k.as_str() {
                    "idle" => {
                        for _ in 0..env("WEB_IDLE", 2000) {
                            tokio::spawn(hold(addr, Arc::clone(&s)));
                        }
                    }
                    "flood" | "pages" => {
                        let rate = env("WEB_RATE", if k == "flood" { 500 } else { 200 });
                        let spread = env("WEB_SPREAD", u64::from(k == "pages")) == 1;
                        let s = Arc::clone(&s);
                        tokio::spawn(async move {
                            let period = Duration::from_secs_f64(1.0 / rate as f64);
                            let start = tokio::time::Instant::now();
                            for n in 1u64.. {
                                tokio::time::sleep_until(start + period * (n as u32)).await;
                                let path = if k == "flood" {
                                    format!("/m/{token}?n={}", 1_000_000_000_000u64 + n)
                                } else {
                                    format!("/m/{token}")
                                };
                                let client = spread.then(|| {
                                    format!("10.{}.{}.{}", n >> 16 & 255, n >> 8 & 255, n & 255)
                                });
                                tokio::spawn(ask(addr, path, client, Arc::clone(&s)));
                            }
                        });
                    }
                    // Served only: the load comes from another process.
                    "serve" => {}
                    other => panic!("WEB={other}: idle, flood, pages or serve"),
                }
                st.notified().await;
            });
            rt.shutdown_background();
        });
        WebLoad {
            kind,
            stats,
            thread,
            stop,
        }
    }

    fn stop(self) {
        self.stop.notify_one();
        self.thread.join().unwrap();
        let s = &self.stats;
        let mut times = s.times.lock().unwrap().clone();
        times.sort();
        let statuses = s.statuses.lock().unwrap().clone();
        println!(
            "web load `{}`: {} connections opened, {} refused or failed; answers by status {statuses:?}",
            self.kind,
            s.opened.load(Ordering::Relaxed),
            s.refused.load(Ordering::Relaxed),
        );
        if !times.is_empty() {
            println!(
                "web answers: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                percentile(&times, 0.5).as_secs_f64() * 1e3,
                percentile(&times, 0.99).as_secs_f64() * 1e3,
                times.last().unwrap().as_secs_f64() * 1e3
            );
        }
    }
}

/// Holds a connection open that sends nothing; opens another when it is closed.
async fn hold(addr: SocketAddr, s: Arc<WebStats>) {
    loop {
        match tokio::net::TcpStream::connect(addr).await {
            Ok(mut c) => {
                s.opened.fetch_add(1, Ordering::Relaxed);
                let mut buf = [0u8; 256];
                while matches!(c.read(&mut buf).await, Ok(n) if n > 0) {}
            }
            Err(_) => {
                s.refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// `GET path` (the connection closed after the answer), from `client` as the proxy says
/// it: its status and time counted.
async fn ask(addr: SocketAddr, path: String, client: Option<String>, s: Arc<WebStats>) {
    let t = Instant::now();
    let answer = async {
        let mut c = tokio::net::TcpStream::connect(addr).await.ok()?;
        let from = client.map_or(String::new(), |c| format!("X-Forwarded-For: {c}\r\n"));
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\n{from}Accept-Encoding: gzip\r\nConnection: close\r\n\r\n"
        );
        c.write_all(req.as_bytes()).await.ok()?;
        let mut raw = Vec::new();
        c.read_to_end(&mut raw).await.ok()?;
        std::str::from_utf8(raw.get(9..12)?)
            .ok()?
            .parse::<u16>()
            .ok()
    };
    match tokio::time::timeout(Duration::from_secs(30), answer).await {
        Ok(Some(status)) => {
            s.opened.fetch_add(1, Ordering::Relaxed);
            *s.statuses.lock().unwrap().entry(status).or_default() += 1;
            s.times.lock().unwrap().push(t.elapsed());
        }
        _ => {
            s.refused.fetch_add(1, Ordering::Relaxed);
        }
    }
}
