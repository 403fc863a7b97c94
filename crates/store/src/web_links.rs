//! The web companion's links (migration 0013): one unguessable token per page target (a
//! match today), made when first asked for, replaced when revoked; a link may be hidden
//! (migration 0024: kept off every other page and answer, `docs/web.md`). The club makes
//! the tokens (`club::web_links`); the store only keeps them.

use std::collections::HashMap;

use sqlx::Row;

use crate::db::{flag, sql};
use crate::league_pages::bump_league_pages;
use crate::{Store, StoreError};

/// The kind of a match's link: a league's page shows its fixtures' match links, so making
/// or replacing one moves the league's page version on.
pub(crate) const MATCH_KIND: &str = "match";

/// The most targets one query asks for (well under both databases' limits on bound
/// values).
const CHUNK: usize = 500;

/// A target's link as kept: its token, and whether it is hidden (kept off every other page
/// and answer; the token still opens the page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebToken {
    /// The token.
    pub token: String,
    /// Kept off every other page and answer.
    pub hidden: bool,
}

impl Store {
    /// The links of those of `targets` of `kind` that have one.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_tokens(
        &self,
        kind: &str,
        targets: &[i64],
    ) -> Result<HashMap<i64, WebToken>, StoreError> {
        let mut out = HashMap::with_capacity(targets.len());
        for chunk in targets.chunks(CHUNK) {
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
            let text = format!(
                "SELECT target, token, hidden FROM web_links WHERE kind = $1 AND target IN ({})",
                marks.join(", ")
            );
            let mut q = sqlx::query(sql(text)).bind(kind);
            for t in chunk {
                q = q.bind(*t);
            }
            for r in q.fetch_all(&self.pool).await? {
                out.insert(
                    r.try_get::<i64, _>("target")?,
                    WebToken {
                        token: r.try_get("token")?,
                        hidden: flag(&r, "hidden")?,
                    },
                );
            }
        }
        Ok(out)
    }

    /// Gives each of `kind`'s targets its token unless it already has one, in one
    /// transaction (the tokens then kept are read with [`Store::web_tokens`]).
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn insert_web_tokens(
        &self,
        kind: &str,
        tokens: &[(i64, String)],
        now: i64,
    ) -> Result<(), StoreError> {
        if tokens.is_empty() {
            return Ok(());
        }
        let (_guard, mut tx) = self.begin_write().await?;
        for (target, token) in tokens {
            sqlx::query(
                "INSERT INTO web_links (kind, target, token, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (kind, target) DO NOTHING",
            )
            .bind(kind)
            .bind(*target)
            .bind(token.as_str())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        if kind == MATCH_KIND {
            let targets: Vec<i64> = tokens.iter().map(|(t, _)| *t).collect();
            bump_league_pages(&mut tx, &targets).await?;
        }
        tx.commit().await?;
        Ok(())
    }

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

    /// The link of `kind`'s `target`, if it has one: its token and whether it is hidden.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_token_row(
        &self,
        kind: &str,
        target: i64,
    ) -> Result<Option<WebToken>, StoreError> {
        let row =
            sqlx::query("SELECT token, hidden FROM web_links WHERE kind = $1 AND target = $2")
                .bind(kind)
                .bind(target)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(WebToken {
                token: r.try_get("token")?,
                hidden: flag(&r, "hidden")?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    /// Hides `kind`'s `target`'s link from every other page and answer, or shows it again
    /// (`hidden`), in one write; a target with no link yet gets `token`. Answers the token
    /// it has then (the token itself does not change).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_web_hidden(
        &self,
        kind: &str,
        target: i64,
        token: &str,
        hidden: bool,
        now: i64,
    ) -> Result<String, StoreError> {
        let (writing, mut tx) = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO web_links (kind, target, token, created_at, hidden) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (kind, target) DO UPDATE SET hidden = excluded.hidden",
        )
        .bind(kind)
        .bind(target)
        .bind(token)
        .bind(now)
        .bind(hidden)
        .execute(&mut *tx)
        .await?;
        if kind == MATCH_KIND {
            bump_league_pages(&mut tx, &[target]).await?;
        }
        tx.commit().await?;
        drop(writing);
        self.web_token(kind, target).await?.ok_or(StoreError::Stale)
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
        let (writing, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "INSERT INTO web_links (kind, target, token, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, target) DO NOTHING",
        )
        .bind(kind)
        .bind(target)
        .bind(token)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if kind == MATCH_KIND && done.rows_affected() > 0 {
            bump_league_pages(&mut tx, &[target]).await?;
        }
        tx.commit().await?;
        drop(writing);
        self.web_token(kind, target).await?.ok_or(StoreError::Stale)
    }

    /// Replaces the token of `kind`'s `target` with `token` (made if it had none), hidden
    /// from every other page and answer or not (`hidden`): the old token finds nothing
    /// from now on.
    ///
    /// # Errors
    /// A database error.
    pub async fn replace_web_token(
        &self,
        kind: &str,
        target: i64,
        token: &str,
        hidden: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO web_links (kind, target, token, created_at, hidden) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (kind, target) DO UPDATE SET token = excluded.token, \
             created_at = excluded.created_at, hidden = excluded.hidden",
        )
        .bind(kind)
        .bind(target)
        .bind(token)
        .bind(now)
        .bind(hidden)
        .execute(&mut *tx)
        .await?;
        if kind == MATCH_KIND {
            bump_league_pages(&mut tx, &[target]).await?;
        }
        tx.commit().await?;
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
