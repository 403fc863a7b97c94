//! gammonbot: backgammon matches at correspondence pace.
//!
//! Layers (see `docs/` and the architecture notes): [`engine`] holds the pure rules;
//! [`render`] draws boards (PNG, text); [`store`] keeps them in SQLite; [`club`] is the
//! application (commands in, outcomes out); [`console`] the local terminal chat; [`cli`]
//! the terminal tools over the engine.
pub mod cli;
pub mod club;
pub mod config;
pub mod console;
pub mod discord;
pub mod engine;
pub mod fuzz;
pub mod render;
pub mod store;
