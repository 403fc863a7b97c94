//! The club's integration tests: chouettes, leagues' matches and pictures, spectators.
//!
//! One test binary for the crate (one module per suite): it links once.

mod chouette_club;
mod league_matches;
mod league_pictures;
mod spectators;
