//! How long the advice level (`welsh_player::advice`, the strong level, 1-ply) takes to
//! answer one decision, as `/hint` and `/analyse` ask it: over the positions of seeded
//! self-play games (the medium level on both sides), each position before a throw (the
//! doubling and nominate decisions) and the same position with a seeded throw in hand
//! (the three best plays at 1-ply, the acey-deucey and the nomination for the opponent).
//!
//! ```text
//! cargo run --release -p gammonbot-welsh-player --example welsh_hint_latency -- [GAMES] [SEED]
//! ```
//!
//! Prints the number of decisions and the median, p99 and slowest time, in milliseconds.

use std::time::Instant;

use engine::Side;
use engine::welsh::{WelshAction, WelshMatch};
use welsh_player::advice::HINT_PLAYS;
use welsh_player::{Advisor, EvalPlayer, Level, Rng, fresh_match, play_game, shipped};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let net = shipped();
    // The positions: every one before a throw in `games` self-play games.
    let mut positions: Vec<(WelshMatch, Side)> = Vec::new();
    let mut dice = Rng::new(seed);
    for g in 0..games {
        let mut x = EvalPlayer::new(net, Level::Medium, seed + u64::from(g));
        let mut o = EvalPlayer::new(net, Level::Medium, seed + 7 + u64::from(g));
        let _ = play_game(
            [&mut x, &mut o],
            &mut dice,
            fresh_match(25),
            &mut |m: &WelshMatch, s: Side| {
                positions.push((m.clone(), s));
            },
        );
    }
    let adv = Advisor::new(net);
    let mut times: Vec<f64> = Vec::with_capacity(2 * positions.len());
    let mut throws = Rng::new(seed ^ 0x5eed);
    let mut time = |m: &WelshMatch, s: Side| {
        let t = Instant::now();
        let h = adv.hint(m, s, HINT_PLAYS);
        std::hint::black_box(h);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    };
    for (m, s) in &positions {
        time(m, *s);
        let (a, b) = throws.dice();
        // A throw the rules refuse here (a third identical throw) is skipped.
        if let Ok((thrown, _)) = m.apply(*s, &WelshAction::Roll(a, b))
            && thrown.to_act() == Some(*s)
            && !thrown.legal_plays().is_empty()
        {
            time(&thrown, *s);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} decisions from {games} self-play games (seed {seed}): median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
}
