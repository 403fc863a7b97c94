//! Group commit of match changes: the commands that arrive while one transaction is being
//! made durable are written together in the next one, so that one `fsync` serves all of
//! them.
//!
//! With `synchronous = FULL` every SQLite commit waits for the disk (about 2-4 ms on the
//! development machine), so one commit at a time caps a club at a few hundred commands a
//! second whatever the CPU. Here a command's change goes into a queue, and the first
//! command to take the write lock (the leader) writes every change queued so far in one
//! transaction and commits it once. Each change keeps its own version check: a stale one
//! writes nothing (its versioned `UPDATE` is the first statement it runs) and the others go
//! on. A command hears its answer only after the transaction that holds its change has
//! committed: an acknowledged command is on disk, as before.
//!
//! A batch of one is exactly the single-command transaction of before (the same
//! statements). If a change fails with a database error (not `Stale`), the batch is rolled
//! back and each of its changes is written again in a transaction of its own, so that one
//! failure never takes another command's change with it.
//!
//! On PostgreSQL there is no queue: each change is a transaction of its own, written side
//! by side with the others (the server's own group commit shares the WAL flushes).

use std::sync::Mutex;

use tokio::sync::oneshot;

use crate::db::Backend;
use crate::match_writes::write_change;
use crate::matches::MatchChange;
use crate::ratings::{RatedMatch, lock_match_ends};
use crate::{Store, StoreError};
use engine::welsh::Rates;

/// At most this many changes share one transaction.
const MAX_BATCH: usize = 128;

/// What a queued change hears back: its outcome once its transaction committed.
type Reply = Result<Option<RatedMatch>, StoreError>;

/// A change waiting for its transaction.
struct Job {
    change: MatchChange,
    rates: Rates,
    reply: oneshot::Sender<Reply>,
}

/// The changes waiting for the next leader.
#[derive(Default)]
pub(super) struct Queue(Mutex<Vec<Job>>);

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Queue").finish_non_exhaustive()
    }
}

impl Queue {
    fn push(&self, job: Job) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(job);
    }

    /// Up to [`MAX_BATCH`] queued changes, oldest first, leaving out those whose command
    /// is no longer waiting for an answer (its future was dropped: it was never told it
    /// succeeded, so it is not written).
    fn take(&self) -> Vec<Job> {
        let mut queue = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = queue.len().min(MAX_BATCH);
        queue
            .drain(..n)
            .filter(|job| !job.reply.is_closed())
            .collect()
    }
}

impl Store {
    /// Writes `change` in the next group commit and answers once that transaction is
    /// durable (see the module's doc).
    pub(super) async fn commit_grouped(&self, change: &MatchChange, rates: &Rates) -> Reply {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            change: change.clone(),
            rates: *rates,
            reply,
        };
        if self.backend == Backend::Postgres {
            // PostgreSQL writes transactions side by side and flushes the commits that
            // meet into one WAL write itself: each change is its own transaction.
            self.write_batch(vec![job]).await;
        } else {
            self.queue.push(job);
            // Whoever holds the write lock next writes everything queued, this change
            // included unless an earlier leader already took it.
            let _writing = self.writes.lock().await;
            loop {
                let batch = self.queue.take();
                if batch.is_empty() {
                    break;
                }
                self.write_batch(batch).await;
            }
        }
        answer
            .await
            .unwrap_or_else(|_| Err(StoreError::Aborted("the write was lost".into())))
    }

    /// One transaction for `batch` (on SQLite, the write lock held), each job answered
    /// after it.
    async fn write_batch(&self, mut batch: Vec<Job>) {
        match self.try_batch(&batch).await {
            Ok(results) => {
                for (job, result) in batch.into_iter().zip(results) {
                    let _ = job.reply.send(result);
                }
            }
            Err(e) if batch.len() == 1 => {
                if let Some(job) = batch.pop() {
                    let _ = job.reply.send(Err(e));
                }
            }
            // A database error: nothing of the batch was written; each change alone.
            Err(_) => {
                for job in batch {
                    let result = match self.try_batch(std::slice::from_ref(&job)).await {
                        Ok(mut results) => results.pop().unwrap_or(Err(StoreError::Stale)),
                        Err(e) => Err(e),
                    };
                    let _ = job.reply.send(result);
                }
            }
        }
    }

    /// Writes the jobs' changes in one transaction: each one's own outcome (`Stale` ones
    /// wrote nothing), or a database error and nothing written.
    async fn try_batch(&self, batch: &[Job]) -> Result<Vec<Reply>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if batch.iter().any(|job| job.change.ends_match()) {
            lock_match_ends(&mut tx).await?;
        }
        let mut results = Vec::with_capacity(batch.len());
        for job in batch {
            match write_change(&mut tx, &job.change, &job.rates).await {
                Err(StoreError::Stale) => results.push(Err(StoreError::Stale)),
                Err(e) => return Err(e),
                Ok(rated) => results.push(Ok(rated)),
            }
        }
        tx.commit().await?;
        Ok(results)
    }

    /// Writes one command's change in one transaction, if the match is still at
    /// `expected_version`; otherwise writes nothing and answers [`StoreError::Stale`].
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    pub async fn commit(&self, c: &MatchChange, rates: &Rates) -> Result<i64, StoreError> {
        self.commit_end(c, rates).await.map(|(version, _)| version)
    }

    /// [`Store::commit`], also saying what the change did to the ratings when it finishes
    /// a rated match (the update of [`crate::ratings::record_rating_update`], in the same transaction).
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    pub async fn commit_end(
        &self,
        c: &MatchChange,
        rates: &Rates,
    ) -> Result<(i64, Option<RatedMatch>), StoreError> {
        let rated = self.commit_grouped(c, rates).await?;
        Ok((c.expected_version + 1, rated))
    }
}
