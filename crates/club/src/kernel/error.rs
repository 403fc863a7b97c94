//! The club's error: a refusal a player caused ([`Refusal`], in `refusal.rs`), or the
//! club's own failure. None of them changes anything stored.

use thiserror::Error;

use crate::Refusal;
use store::{Fault, StoreError};

/// Why a command was not done: refused ([`Refusal`]: the player's mistake or the game's
/// rules), or the club's own failure (the database, a stored record it cannot read or
/// write). Nothing is changed either way.
#[derive(Debug, Error)]
pub enum ClubError {
    /// Refused: what the player asked cannot be done; the words say what to do instead.
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// The database failed (or, `StoreError::Stale`, moved on meanwhile).
    #[error("{}", store_words(.0))]
    Store(#[from] StoreError),
    /// A stored match cannot be read: its number and why.
    #[error("stored match #{0} cannot be read ({1}); tell the bot's admin")]
    Corrupt(i64, String),
    /// Something could not be encoded for the store: why.
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
