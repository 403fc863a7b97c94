//! Provably fair dice: the chain, seeds and throws, `/fair`, the records of play, dice
//! statistics.
//!
//! Entry points, on [`Club`]: `fair_record`, `fair_throw` (`chain`); `fair` (`command`);
//! `fair_stats` (`stats`).

mod chain;
mod chi_square;
mod command;
mod record;
mod refusal;
mod stats;
pub(crate) mod words;

pub use chain::{
    FairDice, FairOp, FairRef, GameRecord, export_json, new_chain, new_chain_with_first,
};
pub use chi_square::{MIN_THROWS, Tally, chi_square_sf};
pub use record::{LineDraw, LineMember, Played, chouette_played, match_played};
pub use refusal::FairRefusal;
pub use stats::COUNTED;

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::Outcome;
use engine::Ruleset;
use engine::fair::FairId;
use store::PlayerRow;

impl Club {
    // chain
    /// The fair-dice record of `id`, when throws are provably fair and it has one.
    pub(crate) async fn fair_record(&self, id: FairId) -> Result<Option<FairDice>, ClubError> {
        chain::fair_record(self, id).await
    }

    /// A throw of `count` dice: from the record's chain when there is one, else from the
    /// dice source (two dice rolled in either case, the first kept for one die, as before).
    pub(crate) fn fair_throw(
        &self,
        fair: Option<&mut FairDice>,
        count: usize,
        lines: &mut Vec<String>,
    ) -> Result<(u8, u8), ClubError> {
        chain::fair_throw(self, fair, count, lines)
    }

    // command
    /// `/fair`, `/fair export`, `/fair seed`.
    pub(crate) async fn fair(
        &self,
        actor: &crate::Actor,
        me: &PlayerRow,
        community: i64,
        target: FairRef,
        op: FairOp,
    ) -> Result<Outcome, ClubError> {
        command::fair(self, actor, me, community, target, op).await
    }

    // stats
    /// `/fair stats [player] [rules:]`: the player's throws (default: mine) and the
    /// server's, tested against fair dice.
    pub(crate) async fn fair_stats(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        player: Option<&str>,
        ruleset: Option<Ruleset>,
    ) -> Result<Outcome, ClubError> {
        stats::fair_stats(self, actor, me, community, player, ruleset).await
    }
}
