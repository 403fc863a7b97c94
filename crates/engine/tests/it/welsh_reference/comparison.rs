//! The engine against the reference: seeded self-play and random positions, every throw,
//! with the coverage that shows the comparison is not vacuous.

// Loops run over spike numbers, which are the rules' own indices.
#![allow(clippy::needless_range_loop)]

use engine::Board;
use engine::welsh::Throw;
use testkit::{Rng, welsh_self_play_boards};

use super::generator::{COVERAGE, Coverage, OldReadings, covered};
use super::harness::{compare_reading, from_xgid};
use super::seed_examples::{PINNED, rule_10_rover_board};

/// Every throw: the 21 of two dice, and the six one-die throws of a full spread.
fn throws() -> Vec<Throw> {
    let mut v = Vec::new();
    for a in 1..=6u8 {
        for c in 1..=a {
            v.push(Throw::Two(a, c));
        }
    }
    v.extend((1..=6).map(Throw::One));
    v
}

/// A random position, weighted toward what the movement rules care about: men stacked
/// (full spikes), men near or at home, rovers alone in a quarter-board, men on the roof,
/// the opponent's blots, covered spikes and full spreads.
fn random_board(rng: &mut Rng) -> Board {
    let mut b = [0i8; 26];
    // The opponent first: sometimes a full spread in one quarter-board (rule 11).
    let mut theirs = 15 - rng.below(6) as i8;
    if rng.chance(15) {
        let q = rng.below(4);
        for p in q * 6 + 1..=q * 6 + 6 {
            b[p] = -1;
        }
        theirs -= 6;
    }
    let their_roof = if rng.chance(15) {
        rng.below(3) as i8
    } else {
        0
    };
    b[0] = -their_roof;
    theirs -= their_roof;
    // The mover: a shape, then men on it.
    let shape = rng.below(6);
    let mut mine = match shape {
        0 => 1 + rng.below(4),  // a few men: rovers and last men
        1 => 4 + rng.below(3),  // near the end
        _ => 10 + rng.below(6), // a full game
    } as i8;
    let roof = if rng.chance(20) {
        1 + rng.below(2) as i8
    } else {
        0
    };
    b[25] = roof;
    mine -= roof.min(mine);
    let span = match shape {
        0 | 1 if rng.chance(60) => (1, 6), // all home (checking out)
        2 => (1, 12),                      // near home
        _ => (1, 24),
    };
    let favourites: Vec<usize> = (0..3)
        .map(|_| span.0 + rng.below(span.1 - span.0 + 1))
        .collect();
    let mut full = 0;
    let mut guard = 0;
    while mine > 0 && guard < 1000 {
        guard += 1;
        let p = if rng.chance(70) {
            favourites[rng.below(favourites.len())]
        } else {
            span.0 + rng.below(span.1 - span.0 + 1)
        };
        // At most one full spike of the mover: no turn can end with two (rule 10), and
        // the opponent's turn only takes men away.
        if b[p] >= 0 && b[p] < 6 && !(b[p] == 5 && full >= 1) {
            b[p] += 1;
            if b[p] == 6 {
                full += 1;
            }
            mine -= 1;
        }
    }
    // The opponent's men: blots and stacks on the spikes left.
    let mut guard = 0;
    while theirs > 0 && guard < 1000 {
        guard += 1;
        let p = 1 + rng.below(24);
        if b[p] <= 0 && b[p] > -6 && !(b[p] == -1 && is_spread_spike(&b, p)) {
            b[p] -= 1;
            theirs -= 1;
        }
    }
    Board::new(b).expect("a valid board")
}

/// A spike of an opponent's full spread placed by `random_board` (kept intact).
fn is_spread_spike(b: &[i8; 26], p: usize) -> bool {
    let q = (p - 1) / 6;
    (q * 6 + 1..=q * 6 + 6).all(|s| b[s] == -1)
}

/// The cases: positions from `games` seeded self-play games and `randoms` random positions,
/// each with `throws_each` random throws.
fn cases(seed: u64, games: usize, randoms: usize, throws_each: usize) -> Vec<(Board, Throw)> {
    let mut rng = Rng::new(seed);
    let mut positions = welsh_self_play_boards(&mut rng, games);
    positions.extend((0..randoms).map(|_| random_board(&mut rng)));
    let all = throws();
    let mut out = Vec::new();
    for b in positions {
        for _ in 0..throws_each {
            out.push((b, all[rng.below(all.len())]));
        }
    }
    out
}

/// Compares every case; returns the disagreements and what the cases covered.
fn run(cases: &[(Board, Throw)], old: OldReadings) -> (Vec<String>, Coverage) {
    covered(|c| *c = Coverage::default());
    let bad = cases
        .iter()
        .filter_map(|(b, t)| compare_reading(b, *t, old))
        .collect();
    (bad, COVERAGE.with(|c| *c.borrow()))
}

