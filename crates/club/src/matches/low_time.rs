//! Low time: besides the reminder before each deadline (`deadlines`), a player is told
//! once per match when his time bank falls below a threshold (the club's setting,
//! [`Club::with_low_time`]; the program's `LOW_TIME`, one day by default). Said in the match's channel to him (and
//! by direct message when he asked for those), as the reminder is. A match whose banks
//! began at or below the threshold (a live clock) never gets it. The store marks who was
//! told, so it is said once across restarts and processes. Run by the deadline sweep.

use crate::duration_words;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::acting_side;
use crate::{Club, ClubError, DAY, Notice};

/// The threshold the program sets when its setting (`LOW_TIME`) is not given: one day. A
/// club made with [`Club::new`] says nothing of low time until [`Club::with_low_time`].
pub const DEFAULT_LOW_TIME: i64 = DAY;

/// How many matches one sweep looks at.
const BATCH: i64 = 500;

/// The side match `l` waits on at `now` (the tutor's hold against the bot waits on the
/// human), with his time bank left then; `None` when it waits on the bot or nobody.
fn bank_left(l: &Loaded, now: i64) -> Option<(usize, i64)> {
    let s = l.snap.as_ref().filter(|s| !s.is_over())?;
    let side = s
        .tutor_holds_against_bot(l.spec.bot.is_some())
        .or_else(|| acting_side(&s.game))?;
    if l.bot_side() == Some(side) {
        return None;
    }
    let i = side.index();
    // Beyond the allowance of this decision the time comes out of the bank.
    let over = l
        .row
        .turn_started_at
        .map_or(0, |t| (now - t - l.spec.time.per_move).max(0));
    Some((i, (l.row.bank[i] - over).max(0)))
}

/// Tells each player to act whose time bank has fallen below the threshold, once per
/// match. Returns the notices.
///
/// # Errors
/// A database error (whatever was marked before it stays marked).
pub(super) async fn low_time_sweep(club: &Club, now: i64) -> Result<Vec<Notice>, ClubError> {
    let threshold = club.low_time;
    let mut notices = Vec::new();
    if threshold <= 0 {
        return Ok(notices);
    }
    for row in club
        .store
        .low_time_candidates(now, threshold, BATCH)
        .await?
    {
        let id = row.id;
        let l = match super::which_match::loaded(club, row).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(match_id = id, error = %e, "cannot load a match for low time");
                continue;
            }
        };
        if l.spec.time.bank <= threshold {
            // Its banks began below the threshold: they never fall below it.
            club.store.close_low_time(id).await?;
            continue;
        }
        let Some((side, left)) = bank_left(&l, now) else {
            club.store.mark_low_time_seen(id, l.row.version).await?;
            continue;
        };
        if left >= threshold {
            // Here for the other player's bank, which runs again on his turn.
            continue;
        }
        let p = &l.players[side];
        let to_deadline = l.row.deadline_at.map_or(0, |d| d - now);
        let notice = Notice {
            match_id: id.into(),
            channel: l.row.channel.clone(),
            user_id: p.platform_id.clone(),
            dm: p.notify_dm,
            text: format!(
                "Low time: {}, your time bank in match #{id} against {} is down to {}; {} left before you forfeit this decision",
                p.display_name,
                l.names[1 - side],
                duration_words(left),
                duration_words(to_deadline)
            ),
        };
        // Written with the claim, in its transaction.
        let owed = crate::outbox::rows::notice_rows(&notice);
        if club
            .store
            .claim_low_time(id, side, l.row.version, &owed, now)
            .await?
        {
            notices.push(notice);
        } else {
            club.store.mark_low_time_seen(id, l.row.version).await?;
        }
    }
    Ok(notices)
}
