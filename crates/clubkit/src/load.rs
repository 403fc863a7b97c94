//! What the load benchmarks share (`benches/club_load.rs`, `benches/digest_load.rs`,
//! `crates/web/examples/web_load.rs`): their settings read from the environment, the
//! command that answers what the club asked for, a 7-point match played to its end, the
//! steady stream of commands they time, and the figures they print.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Look, MatchNo, MatchOp, MatchRef, NextUp,
};
use render::render_png;
use testkit::Rng;
use tokio::sync::Mutex;

/// The environment variable `name` as a number, `default` when unset or not a number.
#[must_use]
pub fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `d` in milliseconds.
#[must_use]
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The `p` percentile (0 to 1) of `sorted` times (zero when there are none).
#[must_use]
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// The command that answers what the club asked for; a move is the legal play `pick`
/// (modulo their number).
pub async fn answer(club: &Club, next: &NextUp, pick: usize) -> Command {
    let m = MatchRef::id(next.match_id);
    let what = next.what.as_str();
    if what.starts_with("move") {
        let moves = club
            .legal_moves(&Actor::local(&next.name), m)
            .await
            .unwrap_or_default();
        if moves.is_empty() {
            return Command::Look(Look::Board(m));
        }
        Command::Match(m, MatchOp::Move(moves[pick % moves.len()].clone()))
    } else if what.starts_with("take") {
        Command::Match(m, MatchOp::Take)
    } else if what.starts_with("call") {
        Command::Match(m, MatchOp::Call(engine::welsh::Parity::Odd))
    } else if what.starts_with("choose") {
        Command::Match(m, MatchOp::Choose(club::Starter::Me))
    } else if what.starts_with("accept or reject the offer") {
        Command::Match(m, MatchOp::AcceptConcede)
    } else {
        Command::Match(m, MatchOp::Roll)
    }
}

/// A 7-point match between `a` and `b` played to its end with pseudo-random legal plays
/// and no cube, so that it takes several games as a real match does: its id.
///
/// # Panics
/// When the club refuses a command (a bug the benchmark should show).
pub async fn play_out(club: &Club, a: &str, b: &str, seed: u64) -> MatchNo {
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: b.to_string(),
        spec: ChallengeSpec::standard(Some(7)),
    });
    let id = club
        .execute(&Actor::local(a), challenge)
        .await
        .unwrap()
        .match_id
        .unwrap();
    let m = MatchRef::id(id);
    let mut out = club
        .execute(&Actor::local(b), Command::Challenge(ChallengeOp::Accept(m)))
        .await
        .unwrap();
    let mut rng = Rng::new(seed);
    while let Some(up) = out.next.clone() {
        let cmd = answer(club, &up, rng.next_u64() as usize).await;
        out = club.execute(&Actor::local(&up.name), cmd).await.unwrap();
    }
    id
}

/// Commands at a steady `rate` per second for `seconds`, each to one of the matches
/// `ids` (in a fixed spread) answering what `next` says it waits for, timed from its
/// sending to its rendered PNG (load, validate, save, render); `next` follows each answer.
/// The times, sorted.
///
/// # Panics
/// When a command's task panics.
pub async fn steady_commands(
    club: &Arc<Club>,
    next: &Arc<Mutex<HashMap<i64, NextUp>>>,
    ids: &[i64],
    rate: u64,
    seconds: u64,
) -> Vec<Duration> {
    steady_run(club, next, ids, rate, seconds).await.times
}

/// What [`steady_run`] measured.
pub struct SteadyRun {
    /// Each command's round trip, from its sending to its rendered PNG, sorted.
    pub times: Vec<Duration>,
    /// Each command's time from its scheduled moment (with the move's choice and the
    /// queueing), sorted.
    pub lag: Vec<Duration>,
    /// The commands refused, or skipped (the match waits for nobody).
    pub refused: usize,
    /// The load's wall time, in seconds.
    pub wall: f64,
}

/// [`steady_commands`], with the times from each command's scheduled moment, the
/// commands refused or skipped, and the wall time.
///
/// # Panics
/// When a command's task panics.
pub async fn steady_run(
    club: &Arc<Club>,
    next: &Arc<Mutex<HashMap<i64, NextUp>>>,
    ids: &[i64],
    rate: u64,
    seconds: u64,
) -> SteadyRun {
    let total = rate * seconds;
    let period = Duration::from_secs_f64(1.0 / rate as f64);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for k in 0..total {
        let scheduled = start + period * u32::try_from(k).unwrap();
        tokio::time::sleep_until(scheduled.into()).await;
        let id = ids[(k as usize * 7919) % ids.len()];
        let club = Arc::clone(club);
        let next = Arc::clone(next);
        tasks.push(tokio::spawn(async move {
            let up = next.lock().await.get(&id).cloned()?;
            // Choosing the move (a legal-move listing, as autocomplete would) is not timed.
            let cmd = answer(&club, &up, k as usize).await;
            let sent = Instant::now();
            let out = club.execute(&Actor::local(&up.name), cmd).await.ok()?;
            if let Some(scene) = out.board.clone() {
                tokio::task::spawn_blocking(move || render_png(&scene).unwrap().len())
                    .await
                    .unwrap();
            }
            let took = sent.elapsed();
            let mut n = next.lock().await;
            match out.next {
                Some(up) => n.insert(id, up),
                None => n.remove(&id),
            };
            Some((took, scheduled.elapsed()))
        }));
    }
    let mut run = SteadyRun {
        times: Vec::new(),
        lag: Vec::new(),
        refused: 0,
        wall: 0.0,
    };
    for t in tasks {
        match t.await.unwrap() {
            Some((took, since_scheduled)) => {
                run.times.push(took);
                run.lag.push(since_scheduled);
            }
            None => run.refused += 1,
        }
    }
    run.wall = start.elapsed().as_secs_f64();
    run.times.sort();
    run.lag.sort();
    run
}
