//! The local terminal chat: lines like `alice: /challenge bob rules:welsh length:25`,
//! each turned into a club [`club::Command`] and answered with the outcome, the board as
//! text and who must act next. No rules here: parsing and printing only.
//!
//! `parse` reads a line (with `challenge`, `chouette`, `league` for the commands with
//! options of their own, and `parse_words` for the words they all share), `output` prints an outcome and writes pictures, `run` drives a
//! script or the terminal, `help` is `/help`, `analysis` the side of `/analyse`, `bot`
//! the bot player's moves, `vacation` `/vacation` and `/server`, `puzzle` `/puzzle` and `/server puzzle`,
//! `web_revoke` the `/web revoke` of a match page's link.

mod analysis;
mod bot;
mod challenge;
mod chouette;
mod help;
mod league;
mod outbox;
mod output;
mod parse;
mod parse_words;
mod puzzle;
mod run;
mod vacation;
mod web_revoke;

pub use help::{HELP, help_on};
pub use output::outcome_text;
pub use parse::parse_line;
pub use parse_words::ParseError;
pub use run::{Options, run, run_line, run_line_linked, run_until, waiting_links};
