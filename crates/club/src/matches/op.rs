//! What a command asks of the engine in a match: the [`MatchOp`] the dispatch hands to
//! `play` (the deadline sweep's time-out, no player's, has its own path:
//! `plan_time_out`). A leaf: it names no other part of the club.

use crate::Starter;
use engine::ResignLevel;
use engine::welsh::{NominateFor, Parity};

/// What a command asks of the engine.
#[derive(Clone, Debug)]
pub(crate) enum MatchOp {
    Roll,
    Move(String),
    Double,
    Take,
    Drop,
    Beaver,
    Raccoon,
    Resign(ResignLevel),
    AcceptResign,
    RejectResign,
    Call(Parity),
    Choose(Starter),
    Reroll,
    RollOne,
    Nominate(NominateFor, (u8, u8)),
    Concede(u32, bool),
    AcceptConcede,
    RejectConcede,
    Break,
    Resume,
}

impl MatchOp {
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
            MatchOp::Concede(..) => "concede",
            MatchOp::AcceptConcede => "accept",
            MatchOp::RejectConcede => "reject",
            MatchOp::Break => "break",
            MatchOp::Resume => "resume",
        }
    }
}
