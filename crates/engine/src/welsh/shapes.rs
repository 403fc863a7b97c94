//! The shapes that win a Welsh game outright (triangle, rectangle, a one-throw check-out)
//! and what a game is worth when it ends.

use super::geometry::{FULL_SPIKE, Throw};
use super::movegen::welsh_legal_plays;
use crate::position::{BAR, Board, OPP_BAR};

/// Whether the mover has a triangle: 4-3-2-1 men on four adjacent spikes of one
/// quarter-board, either way round (rule 17a).
#[must_use]
pub fn has_triangle(board: &Board) -> bool {
    (0..4).any(|q| {
        (0..3).any(|s| {
            let start = 6 * q + 1 + s;
            let run: Vec<i8> = (start..start + 4).map(|p| board.points[p]).collect();
            run == [4, 3, 2, 1] || run == [1, 2, 3, 4]
        })
    })
}

/// Whether the mover has a rectangle: all 15 men 3-3-3-3-3 on five adjacent spikes of one
/// quarter-board (rule 17b).
#[must_use]
pub fn has_rectangle(board: &Board) -> bool {
    (0..4).any(|q| {
        (0..2).any(|s| {
            let start = 6 * q + 1 + s;
            (start..start + 5).all(|p| board.points[p] == 3)
        })
    })
}

pub(super) fn has_full_spike(board: &Board) -> bool {
    (1..=24).any(|p| board.points[p] == FULL_SPIKE)
}

/// Whether some throw lets the mover check out all his men in one turn (rule 18).
#[must_use]
pub fn has_one_throw_win(board: &Board) -> bool {
    let on: i32 = (1..=BAR).map(|p| i32::from(board.mine(p))).sum();
    if on == 0 || on > 4 || (7..=BAR).any(|p| board.mine(p) > 0) {
        return false;
    }
    (1..=6u8).any(|a| {
        (1..=a).any(|b| {
            welsh_legal_plays(board, Throw::Two(a, b))
                .iter()
                .any(|l| l.board.mine_off() == 15)
        })
    })
}

/// What a game is worth when the mover has just checked out his last man: the doubling
/// die's value times 1, 3 for a gammon (the loser checked out none), or 6 for a backgammon
/// (and he still has a man on the roof or outside his home board).
#[must_use]
pub fn game_value(cube: u32, after: &Board) -> u32 {
    cube * game_multiplier(after)
}

pub(super) fn game_multiplier(after: &Board) -> u32 {
    if after.theirs_off() > 0 {
        1
    } else if after.theirs(OPP_BAR) > 0 || (1..=18).any(|p| after.theirs(p) > 0) {
        6
    } else {
        3
    }
}
