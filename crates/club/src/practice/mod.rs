//! Practice: hints (standard and Welsh), the tutor and `/undo`, drills made from a
//! player's own mistakes, and the position of the day.
//!
//! Entry points, on [`Club`]: `hint` (`hint`); `act_tutored` (`tutor`, judged by
//! `welsh_tutor` in a Welsh match); `undo_or_keep`
//! (`undo`); `drill`, `card_analyses` (`drill`); `server_puzzle`, `puzzle`,
//! `puzzle_sweep`, `daily_puzzle` (`puzzle`).

mod drill;
mod drill_card;
pub(crate) mod drill_schedule;
mod hint;
pub(crate) mod hint_slot;
mod puzzle;
mod puzzle_op;
mod puzzle_words;
mod refusal;
mod tutor;
mod tutor_flag;
pub(crate) mod undo;
pub(crate) mod welsh_hint;
mod welsh_tutor;

pub use drill_card::MAX_DRILL_OPTIONS;
pub use drill_schedule::LEARNT_DAYS;
pub use hint_slot::{DEFAULT_HINT_WAIT, HINT_PROCESSES};
pub use puzzle::{CLEAR_GAP, RECENT_DAYS};
pub use puzzle_op::{DailyPuzzle, PuzzleAsk, PuzzleOp, PuzzleSetting};
pub use refusal::PracticeRefusal;
pub use tutor_flag::TUTOR_THRESHOLD;
pub use undo::{Before, TutorNote};

use crate::Club;
use crate::ClubError;
use crate::DrillOp;
use crate::MatchOp;
use crate::MatchRef;
use crate::Outcome;
use crate::matches::loaded::Loaded;
use engine::Side;
use store::PlayerRow;

impl Club {
    // hint
    /// `/hint`: gnubg's advice for the decision in hand, for the player who must make it.
    pub(crate) async fn hint(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        hint::hint(self, me, community, m).await
    }

    // tutor
    /// A player's command in a tutor match: judged first when it is a checker play or a
    /// cube action, then made (or, before a roll, warned about).
    pub(crate) async fn act_tutored(
        &self,
        l: Loaded,
        me: &PlayerRow,
        side: Side,
        op: MatchOp,
    ) -> Result<Outcome, ClubError> {
        tutor::act_tutored(self, l, me, side, op).await
    }

    // undo
    /// `/undo` (`keep` false) or `/keep`: the action the tutor flagged taken back, or kept.
    pub(crate) async fn undo_or_keep(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        keep: bool,
    ) -> Result<Outcome, ClubError> {
        undo::undo_or_keep(self, me, community, m, keep).await
    }

    // drill
    /// `/drill`, `/drill answer`, `/drill stats`: the cards made from the player's own
    /// mistakes.
    pub(crate) async fn drill(
        &self,
        me: &PlayerRow,
        community: i64,
        op: DrillOp,
    ) -> Result<Outcome, ClubError> {
        drill::drill(self, me, community, op).await
    }

    /// Makes the drill cards of the stored analyses not yet read (each read once, across
    /// restarts); how many cards were added. The analysis workers call it after each job.
    ///
    /// # Errors
    /// A database error (the analyses not yet read stay so).
    pub async fn card_analyses(&self) -> Result<u64, ClubError> {
        drill::card_analyses(self).await
    }

    // puzzle
    /// `/server puzzle`: the position of the day here set, turned off, or shown.
    pub(crate) async fn server_puzzle(
        &self,
        actor: &crate::Actor,
        community: i64,
        setting: Option<crate::PuzzleSetting>,
    ) -> Result<Outcome, ClubError> {
        puzzle::server_puzzle(self, actor, community, setting).await
    }

    /// `/puzzle`, `/puzzle answer`, `/puzzle names`.
    pub(crate) async fn puzzle(
        &self,
        me: &PlayerRow,
        community: i64,
        op: crate::PuzzleOp,
    ) -> Result<Outcome, ClubError> {
        puzzle::puzzle(self, me, community, op).await
    }

    /// The sweep's step: each server's position of the day whose hour has come, written
    /// with its outbox row (once a UTC day, across restarts). No notice is given back.
    ///
    /// # Errors
    /// A database error (the day not dealt with is tried again at the next sweep).
    pub async fn puzzle_sweep(&self) -> Result<Vec<crate::Notice>, ClubError> {
        puzzle::puzzle_sweep(self).await
    }

    /// A `puzzle` row of the outbox as a poster gets it (`None`: gone).
    pub(crate) async fn daily_puzzle(
        &self,
        channel: &str,
        body: &str,
    ) -> Result<Option<crate::DailyPuzzle>, ClubError> {
        puzzle::daily_puzzle(self, channel, body).await
    }
}
