//! The deadline sweep: now and then, everything whose time has come, in order:
//! planned vacations that begin, each match due (time-out, reminder, expiry), league
//! deadlines and seasons, vacations that end, low time, the daily digests.

use std::sync::Arc;
use std::time::Duration;

use crate::{Club, ClubError, Notice};

/// Acts on every deadline and reminder that has come: a player out of time forfeits
/// (Welsh: timed out, with its prize); a reminder is sent once. Returns the notices.
pub(super) async fn sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    // Planned vacations whose start has come begin first: no time-out for them.
    let mut notices = club.vacation_starts().await?;
    for row in club.store.due(now, 500).await? {
        notices.extend(club.match_due(row, now).await?);
    }
    notices.extend(club.league_sweep().await?);
    notices.extend(club.vacation_sweep().await?);
    notices.extend(club.low_time_sweep(now).await?);
    notices.extend(club.digest_sweep().await?);
    Ok(notices)
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
            match sweep(&club).await {
                Ok(notices) => {
                    for n in notices {
                        if tx.send(n).is_err() {
                            return;
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "deadline sweep failed"),
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
