//! The daily digest at scale (issue 35): 10 000 players with 50 000 live matches; the
//! digest of every player composed at once (with the web pages' links), and the command
//! round trip at a steady 300 per second measured twice, without the sweep and with every
//! player's digest falling due during the load (the deadline sweep, which sends them,
//! running each second). Prints the composition time and p50 / p99 / max of both runs,
//! then the composition once more with the matches' waiting columns cleared (every match
//! decoded, as for rows written before migration 0020).
//!
//! `cargo bench --bench digest_load` (by environment: `PLAYERS`, `MATCHES`, `RATE`,
//! `SECONDS`). Never part of the test suite.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, MatchRef, NextUp, RngDice, SystemClock,
    WaitingLinks,
};
use clubkit::load::{env, ms, percentile, steady_commands};
use store::{DigestRow, DigestWrite, Store};
use tokio::sync::Mutex;

/// Commands at `rate` a second for `seconds` on the matches of `next`: the sorted round
/// trips (load, validate, save, render).
async fn load(
    club: &Arc<Club>,
    next: &Arc<Mutex<HashMap<i64, NextUp>>>,
    rate: u64,
    seconds: u64,
) -> Vec<Duration> {
    let ids: Vec<i64> = next.lock().await.keys().copied().collect();
    steady_commands(club, next, &ids, rate, seconds).await
}

fn main() {
    let players = env("PLAYERS", 10_000);
    let matches = env("MATCHES", 50_000);
    let rate = env("RATE", 300);
    let seconds = env("SECONDS", 20);
    let dir = std::env::temp_dir().join(format!("gammonbot-digest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("digest.db");
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
        club.set_waiting_links(WaitingLinks {
            page: Some(Arc::new(|t: &str| format!("<https://gammon.example.org/m/{t}>"))),
            place: None,
            message_chars: Some(2000),
        });
        // The live matches: each player in about ten, challenged and accepted, made by 64
        // tasks at once (their commits grouped as a busy bot's are).
        let t = Instant::now();
        let next: Arc<Mutex<HashMap<i64, NextUp>>> = Arc::default();
        let mut makers = Vec::new();
        for w in 0..64 {
            let club = Arc::clone(&club);
            let next = Arc::clone(&next);
            makers.push(tokio::spawn(async move {
                let mut i = w;
                while i < matches {
                    let a = format!("p{}", i % players);
                    let b = format!("p{}", (i * 7 + 1 + i / players) % players);
                    let b = if a == b { format!("q{i}") } else { b };
                    let out = club
                        .execute(
                            &Actor::local(&a),
                            Command::Challenge(ChallengeOp::New {
                                opponent: b.clone(),
                                spec: ChallengeSpec::standard(Some(7)),
                            }),
                        )
                        .await
                        .unwrap();
                    let id = out.match_id.unwrap().get();
                    let out = club
                        .execute(&Actor::local(&b), Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))))
                        .await
                        .unwrap();
                    if let Some(n) = out.next {
                        next.lock().await.insert(id, n);
                    }
                    i += 64;
                }
            }));
        }
        for m in makers {
            m.await.unwrap();
        }
        println!(
            "setup: {matches} live matches among {players} players in {:.1} s ({} MB file)",
            t.elapsed().as_secs_f64(),
            std::fs::metadata(&db).map(|m| m.len() >> 20).unwrap_or(0)
        );
        let mut everyone = Vec::new();
        for p in 0..players {
            if let Some(row) = store.find_player("local", &format!("p{p}")).await.unwrap() {
                everyone.push(row);
            }
        }
        // The composition alone: the first makes the web links of the matches waiting.
        for round in ["first (web links made)", "second"] {
            let t = Instant::now();
            let notices = club.compose_digests(&everyone, club.now()).await.unwrap();
            let lines: usize = notices.iter().map(|n| n.text.lines().count() - 1).sum();
            println!(
                "digest composed for {} players, {round}: {:.2} s ({} digests, {lines} matches listed)",
                everyone.len(),
                t.elapsed().as_secs_f64(),
                notices.len()
            );
        }
        // The load without the sweep.
        let quiet = load(&club, &next, rate, seconds).await;
        println!(
            "without the sweep: {} commands, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            quiet.len(),
            ms(percentile(&quiet, 0.5)),
            ms(percentile(&quiet, 0.99)),
            ms(*quiet.last().unwrap())
        );
        // The load with every player's digest due three seconds in, the sweep running
        // each second (as the bot's deadline sweep does, every 30 s by default).
        let due = club.now() + 3;
        for p in &everyone {
            let row = DigestRow {
                player_id: p.id,
                minute: 8 * 60,
                tz: "UTC".into(),
                next_at: due,
                last_day: None,
            };
            store
                .set_settings_with_digest(p.id, false, false, &DigestWrite::Set(row))
                .await
                .unwrap();
        }
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let sweeper = Arc::clone(&club).spawn_deadlines(Duration::from_secs(1), tx);
        let sent = tokio::spawn(async move {
            let mut n = 0usize;
            let mut first = None;
            let mut last = None;
            while let Some(_notice) = rx.recv().await {
                first.get_or_insert_with(Instant::now);
                last = Some(Instant::now());
                n += 1;
            }
            let span = match (first, last) {
                (Some(f), Some(l)) => l - f,
                _ => Duration::ZERO,
            };
            (n, span)
        });
        let busy = load(&club, &next, rate, seconds).await;
        club.stop();
        let _ = sweeper.await;
        let (digests, span) = sent.await.unwrap();
        println!(
            "with the sweep ({digests} digests sent during the load, first to last {:.2} s): {} commands, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            span.as_secs_f64(),
            busy.len(),
            ms(percentile(&busy, 0.5)),
            ms(percentile(&busy, 0.99)),
            ms(*busy.last().unwrap())
        );
        println!(
            "p99 with the sweep / without: {:.2}",
            percentile(&busy, 0.99).as_secs_f64() / percentile(&quiet, 0.99).as_secs_f64()
        );
        // The composition again with every match's waiting columns cleared, as rows
        // written before migration 0020 have them: each match decoded (on the
        // low-priority thread), as the digest did before the columns.
        let pool = testkit::raw_pool(db.to_str().unwrap()).await;
        sqlx::query("UPDATE matches SET waiting_on = NULL, waiting_for = NULL, break_until = NULL")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let t = Instant::now();
        let notices = club.compose_digests(&everyone, club.now()).await.unwrap();
        println!(
            "digest composed with every match decoded (columns cleared, as before migration 0020): {:.2} s ({} digests)",
            t.elapsed().as_secs_f64(),
            notices.len()
        );
        store.close().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
