//! What players do in a match (actions), what happens (events), and why an action is
//! refused (errors).

use thiserror::Error;

use super::{GameResult, ResignLevel};
use crate::dice::{Dice, DiceError};
use crate::movegen::Play;
use crate::notation::IllegalPlay;
use crate::rules::RulesError;
use crate::side::Side;

/// Something a player does. Dice come in with the action that uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// The opening throw: one die for each side.
    OpeningRoll {
        x: u8,
        o: u8,
    },
    Double,
    Take,
    Drop,
    /// Money play: take and turn the cube one more notch, keeping it.
    Beaver,
    /// Money play: answer a beaver (or a raccoon) by turning the cube once more.
    Raccoon,
    Roll(Dice),
    Play(Play),
    Resign(ResignLevel),
    AcceptResign,
    RejectResign,
}

/// What an action caused, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    GameStarted {
        number: u32,
        crawford: bool,
    },
    OpeningTie {
        die: u8,
    },
    AutomaticDouble {
        value: u64,
    },
    OpeningWon {
        side: Side,
        dice: Dice,
    },
    Doubled {
        by: Side,
        value: u64,
    },
    Taken {
        by: Side,
        value: u64,
    },
    Beavered {
        by: Side,
        value: u64,
    },
    Raccooned {
        by: Side,
        value: u64,
    },
    Dropped {
        by: Side,
    },
    Rolled {
        by: Side,
        dice: Dice,
    },
    /// The roll could not be played at all; the turn passes.
    NoLegalPlay {
        by: Side,
        dice: Dice,
    },
    Played {
        by: Side,
        dice: Dice,
        play: Play,
    },
    ResignOffered {
        by: Side,
        level: ResignLevel,
    },
    ResignRejected {
        by: Side,
    },
    GameOver(GameResult),
    MatchOver {
        winner: Side,
    },
}

/// Why an action was refused. The message tells the player what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("the cube is out of play in the Crawford game")]
    CrawfordGame,
    #[error("your opponent owns the cube: only your opponent can redouble")]
    NotYourCube,
    #[error(
        "Holland rule: after the Crawford game the trailer may double only after both sides have played two rolls"
    )]
    Holland,
    #[error("the cube cannot go higher")]
    CubeLimit,
    #[error(
        "you cannot drop: a drop would end the match, which the rules do not allow (a match may not end on a dropped cube); take instead"
    )]
    MustTake,
    #[error("beavers are not in play in this match")]
    NoBeavers,
    #[error("raccoons are not in play in this match")]
    NoRaccoons,
    #[error("answer the resignation first: accept or reject it")]
    ResignPending,
    #[error("there is no resignation to answer")]
    NoResignation,
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("{0}")]
    IllegalPlay(#[from] IllegalPlay),
    #[error(transparent)]
    Rules(#[from] RulesError),
}
