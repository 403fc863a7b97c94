//! A match loaded with what acting on it needs: its row, terms, players, names,
//! snapshot and fair dice. Named for the one type it holds; a leaf every command about a
//! match uses (it names no other part of the club).

use crate::{ChallengeSpec, ClubError, FairDice, Snapshot};
use engine::Side;
use store::{MatchRow, PlayerRow};

/// A match loaded with what acting on it needs.
pub(crate) struct Loaded {
    pub(crate) row: MatchRow,
    pub(crate) spec: ChallengeSpec,
    pub(crate) players: [PlayerRow; 2],
    pub(crate) names: [String; 2],
    pub(crate) snap: Option<Snapshot>,
    /// The provably fair dice, for commands that may throw (`Club::with_fair`).
    pub(crate) fair: Option<FairDice>,
    /// Whether each player (X, O) was on a vacation here when the match was read (with
    /// it, in one read); `None`: not read (then asked of the store where it matters).
    pub(crate) away: Option<[bool; 2]>,
}

impl Loaded {
    /// A match row and its players already read, with its terms and snapshot.
    pub(crate) fn read(row: MatchRow, [x, o]: [PlayerRow; 2]) -> Result<Loaded, ClubError> {
        let id = row.id;
        let spec: ChallengeSpec =
            serde_json::from_str(&row.terms).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
        let snap = match &row.state {
            Some(s) => Some(
                serde_json::from_str::<Snapshot>(s)
                    .map_err(|e| ClubError::Corrupt(id, e.to_string()))?,
            ),
            None => None,
        };
        let names = [x.display_name.clone(), o.display_name.clone()];
        Ok(Loaded {
            row,
            spec,
            players: [x, o],
            names,
            snap,
            fair: None,
            away: None,
        })
    }

    /// The bot's side in a match against the bot (always O, the challenged player).
    pub(crate) fn bot_side(&self) -> Option<Side> {
        self.spec.bot.map(|_| Side::O)
    }

    pub(crate) fn side_of(&self, player: i64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == player)
    }
}
