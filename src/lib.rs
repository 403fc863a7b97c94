//! gammonbot: backgammon matches at correspondence pace.
//!
//! Layers (see `docs/` and the architecture notes): [`engine`] holds the pure rules;
//! [`render`] draws boards (PNG, text); [`cli`] the terminal commands over them.
pub mod cli;
pub mod engine;
pub mod render;
