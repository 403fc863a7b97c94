//! Welsh backgammon (seed 000; readings in `docs/rules/welsh.md`).

mod movegen;
mod notation;

pub use movegen::{
    FULL_SPIKE, Throw, backward_target, forward_targets, has_full_spread, protected_spikes,
    quarter, rovers, welsh_legal_plays,
};
pub use notation::format_welsh_play;
