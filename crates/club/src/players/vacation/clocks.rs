//! The clocks a vacation stops: the matches where the player is to act, each turn's
//! start and deadline moved by the time away, the reminder after it; a match a league
//! keeps running; a turn that comes to a player away put off to his return.

use crate::Club;
use crate::ClubError;
use crate::Snapshot;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::acting_side;
use store::ClockShift;
use store::MatchChange;
use store::MatchStatus;
use store::PlayerRow;

/// How often a start or end is tried again when a match moved on under it.
pub(super) const TRIES: usize = 3;

/// The reminder of a turn with this deadline: `remind_before` ahead, but not before
/// `not_before` (the end of the vacation), and only if still to come.
fn reminder(deadline: i64, remind_before: i64, not_before: i64, now: i64) -> Option<i64> {
    let r = (deadline - remind_before).max(not_before);
    (r > now && r < deadline).then_some(r)
}

/// Whether a vacation stops this match's clock: always, unless it is a league match
/// whose league set `vacation:off`.
pub(crate) async fn vacation_applies(club: &Club, match_id: i64) -> Result<bool, ClubError> {
    let Some((league, _)) = club.store.fixture_of_match(match_id).await? else {
        return Ok(true);
    };
    let Some(row) = club.store.league(league).await? else {
        return Ok(true);
    };
    Ok(crate::league::vacation_allowed(row))
}

/// The player's active matches here that a vacation stops, loaded; and the names of
/// the leagues that keep their clocks running.
pub(super) async fn paused_matches(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<(Vec<Loaded>, Vec<i64>), ClubError> {
    let mut paused = Vec::new();
    let mut running = Vec::new();
    for id in club.store.active_match_ids(me.id, community).await? {
        let l = club.load(id).await?;
        if l.row.status != MatchStatus::Active {
            continue;
        }
        if vacation_applies(club, id).await? {
            paused.push(l);
        } else {
            running.push(id);
        }
    }
    Ok((paused, running))
}

/// A turn of `me` moved by `by` seconds (on: positive; back: negative).
pub(super) fn shifted(
    _club: &Club,
    l: &Loaded,
    by: i64,
    not_before: i64,
    now: i64,
) -> Option<ClockShift> {
    let (Some(started), Some(deadline)) = (l.row.turn_started_at, l.row.deadline_at) else {
        return None;
    };
    let deadline = deadline + by;
    Some(ClockShift {
        match_id: l.row.id,
        expected_version: l.row.version,
        turn_started_at: Some(started + by),
        deadline_at: Some(deadline),
        reminder_at: reminder(deadline, l.spec.time.remind_before, not_before, now),
    })
}

/// A change that leaves the turn to a player on vacation (whose vacation stops this
/// match's clock) starts his turn when the vacation ends: its start and deadline move
/// on by the time left away.
pub(crate) async fn defer_for_vacation(
    club: &Club,
    l: &Loaded,
    snap: &Snapshot,
    change: &mut MatchChange,
) -> Result<(), ClubError> {
    let (Some(start), Some(deadline)) = (change.turn_started_at, change.deadline_at) else {
        return Ok(());
    };
    if snap.is_over() {
        return Ok(());
    }
    let Some(side) = acting_side(&snap.game) else {
        return Ok(());
    };
    if l.away.is_some_and(|away| !away[side.index()]) {
        return Ok(());
    }
    let player = l.row.players[side.index()];
    let Some(v) = club
        .store
        .running_vacation(player, l.row.community_id)
        .await?
    else {
        return Ok(());
    };
    if v.ends_at <= start || !vacation_applies(club, l.row.id).await? {
        return Ok(());
    }
    let by = v.ends_at - start.max(v.started_at);
    change.turn_started_at = Some(start + by);
    change.deadline_at = Some(deadline + by);
    change.reminder_at = reminder(
        deadline + by,
        l.spec.time.remind_before,
        v.ends_at,
        change.now,
    );
    Ok(())
}

/// The sweep's safety net: a due match waiting on a player on vacation is not timed
/// out nor reminded; its turn starts when the vacation ends instead. Whether it was
/// (so the sweep leaves it).
pub(crate) async fn sweep_spares(club: &Club, l: &Loaded, player: i64) -> Result<bool, ClubError> {
    let Some(v) = club
        .store
        .running_vacation(player, l.row.community_id)
        .await?
    else {
        return Ok(false);
    };
    let now = club.clock.now();
    // Over, though not yet ended by the sweep: the clocks were moved for it already.
    if v.ends_at <= now || !vacation_applies(club, l.row.id).await? {
        return Ok(false);
    }
    let started = l.row.turn_started_at.unwrap_or(now);
    let by = (v.ends_at - started.max(v.started_at)).max(0);
    if let Some(shift) = shifted(club, l, by, v.ends_at, now) {
        match club.store.shift_clock(&shift, now).await {
            Ok(()) | Err(store::StoreError::Stale) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(true)
}
