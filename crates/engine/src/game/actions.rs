//! What players do in a match (actions), what happens (events), and why an action is
//! refused (errors).

use thiserror::Error;

use super::state::{GameResult, ResignLevel};
use crate::dice::{Dice, DiceError};
use crate::movegen::Play;
use crate::rules::RulesError;
use crate::side::Side;
use crate::typed_play::IllegalPlay;

/// Something a player does. Dice come in with the action that uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// The opening throw: one die for each side.
    OpeningRoll {
        /// X's die.
        x: u8,
        /// O's die.
        o: u8,
    },
    /// Offer the cube before rolling.
    Double,
    /// Accept the cube: play on at its new value.
    Take,
    /// Refuse the cube: lose the game at its value before the double.
    Drop,
    /// Money play: take and turn the cube one more notch, keeping it.
    Beaver,
    /// Money play: answer a beaver (or a raccoon) by turning the cube once more.
    Raccoon,
    /// Throw the dice for this turn.
    Roll(Dice),
    /// Play the dice thrown.
    Play(Play),
    /// Offer to resign a single game, a gammon or a backgammon.
    Resign(ResignLevel),
    /// Accept the opponent's resignation: the game ends.
    AcceptResign,
    /// Refuse it: play goes on.
    RejectResign,
}

/// What an action caused, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A game began.
    GameStarted {
        /// Its number (from 1).
        number: u32,
        /// It is the Crawford game.
        crawford: bool,
    },
    /// Both sides threw the same opening die: they throw again.
    OpeningTie {
        /// The die both threw.
        die: u8,
    },
    /// Money play: an opening tie turned the cube.
    AutomaticDouble {
        /// The cube's new value.
        value: u64,
    },
    /// The opening throw was won: `side` plays both dice.
    OpeningWon {
        /// Who threw the higher die.
        side: Side,
        /// Both dice, to play.
        dice: Dice,
    },
    /// The cube was offered.
    Doubled {
        /// Who doubled.
        by: Side,
        /// The value offered.
        value: u64,
    },
    /// The cube was taken.
    Taken {
        /// Who took.
        by: Side,
        /// The cube's value now.
        value: u64,
    },
    /// The cube was taken and turned again (money play).
    Beavered {
        /// Who beavered.
        by: Side,
        /// The cube's value now.
        value: u64,
    },
    /// A beaver was answered by turning the cube once more (money play).
    Raccooned {
        /// Who raccooned.
        by: Side,
        /// The cube's value now.
        value: u64,
    },
    /// The cube was dropped: the game is over.
    Dropped {
        /// Who dropped.
        by: Side,
    },
    /// Dice were thrown.
    Rolled {
        /// Who threw.
        by: Side,
        /// The dice.
        dice: Dice,
    },
    /// The roll could not be played at all; the turn passes.
    NoLegalPlay {
        /// Who could not move.
        by: Side,
        /// The dice thrown.
        dice: Dice,
    },
    /// A play was made.
    Played {
        /// Who played.
        by: Side,
        /// The dice it played.
        dice: Dice,
        /// The play.
        play: Play,
    },
    /// A resignation was offered.
    ResignOffered {
        /// Who offered it.
        by: Side,
        /// Single, gammon or backgammon.
        level: ResignLevel,
    },
    /// A resignation was refused.
    ResignRejected {
        /// Who refused it.
        by: Side,
    },
    /// A game ended.
    GameOver(GameResult),
    /// The match ended.
    MatchOver {
        /// Who won it.
        winner: Side,
    },
}

/// Why an action was refused. The message tells the player what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The other side is to act.
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    /// Not an action for this moment of the game.
    #[error("{0}")]
    WrongMoment(String),
    /// No cube in the Crawford game.
    #[error("the cube is out of play in the Crawford game")]
    CrawfordGame,
    /// The opponent owns the cube.
    #[error("your opponent owns the cube: only your opponent can redouble")]
    NotYourCube,
    /// The Holland rule holds the trailer's double.
    #[error(
        "Holland rule: after the Crawford game the trailer may double only after both sides have played two rolls"
    )]
    Holland,
    /// The cube is at its highest.
    #[error("the cube cannot go higher")]
    CubeLimit,
    /// A drop may not end the match.
    #[error(
        "you cannot drop: a drop would end the match, which the rules do not allow (a match may not end on a dropped cube); take instead"
    )]
    MustTake,
    /// Beavers are not in play.
    #[error("beavers are not in play in this match")]
    NoBeavers,
    /// Raccoons are not in play.
    #[error("raccoons are not in play in this match")]
    NoRaccoons,
    /// A resignation waits for its answer.
    #[error("answer the resignation first: accept or reject it")]
    ResignPending,
    /// No resignation to answer.
    #[error("there is no resignation to answer")]
    NoResignation,
    /// Dice that are not dice.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// The play is not legal.
    #[error("{0}")]
    IllegalPlay(#[from] IllegalPlay),
    /// Options that do not fit together.
    #[error(transparent)]
    Rules(#[from] RulesError),
}
