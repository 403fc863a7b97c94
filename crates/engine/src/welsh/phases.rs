//! A Welsh match's rules, phases, doubling die and the ways a game and a match end.

use super::geometry::Throw;
use crate::side::Side;

/// The highest value of the doubling die (rule 5).
pub const MAX_CUBE: u32 = 64;

/// Options of a Welsh match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct WelshRules {
    /// Games to reach (or pass) to win the match (rule 1: 25).
    pub target: u32,
    /// Who shakes for the odds/evens call of the first game (the other calls).
    pub first_shaker: Side,
}

impl Default for WelshRules {
    fn default() -> WelshRules {
        WelshRules {
            target: 25,
            first_shaker: Side::X,
        }
    }
}

/// Odds or evens, called on the concealed throw (rule 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Parity {
    Odd,
    Even,
}

/// Whose throw a nomination sets (rule 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NominateFor {
    Me,
    Opponent,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MatchEnd {
    Games,
    Rectangle,
    TimedOut,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameEnd {
    Single,
    Gammon,
    Backgammon,
    ThreeOnTheRoof,
    Conceded,
    WashBySticks,
    WashBySnakes,
}

/// Why a break may be taken between games (regulation D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BreakReason {
    BothUnder35Minutes,
    Backgammon,
    Reached(u32),
    TimeForTea,
}

impl std::fmt::Display for BreakReason {
    /// The reason in words, as players read it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BreakReason::BothUnder35Minutes => f.write_str("both clocks are under 35 minutes"),
            BreakReason::Backgammon => f.write_str("a backgammon was scored"),
            BreakReason::Reached(n) => write!(f, "a player has reached {n} games"),
            BreakReason::TimeForTea => f.write_str("the last throw was 2-3 (time for tea)"),
        }
    }
}

/// The doubling die: its value and who may turn it next (`None`: either player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct DoublingDie {
    pub value: u32,
    pub right: Option<Side>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshPhase {
    /// `caller` calls odds or evens on the shaker's concealed throw.
    Call {
        caller: Side,
    },
    /// `chooser` decides who starts.
    Choose {
        chooser: Side,
    },
    /// `side` may double, nominate, throw one die (beside a full spread) or throw.
    ToRoll(Side),
    /// `side` has thrown and must play.
    ToPlay {
        side: Side,
        throw: Throw,
        nominated: bool,
    },
    MatchOver {
        winner: Side,
        how: MatchEnd,
    },
}
