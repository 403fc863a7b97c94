//! Why the bot could not decide, and the one text saying GNU Backgammon is not installed.

use std::time::Duration;

// The one text saying GNU Backgammon is missing, in its two parts (as literals, for
// `concat!`): the bot's [`BotError::Missing`] and the analysis's [`ANALYSIS_NEEDS_GNUBG`]
// are both "{NOT_INSTALLED}, so {what cannot be done}: {INSTALL_GNUBG}".
macro_rules! not_installed {
    () => {
        "GNU Backgammon (gnubg) is not installed on the bot's machine"
    };
}
macro_rules! install_gnubg {
    () => {
        "the bot's admin can install it with `apt-get install gnubg` (Debian/Ubuntu) or \
         from https://www.gnu.org/software/gnubg/"
    };
}

/// How the bot's admin installs GNU Backgammon: the end of every text saying it is not
/// installed.
pub const INSTALL_GNUBG: &str = install_gnubg!();

/// The start of every text saying GNU Backgammon is not installed.
const NOT_INSTALLED: &str = not_installed!();

/// What the analysis (`/analyse`, and a job that finds gnubg gone) says when GNU
/// Backgammon is not installed.
pub const ANALYSIS_NEEDS_GNUBG: &str = concat!(
    not_installed!(),
    ", so matches cannot be analysed: ",
    install_gnubg!()
);

/// Why GNU Backgammon gave the bot no decision. Nothing is played then: the caller waits
/// and asks again later.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("{NOT_INSTALLED} (looked in {0}), so the bot cannot play: {INSTALL_GNUBG}")]
    Missing(String),
    #[error("GNU Backgammon could not be started ({0}), so the bot cannot play for now")]
    Spawn(String),
    #[error("GNU Backgammon took longer than {} s to decide and was stopped", .0.as_secs())]
    TimedOut(Duration),
    #[error("GNU Backgammon failed ({0}), so the bot cannot play for now")]
    Failed(String),
    #[error("GNU Backgammon chose a play the rules do not allow ({0}); the bot does not make it")]
    IllegalAnswer(String),
    #[error("this is not the bot's decision to make: {0}")]
    NotItsTurn(&'static str),
}
