//! Leagues and tournaments: round robins, knockouts, divisions over seasons, double
//! elimination and the Swiss system, run by an
//! organiser (the tournament director). Commands in, outcomes out; every change is one
//! transaction with the league's version checked ([`store::Store::commit_league`])
//! and an entry in the league's append-only log. A league match reports its end to its
//! fixture inside the match's own commit; what follows from it (the next knockout round,
//! the end of the season, the jack-pot) is done right after and again by the sweep, so a
//! restart loses nothing.
//!
//! The scheduler (`fixtures`, `double_elim`, `swiss`) and the table (`standings`) are
//! pure; `swiss_rounds` pairs a Swiss season's next round in the store; `start` draws and
//! starts a season, `advance` follows results (next knockout round, end of season),
//! `director` holds the organiser's rulings and extensions, `withdrawal` a player leaving
//! mid-season, `reminders` the sweep's part, `recur` seasons that start by themselves,
//! `checkin` a knockout's check-in, `suggest` gnubg's chances for an unfinished match;
//! `views` and `pictures` show them.
//! The types are in `terms` (format, settings, a league as read), `ops` (the commands)
//! and `entries` (the log); `commands` runs the commands; `tables` makes a division's
//! table and its text. This file only declares the parts and re-exports what the club
//! and the adapters use of them.

mod advance;
mod announce;
mod checkin;
mod commands;
mod director;
pub mod double_elim;
mod entries;
pub mod fixtures;
mod log;
mod ops;
mod pictures;
mod posts;
mod recur;
mod reminders;
pub mod standings;
mod start;
mod suggest;
pub mod swiss;
mod swiss_rounds;
mod tables;
mod terms;
mod views;
mod withdrawal;

pub(crate) use advance::league_report;
pub use entries::LeagueEntry;
pub use ops::{LeagueCommand, LeagueOp};
pub use posts::LeaguePost;
pub(crate) use posts::PostsOwed;
pub(crate) use tables::division_table;
pub use tables::{BracketLine, TableLine};
pub(crate) use terms::League;
pub(crate) use terms::vacation_allowed;
pub use terms::{
    Format, LeagueSettings, MAX_LEAGUE_NAME, MIN_PLAYERS, Seeding, Withdrawal, parse_amount,
};
pub(crate) use views::fixture_line;
