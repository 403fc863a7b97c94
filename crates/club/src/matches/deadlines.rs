//! A match's deadline come: a challenge expires, a player out of time forfeits, a
//! reminder is sent once. The sweep (`workers/sweep.rs`) finds the matches due.

use crate::Club;
use crate::ClubError;
use crate::Notice;
use crate::Refusal;
use crate::duration_words;
use crate::matches::prompts::acting_side;
use crate::matches::prompts::break_end;
use crate::matches::prompts::next_words;
use std::fmt::Write as _;
use store::MatchRow;
use store::MatchStatus;

/// Acts on one match whose deadline or reminder has come (`row`, read by the sweep): a
/// challenge expires; a player out of time forfeits (Welsh: timed out, with its prize);
/// a reminder is sent once. A bot's turn and a player on vacation wait. Returns the
/// notices.
pub(super) async fn due(club: &Club, row: MatchRow, now: i64) -> Result<Vec<Notice>, ClubError> {
    let mut notices = Vec::new();
    let id = row.id;
    let mut l = match super::which_match::loaded(club, row).await {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!(match_id = id, error = %e, "cannot load a due match");
            return Ok(notices);
        }
    };
    if l.row.status == MatchStatus::Challenged {
        notices.extend(club.expire(&l, now).await?);
        return Ok(notices);
    }
    let Some(snap) = &l.snap else {
        return Ok(notices);
    };
    let Some(side) = acting_side(&snap.game) else {
        return Ok(notices);
    };
    // The bot has no clock: it is never timed out nor reminded.
    if l.bot_side() == Some(side) {
        return Ok(notices);
    }
    let player = l.players[side.index()].clone();
    let p = &player;
    // A player on vacation is never timed out nor reminded: his turn waits.
    if club.sweep_spares(&l, p.id).await? {
        return Ok(notices);
    }
    if l.row.deadline_at.is_some_and(|d| d <= now) {
        if let Err(e) = super::play::with_fair(club, &mut l).await {
            tracing::warn!(match_id = l.row.id, error = %e, "cannot load the fair dice");
            return Ok(notices);
        }
        let work = match super::plan::plan_time_out(club, &l, side) {
            Ok(w) => w,
            Err(e) => {
                tracing::warn!(match_id = l.row.id, error = %e, "time-out refused");
                return Ok(notices);
            }
        };
        // Said once in the match's channel, to the player who ran out; his opponent is
        // told by direct message only if he asked for that (a notice with no channel is
        // not posted in one). Written with the time-out, in its commit.
        let other = &l.players[side.opponent().index()];
        let told: Vec<super::play::Told<'_>> = [(p, l.row.channel.clone()), (other, String::new())]
            .into_iter()
            .filter(|(who, channel)| !channel.is_empty() || who.notify_dm)
            .map(|(player, channel)| super::play::Told { channel, player })
            .collect();
        let saved =
            super::play::save_telling(club, &l, None, work, MatchStatus::Active, &told).await;
        match saved {
            Ok(out) => {
                notices.extend(out.notices);
                // A league match's result also in the league's channel, when that
                // is another (addressed to nobody in particular): owed in the commit
                // (`announce_owed`); what follows it written right after.
                let owed = out.announce_owed;
                let announced: Vec<Notice> = out
                    .announce
                    .into_iter()
                    .map(|(channel, text)| Notice {
                        match_id: l.row.id.into(),
                        channel,
                        user_id: String::new(),
                        dm: false,
                        text,
                    })
                    .collect();
                club.owe(&announced[owed.min(announced.len())..]).await?;
                notices.extend(announced);
            }
            Err(ClubError::Refused(Refusal::Stale(..))) => {}
            Err(e) => return Err(e),
        }
    } else {
        let left = l.row.deadline_at.map_or(0, |d| d - now);
        // Regulation D: during a break the turn waits for its end.
        let mut what = next_words(&snap.game);
        if let Some(until) = snap.break_running(now) {
            let _ = write!(
                what,
                " once the break ends (it runs {})",
                break_end(until, now)
            );
        }
        let reminder = Notice {
            match_id: l.row.id.into(),
            channel: l.row.channel.clone(),
            user_id: p.platform_id.clone(),
            dm: p.notify_dm,
            text: format!(
                "Reminder: {}, match #{} waits for you to {}; {} left before you forfeit",
                p.display_name,
                l.row.id,
                what,
                duration_words(left)
            ),
        };
        // Written with the mark, in its transaction: a reminder marked is never lost.
        let owed = crate::outbox::rows::notice_rows(&reminder);
        if club
            .store
            .mark_reminded(l.row.id, l.row.version, &owed, now)
            .await?
        {
            notices.push(reminder);
        }
    }
    Ok(notices)
}
