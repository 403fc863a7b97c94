//! Leagues end to end through the club on a real SQLite file: a round robin played to its
//! end with a clock forfeit, an organiser's forfeit and a withdrawal, the table checked
//! number by number; a Welsh knockout with byes to the grand final and its jack-pot; two
//! divisions over two seasons; refusals that change nothing; a restart between a match's
//! end and the next knockout round; sixty-four players' start timed. (Leagues run from the
//! local chat: the program's `leagues_chat`.)
//!
//! A module per group; the set-ups they share are in `fixtures`.

mod fixtures;
mod refusals_and_restarts;
mod size;
mod whole_seasons;
