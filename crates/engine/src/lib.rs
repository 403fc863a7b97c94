//! The rules engine: pure functions and values, no I/O, no clock, no randomness.
//!
//! Everything is re-exported flat from here; the files are private.
//!
//! # Examples
//!
//! The legal plays of an opening 3-1, and one of them read from text:
//!
//! ```
//! use engine::{Dice, Position, Side, format_play, legal_plays, resolve_play};
//!
//! let board = Position::start().view(Side::X);
//! let dice = Dice::new(3, 1).unwrap();
//! let plays = legal_plays(&board, dice);
//! let chosen = resolve_play(&board, dice, "8/5 6/5").unwrap();
//! assert!(plays.contains(&chosen));
//! assert_eq!(format_play(&board, &chosen.play), "8/5 6/5");
//! ```
//!
//! The entry points each carry an example: [`legal_plays`] (positions and moves),
//! [`resolve_play`] (notation), [`Match::new`] (a match and its cube),
//! [`welsh::WelshMatch::new`] (Welsh), [`rating::rating_change`] (the ratings formula),
//! [`fair::throw_dice`] (dice derived from a hash chain).

#![warn(missing_docs)]

mod amount;
mod any;
pub mod chouette;
mod dice;
mod excerpt;
pub mod fair;
mod game;
mod ids;
mod mat;
mod movegen;
mod notation;
mod play_check;
mod position;
pub mod rating;
mod rules;
mod side;
mod typed_play;
pub mod welsh;
mod xgid;

pub use amount::{Amount, AmountError};
pub use any::AnyMatch;
pub use dice::{Dice, DiceError};
pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use game::{
    Action, Cube, CubeOffer, Event, GameResult, Match, Phase, ResignLevel, ResultKind, RuleError,
    Setup,
};
pub use ids::{
    GameStatus, IdError, MatchId, PositionIdEncoder, board_from_position_id, gnubg_player,
    position_id, position_id_bytes,
};
pub use mat::{MatInfo, export_mat, export_mat_with, utc_date};
pub use movegen::{LegalPlay, Play, Step, apply_steps, legal_plays, legal_plays_into};
pub use notation::{apply_hops, format_play, format_steps, parse_hops, resolve_play};
pub use position::{BAR, Board, CHECKERS, OPP_BAR, Position, PositionError};
pub use rules::{MatchRules, RulesError, Ruleset, UnknownRuleset};
pub use side::Side;
pub use typed_play::{Hop, IllegalPlay, ParseError};
pub use xgid::{Xgid, XgidDice, XgidError, xgid_position_field};
