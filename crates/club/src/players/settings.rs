//! A player's settings and the community's: auto-roll, direct messages, the daily digest
//! (checked by `digest`), match threads,
//! introducing players, moving a match to another channel.

use crate::Refusal;
use crate::{Actor, Club, ClubError, DigestOptions, MatchRef, Outcome};
use store::PlayerRow;

/// Shows the player's settings, changing those given.
pub(super) async fn settings(
    club: &Club,
    me: &PlayerRow,
    auto_roll: Option<bool>,
    notify_dm: Option<bool>,
    digest: &DigestOptions,
) -> Result<Outcome, ClubError> {
    let auto = auto_roll.unwrap_or(me.auto_roll);
    let dm = notify_dm.unwrap_or(me.notify_dm);
    // Checked before anything is written: a refusal changes nothing.
    let (write, shown) = super::digest::digest_change(club, me, digest).await?;
    club.store
        .set_settings_with_digest(me.id, auto, dm, &write)
        .await?;
    Ok(Outcome {
        lines: vec![format!(
            "Settings for {}: auto-roll {}, direct messages {}, {}",
            me.display_name,
            if auto { "on" } else { "off" },
            if dm { "on" } else { "off" },
            super::digest::digest_words(club, shown.as_ref())
        )],
        ..Outcome::default()
    })
}

/// Records a player the platform has told us about (a challenged user who has not
/// spoken yet).
pub(super) async fn introduce(
    club: &Club,
    platform: &str,
    user_id: &str,
    name: &str,
) -> Result<(), ClubError> {
    if user_id.chars().count() > 100 || name.chars().count() > 100 {
        return Err(Refusal::TooLong("name", name.chars().count(), 100).into());
    }
    let name = render::strip_bidi_controls(name);
    club.store
        .player(platform, user_id, &name, club.clock.now())
        .await?;
    Ok(())
}

/// Whether the actor's community plays each match in its own thread, and (with `set`)
/// changes it. The platform checks who may change it.
pub(super) async fn match_threads(
    club: &Club,
    actor: &Actor,
    set: Option<bool>,
) -> Result<bool, ClubError> {
    let (_, community) = super::acting_player::me(club, actor).await?;
    if let Some(on) = set {
        club.store.set_match_threads(community, on).await?;
    }
    Ok(club.store.match_threads(community).await?)
}

/// Moves a match to another channel of the same platform (its own thread).
pub(super) async fn move_to_channel(
    club: &Club,
    actor: &Actor,
    id: i64,
    channel: &str,
) -> Result<(), ClubError> {
    let (me, community) = super::acting_player::me(club, actor).await?;
    let l = club.find(&me, community, MatchRef::id(id), "move").await?;
    club.store.set_channel(l.row.id, channel).await?;
    Ok(())
}
