//! What players do in a Welsh match (actions), what happens (events), and why an action
//! is refused (errors).

use thiserror::Error;

use super::geometry::Throw;
use super::phases::{BreakReason, GameEnd, MatchEnd, NominateFor, Parity};
use crate::movegen::Play;
use crate::side::Side;

/// What a player does in a Welsh match. Throws come in with the actions that make them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshAction {
    /// The caller's call, with the shaker's concealed dice.
    Call {
        /// The shaker's concealed dice.
        shaker_dice: (u8, u8),
        /// Odds or evens.
        call: Parity,
    },
    /// Who starts, chosen by the winner of the call.
    Choose(Side),
    /// Turn the doubling die before throwing (rule 5).
    Double,
    /// A throw of two dice.
    Roll(u8, u8),
    /// One die, while a full spread of the thrower stands (rule 11).
    RollOne(u8),
    /// Acey-deucey (rule 13): throw again instead of playing a 1-2.
    Reroll(u8, u8),
    /// Play the nominate card: a throw named for the player's own turn or the
    /// opponent's next.
    Nominate {
        /// For the player's own turn, or the opponent's next.
        whose: NominateFor,
        /// The throw named.
        dice: (u8, u8),
    },
    /// Play the throw.
    Play(Play),
    /// Offer to concede fewer games than the game would cost (rule 18).
    OfferConcede {
        /// The games offered.
        games: u32,
        /// With the payment that makes an offer to 24 compulsory (rule 18).
        payment: bool,
    },
    /// Accept the opponent's offer to concede: the game ends.
    AcceptConcede,
    /// Refuse it: play goes on.
    RejectConcede,
    /// The clock of the acting side ran out (rule 12a).
    TimedOut,
    /// The play clocks, in seconds left, as the application sees them (for rule 12b and
    /// regulation D); indexed by [`Side::index`].
    Clocks([u32; 2]),
}

/// What happened as an action was applied, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WelshEvent {
    /// The call was decided: `chooser` chooses who starts.
    CallWon {
        /// Who chooses.
        chooser: Side,
    },
    /// This side starts the game.
    Starts(Side),
    /// A game began.
    GameStarted {
        /// Its number (from 1).
        number: u32,
        /// The doubling die's value at the start.
        cube: u32,
    },
    /// The doubling die was turned.
    Doubled {
        /// Who turned it.
        by: Side,
        /// Its value now.
        value: u32,
    },
    /// A throw was made.
    Thrown {
        /// Who threw.
        by: Side,
        /// The throw.
        throw: Throw,
        /// It was a nominated throw.
        nominated: bool,
    },
    /// Acey-deucey was thrown again (rule 13).
    Rethrown {
        /// Who threw again.
        by: Side,
    },
    /// A nominate card was played.
    Nominated {
        /// Who played the card.
        by: Side,
        /// For whose turn.
        whose: NominateFor,
        /// The throw named.
        dice: (u8, u8),
    },
    /// A play was made.
    Played {
        /// Who played.
        by: Side,
        /// The play.
        play: Play,
    },
    /// The thrower could not play at all.
    Danced {
        /// Who danced.
        by: Side,
    },
    /// A dance raised the doubling die.
    CubeRaisedByDance {
        /// The die's value now.
        value: u32,
    },
    /// A triangle was made (rule 17a): the doubling die is frozen.
    Triangle {
        /// Who made it.
        by: Side,
    },
    /// A full spread was made (rule 11).
    FullSpread {
        /// Who made it.
        by: Side,
    },
    /// The first man of the game was checked out.
    FirstCheckOut {
        /// Who checked out.
        by: Side,
    },
    /// The next turn is a bonus throw.
    BonusThrow {
        /// Whose turn it is.
        by: Side,
    },
    /// The first occasion of the game for `offerer` to offer to concede (rule 18);
    /// `at_stake`: the games the game would cost him now (an offer must be fewer, so at 1
    /// no offer is possible until the doubling die goes up).
    ConcedeOccasion {
        /// Who may offer.
        offerer: Side,
        /// What the game would cost the offerer now.
        at_stake: u32,
    },
    /// An offer to concede was made.
    ConcedeOffered {
        /// Who offered.
        by: Side,
        /// The games offered.
        games: u32,
        /// With the payment (an offer to 24).
        payment: bool,
    },
    /// An offer to concede was refused.
    ConcedeRejected {
        /// Who refused.
        by: Side,
    },
    /// The offerer of an accepted offer to concede to 24 pays the payment that made it
    /// compulsory (rule 18) to his opponent.
    ConcedePaid {
        /// Who pays.
        by: Side,
    },
    /// A game ended (or was washed).
    GameOver {
        /// Who won it (`None`: washed).
        winner: Option<Side>,
        /// The games it scored.
        games: u32,
        /// How it ended.
        how: GameEnd,
    },
    /// A break is due (regulation D).
    BreakEntitled(BreakReason),
    /// The match ended.
    MatchOver {
        /// Who won the match.
        winner: Side,
        /// How it ended.
        how: MatchEnd,
    },
}

