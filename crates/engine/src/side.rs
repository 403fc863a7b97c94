//! The two sides of the board.

use std::fmt;

/// One of the two players of a game.
///
/// `X` is the player at the bottom of the canonical board: XGID's "X", and gnubg's player 1
/// (shown as X at the bottom of its board, the right-hand column of a `.mat` file). `O` is
/// the player at the top: gnubg's player 0, the left-hand column of a `.mat` file.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// The player at the bottom (gnubg's player 1).
    X,
    /// The player at the top (gnubg's player 0).
    O,
}

impl Side {
    /// Both sides, `X` first.
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for `X`, 1 for `O`: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::X => 0,
            Side::O => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}
