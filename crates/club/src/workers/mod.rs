//! The workers: the tasks that run beside the commands, each a loop over work the rooms
//! do. The deadline sweep (`sweep`: time-outs, reminders, expiries, vacations, league
//! deadlines and seasons, low time, digests), the analysis queue's runner (`analysis`)
//! and the bot player's worker (`bot`). Each ends when the club is stopped
//! ([`Club::stop`]).
//!
//! Entry points, on [`Club`]: `sweep`, `spawn_deadlines` (`sweep`); `spawn_analysis`
//! (`analysis`); `spawn_bot` (`bot`).

mod analysis;
mod bot;
mod sweep;

use std::sync::Arc;
use std::time::Duration;

use crate::{Club, ClubError, Notice};

impl Club {
    /// Acts on every deadline and reminder that has come: a player out of time forfeits
    /// (Welsh: timed out, with its prize); a reminder is sent once. Returns the notices.
    ///
    /// # Errors
    /// A database error (whatever was done before it stays done).
    pub async fn sweep(&self) -> Result<Vec<Notice>, ClubError> {
        sweep::sweep(self).await
    }

    /// Runs [`Club::sweep`] now and then every `every`, sending notices to `tx`, until
    /// `tx` is closed or the club is stopped ([`Club::stop`]: the sweep under way ends
    /// first, its notices sent).
    pub fn spawn_deadlines(
        self: Arc<Self>,
        every: Duration,
        tx: tokio::sync::mpsc::UnboundedSender<Notice>,
    ) -> tokio::task::JoinHandle<()> {
        sweep::spawn_deadlines(self, every, tx)
    }

    /// Starts the analysis workers (`ANALYSIS_WORKERS` of them), after queueing again the
    /// jobs a stopped bot left running. Each runs gnubg on a blocking thread. They end
    /// when the club is stopped ([`Club::stop`]): a job under way then is stopped and
    /// queued again (its attempt not counted).
    #[must_use]
    pub fn spawn_analysis(self: Arc<Self>) -> Vec<tokio::task::JoinHandle<()>> {
        analysis::spawn_analysis(self)
    }

    /// The bot's worker: makes every pending decision at start-up, then those a command
    /// leaves to the bot as they come, and every retry interval looks again at all open
    /// bot matches (a decision that failed is retried then). Matches are decided side by
    /// side (gnubg's pool bounds how many think at once), one batch at a time in each.
    /// Runs until everyone else has dropped the club, or until it is stopped
    /// ([`Club::stop`]): then it starts no batch and ends once the batches under way
    /// have (each ends before its next decision, its events sent).
    pub fn spawn_bot(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        bot::spawn_bot(self)
    }
}
