//! Refusals a player can cause: values with a message that says what to do instead. None
//! of them changes anything stored.

use thiserror::Error;

use store::{Fault, StoreError};

#[derive(Debug, Error)]
pub enum ClubError {
    #[error("there is no match #{0}; /games lists yours")]
    UnknownMatch(i64),
    #[error("there is no chouette #{0}")]
    UnknownChouette(i64),
    #[error("there is no chouette in this channel; open one with /chouette create")]
    NoChouette,
    #[error("you have no open match here; start one with /challenge <player>")]
    NoMatch,
    #[error(
        "/{1} could be for any of these matches of yours here: {0}; say which, e.g. `/{1} #{2}`"
    )]
    WhichMatch(String, &'static str, i64),
    #[error("you are in several chouettes here ({0}); say which, e.g. `/chouette {1} #{2}`")]
    WhichChouette(String, &'static str, i64),
    #[error("match #{0} is between {1} and {2}; only they can act on it")]
    NotAParticipant(i64, String, String),
    #[error("it is {0}'s turn: {0} must {1}")]
    NotYourTurn(String, String),
    #[error("match #{0} is {1}: {2}")]
    NotActive(i64, String, &'static str),
    #[error("only {0} can {1} this challenge")]
    NotYourChallenge(String, &'static str),
    #[error("{0}")]
    Refused(String),
    #[error("{0} is a {1} command; match #{2} is {3} backgammon")]
    WrongRuleset(&'static str, &'static str, i64, &'static str),
    #[error("{0}")]
    BadOption(String),
    #[error("you cannot challenge yourself; name another player")]
    SelfChallenge,
    #[error("no player called `{0}` has used the bot here yet; they must say something first")]
    UnknownPlayer(String),
    #[error("that {0} is too long ({1} characters; at most {2})")]
    TooLong(&'static str, usize, usize),
    #[error("the board moved on (match #{0} is now at move {1}); look at it again and decide")]
    Stale(i64, i64),
    #[error("match #{0} has no version {1} yet: it is at #{0}@{2}; look at the board again")]
    FutureVersion(i64, i64, i64),
    #[error("{}", store_words(.0))]
    Store(#[from] StoreError),
    #[error("stored match #{0} cannot be read ({1}); tell the bot's admin")]
    Corrupt(i64, String),
    /// A standard match length out of range; the adapter adds how money play is asked for
    /// in its own syntax.
    #[error("a match is 1 to 64 points long, not {0} (money play has no length)")]
    MatchLength(u32),
    #[error("something could not be written down ({0}); nothing was changed, tell the bot's admin")]
    Encode(String),
}

/// What a player is told when the database failed, by what the failure means for the
/// command (`store::Fault`).
fn store_words(e: &StoreError) -> String {
    match e.fault() {
        Fault::Full => {
            "the bot cannot save right now (no room left on its disk); nothing changed, try \
             again later"
                .into()
        }
        Fault::Unreachable => "the bot cannot reach its database right now; nothing changed, \
                               try again in a minute"
            .into(),
        Fault::Interrupted => "the bot lost its database connection while saving this; it may \
                               or may not have been saved: look at the board before trying \
                               again (a command that was saved is not applied twice)"
            .into(),
        Fault::Other => {
            format!("something went wrong on our side ({e}); nothing was changed, try again")
        }
    }
}

/// `value` as JSON for the store; failing to encode it fails the command (nothing is
/// written) instead of writing an empty record.
pub(crate) fn json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, ClubError> {
    serde_json::to_string(value).map_err(|e| ClubError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{ClubError, json};

    #[test]
    fn a_value_json_cannot_write_is_an_error_not_an_empty_record() {
        // Map keys that are not strings cannot be JSON object keys.
        let map: std::collections::HashMap<(i64, i64), i64> = [((1, 2), 3)].into();
        assert!(matches!(json(&map), Err(ClubError::Encode(_))));
        assert_eq!(json(&[1, 2]).unwrap(), "[1,2]");
    }
}
