//! Practice: hints (standard and Welsh), the tutor and `/undo`.
//!
//! Entry points, on [`Club`]: `hint` (`hint`); `act_tutored` (`tutor`); `undo_or_keep`
//! (`undo`).

mod hint;
pub(crate) mod hint_slot;
mod refusal;
mod tutor;
pub(crate) mod undo;
pub(crate) mod welsh_hint;

pub use hint_slot::{DEFAULT_HINT_WAIT, HINT_PROCESSES};
pub use refusal::PracticeRefusal;
pub use tutor::TUTOR_THRESHOLD;
pub use undo::{Before, TutorNote};

use crate::Club;
use crate::ClubError;
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
}
