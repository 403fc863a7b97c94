//! The position of the day's commands and what a post carries (docs/puzzle.md): plain
//! types, named through the crate's root.

use crate::DrillChoice;

/// `/server puzzle`: the position of the day here, set or turned off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSetting {
    /// Posted in `channel` each day at `hour` UTC (0-23).
    On {
        /// The channel (its platform id; the local chat's is `local`).
        channel: String,
        /// The hour, UTC.
        hour: i64,
    },
    /// No more posts.
    Off,
}

/// `/puzzle`: the server's position of the day, an answer to it, the player's consent to
/// his name on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleOp {
    /// The latest position of the day here, its question and choices (for the player
    /// alone).
    Show,
    /// An answer to puzzle `puzzle` (`None`: the server's latest).
    Answer {
        /// The puzzle (as its menu and buttons name it).
        puzzle: Option<i64>,
        /// The choice given.
        choice: DrillChoice,
    },
    /// Allow (or no longer allow) my name on a position of the day made from my match.
    Names(bool),
}

impl PuzzleOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            PuzzleOp::Show => "puzzle",
            PuzzleOp::Answer { .. } => "puzzle_answer",
            PuzzleOp::Names(_) => "puzzle_names",
        }
    }
}

/// A position of the day's choices, as a post or `/puzzle` offers them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleAsk {
    /// The puzzle.
    pub puzzle: i64,
    /// A cube decision (answered by buttons) rather than a play.
    pub cube: bool,
    /// The choices in the order shown (numbered from 1), at most 25.
    pub options: Vec<String>,
}

/// The day's post, as the outbox gives it to a poster: its words (yesterday's solution,
/// the share who solved it, the solvers' table, then today's question), the board, and
/// the choices.
#[derive(Clone, Debug)]
pub struct DailyPuzzle {
    /// Where it is posted.
    pub channel: String,
    pub lines: Vec<String>,
    /// The position (names as the players allowed them).
    pub board: Option<render::Scene>,
    pub ask: PuzzleAsk,
}
