//! What the web companion's league, leaderboard and public pages read beyond one link
//! (`docs/web.md`): a link removed (a server's public address turned off), and the stamps
//! of the pages kept rendered. The tokens themselves are kept as in `web_links`.

use sqlx::Row;

use crate::league_pages::bump_league_pages;
use crate::{Store, StoreError};

impl Store {
    /// Removes the link of `kind`'s `target`: its token finds nothing from now on.
    /// Answers whether there was one.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_web_token(&self, kind: &str, target: i64) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done = sqlx::query("DELETE FROM web_links WHERE kind = $1 AND target = $2")
            .bind(kind)
            .bind(target)
            .execute(&mut *tx)
            .await?;
        if kind == crate::web_links::MATCH_KIND {
            bump_league_pages(&mut tx, &[target]).await?;
        }
        tx.commit().await?;
        Ok(done.rows_affected() > 0)
    }
}

/// What a web page shows, read cheaply from the database: versions, counts and the
/// players' names it depends on. Two reads of the same page with equal stamps show the
/// same page (`docs/web.md`, the page cache); any committed change it shows (a move, a
/// result, a ruling, an entry, a renamed player, a revoked link) changes the stamp.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageStamp {
    numbers: Vec<i64>,
    names: Vec<String>,
}

impl Store {
    /// The stamp of league `league`'s page: the league's version and time (bumped by
    /// every league change, a result included), its page version (bumped by a fixture's
    /// match ending and by a fixture's match link made or replaced: [`bump_league_pages`]),
    /// and its entrants with their names. One row and the entrants, however many fixtures
    /// the league has. `None` for no such league.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_page_stamp(&self, league: i64) -> Result<Option<PageStamp>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT l.version, l.updated_at, l.season, l.page_version FROM leagues l WHERE l.id = $1",
        )
        .bind(league)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let mut numbers = Vec::with_capacity(4);
        for i in 0..4 {
            numbers.push(r.try_get::<i64, _>(i)?);
        }
        let rows = sqlx::query(
            "SELECT p.id, p.display_name, e.status FROM league_entries e
             JOIN players p ON p.id = e.player_id WHERE e.league_id = $1 ORDER BY p.id",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        let mut names = Vec::with_capacity(rows.len() * 2);
        for r in &rows {
            numbers.push(r.try_get(0)?);
            names.push(r.try_get(1)?);
            names.push(r.try_get(2)?);
        }
        Ok(Some(PageStamp { numbers, names }))
    }

    /// Match `id`'s version alone (what a live page polls: one indexed column), if the
    /// match exists.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_version(&self, id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT version FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The stamp of match `id`'s page: its version (bumped by every change) and its
    /// players' names. `None` for no such match.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_page_stamp(&self, id: i64) -> Result<Option<PageStamp>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT m.version, px.display_name, po.display_name FROM matches m
             JOIN players px ON px.id = m.player_x JOIN players po ON po.id = m.player_o
             WHERE m.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        Ok(Some(PageStamp {
            numbers: vec![r.try_get(0)?],
            names: vec![r.try_get(1)?, r.try_get(2)?],
        }))
    }
}

impl Store {
    /// The stamp of community `community`'s leaderboard page: its ratings (how many,
    /// the sums of their values, experience and records: a rated match or a rebuild
    /// changes them), its players' page links (made, replaced, hidden or shown again),
    /// its done analyses (the PR column: how many, the sum of their ids), and its rated
    /// players' names.
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard_page_stamp(&self, community: i64) -> Result<PageStamp, StoreError> {
        let r = sqlx::query(
            "SELECT COUNT(*),
               CAST(COALESCE(SUM(r.value * 1000000), 0) AS BIGINT),
               CAST(COALESCE(SUM(r.experience), 0) AS BIGINT),
               CAST(COALESCE(SUM(r.won), 0) AS BIGINT),
               CAST(COALESCE(SUM(r.lost), 0) AS BIGINT),
               (SELECT COUNT(*) FROM web_links w WHERE w.kind = $2),
               (SELECT CAST(COALESCE(SUM(w.created_at), 0) AS BIGINT)
                  FROM web_links w WHERE w.kind = $2),
               (SELECT COUNT(*) FROM web_links w WHERE w.kind = $2 AND w.hidden = $3),
               (SELECT CAST(COALESCE(SUM(w.target), 0) AS BIGINT)
                  FROM web_links w WHERE w.kind = $2 AND w.hidden = $3),
               (SELECT COUNT(*) FROM analyses a WHERE a.community_id = $1 AND a.status = 'done'),
               (SELECT CAST(COALESCE(SUM(a.id), 0) AS BIGINT)
                  FROM analyses a WHERE a.community_id = $1 AND a.status = 'done')
             FROM ratings r WHERE r.community_id = $1",
        )
        .bind(community)
        .bind(format!("player:{community}"))
        .bind(true)
        .fetch_one(&self.pool)
        .await?;
        let mut numbers = Vec::with_capacity(11);
        for i in 0..11 {
            numbers.push(r.try_get::<i64, _>(i)?);
        }
        let rows = sqlx::query(
            "SELECT DISTINCT p.id, p.display_name FROM ratings r
             JOIN players p ON p.id = r.player_id WHERE r.community_id = $1 ORDER BY p.id",
        )
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        let mut names = Vec::with_capacity(rows.len());
        for r in &rows {
            numbers.push(r.try_get(0)?);
            names.push(r.try_get(1)?);
        }
        Ok(PageStamp { numbers, names })
    }
}
