//! Checker layouts: [`Position`] in the canonical orientation, [`Board`] from one side's view.

use std::fmt;

use thiserror::Error;

use super::side::Side;

/// Checkers each side has in a standard game.
pub const CHECKERS: i32 = 15;

/// Index of the mover's bar in a [`Board`] (and of X's bar in a [`Position`]).
pub const BAR: usize = 25;
/// Index of the opponent's bar in a [`Board`] (and of O's bar in a [`Position`]).
pub const OPP_BAR: usize = 0;

/// Why a checker layout is not a backgammon position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side with more than 15 checkers.
    #[error("{side} has {count} checkers on the board; a side has at most 15")]
    TooManyCheckers {
        /// The side.
        side: Side,
        /// Its checkers on the board.
        count: i32,
    },
    /// A bar slot holding the other side's checkers.
    #[error("the bar slot of {0} holds checkers of the other side")]
    WrongBar(Side),
}

/// A layout seen from the side about to move (the "mover").
///
/// Invariants: `points[1..=24]` are the mover's points 1..24 in his own numbering (he moves
/// from 24 towards 1 and bears off below 1); positive counts are his checkers, negative
/// counts the opponent's. `points[25]` (>= 0) is the mover's bar, `points[0]` (<= 0) the
/// opponent's bar. Borne-off checkers are not stored: they are 15 less those on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) points: [i8; 26],
}

/// A layout in the one canonical orientation of the engine: X's view.
///
/// X's checkers are positive and move from 24 towards 1; O's are negative and move from 1
/// towards 24. Index 25 is X's bar and index 0 O's bar, as in an XGID. Flip to a side's
/// view with [`Position::view`] at the edges (notation, rendering, IDs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Position {
    points: [i8; 26],
}

fn validate(points: &[i8; 26]) -> Result<(), PositionError> {
    if points[BAR] < 0 {
        return Err(PositionError::WrongBar(Side::X));
    }
    if points[OPP_BAR] > 0 {
        return Err(PositionError::WrongBar(Side::O));
    }
    let x: i32 = points
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| i32::from(n))
        .sum();
    let o: i32 = points
        .iter()
        .filter(|&&n| n < 0)
        .map(|&n| -i32::from(n))
        .sum();
    if x > CHECKERS {
        return Err(PositionError::TooManyCheckers {
            side: Side::X,
            count: x,
        });
    }
    if o > CHECKERS {
        return Err(PositionError::TooManyCheckers {
            side: Side::O,
            count: o,
        });
    }
    Ok(())
}

impl Board {
    /// A board from raw counts in the layout described on the type.
    ///
    /// # Errors
    /// More than 15 checkers for a side, or a bar slot holding the wrong side's checkers.
    pub fn new(points: [i8; 26]) -> Result<Board, PositionError> {
        validate(&points)?;
        Ok(Board { points })
    }

    /// The raw counts.
    #[must_use]
    pub const fn points(&self) -> &[i8; 26] {
        &self.points
    }

    /// The mover's checkers on his point `p` (1..=24, or 25 for the bar).
    #[must_use]
    pub fn mine(&self, p: usize) -> u8 {
        self.points[p].max(0) as u8
    }

    /// The opponent's checkers on the mover's point `p` (1..=24), or on the opponent's bar
    /// for `p == 0`.
    #[must_use]
    pub fn theirs(&self, p: usize) -> u8 {
        (-self.points[p]).max(0) as u8
    }

    /// Checkers the mover has borne off.
    #[must_use]
    pub fn mine_off(&self) -> u8 {
        let on: i32 = (1..=25).map(|p| i32::from(self.mine(p))).sum();
        (CHECKERS - on) as u8
    }

    /// Checkers the opponent has borne off.
    #[must_use]
    pub fn theirs_off(&self) -> u8 {
        let on: i32 = (0..=24).map(|p| i32::from(self.theirs(p))).sum();
        (CHECKERS - on) as u8
    }

    /// The same layout seen from the opponent.
    #[must_use]
    pub fn swapped(&self) -> Board {
        let mut points = [0i8; 26];
        for (i, p) in points.iter_mut().enumerate() {
            *p = -self.points[25 - i];
        }
        Board { points }
    }

    /// Pip counts: the mover's, then the opponent's.
    #[must_use]
    pub fn pips(&self) -> (u32, u32) {
        let mut mine = 0u32;
        let mut theirs = 0u32;
        for p in 0..26usize {
            let n = self.points[p];
            if n > 0 {
                mine += p as u32 * n as u32;
            } else if n < 0 {
                theirs += (25 - p) as u32 * (-n) as u32;
            }
        }
        (mine, theirs)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.points)
    }
}

impl Position {
    /// The standard starting layout.
    #[must_use]
    pub fn start() -> Position {
        let mut points = [0i8; 26];
        for (p, n) in [(24usize, 2i8), (13, 5), (8, 3), (6, 5)] {
            points[p] = n;
            points[25 - p] = -n;
        }
        Position { points }
    }

    /// A position from raw counts in X's view (layout described on the type).
    ///
    /// # Errors
    /// More than 15 checkers for a side, or a bar slot holding the wrong side's checkers.
    pub fn new(points: [i8; 26]) -> Result<Position, PositionError> {
        validate(&points)?;
        Ok(Position { points })
    }

    /// The raw counts in X's view.
    #[must_use]
    pub const fn points(&self) -> &[i8; 26] {
        &self.points
    }

    /// The layout as `side` sees it, `side` being the mover.
    #[must_use]
    pub fn view(&self, side: Side) -> Board {
        let b = Board {
            points: self.points,
        };
        match side {
            Side::X => b,
            Side::O => b.swapped(),
        }
    }

    /// The position whose view for `side` is `board`.
    #[must_use]
    pub fn from_view(side: Side, board: &Board) -> Position {
        let b = match side {
            Side::X => *board,
            Side::O => board.swapped(),
        };
        Position { points: b.points }
    }

    /// Checkers `side` has on his own point `p` (1..=24; 25 = his bar).
    #[must_use]
    pub fn count(&self, side: Side, p: usize) -> u8 {
        self.view(side).mine(p)
    }

    /// Checkers `side` has borne off.
    #[must_use]
    pub fn off(&self, side: Side) -> u8 {
        self.view(side).mine_off()
    }

    /// `side`'s pip count.
    #[must_use]
    pub fn pips(&self, side: Side) -> u32 {
        self.view(side).pips().0
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.points)
    }
}
