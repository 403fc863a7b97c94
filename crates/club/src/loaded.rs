//! A match loaded with what acting on it needs: its row, terms, players, names,
//! snapshot and fair dice. Named for the one type it holds; a leaf every command about a
//! match uses (it names no other part of the club).

use super::{ChallengeSpec, FairDice, Snapshot};
use engine::Side;
use store::{MatchRow, PlayerRow};

/// A match loaded with what acting on it needs.
pub(super) struct Loaded {
    pub(super) row: MatchRow,
    pub(super) spec: ChallengeSpec,
    pub(super) players: [PlayerRow; 2],
    pub(super) names: [String; 2],
    pub(super) snap: Option<Snapshot>,
    /// The provably fair dice, for commands that may throw (`Club::with_fair`).
    pub(super) fair: Option<FairDice>,
}

impl Loaded {
    /// The bot's side in a match against the bot (always O, the challenged player).
    pub(super) fn bot_side(&self) -> Option<Side> {
        self.spec.bot.map(|_| Side::O)
    }

    pub(super) fn side_of(&self, player: i64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == player)
    }
}
