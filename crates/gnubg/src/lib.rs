//! GNU Backgammon as a player: its named levels, and its decisions on engine positions
//! (the play for a roll, the cube, the answer to a double or a resignation, resigning),
//! plus hints for a person, all from a small pool of long-lived gnubg processes.
//!
//! gnubg runs in its Python mode (`gnubg -t -q -r -p bot.py`, the script embedded) and
//! reads one JSON request a line; a [`Pool`] keeps a few such processes so that a decision
//! costs an evaluation, not a start of gnubg. Every call blocks: async callers go through
//! [`Bot::run`], which uses a blocking thread. If gnubg is missing, fails or runs past the
//! time limit, the answer is a [`BotError`] saying so; no play is ever made up, and a
//! play gnubg names is made only if the engine finds it among the legal plays.
//!
//! It also reviews whole matches: [`analyse_match`] runs one gnubg subprocess on a `.mat`
//! file (the script `analyse.py` embedded) and answers with gnubg's own figures, a
//! [`MatchAnalysis`].
//!
//! This crate sits beside the store: it depends on the engine only, and the club uses it.

mod analyse;
mod decide;
mod error;
mod hint;
mod level;
mod pool;
mod process;
mod situation;
mod winning;

use std::path::{Path, PathBuf};

pub use analyse::{
    AnalysedPlayer, AnalysisError, AnalysisRun, CostlyDecision, CubeStats, DiceStats,
    MatchAnalysis, MoveStats, PlayerStats, ValuedChoice, analyse_match,
};
pub use decide::{Answer, CubeAction, CubeEquities, CubeVerdict};
pub use error::{ANALYSIS_NEEDS_GNUBG, BotError, INSTALL_GNUBG};
pub use hint::{HINT_LEVEL, HintPlay, PlayJudgement, answer_words, cube_words, plays_words};
pub use level::{EvalContext, Level, UnknownLevel};
pub use pool::{Bot, BotSettings, Pool};
pub use situation::Situation;
pub use winning::WinningChances;

/// The `gnubg` program in a `PATH`-like list of directories.
#[must_use]
pub fn find_gnubg(search_path: &str) -> Option<PathBuf> {
    find_program("gnubg", search_path)
}

/// A program in a `PATH`-like list of directories.
fn find_program(name: &str, search_path: &str) -> Option<PathBuf> {
    search_path
        .split(':')
        .filter(|d| !d.is_empty())
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}