fn report(cases: usize, bad: &[String]) {
    if let Ok(path) = std::env::var("WELSH_REFERENCE_DUMP") {
        std::fs::write(path, bad.join("\n")).expect("dump written");
    }
    assert!(
        bad.is_empty(),
        "{} of {cases} cases disagree; the first ones:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Every movement rule was exercised at least three times.
fn assert_every_rule_exercised(cov: Coverage) {
    let Coverage {
        entering,
        hit,
        crossed_stream,
        passed_opposing_man,
        backward_move,
        checked_out,
        six_must_chose,
        rule_10_removed,
        full_spread_stands,
        skinny_seven,
        boxes_out,
        no_move,
    } = cov;
    for (what, n) in [
        ("entering", entering),
        ("hit", hit),
        ("crossed_stream", crossed_stream),
        ("passed_opposing_man", passed_opposing_man),
        ("backward_move", backward_move),
        ("checked_out", checked_out),
        ("six_must_chose", six_must_chose),
        ("rule_10_removed", rule_10_removed),
        ("full_spread_stands", full_spread_stands),
        ("skinny_seven", skinny_seven),
        ("boxes_out", boxes_out),
        ("no_move", no_move),
    ] {
        assert!(n >= 3, "only {n} cases with {what}: {cov:?}");
    }
}

/// Given positions from seeded Welsh self-play and random stacked positions (roof men,
/// rovers, near-home and all-home positions, full spikes, full spreads), when a random
/// throw is searched by the engine and by the naive reference, then both give the same
/// set of resulting boards, and every movement rule was exercised many times.
#[test]
fn the_engine_plays_what_the_independent_reference_plays() {
    let cases = cases(7, 4, 3000, 2);
    assert!(cases.len() > 6000, "{} cases", cases.len());
    let (bad, cov) = run(&cases, OldReadings::default());
    report(cases.len(), &bad);
    assert_every_rule_exercised(cov);
}

/// Given the same cases, when the reference is read with one of the engine's earlier,
/// wrong readings (rules 9, 15, 16, 20 and 10), then the comparison finds disagreements:
/// the comparison would have caught each of those defects.
#[test]
fn the_comparison_catches_each_earlier_wrong_reading() {
    let mut cases = cases(7, 4, 3000, 2);
    // Plus the settled cases, every throw on each.
    let mut boards: Vec<Board> = PINNED.iter().map(|t| from_xgid(t).0).collect();
    boards.push(rule_10_rover_board());
    for b in boards {
        cases.extend(throws().into_iter().map(|t| (b, t)));
    }
    let one = |f: fn(&mut OldReadings)| {
        let mut o = OldReadings::default();
        f(&mut o);
        o
    };
    for (name, old) in [
        (
            "(a) rule 9 hitter moves on",
            one(|o| o.hitter_moves_on = true),
        ),
        (
            "(b) rule 16 sum entry beside a roof mate",
            one(|o| o.sum_entry_beside_roof_mate = true),
        ),
        (
            "(c) rule 15 crossing on a first leg only",
            one(|o| o.cross_only_on_first_leg = true),
        ),
        (
            "(d) rule 20 cross back only when inside fails",
            one(|o| o.cross_back_only_when_inside_fails = true),
        ),
        (
            "(e) rule 20/10 forfeited forward move counts",
            one(|o| o.forfeited_forward_counts = true),
        ),
    ] {
        let (bad, _) = run(&cases, old);
        assert!(!bad.is_empty(), "{name}: no case tells it from the engine");
    }
}

/// The comparison again on a second seed and more cases: 60 self-play games and 3,000
/// random positions, 4 throws each (about 20,000 cases, some seconds), with no
/// disagreement and every movement rule exercised. `WELSH_REFERENCE_CASES` scales it up
/// for a long one-off run (1,000,000 gives about 850,000 cases):
/// `WELSH_REFERENCE_CASES=1000000 cargo test --release -p gammonbot-engine --test it
/// welsh_reference -- --nocapture`.
#[test]
fn the_engine_plays_what_the_independent_reference_plays_on_a_second_seed() {
    let target: usize = std::env::var("WELSH_REFERENCE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24_000);
    let cases = cases(20_261_123, target / 400, target / 8, 4);
    assert!(cases.len() > target / 2, "{} cases", cases.len());
    let (bad, cov) = run(&cases, OldReadings::default());
    println!(
        "{} cases, {} disagreements\n{cov:?}",
        cases.len(),
        bad.len()
    );
    report(cases.len(), &bad);
    assert_every_rule_exercised(cov);
}
