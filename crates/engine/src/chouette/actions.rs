//! What the session's players do (actions), what happens (events), and why an action is
//! refused (errors).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{PlayerId, Side};
use crate::{Dice, Play};

/// What the session's players do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteAction {
    Join,
    Leave,
    /// Starts the next game. The first start gives the line: box first, then captain, crew.
    Start {
        line: Option<Vec<PlayerId>>,
    },
    OpeningRoll {
        box_die: u8,
        team_die: u8,
    },
    Roll(Dice),
    Play(Play),
    /// The box doubles these members (empty: every cube he may turn); a team member
    /// doubles his own cube (single cube: the captain, for the team).
    Double {
        members: Vec<PlayerId>,
    },
    /// Answers to doubles: by a team member on his cube, or by the box on `member`'s
    /// double (single cube: `member` ignored, the answer is for the team's cube).
    Take {
        member: Option<PlayerId>,
    },
    Drop {
        member: Option<PlayerId>,
    },
    Beaver {
        member: Option<PlayerId>,
    },
    /// A crew member's suggestion to the captain.
    Suggest(String),
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteEvent {
    Joined(PlayerId),
    Left(PlayerId),
    GameStarted {
        number: u32,
        box_player: PlayerId,
        captain: PlayerId,
    },
    OpeningTie(u8),
    OpeningWon {
        side: Side,
        dice: Dice,
    },
    Rolled {
        by: Side,
        dice: Dice,
    },
    NoLegalPlay {
        by: Side,
        dice: Dice,
    },
    Played {
        by: Side,
        play: Play,
    },
    /// A double: each member's cube with the value it is offered at (each cube is doubled
    /// from its own value).
    Doubled {
        by: PlayerId,
        members: Vec<(PlayerId, u64)>,
    },
    Took {
        by: PlayerId,
        member: PlayerId,
        value: u64,
    },
    Beavered {
        by: PlayerId,
        member: PlayerId,
        value: u64,
    },
    Dropped {
        by: PlayerId,
        member: PlayerId,
        points: u64,
    },
    Suggested {
        by: PlayerId,
        text: String,
    },
    /// A member settles with the box: + he won `points`, - he lost them.
    Settled {
        member: PlayerId,
        points: i64,
    },
    GameOver {
        box_won_board: bool,
        number: u32,
    },
    /// The new line after the game: box, captain, crew.
    Rotated {
        box_player: PlayerId,
        captain: PlayerId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChouetteError {
    #[error("you are not in this chouette; /chouette join first")]
    NotInSession,
    #[error("you are already in this chouette")]
    AlreadyIn,
    #[error("a chouette needs at least three players; {0} so far")]
    TooFew(usize),
    #[error("players join and leave between games; wait for this game to end")]
    GameInProgress,
    #[error("no game is in progress; start one with /chouette start")]
    NoGame,
    #[error("{0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("a die shows 1 to 6")]
    BadDie,
    #[error("{0}")]
    IllegalPlay(String),
    #[error("{0}")]
    Cube(String),
    #[error("consultation is {0} in this chouette")]
    NoConsultation(&'static str),
    #[error("the line must list every player once, box first")]
    BadLine,
    /// The box answered a double that this member has not offered. The club words it with
    /// the member's name.
    #[error("that player has not doubled you")]
    NotDoubledBy(PlayerId),
    /// The box named a member whose cube cannot be doubled now. The club words it with the
    /// member's name.
    #[error(
        "you cannot double that player's cube: it is out of the game, already offered, or held by that player"
    )]
    CannotDoubleMember(PlayerId),
}
