//! Property tests over random Welsh play: spike limits, Skinny Sevens, no backward moves on
//! doubles, and every generated play applying cleanly.

mod common;

use common::{Rng, welsh_self_play_boards};
use gammonbot::engine::Board;
use gammonbot::engine::welsh::{Throw, welsh_legal_plays};
use proptest::prelude::*;

/// Replays a play's half-moves on `board`, checking each as it goes; returns the end board.
fn replay(
    board: &Board,
    throw: Throw,
    steps: &[gammonbot::engine::Step],
) -> Result<[i8; 26], String> {
    let mut b = *board.points();
    for s in steps {
        let (from, to) = (usize::from(s.from), usize::from(s.to));
        if b[from] <= 0 {
            return Err(format!("no man on {from}"));
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
