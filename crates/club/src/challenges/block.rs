//! Blocking (`/block`, `/unblock`; migration 0016): a player who blocks another is not
//! challenged by him and does not see him join a chouette he sits in. The blocked player
//! is told only that his challenge (or his joining) was refused, in the words any refusal
//! from the other side gets ([`challenge_refused`], [`join_refused`]): nothing says why.
//! Each block and unblock is one write, its own transaction; a block already there, an
//! unblock of someone not blocked and a block of oneself are refused with nothing changed.

use super::refusal::BlockRefusal;
use crate::{Actor, Club, ClubError, Outcome, Refusal};
use store::PlayerRow;

/// The refusal of a challenge on the opponent's side: the same words whatever the reason,
/// so that they tell the challenger nothing more than that it was refused.
#[must_use]
pub fn challenge_refused(opponent: &str) -> ClubError {
    BlockRefusal::ChallengeRefused {
        opponent: opponent.to_string(),
    }
    .into()
}

/// The refusal of joining a chouette on its members' side, in the same words whatever
/// the reason.
#[must_use]
pub fn join_refused(session: i64) -> ClubError {
    BlockRefusal::JoinRefused { session }.into()
}

/// A player named in `/block` or `/unblock`: known here, never made by naming him.
async fn known_player(club: &Club, actor: &Actor, who: &str) -> Result<PlayerRow, ClubError> {
    crate::players::named::known_player(club, actor, who)
        .await?
        .ok_or_else(|| Refusal::UnknownPlayer(engine::excerpt(who)).into())
}

/// `/block [player]`: block him, or (no one named) list whom I block.
pub(super) async fn block(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    who: Option<&str>,
) -> Result<Outcome, ClubError> {
    let Some(who) = who else {
        let names = club.store.blocked_by(me.id).await?;
        let line = if names.is_empty() {
            "You block nobody. /block <player> stops that player challenging you or joining your \
             chouettes."
                .to_string()
        } else {
            format!(
                "You block: {}. /unblock <player> lifts it.",
                names.join(", ")
            )
        };
        return Ok(Outcome {
            lines: vec![line],
            ..Outcome::default()
        });
    };
    if club.names_bot(actor, who) {
        return Err(BlockRefusal::BlockBot.into());
    }
    let other = known_player(club, actor, who).await?;
    if other.id == me.id {
        return Err(BlockRefusal::BlockSelf.into());
    }
    if !club.store.block(me.id, other.id, club.clock.now()).await? {
        return Err(BlockRefusal::AlreadyBlocking {
            name: other.display_name,
        }
        .into());
    }
    tracing::info!(blocker = me.id, blocked = other.id, "block");
    Ok(Outcome {
        lines: vec![format!(
            "You block {}: that player cannot challenge you or join a chouette you sit in, and is \
             told only that it was refused. /unblock {0} lifts it.",
            other.display_name
        )],
        ..Outcome::default()
    })
}

/// `/unblock <player>`.
pub(super) async fn unblock(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    who: &str,
) -> Result<Outcome, ClubError> {
    let other = known_player(club, actor, who).await?;
    if other.id == me.id {
        return Err(BlockRefusal::UnblockSelf.into());
    }
    if !club.store.unblock(me.id, other.id).await? {
        return Err(BlockRefusal::NotBlocking {
            name: other.display_name,
        }
        .into());
    }
    tracing::info!(blocker = me.id, blocked = other.id, "unblock");
    Ok(Outcome {
        lines: vec![format!(
            "You no longer block {}: that player may challenge you again.",
            other.display_name
        )],
        ..Outcome::default()
    })
}

/// Refuses `me`'s challenge to `other` when `other` blocks him (in the words of any
/// challenge refused), or when `me` blocks `other` (he is told so: lift it first).
pub(super) async fn check_blocks_challenge(
    club: &Club,
    me: &PlayerRow,
    other: &PlayerRow,
) -> Result<(), ClubError> {
    if club.store.blocks(other.id, me.id).await? {
        return Err(challenge_refused(&other.display_name));
    }
    if club.store.blocks(me.id, other.id).await? {
        return Err(BlockRefusal::YouBlock {
            name: other.display_name.clone(),
        }
        .into());
    }
    Ok(())
}

/// Refuses `me` joining chouette `session` when one of its `members` blocks him.
pub(super) async fn check_blocks_join(
    club: &Club,
    me: i64,
    session: i64,
    members: &[i64],
) -> Result<(), ClubError> {
    if club.store.blockers_among(me, members).await?.is_empty() {
        Ok(())
    } else {
        Err(join_refused(session))
    }
}
