//! Ratings through the club on real SQLite files: the FIBS update in the transaction that
//! finishes a match (worked example, upset, newcomer against veteran, time-out forfeit),
//! what is not rated (rated:off, money play), communities kept apart, `/rating` and
//! `/leaderboard`. The rebuild from the finished matches (with the operator's command) and
//! the refusals of bad input (as the local chat reads it) are the program's
//! `club_ratings_chat`.
//!
//! A module per group; the set-ups they share are in `fixtures`.

mod fixtures;
mod pools_and_leaderboard;
mod rating_changes;
