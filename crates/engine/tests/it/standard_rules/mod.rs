//! Standard rules (seeds 001-004): one test per rule, named for it, a module per group of
//! rules.

mod beavers_crawford_and_holland;
mod fixtures;
mod opening_and_cube;
mod plays_and_match_score;
mod readings;
mod scoring_and_resignation;
