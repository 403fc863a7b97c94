//! The web companion's links (migration 0013): one unguessable token per page target (a
//! match today), made when first asked for, replaced when revoked. The club makes the
//! tokens (`club::web_links`); the store only keeps them.

use sqlx::Row;

use crate::{Store, StoreError};

impl Store {
    /// The token of `kind`'s `target` (`"match"`, a match id), if it has one.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_token(&self, kind: &str, target: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT token FROM web_links WHERE kind = $1 AND target = $2")
            .bind(kind)
            .bind(target)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<String, _>("token")).transpose()?)
    }

    /// Gives `kind`'s `target` the token `token` unless it already has one; answers the
    /// token it has then (the one given, or the one another process gave first).
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_web_token(
        &self,
        kind: &str,
        target: i64,
        token: &str,
        now: i64,
    ) -> Result<String, StoreError> {
        sqlx::query(
            "INSERT INTO web_links (kind, target, token, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, target) DO NOTHING",
        )
        .bind(kind)
        .bind(target)
        .bind(token)
        .bind(now)
        .execute(&self.pool)
        .await?;
        self.web_token(kind, target).await?.ok_or(StoreError::Stale)
    }

    /// Replaces the token of `kind`'s `target` with `token` (made if it had none): the old
    /// token finds nothing from now on.
    ///
    /// # Errors
    /// A database error.
    pub async fn replace_web_token(
        &self,
        kind: &str,
        target: i64,
        token: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO web_links (kind, target, token, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, target) DO UPDATE SET token = excluded.token, \
             created_at = excluded.created_at",
        )
        .bind(kind)
        .bind(target)
        .bind(token)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The target of `kind` whose token is `token`, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_target(&self, kind: &str, token: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT target FROM web_links WHERE kind = $1 AND token = $2")
            .bind(kind)
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>("target")).transpose()?)
    }

    /// The kind and target whose token is `token`, if any (tokens are unique across
    /// kinds).
    ///
    /// # Errors
    /// A database error.
    pub async fn web_link(&self, token: &str) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT kind, target FROM web_links WHERE token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .map(|r| Ok::<_, sqlx::Error>((r.try_get("kind")?, r.try_get("target")?)))
            .transpose()?)
    }
}
