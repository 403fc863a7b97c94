//! What the operator's endpoints ask of the store: whether the database takes a write now
//! (the health check commits one row, migration 0012), the counts the metrics show (live
//! matches, analyses waiting), and how many database errors this process has met.

use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::Row;

use crate::{Store, StoreError};

/// Database errors met by this process (every `sqlx::Error` that became a [`StoreError`]).
static DATABASE_ERRORS: AtomicU64 = AtomicU64::new(0);

/// How many database errors this process has met since it started (every store, every
/// statement: the commands', the sweep's, the workers', the health check's).
#[must_use]
pub fn database_errors() -> u64 {
    DATABASE_ERRORS.load(Ordering::Relaxed)
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        DATABASE_ERRORS.fetch_add(1, Ordering::Relaxed);
        StoreError::Db(e)
    }
}

impl Store {
    /// Writes the health row (`checked_at = now`) in a write transaction and commits it,
    /// as a command's change is written: `Ok` once the database took the write (on SQLite
    /// in the WAL, synced to disk).
    ///
    /// # Errors
    /// The database cannot be written now (locked, read-only, full, gone).
    pub async fn check_writable(&self, now: i64) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE health SET checked_at = $1 WHERE id = 1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The matches being played (status `active`).
    ///
    /// # Errors
    /// A database error.
    pub async fn live_matches(&self) -> Result<i64, StoreError> {
        let r = sqlx::query("SELECT COUNT(*) FROM matches WHERE status = 'active'")
            .fetch_one(&self.pool)
            .await?;
        Ok(r.try_get(0)?)
    }

    /// The analysis jobs waiting or running.
    ///
    /// # Errors
    /// A database error.
    pub async fn analyses_waiting(&self) -> Result<i64, StoreError> {
        let r = sqlx::query("SELECT COUNT(*) FROM analyses WHERE status IN ('queued', 'running')")
            .fetch_one(&self.pool)
            .await?;
        Ok(r.try_get(0)?)
    }
}
