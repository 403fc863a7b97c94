//! What the deadline sweep does for vacations: planned ones whose start has come begin,
//! and ones whose end has come end, the opponents told each time.

use super::away::ids_words;
use super::away::tell_opponents;
use super::clocks::TRIES;
use super::clocks::paused_matches;
use super::clocks::shifted;
use crate::Club;
use crate::ClubError;
use crate::Notice;
use crate::kernel::phrases::utc_words;
use crate::matches::loaded::Loaded;
use store::ClockShift;
use store::PlayerRow;
use store::VacationRow;

/// The sweep's part, before any time-out: planned vacations whose start has come
/// begin (once, whichever process gets there first): the turns waiting on the player
/// move on to its end (from its start, or from when they came to him if later), his
/// opponents are told, and he too.
pub(crate) async fn vacation_starts(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let mut notices = Vec::new();
    for v in club.store.vacations_due(now, 100).await? {
        let me = club.store.player_by_id(v.player_id).await?;
        for attempt in 1..=TRIES {
            let (paused, _) = paused_matches(club, &me, v.community_id).await?;
            let shifts: Vec<ClockShift> = paused
                .iter()
                .filter(|l| club.waiting_on(l) == Some(me.id))
                .filter_map(|l| {
                    let started = l.row.turn_started_at?;
                    let by = v.ends_at - started.max(v.started_at);
                    (by > 0).then(|| shifted(club, l, by, v.ends_at, now))?
                })
                .collect();
            // The notices are written with the vacation's start, in its transaction.
            let told = vacation_begun_notices(club, &me, &v, &paused);
            let owed = crate::outbox::rows::owed_rows(&told);
            match club.store.begin_vacation(v.id, now, &shifts, &owed).await {
                Ok(true) => {
                    tracing::info!(
                        vacation = v.id,
                        player = me.id,
                        community = v.community_id,
                        days = v.days,
                        until = v.ends_at,
                        clocks_moved = shifts.len(),
                        "vacation started"
                    );
                    notices.extend(told);
                    break;
                }
                Ok(false) => break,
                Err(store::StoreError::Stale) if attempt < TRIES => {}
                Err(store::StoreError::Stale) => {
                    tracing::warn!(
                        vacation = v.id,
                        "planned vacation not begun: its matches kept moving; the next sweep tries again"
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(notices)
}

fn vacation_begun_notices(
    club: &Club,
    me: &PlayerRow,
    v: &VacationRow,
    paused: &[Loaded],
) -> Vec<Notice> {
    let name = &me.display_name;
    let until_words = utc_words(v.ends_at);
    let mut notices = tell_opponents(club, me, paused, &|opp, m| {
        format!(
            "{opp}, {name} is on vacation until {until_words}: {name}'s clock in match #{m} is stopped until then (yours runs as usual)"
        )
    });
    if let Some(first) = paused.first() {
        notices.push(Notice {
            match_id: first.row.id.into(),
            channel: first.row.channel.clone(),
            user_id: me.platform_id.clone(),
            dm: me.notify_dm,
            text: format!(
                "{name}, your planned vacation has begun: your clock stops in {} until {until_words}",
                ids_words(paused.iter().map(|l| l.row.id))
            ),
        });
    }
    notices
}

/// The sweep's part: vacations whose planned end has come are ended (once, whichever
/// process gets there first), the player and his opponents told.
pub(crate) async fn vacation_sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let mut notices = Vec::new();
    for v in club.store.vacations_over(now, 100).await? {
        let me = club.store.player_by_id(v.player_id).await?;
        // The notices are written with the vacation's end, in its transaction.
        let told = vacation_over_notices(club, &me, &v).await?;
        let owed = crate::outbox::rows::owed_rows(&told);
        if !club
            .store
            .end_vacation(v.id, v.ends_at, v.days, false, &[], &owed)
            .await?
        {
            continue;
        }
        tracing::info!(
            vacation = v.id,
            player = v.player_id,
            community = v.community_id,
            days = v.days,
            "vacation over"
        );
        notices.extend(told);
    }
    Ok(notices)
}

async fn vacation_over_notices(
    club: &Club,
    me: &PlayerRow,
    v: &VacationRow,
) -> Result<Vec<Notice>, ClubError> {
    let (paused, _) = paused_matches(club, me, v.community_id).await?;
    let name = &me.display_name;
    let mut notices = tell_opponents(club, me, &paused, &|opp, m| {
        format!("{opp}, {name}'s vacation is over: {name}'s clock in match #{m} runs again")
    });
    let waiting: Vec<&Loaded> = paused
        .iter()
        .filter(|l| club.waiting_on(l) == Some(me.id))
        .collect();
    if let Some(first) = waiting.first() {
        notices.push(Notice {
            match_id: first.row.id.into(),
            channel: first.row.channel.clone(),
            user_id: me.platform_id.clone(),
            dm: me.notify_dm,
            text: format!(
                "{name}, your vacation is over; waiting for you: {}",
                ids_words(waiting.iter().map(|l| l.row.id))
            ),
        });
    }
    Ok(notices)
}
