//! The outbox (migration 0023): every message a change owes someone, as rows. A match's
//! change writes its rows in its own transaction ([`crate::MatchChange::owed`]), as do
//! the sweep's marks and claims (`mark_reminded`, `claim_low_time`, `claim_digests`,
//! `mark_season_reminded`, `begin_vacation`, `end_vacation`); other changes write theirs
//! right after they commit ([`Store::owe`]). A poster claims the first
//! row of each lane (a channel, or one player's direct messages) that is not held, posts
//! it, and marks it posted with the platform's message id ([`Store::outbox_posted`]) or
//! failed for good with the reason ([`Store::outbox_failed`]). A claim is a lease: a
//! poster that died holding one leaves the row to be claimed again once the lease ends,
//! and posted again with the same nonce, which the platform uses to drop the duplicate.

use sqlx::Row;

use crate::db::{DbConnection, DbRow};
use crate::{Store, StoreError};

/// A message owed, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Owed {
    /// What it is, for the poster (`notice`, `dm`, `bot`, ...).
    pub kind: String,
    /// The order it keeps: rows of one lane are posted one after the other, in the order
    /// they were written (a channel's id, or `dm:<user>`).
    pub lane: String,
    /// The channel it goes to (for a direct message: where to say it could not be sent).
    pub channel: String,
    /// The player it is for (mentioned, or sent the direct message); empty: everyone.
    pub user_id: String,
    /// The match it is about (`0`: none).
    pub match_id: i64,
    /// What to post (the kind says how it is read: words, or JSON).
    pub body: String,
    /// Not to be posted until released ([`Store::outbox_release`]): a bot's batch of
    /// decisions under way.
    pub held: bool,
}

/// A row of the outbox, as claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwedRow {
    pub id: i64,
    pub owed: Owed,
    /// The posts tried before this claim.
    pub attempts: i64,
}

impl OwedRow {
    /// The nonce its post carries, the same at every attempt (Discord allows 25
    /// characters).
    #[must_use]
    pub fn nonce(&self) -> String {
        format!("gb{}", self.id)
    }
}

/// How the post of a row went, as the poster records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutboxOutcome {
    /// Posted as message `message_id`, at `at` (the club's clock).
    Posted {
        id: i64,
        message_id: String,
        at: i64,
    },
    /// Not postable, for good: never tried again.
    Failed { id: i64, reason: String },
    /// Failed for now: claimable again from `at` (wall-clock seconds).
    Retry { id: i64, at: i64 },
}

