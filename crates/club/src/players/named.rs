//! A player named in a command who must already be known here (`/rating`, `/stats`,
//! `/block`): looked up, never created by naming him.

use crate::players::player_key::player_key;
use crate::{Actor, Club, ClubError, Refusal};
use store::PlayerRow;

/// The known player `who` names on the actor's platform; `None` when nobody here has that
/// name (or no name is given). A name over 100 characters is refused as too long.
pub(crate) async fn known_player(
    club: &Club,
    actor: &Actor,
    who: &str,
) -> Result<Option<PlayerRow>, ClubError> {
    let key = player_key(actor, who);
    if key.chars().count() > 100 {
        return Err(Refusal::TooLong("name", key.chars().count(), 100).into());
    }
    if key.is_empty() {
        return Ok(None);
    }
    Ok(club.store.find_player(&actor.platform, &key).await?)
}
