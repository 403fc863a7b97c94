//! What players do in a Welsh match (actions), what happens (events), and why an action
//! is refused (errors).

use thiserror::Error;

use super::geometry::Throw;
use super::phases::{BreakReason, GameEnd, MatchEnd, NominateFor, Parity};
use crate::movegen::Play;
use crate::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshAction {
    /// The caller's call, with the shaker's concealed dice.
    Call {
        shaker_dice: (u8, u8),
        call: Parity,
    },
    /// Who starts, chosen by the winner of the call.
    Choose(Side),
    Double,
    Roll(u8, u8),
    /// One die, while a full spread of the thrower stands (rule 11).
    RollOne(u8),
    /// Acey-deucey (rule 13): throw again instead of playing a 1-2.
    Reroll(u8, u8),
    Nominate {
        whose: NominateFor,
        dice: (u8, u8),
    },
    Play(Play),
    OfferConcede {
        games: u32,
        payment: bool,
    },
    AcceptConcede,
    RejectConcede,
    /// The clock of the acting side ran out (rule 12a).
    TimedOut,
    /// The play clocks, in seconds left, as the application sees them (for rule 12b and
    /// regulation D); indexed by [`Side::index`].
    Clocks([u32; 2]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WelshEvent {
    CallWon {
        chooser: Side,
    },
    Starts(Side),
    GameStarted {
        number: u32,
        cube: u32,
    },
    Doubled {
        by: Side,
        value: u32,
    },
    Thrown {
        by: Side,
        throw: Throw,
        nominated: bool,
    },
    Rethrown {
        by: Side,
    },
    Nominated {
        by: Side,
        whose: NominateFor,
        dice: (u8, u8),
    },
    Played {
        by: Side,
        play: Play,
    },
    Danced {
        by: Side,
    },
    CubeRaisedByDance {
        value: u32,
    },
    Triangle {
        by: Side,
    },
    FullSpread {
        by: Side,
    },
    FirstCheckOut {
        by: Side,
    },
    BonusThrow {
        by: Side,
    },
    /// The first occasion of the game for `offerer` to offer to concede (rule 18);
    /// `at_stake`: the games the game would cost him now (an offer must be fewer, so at 1
    /// no offer is possible until the doubling die goes up).
    ConcedeOccasion {
        offerer: Side,
        at_stake: u32,
    },
    ConcedeOffered {
        by: Side,
        games: u32,
        payment: bool,
    },
    ConcedeRejected {
        by: Side,
    },
    /// The offerer of an accepted offer to concede to 24 pays the payment that made it
    /// compulsory (rule 18) to his opponent.
    ConcedePaid {
        by: Side,
    },
    GameOver {
        winner: Option<Side>,
        games: u32,
        how: GameEnd,
    },
    BreakEntitled(BreakReason),
    MatchOver {
        winner: Side,
        how: MatchEnd,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WelshError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("a die shows 1 to 6")]
    BadDie,
    #[error("the doubling die is not yours to turn: the right is with your opponent")]
    NotYourRight,
    #[error("the doubling die is at 64 and goes no higher")]
    CubeAtMax,
    #[error("a triangle stands: the doubling die cannot go up")]
    TriangleFreezesCube,
    #[error("the third identical throw in a row is thrown again (rule 6)")]
    ThirdIdenticalThrow,
    #[error("a one-die throw needs a full spread of yours on the board")]
    NoFullSpread,
    #[error("only a 1-2 that was thrown, not nominated, may be thrown again")]
    NoAceyDeucey,
    #[error("you have used your nominate in this match")]
    NominateUsed,
    #[error("you may not nominate a throw for yourself with which a play wins the match ({0})")]
    NominateWins(String),
    #[error("that play is not legal with {0:?}; legal plays are listed by the move command")]
    IllegalPlay(Throw),
    #[error("there is no offer-to-concede occasion for you now")]
    NoConcedeOccasion,
    #[error("offer fewer games than you would lose now ({0}), and at least 1")]
    ConcedeTooMuch(u32),
    #[error(
        "the game would cost you only 1 game and an offer to concede must be fewer games: no offer is possible now, an offer to 24 with the payment included (rule 18)"
    )]
    NoSmallerOffer,
    #[error("this offer puts your opponent on 24 with the payment: it must be accepted")]
    MustAcceptConcede,
    #[error(
        "the payment goes only with an offer that puts your opponent on exactly 24 games ({0} would)"
    )]
    PaymentOnlyTo24(u32),
    #[error(
        "your throw is already nominated ({0}-{1}) and cannot be nominated again: throw it (you keep your nominate card)"
    )]
    ThrowAlreadyNominated(u8, u8),
}
