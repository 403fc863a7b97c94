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
    /// The dice add up to an odd number.
    Odd,
    /// To an even number.
    Even,
}

/// Whose throw a nomination sets (rule 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NominateFor {
    /// The nominating player's own turn, now.
    Me,
    /// The opponent's next turn.
    Opponent,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MatchEnd {
    /// The target was reached in games.
    Games,
    /// A rectangle was made (rule 17b).
    Rectangle,
    /// A clock ran out (rule 12a).
    TimedOut,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameEnd {
    /// All men checked out: the die's value.
    Single,
    /// The loser had checked out none: three times the die.
    Gammon,
    /// And still had a man on the roof or outside home: six times the die.
    Backgammon,
    /// Three of the loser's men on the roof (rule 14).
    ThreeOnTheRoof,
    /// An offer to concede was accepted (rule 18).
    Conceded,
    /// Both sides hold a full spike (rule 22 (i)): no game won.
    WashBySticks,
    /// 1-1 thrown after the opponent's 1-1: no game won.
    WashBySnakes,
}

/// Why a break may be taken between games (regulation D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BreakReason {
    /// Both clocks are under 35 minutes.
    BothUnder35Minutes,
    /// A backgammon was scored.
    Backgammon,
    /// A player has reached this many games.
    Reached(u32),
    /// The last throw was 2-3 (time for tea).
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
    /// The die's value (1 while never turned).
    pub value: u32,
    /// Who may double next (`None`: either side).
    pub right: Option<Side>,
}

/// Where a Welsh game stands: whose turn, and what is awaited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshPhase {
    /// `caller` calls odds or evens on the shaker's concealed throw.
    Call {
        /// Who calls.
        caller: Side,
    },
    /// `chooser` decides who starts.
    Choose {
        /// Who chooses.
        chooser: Side,
    },
    /// `side` may double, nominate, throw one die (beside a full spread) or throw.
    ToRoll(Side),
    /// `side` has thrown and must play.
    ToPlay {
        /// The side to play.
        side: Side,
        /// The throw to play.
        throw: Throw,
        /// It was a nominated throw.
        nominated: bool,
    },
    /// The match is over.
    MatchOver {
        /// Who won.
        winner: Side,
        /// How it ended.
        how: MatchEnd,
    },
}