/// Writes `owed` inside the caller's transaction.
pub(crate) async fn insert_owed(
    conn: &mut DbConnection,
    owed: &[Owed],
    now: i64,
) -> Result<(), sqlx::Error> {
    for o in owed {
        sqlx::query(
            "INSERT INTO outbox (kind, lane, channel, user_id, match_id, body, held, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&o.kind)
        .bind(&o.lane)
        .bind(&o.channel)
        .bind(&o.user_id)
        .bind(o.match_id)
        .bind(&o.body)
        .bind(o.held)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

fn owed_row(r: &DbRow) -> Result<OwedRow, sqlx::Error> {
    Ok(OwedRow {
        id: r.try_get("id")?,
        attempts: r.try_get("attempts")?,
        owed: Owed {
            kind: r.try_get("kind")?,
            lane: r.try_get("lane")?,
            channel: r.try_get("channel")?,
            user_id: r.try_get("user_id")?,
            match_id: r.try_get("match_id")?,
            body: r.try_get("body")?,
            held: false,
        },
    })
}

impl Store {
    /// Writes `owed` in one transaction of its own (the change it tells of is committed).
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn owe(&self, owed: &[Owed], now: i64) -> Result<(), StoreError> {
        if owed.is_empty() {
            return Ok(());
        }
        let (_writing, mut tx) = self.begin_write().await?;
        insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Claims up to `limit` rows to post: the first pending row of each lane, if it is
    /// neither held nor leased to another poster, each leased until `lease_until`.
    /// `now` and `lease_until` are wall-clock seconds (a lease is delivery's time, not
    /// the games').
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_claim(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<OwedRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, lane, channel, user_id, match_id, body, attempts FROM outbox o \
             WHERE posted_at IS NULL AND failed IS NULL AND NOT held AND claimed_until <= $1 \
             AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.lane = o.lane AND p.id < o.id \
                             AND p.posted_at IS NULL AND p.failed IS NULL) \
             ORDER BY id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        // Every lease in one transaction: a row another poster took meanwhile is left out.
        let mut claimed = Vec::new();
        let (_writing, mut tx) = self.begin_write().await?;
        for r in &rows {
            let row = owed_row(r)?;
            let done = sqlx::query(
                "UPDATE outbox SET claimed_until = $1 WHERE id = $2 AND claimed_until <= $3 \
                 AND posted_at IS NULL AND failed IS NULL",
            )
            .bind(lease_until)
            .bind(row.id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() == 1 {
                claimed.push(row);
            }
        }
        tx.commit().await?;
        Ok(claimed)
    }

    /// How each of a batch of posts went, written in one transaction.
    ///
    /// # Errors
    /// A database error (nothing written: the rows are claimed again once their leases
    /// end).
    pub async fn outbox_outcomes(&self, outcomes: &[OutboxOutcome]) -> Result<(), StoreError> {
        if outcomes.is_empty() {
            return Ok(());
        }
        let (_writing, mut tx) = self.begin_write().await?;
        for o in outcomes {
            match o {
                OutboxOutcome::Posted { id, message_id, at } => {
                    sqlx::query(
                        "UPDATE outbox SET posted_at = $1, message_id = $2, \
                         attempts = attempts + 1 WHERE id = $3",
                    )
                    .bind(*at)
                    .bind(message_id)
                    .bind(*id)
                    .execute(&mut *tx)
                    .await?;
                    // A bot's decision shows its match's board: the last message that does.
                    let bot = sqlx::query(
                        "SELECT match_id, channel FROM outbox WHERE id = $1 AND kind = 'bot'",
                    )
                    .bind(*id)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if let Some(r) = bot {
                        let (m, channel): (i64, String) = (r.try_get(0)?, r.try_get(1)?);
                        crate::board_messages::upsert(&mut tx, m, &channel, message_id, *at)
                            .await?;
                    }
                }
                OutboxOutcome::Failed { id, reason } => {
                    sqlx::query(
                        "UPDATE outbox SET failed = $1, attempts = attempts + 1 WHERE id = $2",
                    )
                    .bind(reason)
                    .bind(*id)
                    .execute(&mut *tx)
                    .await?;
                }
                OutboxOutcome::Retry { id, at } => {
                    sqlx::query(
                        "UPDATE outbox SET claimed_until = $1, attempts = attempts + 1 \
                         WHERE id = $2",
                    )
                    .bind(*at)
                    .bind(*id)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Row `id` was posted, as message `message_id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_posted(
        &self,
        id: i64,
        message_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        sqlx::query(
            "UPDATE outbox SET posted_at = $1, message_id = $2, attempts = attempts + 1 \
             WHERE id = $3",
        )
        .bind(now)
        .bind(message_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Row `id` cannot be posted, for good (`reason`): it is never tried again, and the
    /// rows after it in its lane go on.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_failed(&self, id: i64, reason: &str) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE outbox SET failed = $1, attempts = attempts + 1 WHERE id = $2")
            .bind(reason)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A post of row `id` failed for now: its lease ends at `retry_at` (wall-clock
    /// seconds), when it may be claimed again, and the attempt is counted.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_retry(&self, id: i64, retry_at: i64) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE outbox SET claimed_until = $1, attempts = attempts + 1 WHERE id = $2")
            .bind(retry_at)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Releases the held rows of match `match_id` of `kind` (all held rows when
    /// `match_id` is `None`: at start-up, no batch is under way): the rows of one match
    /// in one lane become one, in its first row's place, their bodies joined by `join`
    /// (the first body, then each later one).
    ///
    /// # Errors
    /// A database error (nothing changed).
    pub async fn outbox_release(
        &self,
        match_id: Option<i64>,
        kind: &str,
        join: &(dyn Fn(&[String]) -> String + Sync),
    ) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let rows = sqlx::query(
            "SELECT id, match_id, lane, body FROM outbox WHERE held AND kind = $1 \
             AND ($2 = 0 OR match_id = $2) ORDER BY match_id, lane, id",
        )
        .bind(kind)
        .bind(match_id.unwrap_or(0))
        .fetch_all(&mut *tx)
        .await?;
        // Each match's rows in one lane: (match, lane), their ids, their bodies.
        type Group = ((i64, String), Vec<i64>, Vec<String>);
        let mut groups: Vec<Group> = Vec::new();
        for r in &rows {
            let (id, m, lane, body): (i64, i64, String, String) =
                (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
            match groups.last_mut() {
                Some(((gm, gl), ids, bodies)) if *gm == m && *gl == lane => {
                    ids.push(id);
                    bodies.push(body);
                }
                _ => groups.push(((m, lane), vec![id], vec![body])),
            }
        }
        for (_, ids, bodies) in groups {
            let first = ids[0];
            sqlx::query("UPDATE outbox SET held = $1, body = $2 WHERE id = $3")
                .bind(false)
                .bind(join(&bodies))
                .bind(first)
                .execute(&mut *tx)
                .await?;
            for id in &ids[1..] {
                sqlx::query("DELETE FROM outbox WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Releases the held rows of match `match_id` whose kind is one of `kinds`, each
    /// given `body`: a change's notices, written held in its commit with the words known
    /// then, completed with the words known only after it (a rating's change, a league's
    /// news). A row released already (at a restart) is left as it is.
    ///
    /// # Errors
    /// A database error (nothing changed).
    pub async fn outbox_complete(
        &self,
        match_id: i64,
        kinds: &[&str],
        body: &str,
    ) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        for kind in kinds {
            sqlx::query(
                "UPDATE outbox SET held = $1, body = $2 WHERE held AND match_id = $3 AND kind = $4",
            )
            .bind(false)
            .bind(body)
            .bind(match_id)
            .bind(kind)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Deletes the held rows of match `match_id` of `kind` (a decision already told
    /// otherwise: the bot's acceptance within the challenge's own answer).
    ///
    /// # Errors
    /// A database error (nothing deleted).
    pub async fn outbox_discard_held(&self, match_id: i64, kind: &str) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        sqlx::query("DELETE FROM outbox WHERE held AND kind = $1 AND match_id = $2")
            .bind(kind)
            .bind(match_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes the rows of `kind` not yet posted (nor failed): news that a restart makes
    /// stale.
    ///
    /// # Errors
    /// A database error (nothing deleted).
    pub async fn outbox_drop_unposted(&self, kind: &str) -> Result<u64, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "DELETE FROM outbox WHERE kind = $1 AND posted_at IS NULL AND failed IS NULL",
        )
        .bind(kind)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }

    /// Deletes the rows posted (or failed for good) before `before`, and the failed ones
    /// written before it; returns how many.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_prune(&self, before: i64) -> Result<u64, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "DELETE FROM outbox WHERE (posted_at IS NOT NULL AND posted_at < $1) \
             OR (failed IS NOT NULL AND created_at < $1)",
        )
        .bind(before)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }

    /// How many rows wait to be posted (held or not), and how many are kept in all.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_size(&self) -> Result<(i64, i64), StoreError> {
        let r = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN posted_at IS NULL AND failed IS NULL THEN 1 ELSE 0 END), 0), \
             COUNT(*) FROM outbox",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok((r.try_get(0)?, r.try_get(1)?))
    }

    /// Every row of the outbox in order, posted or not, with its message id and failure
    /// (for tests and the operator): `(row, posted message id, failure)`.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_rows(
        &self,
    ) -> Result<Vec<(OwedRow, Option<String>, Option<String>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, lane, channel, user_id, match_id, body, attempts, message_id, \
             failed FROM outbox ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((owed_row(r)?, r.try_get("message_id")?, r.try_get("failed")?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
