//! What a GNU Backgammon review found, as stored: the [`Review`] of a match, each
//! player's [`PlayerFigures`], the worst [`Decision`]s, the rating band a figure falls in,
//! and a play in gnubg's words. Plain data; a leaf the analysis and its words read.

use serde::{Deserialize, Serialize};

use engine::{Play, Side, Step, board_from_position_id, format_play};

/// One player's figures over the analysed games (gnubg's, plus the PR derived from them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerFigures {
    pub name: String,
    /// Overall error rate: (chequer + cube error, EMG) per (unforced move + close cube
    /// decision), in thousandths (mEMG), as gnubg's "Overall statistics".
    pub error_rate: f64,
    /// gnubg's rating band for it (Supernatural ... Awful!).
    pub rating: String,
    /// XG-style performance rating: 500 x EMG error per decision = `error_rate / 2`.
    pub pr: f64,
    /// Chequer play: error per unforced move, mEMG.
    pub chequer_rate: f64,
    /// Cube: error per close or actual cube decision, mEMG.
    pub cube_rate: f64,
    pub unforced_moves: u32,
    pub close_cube: u32,
    /// Chequer plays marked doubtful, bad, very bad.
    pub chequer_marks: [u32; 3],
    /// Cube decisions costing at least 0.04, 0.08, 0.16 (gnubg's doubtful, bad, very bad).
    pub cube_marks: [u32; 3],
    pub missed_doubles: u32,
    pub wrong_doubles: u32,
    pub wrong_takes: u32,
    pub wrong_drops: u32,
    /// Luck per move, mEMG (gnubg's "Luck rate").
    pub luck_rate: f64,
    /// gnubg's luck-adjusted result: match winning chance (match play) or points (money).
    pub luck_adjusted: f64,
    pub actual: f64,
}

/// One costly decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Who made it.
    pub side: Side,
    /// `chequer`, `missed double`, `wrong double`, `wrong take`, `wrong drop`.
    pub kind: String,
    /// 1 for the first game.
    pub game: u32,
    /// The board before it (GNU Backgammon Position ID, from `board_side`'s view).
    pub board: String,
    /// The player on roll in `board` (the doubler for a take or drop).
    pub board_side: Side,
    pub dice: Option<[u8; 2]>,
    /// Steps played (mover's numbering, 25 the bar, 0 off), chequer plays only.
    pub steps: Vec<[u8; 2]>,
    pub best_steps: Vec<[u8; 2]>,
    /// In words (cube decisions: `no double`, `double, take`, `take`, ...).
    pub played: String,
    pub best: String,
    /// Equity lost, EMG.
    pub loss: f64,
    pub cube: u64,
    pub owner: Option<Side>,
    /// At the start of the game, by [`Side::index`].
    pub score: [u32; 2],
    /// The record's number in its game (gnubg's, from 0): with the game and the kind, it
    /// names the decision (0 in analyses stored before drills).
    #[serde(default)]
    pub index: u32,
    /// The choices gnubg valued, best first or as it listed them (a chequer play's best
    /// few and the play made; a cube decision's two answers); empty in analyses stored
    /// before drills.
    #[serde(default)]
    pub choices: Vec<Valued>,
}

/// One choice of a decision with gnubg's equity for it, from the decider's side (EMG).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Valued {
    /// In words: a play in gnubg's notation, or `no double`, `double`, `take`, `drop`.
    pub words: String,
    /// A chequer play's steps (mover's numbering), empty for a cube answer.
    #[serde(default)]
    pub steps: Vec<[u8; 2]>,
    pub equity: f64,
}

/// What a job found, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub match_id: i64,
    /// Games analysed.
    pub games: u32,
    /// Points to win (0: money play).
    pub length: u32,
    pub plies: u32,
    /// Player ids by [`Side::index`].
    pub player_ids: [i64; 2],
    /// By [`Side::index`].
    pub players: [PlayerFigures; 2],
    /// The three worst decisions, worst first.
    pub worst: Vec<Decision>,
    /// Every decision of either player that lost at least gnubg's "doubtful" threshold
    /// ([`DOUBTFUL`]), in the order made, with its valued choices: what drill cards are
    /// made from. `None` in analyses stored before drills (their cards come from `worst`).
    #[serde(default)]
    pub mistakes: Option<Vec<Decision>>,
    /// Seconds gnubg took.
    pub seconds: f64,
}

/// gnubg's threshold for marking a decision "doubtful" (EMG): a decision that lost at
/// least this is a mistake, and becomes a drill card.
pub const DOUBTFUL: f64 = 0.04;

/// gnubg's rating band for an overall error rate (EMG per decision), as its `GetRating`.
#[must_use]
pub fn rating_band(error_per_decision: f64) -> &'static str {
    const BANDS: [(f64, &str); 7] = [
        (0.002, "Supernatural"),
        (0.005, "World class"),
        (0.008, "Expert"),
        (0.012, "Advanced"),
        (0.018, "Intermediate"),
        (0.026, "Casual player"),
        (0.035, "Beginner"),
    ];
    BANDS
        .iter()
        .find(|(limit, _)| error_per_decision < *limit)
        .map_or("Awful!", |(_, name)| name)
}

/// A play in gnubg's words from its steps on the mover's board.
pub(crate) fn steps_text(board_id: &str, steps: &[[u8; 2]]) -> String {
    let Ok(board) = board_from_position_id(board_id) else {
        return String::new();
    };
    if steps.is_empty() {
        return "no move".into();
    }
    let steps: Vec<Step> = steps.iter().map(|&[from, to]| Step { from, to }).collect();
    format_play(&board, &Play::new(&steps[..steps.len().min(4)]))
}
