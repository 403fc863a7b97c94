//! The Welsh board's geometry and the facts the rules read from it, in the mover's own
//! numbering (Home 1-6, Near Outer 7-12, Far Outer 13-18, Back 19-24, 25 = the roof,
//! 0 = checked out): the throw, where a man may go with a value, protected spikes, the
//! full spread, rovers.

use crate::position::{BAR, Board};

/// Men a spike may hold (rule 10).
pub const FULL_SPIKE: i8 = 6;

/// What the mover throws: two dice, or one die while a full spread of his stands (rule 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Throw {
    /// Two dice.
    Two(u8, u8),
    /// One die (beside a full spread).
    One(u8),
}

impl Throw {
    /// The die values to play: four for doubles.
    #[must_use]
    pub fn values(self) -> Vec<u8> {
        let (slots, count) = self.slots();
        slots[..count].to_vec()
    }

    /// The die values to play in fixed slots, and how many there are.
    pub(super) fn slots(self) -> ([u8; 4], usize) {
        match self {
            Throw::Two(a, b) if a == b => ([a; 4], 4),
            Throw::Two(a, b) => ([a, b, 0, 0], 2),
            Throw::One(a) => ([a, 0, 0, 0], 1),
        }
    }

    /// Two dice showing the same number.
    #[must_use]
    pub fn is_double(self) -> bool {
        matches!(self, Throw::Two(a, b) if a == b)
    }

    /// A 5 and a 2: nothing may cross the central bar (rule 9, "Skinny Sevens").
    #[must_use]
    pub fn is_skinny_seven(self) -> bool {
        matches!(self, Throw::Two(5, 2) | Throw::Two(2, 5))
    }

    /// A six among the dice thrown (rule 15, Six Must).
    #[must_use]
    pub fn has_six(self) -> bool {
        self.values().contains(&6)
    }
}

/// Where a forward half-move of `v` pips from `p` may land, by geometry alone (no
/// blocking): entering from the roof; in the far outer board, moving on within it, or
/// crossing the stream with exactly the spike number (both when both fit); checking out
/// with exactly the spike number (only if `home` says every man is home).
#[must_use]
#[inline]
pub fn forward_targets(p: usize, v: usize, home: bool) -> [Option<usize>; 2] {
    if p == BAR {
        return [(v <= 6).then(|| BAR - v), None];
    }
    if (13..=18).contains(&p) {
        let cross = (v == 19 - p).then_some(25 - p);
        let within = (p >= 13 + v).then(|| p - v);
        return [within, cross];
    }
    if p >= 19 && p < 13 + v {
        // From the back board a single value cannot carry a man out of the far outer board.
        return [None, None];
    }
    if p > v {
        return [Some(p - v), None];
    }
    [(home && p == v).then_some(0), None]
}

/// Where a backward (rover) half-move of `v` pips from `p` may land: never onto the roof;
/// from near spike k = p - 6, back inside the near board (p + v while it stays there) and,
/// with exactly k, back across the stream to far spike k (both when both fit); from the
/// home board never past the near board.
#[must_use]
#[inline]
pub fn backward_targets(p: usize, v: usize) -> [Option<usize>; 2] {
    let to = p + v;
    if p <= 12 {
        let within = (to <= 12).then_some(to);
        let cross = ((7..=12).contains(&p) && v == p - 6).then_some(25 - p);
        return [within, cross];
    }
    [(to <= 24).then_some(to), None]
}

/// Whether a half-move from `from` to `to` crosses the central bar (19|18 or 7|6).
#[inline]
pub(super) fn crosses_central_bar(from: usize, to: usize) -> bool {
    if from == BAR || to == 0 {
        return false;
    }
    let (hi, lo) = if from > to { (from, to) } else { (to, from) };
    (hi >= 19 && lo <= 18) || (hi >= 7 && lo <= 6)
}

/// Spikes (bit p) where the opponent has a full spread: one man on each of the six spikes of
/// a quarter-board. Those men cannot be hit (rule 11).
#[must_use]
pub fn protected_spikes(board: &Board) -> u32 {
    let mut mask = 0;
    for q in 0..4 {
        let spikes = 6 * q + 1..=6 * q + 6;
        if spikes.clone().all(|p| board.points[p] == -1) {
            for p in spikes {
                mask |= 1 << p;
            }
        }
    }
    mask
}

/// Whether the mover has a full spread somewhere (rule 11).
#[must_use]
pub fn has_full_spread(board: &Board) -> bool {
    protected_spikes(&board.swapped()) != 0
}

/// The mover's activated rovers at the start of his turn (rule 20): each man alone in his
/// quarter-board (no other man of either side there), and the last man in the home board.
#[must_use]
pub fn rovers(board: &Board) -> [u8; 26] {
    let mut r = [0u8; 26];
    let b = &board.points;
    for q in 0..4 {
        let spikes = 6 * q + 1..=6 * q + 6;
        let total: i32 = spikes.clone().map(|p| i32::from(b[p].unsigned_abs())).sum();
        if total == 1 {
            if let Some(p) = spikes.clone().find(|&p| b[p] == 1) {
                r[p] = 1;
            }
        }
    }
    let on_board: i32 = (1..=BAR).map(|p| i32::from(b[p].max(0))).sum();
    if on_board == 1 {
        if let Some(p) = (1..=6).find(|&p| b[p] == 1) {
            r[p] = 1;
        }
    }
    r
}
