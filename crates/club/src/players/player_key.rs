//! A player named in a command as their platform id: one function, a leaf, because
//! challenges, chouettes, ratings, analyses and leagues all name players.

use crate::{Actor, Identity};

/// How a player is named in a command (`@bob`, `Bob`, a Discord id) as his platform id:
/// the local chat's ids are names in lower case.
pub(crate) fn player_key(actor: &Actor, who: &str) -> String {
    let key = who.trim().trim_start_matches('@');
    if actor.identity == Identity::Name {
        key.to_lowercase()
    } else {
        key.to_string()
    }
}
