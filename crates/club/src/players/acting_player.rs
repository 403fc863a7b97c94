//! The acting player: the player and community a command comes from, found or made
//! from the [`Actor`] the platform sends.

use crate::Refusal;
use crate::{Actor, Club, ClubError};
use store::PlayerRow;

/// The player who sends a command and the community they send it in, made on their
/// first command (a changed display name renames them).
pub(super) async fn me(club: &Club, actor: &Actor) -> Result<(PlayerRow, i64), ClubError> {
    for (what, text) in [
        ("name", &actor.display_name),
        ("user id", &actor.user_id),
        ("channel", &actor.channel),
    ] {
        if text.chars().count() > 100 {
            return Err(Refusal::TooLong(what, text.chars().count(), 100).into());
        }
    }
    // Read first: most commands come from known players in known communities, and a
    // read takes no write lock.
    let (found, found_community) = club
        .store
        .find_actor(&actor.platform, &actor.user_id, &actor.community_id)
        .await?;
    // A display name changes when the platform says so (Discord sends the current
    // one); in the local chat the id is the name in lower case, and typing it in
    // another case does not rename the player.
    // The name is taken without bidirectional controls (they would turn the words after
    // it around wherever it is shown).
    let name = render::strip_bidi_controls(&actor.display_name);
    let me = match found {
        Some(p) if p.display_name == name || actor.identity == crate::Identity::Name => p,
        _ => {
            club.store
                .player(&actor.platform, &actor.user_id, &name, club.clock.now())
                .await?
        }
    };
    let community = match found_community {
        Some(id) => id,
        None => {
            club.store
                .community(&actor.platform, &actor.community_id, &actor.community_name)
                .await?
        }
    };
    Ok((me, community))
}
