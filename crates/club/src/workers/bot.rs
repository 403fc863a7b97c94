//! The bot player's worker: the decisions a command leaves to the bot as they come, and
//! every retry interval a look at every open bot match.

use std::sync::Arc;
use std::time::Duration;

use crate::Club;
use crate::bot::open_bot_match_ids;

/// The bot's worker: makes every pending decision at start-up, then those a command
/// leaves to the bot as they come, and every retry interval looks again at all open
/// bot matches (a decision that failed is retried then). Matches are decided side by
/// side (gnubg's pool bounds how many think at once), one batch at a time in each.
/// Runs until everyone else has dropped the club, or until it is stopped
/// ([`Club::stop`]): then it starts no batch and ends once the batches under way
/// have (each ends before its next decision, its events sent).
pub(super) fn spawn_bot(club: Arc<Club>) -> tokio::task::JoinHandle<()> {
    let weak = Arc::downgrade(&club);
    let player = Arc::clone(&club.bot_player);
    let stop = Arc::clone(&club.stop);
    drop(club);
    tokio::spawn(async move {
        // No batch is under way yet: rows a stopped bot held are told now.
        if let Some(club) = weak.upgrade() {
            club.release_bot_rows(None).await;
        }
        let mut scan = true;
        loop {
            if stop.asked() {
                player.batches_ended().await;
                return;
            }
            let Some(club) = weak.upgrade() else { return };
            let ids = if scan {
                match open_bot_match_ids(&club).await {
                    Ok(ids) => ids,
                    Err(e) => {
                        tracing::warn!(error = %e, "the bot could not look for its decisions");
                        Vec::new()
                    }
                }
            } else {
                Vec::new()
            };
            for id in ids.into_iter().chain(player.take_pending()) {
                club.bot_player.start(&club, id);
            }
            let retry = player.retry.max(Duration::from_millis(10));
            drop(club);
            tokio::select! {
                rung = tokio::time::timeout(retry, player.bell.notified()) => {
                    scan = rung.is_err();
                }
                () = stop.wait() => {}
            }
        }
    })
}
