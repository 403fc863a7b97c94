//! Blocking (migration 0016): who blocked whom. `/block` and `/unblock` each write one
//! statement, its own transaction; the answer says whether anything changed, so that a
//! block already there or an unblock of nobody is refused with nothing written.

use sqlx::Row;

use crate::{Store, StoreError};

impl Store {
    /// Records that `blocker` blocks `blocked`; `false` (nothing written) when he already
    /// does.
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn block(&self, blocker: i64, blocked: i64, now: i64) -> Result<bool, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "INSERT INTO blocks (blocker, blocked, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (blocker, blocked) DO NOTHING",
        )
        .bind(blocker)
        .bind(blocked)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes the block of `blocked` by `blocker`; `false` (nothing written) when there
    /// was none.
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn unblock(&self, blocker: i64, blocked: i64) -> Result<bool, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let done = sqlx::query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2")
            .bind(blocker)
            .bind(blocked)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether `blocker` blocks `blocked`.
    ///
    /// # Errors
    /// A database error.
    pub async fn blocks(&self, blocker: i64, blocked: i64) -> Result<bool, StoreError> {
        Ok(
            sqlx::query("SELECT 1 FROM blocks WHERE blocker = $1 AND blocked = $2")
                .bind(blocker)
                .bind(blocked)
                .fetch_optional(&self.pool)
                .await?
                .is_some(),
        )
    }

    /// Which of `players` block `blocked` (a chouette's members, say).
    ///
    /// # Errors
    /// A database error.
    pub async fn blockers_among(
        &self,
        blocked: i64,
        players: &[i64],
    ) -> Result<Vec<i64>, StoreError> {
        let mut out = Vec::new();
        for r in sqlx::query("SELECT blocker FROM blocks WHERE blocked = $1 ORDER BY blocker")
            .bind(blocked)
            .fetch_all(&self.pool)
            .await?
        {
            let b: i64 = r.try_get(0)?;
            if players.contains(&b) {
                out.push(b);
            }
        }
        Ok(out)
    }

    /// The display names of the players `blocker` blocks, in the order he blocked them.
    ///
    /// # Errors
    /// A database error.
    pub async fn blocked_by(&self, blocker: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.display_name FROM blocks b JOIN players p ON p.id = b.blocked \
             WHERE b.blocker = $1 ORDER BY b.created_at, p.display_name",
        )
        .bind(blocker)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?)
    }
}
