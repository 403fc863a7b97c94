//! The web companion under load (issue 34; figures in `docs/web.md`): a SQLite store
//! with 10 000 live matches and a 64-player round robin (2 016 fixtures, some decided),
//! the pages served in the same process on the same runtime (2 worker threads, as
//! `club_load`). Club commands run at 300/s (as `benches/club_load.rs`: load, validate,
//! save, render the PNG) first alone, then while match pages and the league page are
//! requested at 200/s over HTTP. Prints the p50/p99 of each, the commands' p99 with and
//! without the web load, and the size of a finished 7-point match's page over the wire
//! (plain and gzipped; the load's requests accept gzip, as browsers do).
//!
//! `cargo run --release -p gammonbot-web --example web_load` (never in the test suite);
//! by environment: `MATCHES` (10000), `PLAYERS` (64, the league's), `RATE` (300),
//! `WEB_RATE` (200), `SECONDS` (20), `DECIDED` (fixtures decided by the organiser, 600).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Format, LeagueCommand, LeagueOp, MatchRef,
    NextUp, RngDice, SystemClock,
};
use clubkit::load::{env, ms, percentile, play_out, steady_commands};
use store::Store;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Mutex;

/// The CPU time this process has used so far (user and system, all threads; Linux's
/// `/proc/self/stat`, in clock ticks of 10 ms; zero elsewhere).
fn cpu() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    let after = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
    let ticks: u64 = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|t| t.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// `GET path` accepting gzip, as browsers do: the status and the answer's length over
/// the wire, read to the end (the server closes).
async fn get(addr: SocketAddr, path: &str) -> (u16, usize) {
    get_as(addr, path, "Accept-Encoding: gzip\r\n").await
}

/// `GET path` without compression.
async fn get_plain(addr: SocketAddr, path: &str) -> (u16, usize) {
    get_as(addr, path, "").await
}

/// `GET path` with the extra header lines `extra`.
async fn get_as(addr: SocketAddr, path: &str, extra: &str) -> (u16, usize) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(raw.len());
    let head = String::from_utf8_lossy(&raw[..split]);
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, raw.len())
}

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// Commands at `rate`/s for `seconds` (and, with `web`, page requests at `web_rate`/s):
/// the commands' times, and the match and league pages' times.
#[allow(clippy::too_many_arguments)]
async fn load(
    club: &Arc<Club>,
    next: &Arc<Mutex<HashMap<i64, NextUp>>>,
    ids: &[i64],
    rate: u64,
    seconds: u64,
    web: Option<(SocketAddr, Arc<Vec<String>>, String, u64)>,
) -> (Vec<Duration>, Vec<Duration>, Vec<Duration>) {
    let web_task = web.map(|(addr, matches, league_path, web_rate)| {
        tokio::spawn(async move {
            let period = Duration::from_secs_f64(1.0 / web_rate as f64);
            let start = Instant::now();
            let mut tasks = Vec::new();
            for k in 0..web_rate * seconds {
                tokio::time::sleep_until((start + period * u32::try_from(k).unwrap()).into()).await;
                // One request in four is the league page, the others match pages.
                let (is_league, path) = if k % 4 == 0 {
                    (true, league_path.clone())
                } else {
                    (false, matches[(k as usize * 7919) % matches.len()].clone())
                };
                tasks.push(tokio::spawn(async move {
                    let t = Instant::now();
                    let (status, _) = get(addr, &path).await;
                    assert_eq!(status, 200, "{path}");
                    (is_league, t.elapsed())
                }));
            }
            let (mut m, mut l) = (Vec::new(), Vec::new());
            for t in tasks {
                let (is_league, took) = t.await.unwrap();
                if is_league {
                    l.push(took)
                } else {
                    m.push(took)
                }
            }
            (m, l)
        })
    });
    let times = steady_commands(club, next, ids, rate, seconds).await;
    let (mut m, mut l) = match web_task {
        Some(t) => t.await.unwrap(),
        None => (Vec::new(), Vec::new()),
    };
    m.sort();
    l.sort();
    (times, m, l)
}

