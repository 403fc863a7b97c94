//! One case compared: the engine's plays against the reference's, and the report of a
//! disagreement with the position as an XGID.

use std::collections::BTreeSet;
use std::str::FromStr;

use engine::welsh::{Throw, welsh_legal_plays};
use engine::{Board, Position, Side, Xgid, XgidDice, xgid_position_field};

use super::generator::{OldReadings, reference_plays_reading};

pub(super) fn engine_plays(board: &Board, throw: Throw) -> BTreeSet<[i8; 26]> {
    welsh_legal_plays(board, throw)
        .iter()
        .map(|l| *l.board.points())
        .collect()
}

/// The position as an XGID with the mover (X) on turn and the throw as its dice.
pub(super) fn xgid(board: &Board, throw: Throw) -> String {
    let field = xgid_position_field(&Position::from_view(Side::X, board));
    let dice = match throw {
        Throw::Two(a, b) => format!("{a}{b}"),
        Throw::One(a) => format!("{a}0"),
    };
    format!("XGID={field}:0:0:1:{dice}:0:0:0:0:10")
}

/// A board from an XGID, seen from the side on turn; and its throw.
pub(super) fn from_xgid(text: &str) -> (Board, Throw) {
    let x = Xgid::from_str(text).expect("a valid XGID");
    let throw = match x.dice {
        XgidDice::Rolled(d) => Throw::Two(d.high(), d.low()),
        _ => panic!("no dice in {text}"),
    };
    (x.position.view(x.turn), throw)
}

/// Boards as text, for a disagreement report.
pub(super) fn show(set: &BTreeSet<[i8; 26]>) -> String {
    set.iter()
        .map(|b| format!("{:?}", &b[..]))
        .collect::<Vec<_>>()
        .join("\n    ")
}

/// One case: `None` when the reference (read with `old`) and the engine agree.
pub(super) fn compare_reading(board: &Board, throw: Throw, old: OldReadings) -> Option<String> {
    let mine = reference_plays_reading(board, throw, old);
    let theirs = engine_plays(board, throw);
    if mine == theirs {
        return None;
    }
    let extra: BTreeSet<_> = theirs.difference(&mine).copied().collect();
    let missing: BTreeSet<_> = mine.difference(&theirs).copied().collect();
    Some(format!(
        "{} {throw:?}\n  board {:?}\n  engine only:\n    {}\n  reference only:\n    {}",
        xgid(board, throw),
        board.points(),
        show(&extra),
        show(&missing)
    ))
}

pub(super) fn compare(board: &Board, throw: Throw) -> Option<String> {
    compare_reading(board, throw, OldReadings::default())
}
