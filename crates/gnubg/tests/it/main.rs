//! The gnubg crate's integration tests: one binary, one module per suite. They run the
//! real GNU Backgammon (`/usr/games/gnubg`), with few requests each.

mod analyse;
mod decisions;
mod failures;
mod levels;
mod noisy_cube;
mod oracle;
mod oracle_cube;
mod oracle_plays;
mod priority;
/// The self-play of the examples.
#[path = "../../examples/selfplay/mod.rs"]
mod selfplay;
