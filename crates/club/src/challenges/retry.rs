//! A challenge sent again: the same challenger, opponent, terms and channel within
//! [`RETRY_WINDOW`] of the first (a retried interaction, a command typed twice after an
//! answer that never came) is answered with the match already made, not a second one.

use crate::{Club, ClubError, Outcome};
use store::{MatchRow, MatchStatus, PlayerRow};

/// How long a challenge sent again counts as the same one.
pub(crate) const RETRY_WINDOW: i64 = 5 * 60;

/// The match made by the same challenge within [`RETRY_WINDOW`] before now: still
/// waiting for its answer, or, against the bot (which accepts at once), under way. (A
/// person's challenge already accepted is not the same one: a new challenge is meant.)
pub(super) async fn same_challenge(
    club: &Club,
    me: &PlayerRow,
    other: &PlayerRow,
    community: i64,
    channel: &str,
    terms: &str,
    against_bot: bool,
) -> Result<Option<MatchRow>, ClubError> {
    let now = club.clock.now();
    let open = club.store.matches_of(me.id, community, true).await?;
    Ok(open.into_iter().find(|r| {
        r.players == [me.id, other.id]
            && r.terms == terms
            && r.channel == channel
            && now - r.created_at <= RETRY_WINDOW
            && (r.status == MatchStatus::Challenged
                || (against_bot && r.status == MatchStatus::Active))
    }))
}

/// The answer to a challenge sent again: the match that stands, and who is next.
pub(super) fn answer_again(row: &MatchRow, other: &PlayerRow, now: i64) -> Outcome {
    let id = row.id;
    let ago = (now - row.created_at).max(0);
    let mut out = Outcome {
        match_id: Some(id.into()),
        version: Some(row.version),
        lines: vec![format!(
            "Match #{id}: this challenge to {} was already made {ago} s ago; it stands, and \
             no second match was made. /board #{id} shows it.",
            other.display_name
        )],
        ..Outcome::default()
    };
    if row.status == MatchStatus::Challenged {
        out.next = Some(super::asked::to_answer(other, id));
    }
    out
}
