//! gammonbot: backgammon matches at correspondence pace.
//!
//! Layers (see `docs/` and the architecture notes): [`engine`] holds the pure rules;
//! [`cli`] the terminal commands over it.
pub mod cli;
pub mod engine;
