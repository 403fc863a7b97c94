//! The message that last showed each match's board (migration 0028): written when an
//! adapter shows an answer with the board ([`Store::board_posted`]) and when the bot's
//! decision is posted from the outbox (`outbox_outcomes`, in the same transaction);
//! `/games waiting` and the digest link it ([`Store::board_messages`]).

use std::collections::HashMap;

use sqlx::Row;

use crate::db::{DbConnection, sql};
use crate::{Store, StoreError};

/// Writes `message_id` in `channel` as the last message showing match `match_id`'s board.
pub(crate) async fn upsert(
    conn: &mut DbConnection,
    match_id: i64,
    channel: &str,
    message_id: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO board_messages (match_id, channel, message_id, posted_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO UPDATE SET \
         channel = excluded.channel, message_id = excluded.message_id, \
         posted_at = excluded.posted_at",
    )
    .bind(match_id)
    .bind(channel)
    .bind(message_id)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

impl Store {
    /// Records that message `message_id` in `channel` shows match `match_id`'s board as it
    /// now stands (the last one posted wins).
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn board_posted(
        &self,
        match_id: i64,
        channel: &str,
        message_id: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        upsert(&mut tx, match_id, channel, message_id, at).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The last message showing each of `ids`' boards, where one is known: match id to
    /// `(channel, message id)`.
    ///
    /// # Errors
    /// A database error.
    pub async fn board_messages(
        &self,
        ids: &[i64],
    ) -> Result<HashMap<i64, (String, String)>, StoreError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let list = ids
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(sql(format!(
            "SELECT match_id, channel, message_id FROM board_messages WHERE match_id IN ({list})"
        )))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, (r.try_get(1)?, r.try_get(2)?))))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }
}
