//! What the session's players do (actions), what happens (events), and why an action is
//! refused (errors).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::seats::PlayerId;
use crate::{Dice, Play, Side};

/// What the session's players do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteAction {
    /// Join the session (between games).
    Join,
    /// Leave the session (between games).
    Leave,
    /// Starts the next game. The first start gives the line: box first, then captain, crew.
    Start {
        /// The line, the first time (`None`: as it stands, or the order of joining).
        line: Option<Vec<PlayerId>>,
    },
    /// The opening throw: the box's die against the captain's.
    OpeningRoll {
        /// The box's die.
        box_die: u8,
        /// The captain's die.
        team_die: u8,
    },
    /// Throw the dice for this turn.
    Roll(Dice),
    /// Play the dice thrown.
    Play(Play),
    /// The box doubles these members (empty: every cube he may turn); a team member
    /// doubles his own cube (single cube: the captain, for the team).
    Double {
        /// The members doubled (the box) or empty.
        members: Vec<PlayerId>,
    },
    /// Answers to doubles: by a team member on his cube, or by the box on `member`'s
    /// double (single cube: `member` ignored, the answer is for the team's cube).
    Take {
        /// The member whose double is answered (the box answering).
        member: Option<PlayerId>,
    },
    /// Refuse a double (see `Take` for whose).
    Drop {
        /// The member whose double is answered (the box answering).
        member: Option<PlayerId>,
    },
    /// Take a double and turn the cube again, keeping it.
    Beaver {
        /// The member whose double is answered (the box answering).
        member: Option<PlayerId>,
    },
    /// A crew member's suggestion to the captain.
    Suggest(String),
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteEvent {
    /// A player joined.
    Joined(PlayerId),
    /// A player left.
    Left(PlayerId),
    /// A game began.
    GameStarted {
        /// Its number (from 1).
        number: u32,
        /// The box.
        box_player: PlayerId,
        /// The captain.
        captain: PlayerId,
    },
    /// Both opening dice showed this number: throw again.
    OpeningTie(u8),
    /// The opening throw was won: `side` plays both dice.
    OpeningWon {
        /// The side that threw higher.
        side: Side,
        /// Both dice, to play.
        dice: Dice,
    },
    /// Dice were thrown.
    Rolled {
        /// The side that threw.
        by: Side,
        /// The dice.
        dice: Dice,
    },
    /// The roll could not be played: the turn passes.
    NoLegalPlay {
        /// The side that could not move.
        by: Side,
        /// The dice thrown.
        dice: Dice,
    },
    /// A play was made.
    Played {
        /// The side that played.
        by: Side,
        /// The play.
        play: Play,
    },
    /// A double: each member's cube with the value it is offered at (each cube is doubled
    /// from its own value).
    Doubled {
        /// Who doubled.
        by: PlayerId,
        /// Each cube doubled, with its new value.
        members: Vec<(PlayerId, u64)>,
    },
    /// A double was taken.
    Took {
        /// Who took.
        by: PlayerId,
        /// Whose cube.
        member: PlayerId,
        /// The cube's value now.
        value: u64,
    },
    /// A double was beavered.
    Beavered {
        /// Who beavered.
        by: PlayerId,
        /// Whose cube.
        member: PlayerId,
        /// The cube's value now.
        value: u64,
    },
    /// A double was dropped: that cube is out of the game.
    Dropped {
        /// Who dropped.
        by: PlayerId,
        /// Whose cube.
        member: PlayerId,
        /// The points the drop costs.
        points: u64,
    },
    /// A crew member suggested a play.
    Suggested {
        /// Who suggested.
        by: PlayerId,
        /// The play, as written by the engine.
        text: String,
    },
    /// A member settles with the box: + he won `points`, - he lost them.
    Settled {
        /// The member settling.
        member: PlayerId,
        /// The member's points (negative: lost).
        points: i64,
    },
    /// The game on the board ended.
    GameOver {
        /// The box won the game on the board.
        box_won_board: bool,
        /// The game's number.
        number: u32,
    },
    /// The new line after the game: box, captain, crew.
    Rotated {
        /// The box of the next game.
        box_player: PlayerId,
        /// The captain of the next game.
        captain: PlayerId,
    },
}

/// Why an action was refused (the session is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChouetteError {
    /// The player is not in the session.
    #[error("you are not in this chouette; /chouette join first")]
    NotInSession,
    /// The player is in already.
    #[error("you are already in this chouette")]
    AlreadyIn,
    /// Everyone left: the session has ended and takes no one any more.
    #[error("this chouette has ended (everyone left); /chouette create opens a new one")]
    Ended,
    /// Fewer than three players.
    #[error("a chouette needs at least three players; {0} so far")]
    TooFew(usize),
    /// Joining, leaving or starting during a game.
    #[error("players join and leave between games; wait for this game to end")]
    GameInProgress,
    /// No game is in progress.
    #[error("no game is in progress; start one with /chouette start")]
    NoGame,
    /// Someone else is to act.
    #[error("{0}")]
    NotYourTurn(String),
    /// Not an action for this moment of the game.
    #[error("{0}")]
    WrongMoment(String),
    /// A die outside 1 to 6.
    #[error("a die shows 1 to 6")]
    BadDie,
    /// The play is not legal with the roll.
    #[error("{0}")]
    IllegalPlay(String),
    /// A cube action the rules refuse.
    #[error("{0}")]
    Cube(String),
    /// Suggestions are not allowed now.
    #[error("consultation is {0} in this chouette")]
    NoConsultation(&'static str),
    /// The line given is not the players, box first.
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
