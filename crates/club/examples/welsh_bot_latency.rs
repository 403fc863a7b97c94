//! How long the Welsh bot takes to post its decision in a live match (a benchmark, not a
//! test; issue 33: "within 2 s p99 while club_load runs"). A club on a fresh SQLite file
//! with the bot's worker running (`Club::spawn_bot`), the system clock and seeded dice;
//! alice plays Welsh matches against the bot through `Club::execute` as a player does
//! (she calls odds, starts, throws, plays her first legal play, accepts offers, and
//! offers one game when the bot waits for her offer). Each time her command leaves the
//! bot to act, the time is taken from the moment her command is sent to the moment the
//! bot's event (its batch of decisions) has arrived and its board is drawn as a PNG, as
//! the Discord adapter posts it. Prints p50 / p99 / max, and the same from the end of her
//! command (the bot's part alone).
//!
//! `cargo run --release -p gammonbot-club --example welsh_bot_latency -- [--level strong]
//! [--games 3] [--posts 300] [--seed 1]`: matches to `--games` games at `--level`,
//! one after another, until `--posts` bot posts were timed. Run beside `cargo bench
//! --bench club_load` (RATE=300) for the figure under load.
//!
//! Measured on the 2-core shared machine (release build, 2026-11-26, strong level,
//! matches to 3 games, seed 1), all bot posts:
//!
//! | run                                   | sent -> post: p50 / p99 / max | done -> post: p50 / p99 / max |
//! |---------------------------------------|-------------------------------|-------------------------------|
//! | alone (n = 328)                       | 3.78 / 13.77 / 22.51 ms       | 2.88 / 12.87 / 21.89 ms       |
//! | beside club_load at 300/s (n = 1021)  | 4.95 / 17.21 / 91.20 ms       | 3.71 / 15.67 / 89.43 ms       |
//!
//! club_load in that run (10 000 live matches, 300 commands a second for 120 s): round
//! trip p50 1.41 ms, p99 4.98 ms, max 97.23 ms. The goal (issue 33) is 2 s p99.

use std::sync::Arc;
use std::time::{Duration, Instant};

use club::{
    Actor, BotLevel, ChallengeOp, ChallengeSpec, Choice, Club, Command, MatchOp, MatchRef, RngDice,
    SystemClock,
};
use engine::welsh::Parity;
use store::Store;

fn arg(args: &[String], flag: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| default.to_string())
}

/// alice's command for what she is asked (`choices`), by a plain policy.
async fn alices_command(club: &Club, m: MatchRef, choices: &[Choice]) -> Command {
    let has = |c: &Choice| choices.contains(c);
    if has(&Choice::AcceptConcession) {
        Command::Match(m, MatchOp::AcceptConcede)
    } else if has(&Choice::CallOdds) {
        Command::Match(m, MatchOp::Call(Parity::Odd))
    } else if has(&Choice::StartMyself) {
        Command::Match(m, MatchOp::Choose(club::Starter::Me))
    } else if choices.iter().any(|c| matches!(c, Choice::Throw(_))) {
        Command::Match(m, MatchOp::Roll)
    } else if has(&Choice::Reroll) {
        Command::Match(m, MatchOp::Reroll)
    } else {
        let plays = club
            .legal_moves(&Actor::local("alice"), m)
            .await
            .unwrap_or_default();
        Command::Match(m, MatchOp::Move(plays.first().cloned().unwrap_or_default()))
    }
}

fn line(what: &str, times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1000.0
    };
    format!(
        "{what:<34} n={:<5} p50 {:>8.2} ms  p99 {:>8.2} ms  max {:>8.2} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = welsh_player::Level::parse(&arg(&args, "--level", "strong"))
        .expect("--level: weak, medium or strong");
    let games: u32 = arg(&args, "--games", "3").parse().expect("--games N");
    let posts: usize = arg(&args, "--posts", "300").parse().expect("--posts N");
    let seed: u64 = arg(&args, "--seed", "1").parse().expect("--seed N");
    let dir = std::env::temp_dir().join(format!("gammonbot-welsh-latency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("welsh.db");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = Store::open(db.to_str().unwrap()).await.unwrap();
        let club = Arc::new(Club::new(
            store,
            Arc::new(RngDice::seeded(seed)),
            Arc::new(SystemClock),
        ));
        let mut events = club.bot_events();
        let _worker = Arc::clone(&club).spawn_bot();
        let alice = Actor::local("alice");
        let (mut whole, mut bots) = (Vec::new(), Vec::new());
        let started = Instant::now();
        let mut matches = 0;
        while whole.len() < posts {
            let out = club
                .execute(
                    &alice,
                    Command::Challenge(ChallengeOp::New {
                        opponent: "bot".into(),
                        spec: ChallengeSpec {
                            bot: Some(BotLevel::Welsh(level)),
                            ..ChallengeSpec::welsh(games)
                        },
                    }),
                )
                .await
                .unwrap();
            matches += 1;
            let m = MatchRef::id(out.match_id.unwrap());
            let mut next = out.next;
            let mut offer = false;
            while let Some(up) = next.clone() {
                let sent = Instant::now();
                if up.user_id == "alice" {
                    let cmd = if offer {
                        offer = false;
                        Command::Match(
                            m,
                            MatchOp::Concede {
                                games: 1,
                                payment: false,
                            },
                        )
                    } else {
                        alices_command(&club, m, &up.choices).await
                    };
                    let out = club.execute(&alice, cmd).await.unwrap();
                    if out.next.as_ref().is_none_or(|n| n.user_id == "alice") {
                        next = out.next;
                        continue;
                    }
                }
                // The bot is to act: its post.
                let done = Instant::now();
                let e = loop {
                    let e = events.recv().await.unwrap();
                    if Some(e.match_id) == m.id {
                        break e;
                    }
                };
                let waits = e
                    .outcome
                    .lines
                    .iter()
                    .any(|l| l.contains("(rule 18: /concede N)"));
                if let Some(scene) = &e.outcome.board {
                    let png = render::render_png(scene).expect("the board draws");
                    assert!(!png.is_empty());
                    whole.push(sent.elapsed());
                    bots.push(done.elapsed());
                    next = e.outcome.next.clone();
                } else if !waits {
                    panic!("the bot did not move: {:?}", e.outcome.lines);
                }
                if waits {
                    // The bot waits for alice's offer (rule 18): she offers one game.
                    offer = true;
                    next = Some(club::NextUp::new(
                        m.id.unwrap(),
                        "alice",
                        "alice",
                        Vec::new(),
                    ));
                }
            }
        }
        println!(
            "{matches} Welsh match(es) to {games} games against the bot at {} level, {:.1} s",
            level.name(),
            started.elapsed().as_secs_f64()
        );
        println!("{}", line("alice's command sent -> bot's post", &mut whole));
        println!("{}", line("alice's command done -> bot's post", &mut bots));
    });
    let _ = std::fs::remove_dir_all(&dir);
}
