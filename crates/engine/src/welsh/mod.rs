//! Welsh backgammon (seed 000; readings in `docs/rules/welsh.md`).

mod actions;
mod game;
mod geometry;
mod money;
mod movegen;
mod notation;
mod phases;
mod play_check;
mod shapes;

pub use actions::{WelshAction, WelshError, WelshEvent};
pub use game::WelshMatch;
pub use geometry::{
    FULL_SPIKE, Throw, backward_targets, forward_targets, has_full_spread, protected_spikes, rovers,
};
pub use money::{Rates, ScoopPot, format_amount, jackpot, match_prize};
pub use movegen::{apply_welsh_steps, welsh_legal_plays, welsh_legal_plays_exhaustive};
pub use notation::{format_welsh_play, resolve_welsh_play};
pub use phases::{
    BreakReason, DoublingDie, GameEnd, MAX_CUBE, MatchEnd, NominateFor, Parity, WelshPhase,
    WelshRules,
};
pub use shapes::{game_value, has_one_throw_win, has_rectangle, has_triangle};
