//! What one bot decision costs: a gnubg process started for each decision, against a
//! pool of long-lived ones, at each level. Not a test (no assertions on time): run with
//! `cargo run -p gammonbot-gnubg --example latency --release [DECISIONS]`.

use std::time::{Duration, Instant};

use engine::{Cube, Dice, MatchRules, Position, Side, legal_plays};
use gnubg::{BotSettings, Level, Pool, Situation};

/// Positions from a seeded random self-play, each with the roll to play.
fn positions(n: usize) -> Vec<(Situation, Dice)> {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    let mut out = Vec::new();
    let mut position = Position::start();
    let mut side = Side::X;
    while out.len() < n {
        let die = |r: u64| u8::try_from(r + 1).unwrap_or(1);
        let dice = Dice::new(die(next(6)), die(next(6))).expect("dice");
        let board = position.view(side);
        let plays = legal_plays(&board, dice);
        if plays.len() > 1 {
            out.push((
                Situation {
                    position,
                    bot: side,
                    on_roll: side,
                    cube: Cube {
                        value: 1,
                        owner: None,
                    },
                    offer: None,
                    resignation: None,
                    rules: MatchRules::match_to(7),
                    score: [0, 0],
                    crawford: false,
                    drop_allowed: true,
                },
                dice,
            ));
        }
        let k = u64::try_from(plays.len()).unwrap_or(1);
        let chosen = plays[usize::try_from(next(k)).unwrap_or(0)];
        position = Position::from_view(side, &chosen.board);
        if chosen.board.mine_off() == 15 {
            position = Position::start();
        }
        side = side.opponent();
    }
    out
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1000.0
    };
    println!(
        "{what:<42} n={:<4} p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let cases = positions(n);
    let settings = BotSettings {
        processes: 1,
        ..BotSettings::default()
    };

    // A process started for each decision (expert: the cheapest evaluation, so the cost
    // is mostly the start).
    let mut fresh = Vec::new();
    for (s, dice) in cases.iter().take(n.min(40)) {
        let t = Instant::now();
        let pool = Pool::new(settings.clone());
        pool.play(s, *dice, Level::Expert).expect("a play");
        drop(pool);
        fresh.push(t.elapsed());
    }
    report("play, expert, one gnubg per decision", fresh);

    // One long-lived process, started before the clock runs.
    let pool = Pool::new(settings);
    let (s0, d0) = &cases[0];
    pool.play(s0, *d0, Level::Expert).expect("a play");
    for level in Level::ALL {
        let mut times = Vec::new();
        for (s, dice) in &cases {
            let t = Instant::now();
            pool.play(s, *dice, level).expect("a play");
            times.push(t.elapsed());
        }
        report(&format!("play, {level}, pooled"), times);
    }
    // How often the noisy levels play otherwise than expert (gnubg's noise at work).
    let expert: Vec<_> = cases
        .iter()
        .map(|(s, d)| pool.play(s, *d, Level::Expert).expect("a play"))
        .collect();
    for level in [
        Level::Beginner,
        Level::Intermediate,
        Level::Advanced,
        Level::WorldClass,
    ] {
        let differ = cases
            .iter()
            .zip(&expert)
            .filter(|((s, d), e)| pool.play(s, *d, level).expect("a play") != **e)
            .count();
        println!("{level:<13} plays otherwise than expert in {differ} of {n}");
    }
    for level in [Level::Expert, Level::WorldClass] {
        let mut times = Vec::new();
        for (s, _) in &cases {
            let t = Instant::now();
            pool.cube_action(s, level).expect("a cube decision");
            times.push(t.elapsed());
        }
        report(&format!("cube, {level}, pooled"), times);
    }
    let mut times = Vec::new();
    for (s, dice) in cases.iter().take(n.min(40)) {
        let t = Instant::now();
        pool.hint_plays(s, *dice, 3).expect("a hint");
        times.push(t.elapsed());
    }
    report("hint (3 plays, world class), pooled", times);
}
