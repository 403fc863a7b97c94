//! A Welsh backgammon player over the engine (issue 33; `docs/welsh-bot.md`).
//!
//! Every player answers the one trait [`WelshPlayer`], one method per decision the
//! engine can ask of a side; [`decide`] asks the question the moment holds and
//! [`play_game`] runs a game through [`engine::welsh::WelshMatch::apply`]. The players:
//!
//! - [`RandomPlayer`]: a uniformly random legal play (the floor);
//! - [`HeuristicPlayer`]: a hand-written baseline (pip count, exposed blots, the stream,
//!   the roof);
//! - [`EvalPlayer`]: the learnt evaluator ([`Net`] over the inputs of [`features`]),
//!   trained by self-play with TD(λ) ([`Trainer`]), at three [`Level`]s.
//!
//! [`duel`] measures one against another with a 95% interval.

pub mod advice;
pub mod cube_decision;
pub mod duel;
pub mod eval_player;
pub mod evaluator;
pub mod features;
pub mod game;
pub mod heuristic;
pub mod match_play;
pub mod match_table;
pub mod net;
pub mod player;
pub mod random;
pub mod rng;
pub mod shipped;
pub mod train;

pub use advice::{ADVICE_LEVEL, Advisor};
pub use cube_decision::CubeView;
pub use duel::{DuelResult, duel, duel_with, wilson95};
pub use eval_player::{EvalPlayer, Level};
pub use evaluator::Evaluator;
pub use game::{GameOutcome, Refused, fresh_match, play_game};
pub use heuristic::HeuristicPlayer;
pub use match_play::{MatchDuel, MatchOutcome, duel_matches, play_match};
pub use match_table::{GameCounts, MatchTable};
pub use net::{Net, Probs, equity};
pub use player::{Decision, WelshPlayer, decide};
pub use random::RandomPlayer;
pub use rng::Rng;
pub use shipped::{SHIPPED_PROVENANCE, shipped, shipped_table};
pub use train::{GameStats, TrainConfig, Trainer};
