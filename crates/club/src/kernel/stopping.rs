//! Stopping the club's workers at a safe point (a graceful shutdown): once [`Club::stop`]
//! is called, the deadline sweep ends after the sweep under way, the analysis workers
//! claim no new job (a job under way is stopped and queued again, its attempt not
//! counted), and the bot's worker starts no new batch, ends each batch under way between
//! two decisions (never inside one's commit), and ends when the last batch has. The
//! commands under way are the adapter's to wait for; the club keeps answering them.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::watch;

use crate::Club;

/// Whether the club was asked to stop, for async workers (a wait) and blocking threads
/// (a flag).
#[derive(Debug)]
pub(crate) struct Stop {
    asked: AtomicBool,
    tx: watch::Sender<bool>,
}

impl Stop {
    pub(crate) fn new() -> Stop {
        Stop {
            asked: AtomicBool::new(false),
            tx: watch::channel(false).0,
        }
    }

    fn ask(&self) {
        self.asked.store(true, Ordering::SeqCst);
        self.tx.send_replace(true);
    }

    /// Whether the club was asked to stop.
    pub(crate) fn asked(&self) -> bool {
        self.asked.load(Ordering::SeqCst)
    }

    /// Returns once the club is asked to stop (at once if it was).
    pub(crate) async fn wait(&self) {
        let mut rx = self.tx.subscribe();
        let _ = rx.wait_for(|asked| *asked).await;
    }
}

/// Asks the workers (the deadline sweep, the analysis workers, the bot's worker) to
/// stop at their next safe point; their tasks end then. Commands are still answered.
pub(super) fn stop(club: &Club) {
    club.stop.ask();
}

/// Whether [`Club::stop`] was called.
#[must_use]
pub(super) fn is_stopping(club: &Club) -> bool {
    club.stop.asked()
}

/// Returns once [`Club::stop`] is called (at once if it was).
pub(super) async fn stopping(club: &Club) {
    club.stop.wait().await;
}
