//! What a command asks of the engine in a match: the [`Op`] the dispatch hands to
//! `play`, and the deadline sweep's time-out. A leaf: it names no other part of the club.

use crate::Starter;
use engine::ResignLevel;
use engine::welsh::{NominateFor, Parity};

/// What a command asks of the engine.
#[derive(Clone, Debug)]
pub(crate) enum Op {
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
    TimeOut,
    Break,
    Resume,
}

impl Op {
    /// The command's name, as refusals say it.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Op::Roll => "roll",
            Op::Move(_) => "move",
            Op::Double => "double",
            Op::Take => "take",
            Op::Drop => "drop",
            Op::Beaver => "beaver",
            Op::Raccoon => "raccoon",
            Op::Resign(_) => "resign",
            Op::AcceptResign => "accept",
            Op::RejectResign => "reject",
            Op::Call(_) => "call",
            Op::Choose(_) => "choose",
            Op::Reroll => "reroll",
            Op::RollOne => "roll-one",
            Op::Nominate(..) => "nominate",
            Op::Concede(..) => "concede",
            Op::AcceptConcede => "accept",
            Op::RejectConcede => "reject",
            Op::TimeOut => "time-out",
            Op::Break => "break",
            Op::Resume => "resume",
        }
    }
}
