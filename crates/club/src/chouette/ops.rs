//! What a player asks of a chouette session: the [`ChouetteOp`] and the session it is
//! about ([`ChouetteRef`]), the command's name, and whether a session waits on the player
//! for it. A leaf the command types and the choices name.

use crate::chouette::log::ChouetteSpec;
use engine::chouette::{Chouette, ChouettePhase, PlayerId, TEAM};

/// Which session: by number, or the newest in the channel; and the version seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChouetteRef {
    pub id: Option<i64>,
    pub version: Option<i64>,
}

/// What a player does in a chouette. Players are named by their platform id (the local
/// chat: the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChouetteOp {
    Create(ChouetteSpec),
    Join,
    Leave,
    Start,
    Roll,
    Move(String),
    /// The box names the members he doubles (none: all he may); a member doubles his cube.
    Double(Vec<String>),
    Take(Option<String>),
    Drop(Option<String>),
    Beaver(Option<String>),
    Suggest(String),
    /// The board: each member's cube, the last play; between games the standings.
    Board,
    /// The legal plays of the roll in hand, with the board.
    Moves,
    /// The line and the standings, at any time.
    Standings,
}

/// Whether session `c` waits on player `by` for `op`: he must act (answer a double, roll,
/// play), or may double, suggest or start there.
pub(crate) fn waits_on(c: &Chouette, by: PlayerId, op: &ChouetteOp) -> bool {
    match op {
        ChouetteOp::Start => c.phase() == ChouettePhase::Waiting,
        ChouetteOp::Double(_) => c.may_double(by),
        ChouetteOp::Suggest(_) => {
            matches!(c.phase(), ChouettePhase::ToPlay { side: TEAM, .. })
                && c.cubes().iter().any(|t| t.member == by && !t.out)
                && c.acting_captain() != Some(by)
        }
        _ => c.to_act().contains(&by),
    }
}

/// The subcommand's name, for "say which" answers.
pub(crate) fn op_word(op: &ChouetteOp) -> &'static str {
    match op {
        ChouetteOp::Create(_) => "create",
        ChouetteOp::Join => "join",
        ChouetteOp::Leave => "leave",
        ChouetteOp::Start => "start",
        ChouetteOp::Roll => "roll",
        ChouetteOp::Move(_) => "move",
        ChouetteOp::Double(_) => "double",
        ChouetteOp::Take(_) => "take",
        ChouetteOp::Drop(_) => "drop",
        ChouetteOp::Beaver(_) => "beaver",
        ChouetteOp::Suggest(_) => "suggest",
        ChouetteOp::Board => "board",
        ChouetteOp::Moves => "moves",
        ChouetteOp::Standings => "standings",
    }
}
