//! The club end to end on a real SQLite file: whole seeded matches in both rulesets,
//! rebuilding from the action log, restart mid-match, a race on one action, clocks across
//! days, the scoop-pot and ledger, and refusals that change nothing. (The Holland option
//! and a Welsh guest's choice as the local chat reads them, and its words for a break: the
//! program's `club_chat`.)
//!
//! A module per group; the set-ups they share are in `fixtures`.

mod clocks;
mod commands_and_refusals;
mod fixtures;
mod new_game_boards;
mod standard_boards;
mod welsh_breaks;
mod welsh_through_the_club;
mod whole_matches;
