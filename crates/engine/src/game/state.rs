//! The parts of a match's state that the match's files share: the cube, a pending cube
//! decision, the phase, and how a game ended.

use crate::dice::Dice;
use crate::side::Side;

/// The doubling cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Cube {
    /// The cube's value (1 while never turned).
    pub value: u64,
    /// `None` while centred.
    pub owner: Option<Side>,
}

/// A resignation: the points offered, per cube unit.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ResignLevel {
    /// A single game.
    Single = 1,
    /// A gammon (twice the cube).
    Gammon = 2,
    /// A backgammon (three times the cube).
    Backgammon = 3,
}

/// A pending cube decision. The responder takes (the cube becomes `value`, owned by
/// `owner`), drops (his opponent wins `drop_value`), or turns it one more notch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CubeOffer {
    /// The side that must take or drop.
    pub responder: Side,
    /// The cube's value once taken.
    pub value: u64,
    /// Points the responder loses by dropping.
    pub drop_value: u64,
    /// Who holds the cube once this is accepted: always the player first doubled.
    pub owner: Side,
    /// 0 after a double, 1 after a beaver, 2+ after raccoons.
    pub notches: u8,
}

/// Whose move it is and what kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// A game is about to start: each side throws one die.
    Opening,
    /// `side` may double, resign, or roll.
    ToRoll(Side),
    /// A cube decision is pending.
    CubeOffered(CubeOffer),
    /// `side` has thrown `dice` and must play.
    ToPlay {
        /// The side to play.
        side: Side,
        /// The roll.
        dice: Dice,
    },
    /// The match is over (never in money play).
    MatchOver {
        /// Who won it.
        winner: Side,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ResultKind {
    /// A single game.
    Single,
    /// A gammon.
    Gammon,
    /// A backgammon.
    Backgammon,
    /// A cube was dropped.
    Dropped,
    /// A resignation was accepted.
    Resigned(ResignLevel),
}

/// The result of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    /// Who won the game.
    pub winner: Side,
    /// Points won: cube value times the result's multiplier.
    pub points: u64,
    /// How it was won.
    pub kind: ResultKind,
}
