//! Why the bot could not decide.

use std::time::Duration;

/// What the refusal says when GNU Backgammon is not installed.
pub const INSTALL_GNUBG: &str = "the bot's admin can install it with `apt-get install gnubg` \
     (Debian/Ubuntu) or from https://www.gnu.org/software/gnubg/";

/// Why GNU Backgammon gave the bot no decision. Nothing is played then: the caller waits
/// and asks again later.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(
        "GNU Backgammon (gnubg) is not installed on the bot's machine (looked in {0}), \
         so the bot cannot play: {INSTALL_GNUBG}"
    )]
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
