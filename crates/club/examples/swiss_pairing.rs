//! How long a Swiss round of 256 players takes to pair, round by round over the default
//! 8 rounds (results drawn from a seed; the table by points, then seed). Not part of the
//! test suite: run it in release,
//! `cargo run --release -p gammonbot-club --example swiss_pairing`.
//! The target (issue 35): a round of 256 paired in under 100 ms.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use club::league::swiss::{SwissPlayer, key, pair_round, swiss_rounds};

fn main() {
    const N: usize = 256;
    const RUNS: usize = 20;
    let rounds = swiss_rounds(N);
    let mut worst = Duration::ZERO;
    for seed in 1..=5u64 {
        let mut state = seed;
        let mut coin = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let mut points: HashMap<i64, i64> = HashMap::new();
        let mut colour: HashMap<i64, i64> = HashMap::new();
        let mut met = HashSet::new();
        for round in 1..=rounds {
            let mut ids: Vec<i64> = (1..=N as i64).collect();
            ids.sort_by_key(|p| (-points.get(p).copied().unwrap_or(0), *p));
            let ranked: Vec<SwissPlayer> = ids
                .iter()
                .map(|&id| SwissPlayer {
                    id,
                    points: points.get(&id).copied().unwrap_or(0),
                    had_bye: false,
                    colour: colour.get(&id).copied().unwrap_or(0),
                })
                .collect();
            let mut times = Vec::with_capacity(RUNS);
            let mut paired = None;
            for _ in 0..RUNS {
                let t = Instant::now();
                let p = pair_round(&ranked, &met);
                times.push(t.elapsed());
                paired = Some(p);
            }
            times.sort();
            let p = paired.expect("paired");
            assert_eq!(p.repeats, 0, "a repeat in round {round}");
            if seed == 1 {
                println!(
                    "round {round}: median {:?}, max {:?} ({} pairs, {} repeats)",
                    times[RUNS / 2],
                    times[RUNS - 1],
                    p.pairs.len(),
                    p.repeats
                );
            }
            worst = worst.max(times[RUNS - 1]);
            for &(x, o) in &p.pairs {
                met.insert(key(x, o));
                *colour.entry(x).or_default() += 1;
                *colour.entry(o).or_default() -= 1;
                let w = if coin() % 2 == 0 { x } else { o };
                *points.entry(w).or_default() += 1;
            }
        }
    }
    println!("{N} players, {rounds} rounds, 5 seeds x {RUNS} runs: slowest round {worst:?}");
}
