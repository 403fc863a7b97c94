//! What a player asks of a match he plays: the [`MatchOp`] of
//! [`Command::Match`](crate::Command::Match), as the adapters build it and as the dispatch
//! hands it to `play` (the bot's decisions are put the same way), with its metric label
//! and its word. The deadline sweep's time-out is no player's and not among them: it has
//! its own path (`plan_time_out`). A leaf: it names no other part of the club.

use crate::Starter;
use engine::ResignLevel;
use engine::welsh::{NominateFor, Parity};

/// A player's decision in a match (or money session) he plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchOp {
    /// Roll the dice (Welsh: throw them; the opening throw too).
    Roll,
    /// A play in move text (`13/7 8/7`, Welsh `13/9/4`).
    Move(String),
    /// Offer the cube.
    Double,
    /// Accept the cube: play on at its new value.
    Take,
    /// Refuse the cube: lose the game at its value before the double.
    Drop,
    /// Money play: take and turn the cube one more notch, keeping it.
    Beaver,
    /// Money play: answer a beaver (or a raccoon) by turning the cube once more.
    Raccoon,
    /// Offer to resign a single game, a gammon or a backgammon.
    Resign(ResignLevel),
    /// Accept the opponent's resignation: the game ends.
    AcceptResign,
    /// Refuse it: play goes on.
    RejectResign,
    /// Welsh: odds or evens on the shaker's concealed throw.
    Call(Parity),
    /// Welsh: the call's winner says who starts.
    Choose(Starter),
    /// Welsh: throw a 1-2 again (rule 13).
    Reroll,
    /// Welsh: throw one die beside a full spread (rule 11).
    RollOne,
    /// Welsh: set a throw for me (before throwing) or for my opponent (rule 21).
    Nominate(NominateFor, (u8, u8)),
    /// Welsh: offer to concede `games` (rule 18).
    Concede {
        games: u32,
        /// With the payment that makes an offer to concede to 24 compulsory (rule 18).
        payment: bool,
    },
    /// Welsh: accept the opponent's offer to concede.
    AcceptConcede,
    /// Welsh: reject the opponent's offer to concede.
    RejectConcede,
    /// Welsh: take the ten-minute break regulation D allows between games (both clocks stop).
    Break,
    /// Welsh: end the break under way.
    Resume,
    /// Money play: end the session between games (either player).
    Stop,
}

impl MatchOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            MatchOp::Roll => "roll",
            MatchOp::Move(_) => "move",
            MatchOp::Double => "double",
            MatchOp::Take => "take",
            MatchOp::Drop => "drop",
            MatchOp::Beaver => "beaver",
            MatchOp::Raccoon => "raccoon",
            MatchOp::Resign(_) => "resign",
            MatchOp::AcceptResign => "accept_resign",
            MatchOp::RejectResign => "reject_resign",
            MatchOp::Call(_) => "call",
            MatchOp::Choose(_) => "choose",
            MatchOp::Reroll => "reroll",
            MatchOp::RollOne => "roll_one",
            MatchOp::Nominate(..) => "nominate",
            MatchOp::Concede { .. } => "concede",
            MatchOp::AcceptConcede => "accept_concede",
            MatchOp::RejectConcede => "reject_concede",
            MatchOp::Break => "break",
            MatchOp::Resume => "resume",
            MatchOp::Stop => "stop",
        }
    }

    /// The command's name, as refusals say it.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            MatchOp::Roll => "roll",
            MatchOp::Move(_) => "move",
            MatchOp::Double => "double",
            MatchOp::Take => "take",
            MatchOp::Drop => "drop",
            MatchOp::Beaver => "beaver",
            MatchOp::Raccoon => "raccoon",
            MatchOp::Resign(_) => "resign",
            MatchOp::AcceptResign => "accept",
            MatchOp::RejectResign => "reject",
            MatchOp::Call(_) => "call",
            MatchOp::Choose(_) => "choose",
            MatchOp::Reroll => "reroll",
            MatchOp::RollOne => "roll-one",
            MatchOp::Nominate(..) => "nominate",
            MatchOp::Concede { .. } => "concede",
            MatchOp::AcceptConcede => "accept",
            MatchOp::RejectConcede => "reject",
            MatchOp::Break => "break",
            MatchOp::Resume => "resume",
            MatchOp::Stop => "stop",
        }
    }
}