/// Why an action was refused (the match is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WelshError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// Another side is to act.
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    /// Not an action for this moment of the game.
    #[error("{0}")]
    WrongMoment(String),
    /// A die outside 1 to 6.
    #[error("a die shows 1 to 6")]
    BadDie,
    /// The right to double is the opponent's.
    #[error("the doubling die is not yours to turn: the right is with your opponent")]
    NotYourRight,
    /// The doubling die is at its highest.
    #[error("the doubling die is at 64 and goes no higher")]
    CubeAtMax,
    /// A triangle stands: no doubling.
    #[error("a triangle stands: the doubling die cannot go up")]
    TriangleFreezesCube,
    /// The same throw a third time in a row (rule 6).
    #[error("the third identical throw in a row is thrown again (rule 6)")]
    ThirdIdenticalThrow,
    /// A one-die throw without a full spread.
    #[error("a one-die throw needs a full spread of yours on the board")]
    NoFullSpread,
    /// A rethrow of anything but a thrown 1-2.
    #[error("only a 1-2 that was thrown, not nominated, may be thrown again")]
    NoAceyDeucey,
    /// The nominate card is spent.
    #[error("you have used your nominate in this match")]
    NominateUsed,
    /// A nominated throw for oneself may not win the match.
    #[error("you may not nominate a throw for yourself with which a play wins the match ({0})")]
    NominateWins(String),
    /// The play is not legal with the throw.
    #[error("that play is not legal with {0:?}; legal plays are listed by the move command")]
    IllegalPlay(Throw),
    /// No occasion to offer to concede now.
    #[error("there is no offer-to-concede occasion for you now")]
    NoConcedeOccasion,
    /// An offer of as many games as the game costs, or none.
    #[error("offer fewer games than you would lose now ({0}), and at least 1")]
    ConcedeTooMuch(u32),
    /// The game costs only 1: no smaller offer exists.
    #[error(
        "the game would cost you only 1 game and an offer to concede must be fewer games: no offer is possible now, an offer to 24 with the payment included (rule 18)"
    )]
    NoSmallerOffer,
    /// An offer to 24 with the payment must be accepted.
    #[error("this offer puts your opponent on 24 with the payment: it must be accepted")]
    MustAcceptConcede,
    /// The payment goes only with an offer to exactly 24.
    #[error(
        "the payment goes only with an offer that puts your opponent on exactly 24 games ({0} would)"
    )]
    PaymentOnlyTo24(u32),
    /// This turn's throw is already nominated.
    #[error(
        "your throw is already nominated ({0}-{1}) and cannot be nominated again: throw it (you keep your nominate card)"
    )]
    ThrowAlreadyNominated(u8, u8),
    /// A board given to start from has more than six men of one side on one spike.
    #[error(
        "no more than six men may stand on one spike (rule 10): {side} has {men} on their {point}-point"
    )]
    OverfullSpike {
        /// Whose men.
        side: Side,
        /// The spike, in that side's own numbering (1 to 24).
        point: u8,
        /// How many men stand there.
        men: u8,
    },
}