fn main() {
    let matches = env("MATCHES", 10_000);
    let players = env("PLAYERS", 64);
    let rate = env("RATE", 300);
    let web_rate = env("WEB_RATE", 200);
    let seconds = env("SECONDS", 20);
    let decided = env("DECIDED", 600);
    let dir = std::env::temp_dir().join(format!("gammonbot-web-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("load.db");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = Store::open(db.to_str().unwrap()).await.unwrap();
        let club = Arc::new(Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(1)),
            Arc::new(SystemClock),
        ));
        // 10 000 live matches among 2 000 players, a tenth of them Welsh (as club_load).
        let t = Instant::now();
        let mut next: HashMap<i64, NextUp> = HashMap::new();
        for i in 0..matches {
            let a = format!("p{}", i % 2000);
            let b = format!("p{}", (i * 7 + 1) % 2000);
            let b = if a == b { format!("q{i}") } else { b };
            let spec = if i % 10 == 0 {
                ChallengeSpec::welsh(25)
            } else {
                ChallengeSpec::standard(Some(7))
            };
            let challenge = Command::Challenge(ChallengeOp::New {
                opponent: b.clone(),
                spec,
            });
            let id = club
                .execute(&Actor::local(&a), challenge)
                .await
                .unwrap()
                .match_id
                .unwrap();
            let out = club
                .execute(&Actor::local(&b), Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))))
                .await
                .unwrap();
            if let Some(n) = out.next {
                next.insert(id.get(), n);
            }
        }
        println!(
            "setup: {matches} live matches in {:.1} s",
            t.elapsed().as_secs_f64()
        );
        // A round robin of 64 players, some of its fixtures decided by the organiser.
        let t = Instant::now();
        let name = "Load League";
        let create = LeagueOp::Create {
            name: name.into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(1)),
        };
        club.execute(&Actor::local("org"), league(name, create))
            .await
            .unwrap();
        for i in 0..players {
            club.execute(&Actor::local(&format!("lg{i}")), league(name, LeagueOp::Join))
                .await
                .unwrap();
        }
        club.execute(
            &Actor::local("org"),
            league(name, LeagueOp::Start { order: None }),
        )
        .await
        .unwrap();
        let bracket = club
            .league_bracket(&Actor::local("org"), Some(name))
            .await
            .unwrap();
        let mut done = 0;
        for b in &bracket {
            if done >= decided {
                break;
            }
            let (Some(m), Some(w)) = (b.match_id, b.names[0].clone()) else {
                continue;
            };
            let op = LeagueOp::Result {
                match_id: m,
                winner: w,
                reason: "load".into(),
            };
            if club.execute(&Actor::local("org"), league(name, op)).await.is_ok() {
                done += 1;
            }
        }
        let out = club
            .execute(
                &Actor::local("org"),
                league(name, LeagueOp::Standings { division: None }),
            )
            .await
            .unwrap();
        let league_token = club.web().web_page_link(out.web.unwrap()).await.unwrap();
        println!(
            "league: {players} players, {} fixtures, {done} decided, in {:.1} s",
            bracket.len(),
            t.elapsed().as_secs_f64()
        );
        // Finished 7-point matches, for the size of a long match's page.
        let mut finished = Vec::new();
        for j in 0..10 {
            finished.push(play_out(&club, &format!("an{j}"), &format!("bn{j}"), j).await.get());
        }
        let running = web::start(Arc::clone(&club), "127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let addr = running.addr;
        // Match pages: 1 000 live matches and the 10 finished ones.
        let ids: Vec<i64> = next.keys().copied().collect();
        let mut pages = Vec::new();
        for id in ids.iter().take(1000).chain(&finished) {
            pages.push(format!("/m/{}", club.web().match_link((*id).into()).await.unwrap()));
        }
        let league_path = format!("/l/{league_token}");
        // Sizes over the wire (headers and body), plain and gzipped.
        let mut biggest = (0, 0, String::new());
        for (id, path) in finished.iter().zip(pages.iter().skip(pages.len() - finished.len())) {
            let (status, size) = get_plain(addr, path).await;
            assert_eq!(status, 200);
            let (_, zipped) = get(addr, path).await;
            let steps = club.web().match_page((*id).into()).await.unwrap().frames.len();
            if size > biggest.0 {
                biggest = (size, zipped, format!("{path} ({steps} steps)"));
            }
        }
        let (_, board) = get(addr, &format!("{}/board/0.png", biggest.2.split(' ').next().unwrap())).await;
        let (mut statics, mut statics_zipped) = (0, 0);
        for f in ["/static/web.css", "/static/match.js", "/static/icon.svg"] {
            statics += get_plain(addr, f).await.1;
            statics_zipped += get(addr, f).await.1;
        }
        let (_, league_size) = get_plain(addr, &league_path).await;
        let (_, league_zipped) = get(addr, &league_path).await;
        let kb = |b: usize| b as f64 / 1024.0;
        println!(
            "sizes over the wire, plain / gzipped: largest finished 7-point match page {:.1} / {:.1} KB ({}); its first board PNG {:.1} KB; the stylesheet, script and icon {:.1} / {:.1} KB; all: {:.1} / {:.1} KB; the league page {:.1} / {:.1} KB",
            kb(biggest.0),
            kb(biggest.1),
            biggest.2,
            kb(board),
            kb(statics),
            kb(statics_zipped),
            kb(biggest.0 + board + statics),
            kb(biggest.1 + board + statics_zipped),
            kb(league_size),
            kb(league_zipped)
        );
        // Warm the league page and the match pages once.
        for p in pages.iter().take(50) {
            get(addr, p).await;
        }
        get(addr, &league_path).await;

        let next = Arc::new(Mutex::new(next));
        // A warm-up (not counted), then the commands alone, then with the pages.
        load(&club, &next, &ids, rate, seconds.div_ceil(4), None).await;
        let before = cpu();
        let (alone, _, _) = load(&club, &next, &ids, rate, seconds, None).await;
        let cpu_alone = cpu() - before;
        println!(
            "commands alone at {rate}/s: {} in {seconds} s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            alone.len(),
            ms(percentile(&alone, 0.5)),
            ms(percentile(&alone, 0.99)),
            ms(*alone.last().unwrap())
        );
        let before = cpu();
        let (with, m, l) = load(
            &club,
            &next,
            &ids,
            rate,
            seconds,
            Some((addr, Arc::new(pages), league_path, web_rate)),
        )
        .await;
        let cpu_with = cpu() - before;
        println!(
            "CPU time of the process: {:.2} s with the commands alone, {:.2} s with the pages too ({:.2} ms a page request, the load's client included)",
            cpu_alone.as_secs_f64(),
            cpu_with.as_secs_f64(),
            (cpu_with.as_secs_f64() - cpu_alone.as_secs_f64()) * 1e3
                / (m.len() + l.len()).max(1) as f64
        );
        println!(
            "commands at {rate}/s with pages at {web_rate}/s: {} in {seconds} s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({:+.1}% p99)",
            with.len(),
            ms(percentile(&with, 0.5)),
            ms(percentile(&with, 0.99)),
            ms(*with.last().unwrap()),
            (percentile(&with, 0.99).as_secs_f64() / percentile(&alone, 0.99).as_secs_f64() - 1.0)
                * 100.0
        );
        println!(
            "match pages: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            m.len(),
            ms(percentile(&m, 0.5)),
            ms(percentile(&m, 0.99)),
            ms(m.last().copied().unwrap_or_default())
        );
        println!(
            "league page ({players} players): {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            l.len(),
            ms(percentile(&l, 0.5)),
            ms(percentile(&l, 0.99)),
            ms(l.last().copied().unwrap_or_default())
        );
        running.task.abort();
        store.close().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
