//! A player's display name changed at his request. Otherwise a name changes only when the
//! platform says so (Discord sends the current one with each command).

use crate::PlayerRefusal;
use crate::Refusal;
use crate::{Actor, Club, ClubError, Outcome};
use store::PlayerRow;

/// Writes the player's name as `name`. In the local chat the name is the identity (its
/// id is the name in lower case), so only its case may change.
pub(super) async fn rename(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    name: &str,
) -> Result<Outcome, ClubError> {
    // Taken without bidirectional controls: one would turn the words after the name
    // around wherever it is shown.
    let name = render::strip_bidi_controls(name);
    let name = name.trim();
    if name.chars().count() > 100 {
        return Err(Refusal::TooLong("name", name.chars().count(), 100).into());
    }
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(PlayerRefusal::NameLetters.into());
    }
    if actor.identity == crate::Identity::Name && name.to_lowercase() != actor.user_id {
        return Err(PlayerRefusal::NameIsIdentity {
            name: capitalised(&actor.user_id),
        }
        .into());
    }
    let now = club.clock.now();
    club.store
        .player(&actor.platform, &actor.user_id, name, now)
        .await?;
    Ok(Outcome {
        lines: vec![format!("{} is now called {name}", me.display_name)],
        ..Outcome::default()
    })
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
