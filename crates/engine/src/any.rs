//! A match of either ruleset, as the application layer carries it.

use super::game::Match;
use super::position::Position;
use super::rules::Ruleset;
use super::welsh::WelshMatch;

/// A standard or Welsh match: the one value a stored match holds, whatever its rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AnyMatch {
    /// A standard match or money session.
    Standard(Match),
    /// A Welsh match.
    Welsh(WelshMatch),
}

impl AnyMatch {
    /// The rules this match is played under.
    #[must_use]
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyMatch::Standard(_) => Ruleset::Standard,
            AnyMatch::Welsh(_) => Ruleset::Welsh,
        }
    }

    /// Points (standard) or games (Welsh) won, indexed by [`super::Side::index`].
    #[must_use]
    pub fn score(&self) -> [u32; 2] {
        match self {
            AnyMatch::Standard(m) => m.score(),
            AnyMatch::Welsh(m) => m.score(),
        }
    }

    /// The number of the game in progress (from 1).
    #[must_use]
    pub fn game_number(&self) -> u32 {
        match self {
            AnyMatch::Standard(m) => m.game_number(),
            AnyMatch::Welsh(m) => m.game_number(),
        }
    }

    /// The board in the canonical orientation.
    #[must_use]
    pub fn position(&self) -> &Position {
        match self {
            AnyMatch::Standard(m) => m.position(),
            AnyMatch::Welsh(m) => m.position(),
        }
    }

    /// The side who must act now (`None` at a standard opening throw and once over).
    #[must_use]
    pub fn to_act(&self) -> Option<super::Side> {
        match self {
            AnyMatch::Standard(m) => m.to_act(),
            AnyMatch::Welsh(m) => m.to_act(),
        }
    }
}
