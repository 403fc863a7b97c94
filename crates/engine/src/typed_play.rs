//! Move text as typed, read: its hops, and why text is refused (unreadable, or not a
//! legal play). Shared by the reading of move text (`notation.rs`) and the checking of
//! typed hops against the dice (`play_check.rs`).

use thiserror::Error;

use super::dice::Dice;

/// One checker's move as typed: the points it touches, and how many checkers make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// From, any intermediate stops, to (mover's numbering, 25 = bar, 0 = off).
    pub path: Vec<u8>,
    /// Whether a `*` was written after each point of `path`.
    pub hits: Vec<bool>,
    /// How many checkers make this move (`(2)` written after it).
    pub count: u8,
}

impl Hop {
    /// The single moves this hop stands for, once per checker, each with whether a `*` was
    /// written at its landing point.
    pub fn legs(&self) -> impl Iterator<Item = (u8, u8, bool)> + '_ {
        (0..self.count).flat_map(move |_| {
            self.path.windows(2).enumerate().map(|(i, w)| {
                let hit = self.hits.get(i + 1).copied().unwrap_or(false);
                (w[0], w[1], hit)
            })
        })
    }
}

/// Why move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing was typed.
    #[error("no move given: write it like `13/7 8/7` (or `pass` when you cannot move)")]
    Empty,
    /// A word that is not a point, a bar, an off or a count.
    #[error("cannot read `{token}`: {why}")]
    Token {
        /// The word that could not be read.
        token: String,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// Why a play typed as text is not legal. Each message tells the player what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalPlay {
    /// The text could not be read.
    #[error(transparent)]
    Unreadable(#[from] ParseError),
    /// No checker of the mover on that point.
    #[error("you have no checker on {0} to move")]
    NoChecker(String),
    /// A move towards higher points.
    #[error("{from}/{to} moves backwards: checkers move from higher to lower points")]
    Backwards {
        /// Where the move starts.
        from: String,
        /// Where it ends.
        to: String,
    },
    /// A move ends on a point the opponent holds.
    #[error("the {0} point is blocked: your opponent has two or more checkers there")]
    Blocked(u8),
    /// Checkers on the bar must enter first.
    #[error("you must enter from the bar first: you have {0} checker(s) there")]
    EnterFirst(u8),
    /// Bearing off with checkers outside the home board.
    #[error("you cannot bear off while you have checkers outside your home board")]
    BearOffNotHome,
    /// A die left unplayed when both can be played.
    #[error("that play leaves the {0} unplayed although both dice can be played")]
    DieLeftUnplayed(u8),
    /// Only one die plays: it must be the larger.
    #[error("only one die can be played, and then it must be the larger one ({0})")]
    MustPlayLarger(u8),
    /// Fewer moves of a double than can be made.
    #[error("that play uses {used} of the {possible} {die}s that can be played; play them all")]
    DoublesLeftUnplayed {
        /// Moves the play makes.
        used: u8,
        /// Moves that can be made.
        possible: u8,
        /// The die of the double.
        die: u8,
    },
    /// No legal move: the only play is to pass.
    #[error("you cannot move: the only legal play is to pass")]
    MustPass,
    /// The play does not fit the roll.
    #[error("that play does not fit the roll {0}")]
    DoesNotFit(Dice),
    /// A pass while a move is possible.
    #[error("you can move, so you may not pass; /moves lists the legal plays")]
    MayNotPass,
    /// A move of a distance the roll does not give.
    #[error(
        "`{play}` needs a {pips}, which the roll {dice} does not give: with {dice} one checker moves {reach}"
    )]
    NotRolled {
        /// The move as typed.
        play: String,
        /// The distance it needs.
        pips: u8,
        /// The roll.
        dice: Dice,
        /// Where one checker can go with the roll.
        reach: String,
    },
    /// A move through a blocked point it must stop on.
    #[error(
        "`{play}` passes the {point} point, which is blocked: your opponent has two or more checkers there, and with {dice} the checker must stop on it"
    )]
    BlockedOnTheWay {
        /// The move as typed.
        play: String,
        /// The blocked point it must stop on.
        point: u8,
        /// The roll.
        dice: Dice,
    },
    /// A bear-off with a larger die while checkers stand on higher points.
    #[error(
        "`{play}` bears off with a {die}, which a checker may do only from your highest point: you have checkers on higher points"
    )]
    BearOffHigher {
        /// The move as typed.
        play: String,
        /// The die it bears off with.
        die: u8,
    },
    /// A move needing dice the other moves already use.
    #[error("`{play}` needs dice that your other moves already use (the roll is {dice})")]
    DiceUsed {
        /// The move as typed.
        play: String,
        /// The roll.
        dice: Dice,
    },
}
