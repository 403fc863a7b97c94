//! The refusals of a chouette: the engine's rules (members named by name), a session of
//! another server, a member named who is not in it.

use engine::chouette::ChouetteError;

/// A chouette command refused.
#[derive(Debug, thiserror::Error)]
pub enum ChouetteRefusal {
    /// The engine refuses the action.
    #[error("{0}")]
    Rule(ChouetteError),
    /// An answer to a double from a member who did not double: the member's name.
    #[error("{name} has not doubled you")]
    NotDoubledBy {
        /// The member's name.
        name: String,
    },
    /// A double of a member whose cube cannot be doubled: the member's name.
    #[error(
        "you cannot double {name}: that cube is out of the game, already offered, or held by {name}"
    )]
    CannotDouble {
        /// The member's name.
        name: String,
    },
    /// A chouette of the player's on another server.
    #[error("chouette #{id} is played on another server; act on it there")]
    OnAnotherServer {
        /// The chouette.
        id: i64,
    },
    /// A name that is none of the session's players (as the command gave it).
    #[error(
        "`{}` is not a player of chouette #{id}; name one of its players",
        engine::excerpt(.name)
    )]
    NotAPlayer {
        /// The name as given.
        name: String,
        /// The chouette.
        id: i64,
    },
}

impl ChouetteRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            ChouetteRefusal::Rule(_)
            | ChouetteRefusal::NotDoubledBy { .. }
            | ChouetteRefusal::CannotDouble { .. } => "chouette_rule",
            ChouetteRefusal::OnAnotherServer { .. } => "on_another_server",
            ChouetteRefusal::NotAPlayer { .. } => "not_a_chouette_player",
        }
    }
}
