//! The deadline sweep: now and then, everything whose time has come, in order:
//! planned vacations that begin, each match due (time-out, reminder, expiry), league
//! deadlines and seasons, vacations that end, low time, the daily digests, the positions
//! of the day.

use std::sync::Arc;
use std::time::Duration;

use crate::{Club, ClubError, Notice};

/// Acts on every deadline and reminder that has come: a player out of time forfeits
/// (Welsh: timed out, with its prize); a reminder is sent once. Returns the notices; on a
/// database error, the first one (every step was still tried, and the notices of what was
/// done are lost to this caller: the worker uses [`sweep_into`], which sends them).
pub(super) async fn sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let mut notices = Vec::new();
    match sweep_into(club, &mut |n| notices.push(n)).await {
        Some(e) => Err(e),
        None => Ok(notices),
    }
}

/// The sweep, each step's notices (written to the outbox with the change they tell of)
/// handed to `send` as soon as it is done. A step (or one match) that meets an error does not
/// stop the others: whatever was done is told, and the error is logged and given back
/// (the first one). Posted messages older than a day are pruned from the outbox last.
pub(super) async fn sweep_into(
    club: &Club,
    send: &mut (dyn FnMut(Notice) + Send),
) -> Option<ClubError> {
    let now = club.clock.now();
    let mut first: Option<ClubError> = None;
    // Planned vacations whose start has come begin first: no time-out for them.
    let r = club.vacation_starts().await;
    keep("vacation starts", r, send, &mut first);
    match club.store.due(now, 500).await {
        Ok(rows) => {
            for row in rows {
                let r = club.match_due(row, now).await;
                keep("a match due", r, send, &mut first);
            }
        }
        Err(e) => keep("matches due", Err(e.into()), send, &mut first),
    }
    let r = club.league_sweep().await;
    keep("leagues", r, send, &mut first);
    let r = club.vacation_sweep().await;
    keep("vacations", r, send, &mut first);
    let r = club.low_time_sweep(now).await;
    keep("low time", r, send, &mut first);
    let r = club.digest_sweep().await;
    keep("digests", r, send, &mut first);
    let r = club.puzzle_sweep().await;
    keep("position of the day", r, send, &mut first);
    if let Err(e) = club.outbox_prune().await {
        tracing::warn!(error = %e, "the outbox was not pruned");
    }
    first
}

/// A step's notices (each step writes its own to the outbox: in the transaction of the
/// change they tell of, or right after it) handed on; its error logged and kept (the
/// first one).
fn keep(
    step: &str,
    result: Result<Vec<Notice>, ClubError>,
    send: &mut (dyn FnMut(Notice) + Send),
    first: &mut Option<ClubError>,
) {
    match result {
        Ok(notices) => notices.into_iter().for_each(&mut *send),
        Err(e) => {
            tracing::warn!(step, error = %e, "a step of the deadline sweep failed; the rest goes on");
            first.get_or_insert(e);
        }
    }
}

/// Runs [`Club::sweep`] now and then every `every`, sending notices to `tx`, until
/// `tx` is closed or the club is stopped ([`Club::stop`]: the sweep under way ends
/// first, its notices sent).
pub(super) fn spawn_deadlines(
    club: Arc<Club>,
    every: Duration,
    tx: tokio::sync::mpsc::UnboundedSender<Notice>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let stop = Arc::clone(&club.stop);
        loop {
            if stop.asked() {
                return;
            }
            // Each notice goes out as soon as its change is done: an error later in the
            // pass loses none of those before it.
            if let Some(e) = sweep_into(&club, &mut |n| {
                let _ = tx.send(n);
            })
            .await
            {
                tracing::warn!(error = %e, "deadline sweep met an error");
            }
            if tx.is_closed() {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                () = stop.wait() => return,
            }
        }
    })
}
