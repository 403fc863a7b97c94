//! Challenges that nobody answers expire: after the club's setting (seven days unless set
//! otherwise) or the challenge's own `expires:`. The deadline sweep expires them, one
//! logged and versioned change each, and tells both players; the challenger may then
//! challenge again.

use crate::Refusal;
use crate::duration_words;
use crate::matches::loaded::Loaded;
use crate::matches::work::entry_json;
use crate::{ChallengeSpec, Club, ClubError, DAY, Entry, Notice};
use store::{MatchChange, MatchStatus};

/// An unanswered challenge stands this long unless the club or the challenge says
/// otherwise.
pub(crate) const DEFAULT_CHALLENGE_EXPIRY: i64 = 7 * DAY;

/// Whether the challenge `l` has expired by `now` (the sweep may not have seen it yet).
pub(crate) fn expired(l: &Loaded, now: i64) -> bool {
    l.row.status == MatchStatus::Challenged && l.row.expires_at.is_some_and(|t| t <= now)
}

/// When a challenge made now on `spec` expires.
pub(super) fn expires_at(club: &Club, spec: &ChallengeSpec, now: i64) -> i64 {
    now + spec.expires.unwrap_or(club.challenge_expiry)
}

/// Expires the challenge `l` if its time has come: one versioned change with the
/// expiry in its log, and a notice for each player. Nothing if it was answered in the
/// meantime (the version moved on).
pub(super) async fn expire(club: &Club, l: &Loaded, now: i64) -> Result<Vec<Notice>, ClubError> {
    if !expired(l, now) {
        return Ok(Vec::new());
    }
    let waited = duration_words(l.row.expires_at.unwrap_or(now) - l.row.created_at);
    let result = format!(
        "the challenge expired: {} did not answer within {waited}",
        l.names[1]
    );
    let text = format!(
        "Challenge #{} from {} to {} expired unanswered after {waited}; {} may challenge again (/challenge {})",
        l.row.id, l.names[0], l.names[1], l.names[0], l.names[1]
    );
    let notices: Vec<Notice> = l
        .players
        .iter()
        .map(|p| Notice {
            match_id: l.row.id.into(),
            channel: l.row.channel.clone(),
            user_id: p.platform_id.clone(),
            dm: p.notify_dm,
            text: text.clone(),
        })
        .collect();
    let change = MatchChange {
        id: l.row.id,
        community_id: l.row.community_id,
        players: l.row.players,
        expected_version: l.row.version,
        status: MatchStatus::Cancelled,
        bank: l.row.bank,
        result: Some(result),
        now,
        actions: vec![(None, entry_json(&Entry::Expire)?)],
        // The notices, written with the expiry in its commit.
        owed: crate::outbox::rows::owed_rows(&notices),
        ..MatchChange::default()
    };
    match club.commit(l, &change).await {
        Ok(_) => {}
        Err(ClubError::Refused(Refusal::Stale(..))) => return Ok(Vec::new()),
        Err(e) => return Err(e),
    }
    club.ring_outbox();
    Ok(notices)
}
