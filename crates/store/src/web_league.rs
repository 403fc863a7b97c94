//! What the web companion's league, leaderboard and public pages read beyond one link
//! (`docs/web.md`): the tokens of many targets at once (a league's matches), and a link
//! removed (a server's public address turned off). The tokens themselves are kept as in
//! `web_links`.

use std::collections::HashMap;

use sqlx::Row;

use crate::db::sql;
use crate::{Store, StoreError};

/// The most targets one query asks for (well under both databases' limits on bound
/// values).
const CHUNK: usize = 500;

impl Store {
    /// The tokens of those of `targets` of `kind` that have one.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_tokens(
        &self,
        kind: &str,
        targets: &[i64],
    ) -> Result<HashMap<i64, String>, StoreError> {
        let mut out = HashMap::with_capacity(targets.len());
        for chunk in targets.chunks(CHUNK) {
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
            let text = format!(
                "SELECT target, token FROM web_links WHERE kind = $1 AND target IN ({})",
                marks.join(", ")
            );
            let mut q = sqlx::query(sql(text)).bind(kind);
            for t in chunk {
                q = q.bind(*t);
            }
            for r in q.fetch_all(&self.pool).await? {
                out.insert(r.try_get::<i64, _>("target")?, r.try_get("token")?);
            }
        }
        Ok(out)
    }

    /// Removes the link of `kind`'s `target`: its token finds nothing from now on.
    /// Answers whether there was one.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_web_token(&self, kind: &str, target: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM web_links WHERE kind = $1 AND target = $2")
            .bind(kind)
            .bind(target)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
