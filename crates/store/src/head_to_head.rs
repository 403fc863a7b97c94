//! Head-to-head reads: the finished matches between two players in a community.

use crate::db::sql;
use crate::matches::{MATCH_COLUMNS, match_row};
use crate::{MatchRow, Store, StoreError};

impl Store {
    /// The finished matches between players `a` and `b` in `community` (either side),
    /// the last finished first.
    ///
    /// # Errors
    /// A database error.
    pub async fn matches_between(
        &self,
        community: i64,
        a: i64,
        b: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE community_id = $1 AND status = 'finished'
               AND ((player_x = $2 AND player_o = $3) OR (player_x = $4 AND player_o = $5))
             ORDER BY COALESCE(ended_seq, 0) DESC, updated_at DESC, id DESC"
        )))
        .bind(community)
        .bind(a)
        .bind(b)
        .bind(b)
        .bind(a)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }
}
