//! The club's integration tests: chouettes, leagues' matches and pictures, spectators,
//! which match a command is for.
//!
//! One test binary for the crate (one module per suite): it links once.

mod chouette_club;
mod league_matches;
mod league_pictures;
mod spectators;
mod which_match;
