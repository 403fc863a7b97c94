//! Ratings through the club on real SQLite files: the FIBS update in the transaction that
//! finishes a match (worked example, upset, newcomer against veteran, time-out forfeit),
//! what is not rated (rated:off, money play), communities kept apart, `/rating` and
//! `/leaderboard`, the rebuild from the finished matches, and refusals.
//!
//! A module per group; the set-ups they share are in `fixtures`.

mod fixtures;
mod pools_and_leaderboard;
mod rating_changes;
mod rebuild_and_refusals;
