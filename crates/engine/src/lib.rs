//! The rules engine: pure functions and values, no I/O, no clock, no randomness.
//!
//! Everything is re-exported flat from here; the files are private.

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
pub use notation::{
    Hop, IllegalPlay, ParseError, apply_hops, format_play, format_steps, parse_hops, resolve_play,
};
pub use position::{BAR, Board, CHECKERS, OPP_BAR, Position, PositionError};
pub use rules::{MatchRules, RulesError, Ruleset, UnknownRuleset};
pub use side::Side;
pub use xgid::{Xgid, XgidDice, XgidError, xgid_position_field};
