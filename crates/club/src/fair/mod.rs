//! Provably fair dice: the chain, seeds and throws, `/fair`, the records of play, dice statistics.

pub(crate) mod chain;
pub(crate) mod chi_square;
pub(crate) mod command;
pub(crate) mod record;
pub(crate) mod stats;
pub(crate) mod words;

pub use chain::{
    FairDice, FairOp, FairRef, GameRecord, export_json, new_chain, new_chain_with_first,
};
pub use chi_square::{MIN_THROWS, Tally, chi_square_sf};
pub use record::{LineDraw, LineMember, Played, chouette_played, match_played};
pub use stats::COUNTED;
