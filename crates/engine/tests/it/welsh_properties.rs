//! Property tests over random Welsh play: spike limits, Skinny Sevens, no backward moves on
//! doubles, no man moving on after he hit, every generated play applying cleanly, and the fast search finding exactly what
//! the exhaustive one finds.

use engine::Board;
use engine::welsh::{Throw, welsh_legal_plays, welsh_legal_plays_exhaustive};
use proptest::prelude::*;
use testkit::{Rng, welsh_self_play_boards};

/// Replays a play's half-moves on `board`, checking each as it goes; returns the end board.
fn replay(board: &Board, throw: Throw, steps: &[engine::Step]) -> Result<[i8; 26], String> {
    let mut b = *board.points();
    // Men who hit this turn, by spike: they stop there (rule 9).
    let mut hitters = [0i8; 26];
    for s in steps {
        let (from, to) = (usize::from(s.from), usize::from(s.to));
        if b[from] <= 0 {
            return Err(format!("no man on {from}"));
        }
        if b[from] <= hitters[from] {
            return Err(format!("the man who hit on {from} moved on"));
        }
        if to > from && throw.is_double() {
            return Err(format!("backward move {from}/{to} on doubles"));
        }
        if to == 25 {
            return Err("a move onto the roof".into());
        }
        if throw.is_skinny_seven() && from != 25 && to != 0 {
            let (hi, lo) = (from.max(to), from.min(to));
            if (hi >= 19 && lo <= 18) || (hi >= 7 && lo <= 6) {
                return Err(format!("5-2 carried {from}/{to} across the central bar"));
            }
        }
        b[from] -= 1;
        if to > 0 {
            if b[to] < -1 {
                return Err(format!("settled on covered {to}"));
            }
            if b[to] == -1 {
                b[to] = 0;
                b[0] -= 1;
                hitters[to] += 1;
            }
            b[to] += 1;
            if b[to] > 6 {
                return Err(format!("seven men on {to}"));
            }
        }
    }
    Ok(b)
}

fn throws() -> Vec<Throw> {
    let mut v = Vec::new();
    for a in 1..=6u8 {
        for c in 1..=a {
            v.push(Throw::Two(a, c));
        }
    }
    v
}

/// The resulting boards of a set of plays, sorted.
fn boards(plays: &[engine::LegalPlay]) -> Vec<[i8; 26]> {
    let mut v: Vec<[i8; 26]> = plays.iter().map(|l| *l.board.points()).collect();
    v.sort_unstable();
    v
}

/// A random position with the mover's men stacked on a few spikes (full spikes likely),
/// some home, and the opponent's men spread on the rest.
fn stacked_board(rng: &mut Rng) -> Board {
    let mut b = [0i8; 26];
    let range = if rng.chance(50) { 6 } else { 24 };
    let favourites: Vec<usize> = (0..4).map(|_| 1 + rng.below(range)).collect();
    for _ in 0..15 - rng.below(4) {
        loop {
            let p = if rng.chance(80) {
                favourites[rng.below(favourites.len())]
            } else {
                1 + rng.below(24)
            };
            if b[p] < 6 {
                b[p] += 1;
                break;
            }
        }
    }
    for _ in 0..15 {
        loop {
            let p = 1 + rng.below(24);
            if b[p] <= 0 && b[p] > -6 {
                b[p] -= 1;
                break;
            }
        }
    }
    Board::new(b).expect("a valid board")
}

/// Given positions from seeded Welsh self-play, when every throw (one-die throws too) is
/// searched with the shortcuts (canonical order for doubles, no jump where the stops are
/// free) and without them, then both give the same set of resulting boards.
#[test]
fn search_shortcuts_find_exactly_the_exhaustive_plays() {
    let mut rng = Rng::new(2026);
    let mut positions = welsh_self_play_boards(&mut rng, 6);
    assert!(positions.len() > 200, "{} positions", positions.len());
    positions.extend((0..2000).map(|_| stacked_board(&mut rng)));
    let mut throws = throws();
    throws.extend((1..=6).map(Throw::One));
    let mut cases = 0;
    for b in &positions {
        for &t in &throws {
            let fast = welsh_legal_plays(b, t);
            let full = welsh_legal_plays_exhaustive(b, t);
            assert_eq!(fast.len(), full.len(), "{b:?} {t:?}: no duplicate boards");
            assert_eq!(boards(&fast), boards(&full), "{b:?} {t:?}");
            cases += 1;
        }
    }
    assert!(cases > 5000);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn welsh_plays_respect_spike_limits_skinny_sevens_and_doubles(seed: u64) {
        let mut rng = Rng::new(seed);
        let boards = welsh_self_play_boards(&mut rng, 2);
        for b in boards.iter().step_by(2) {
            for t in throws() {
                for l in welsh_legal_plays(b, t) {
                    let end = replay(b, t, l.play.steps());
                    prop_assert!(end.is_ok(), "{:?} {:?}: {}", b, t, end.unwrap_err());
                    prop_assert_eq!(&end.unwrap(), l.board.points(), "the play leads to its board");
                    let full = (1..=24).filter(|&p| l.board.points()[p] == 6).count();
                    prop_assert!(full < 2, "two full spikes after {:?}", l.play);
                    prop_assert!((1..=24).all(|p| l.board.points()[p].abs() <= 6));
                }
            }
        }
    }
}
