//! gammonbot: backgammon matches at correspondence pace.
//!
//! This package is the program and its adapters; the layers below it are crates of the
//! workspace (see `docs/architecture.md`): `engine` holds the pure rules; `render` draws
//! boards (PNG, text); `store` keeps them in SQLite or PostgreSQL; `club` is the
//! application (commands in, outcomes out). Here: [`config`] the one typed configuration,
//! read once in `main`; [`discord`] the Discord bot, [`console`] the local terminal chat,
//! [`cli`] the terminal tools over the engine; [`ops`] what the operator sees (metrics,
//! health, logs).
pub mod cli;
pub mod config;
pub mod console;
pub mod discord;
pub mod ops;
