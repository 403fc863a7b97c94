//! The position of the day (migration 0027): a server's setting (channel, UTC hour, the
//! last UTC day dealt with), each position posted, one answer per player per puzzle, and
//! the players who allow their names on it. The club chooses the position and writes the
//! words (`club::practice::puzzle`); the store keeps the rows. A day's post is written
//! with its outbox row and the day's mark in one transaction ([`Store::post_puzzle`]), so
//! a restart neither posts it twice nor skips it; an answer is counted once (its key is
//! the puzzle and the player) and only while its puzzle is the server's latest.

use sqlx::Row;

use crate::db::sql;
use crate::drills::DrillCardRow;
use crate::outbox::{Owed, insert_owed};
use crate::{Store, StoreError};

/// A server's position of the day, as set.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleSettingRow {
    pub community_id: i64,
    /// Where it is posted.
    pub channel: String,
    /// The hour it is posted at, UTC (0-23).
    pub hour: i64,
    /// The last UTC day (Unix seconds / 86,400) dealt with: posted, or no position found.
    pub last_day: i64,
}

/// One position posted.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleRow {
    pub id: i64,
    pub community_id: i64,
    /// Its UTC day.
    pub day: i64,
    /// The drill card it was taken from.
    pub card_id: i64,
    /// The decision's key (as the card's), posted once per server.
    pub decision_key: String,
    /// What it asks (JSON, as the card's question).
    pub question: String,
    pub channel: String,
    pub posted_at: i64,
}

/// The day's post to write: the position (`None`: none was found, the day is only
/// marked dealt with) and the outbox row made from the new puzzle's id.
pub struct PuzzlePost<'a> {
    pub community_id: i64,
    pub day: i64,
    /// The card it is taken from.
    pub card: Option<&'a DrillCardRow>,
    pub channel: &'a str,
    pub now: i64,
    /// The outbox row announcing puzzle `id`.
    pub owed: &'a (dyn Fn(i64) -> Owed + Sync),
}

/// How an answer went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAnswered {
    /// Counted.
    Counted,
    /// The player had answered it already: his first answer (its words) stands.
    Already(String),
    /// A newer puzzle was posted since: this one is closed.
    Closed,
}

/// A server's solvers: a player's name and how many puzzles he solved there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSolver {
    pub player_id: i64,
    pub name: String,
    pub solved: i64,
}

const PUZZLE_COLUMNS: &str =
    "id, community_id, day, card_id, decision_key, question, channel, posted_at";

impl Store {
    /// Sets server `community`'s position of the day: posted in `channel` at `hour` UTC.
    /// The last day dealt with is kept (a new hour the same day posts nothing again).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_puzzle(
        &self,
        community: i64,
        channel: &str,
        hour: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO puzzle_settings (community_id, channel, hour, set_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (community_id) DO UPDATE SET \
             channel = excluded.channel, hour = excluded.hour, set_at = excluded.set_at",
        )
        .bind(community)
        .bind(channel)
        .bind(hour)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Turns server `community`'s position of the day off; whether it was on.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_off(&self, community: i64) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let n = sqlx::query("DELETE FROM puzzle_settings WHERE community_id = $1")
            .bind(community)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(n > 0)
    }

    /// Server `community`'s setting, if it has one.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_setting(
        &self,
        community: i64,
    ) -> Result<Option<PuzzleSettingRow>, StoreError> {
        Ok(sqlx::query_as::<_, PuzzleSettingRow>(
            "SELECT community_id, channel, hour, last_day FROM puzzle_settings \
             WHERE community_id = $1",
        )
        .bind(community)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The servers whose post of UTC day `day` is due at `second` of it (their hour has
    /// come and the day is not dealt with yet).
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzles_due(
        &self,
        day: i64,
        second: i64,
    ) -> Result<Vec<PuzzleSettingRow>, StoreError> {
        Ok(sqlx::query_as::<_, PuzzleSettingRow>(
            "SELECT community_id, channel, hour, last_day FROM puzzle_settings \
             WHERE last_day < $1 AND hour * 3600 <= $2 ORDER BY community_id",
        )
        .bind(day)
        .bind(second)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Server `community`'s drill cards made at `since` or later whose decision was never
    /// posted there, newest first, at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_candidates(
        &self,
        community: i64,
        since: i64,
        limit: i64,
    ) -> Result<Vec<DrillCardRow>, StoreError> {
        let text = format!(
            "SELECT {} FROM drill_cards c WHERE c.community_id = $1 AND c.created_at >= $2 \
             AND NOT EXISTS (SELECT 1 FROM puzzles p WHERE p.community_id = c.community_id \
             AND p.decision_key = c.decision_key) ORDER BY c.created_at DESC, c.id DESC LIMIT $3",
            crate::drills::CARD_COLUMNS_OF_C
        );
        Ok(sqlx::query_as::<_, DrillCardRow>(sql(text))
            .bind(community)
            .bind(since)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Writes the day's post in one transaction: the day marked dealt with, and (a
    /// position found) the puzzle and its outbox row. `None` when the day was dealt with
    /// already (by another sweep: nothing written); else the new puzzle's id, if any.
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn post_puzzle(&self, p: &PuzzlePost<'_>) -> Result<Option<Option<i64>>, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let marked = sqlx::query(
            "UPDATE puzzle_settings SET last_day = $1 WHERE community_id = $2 AND last_day < $1",
        )
        .bind(p.day)
        .bind(p.community_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if marked == 0 {
            return Ok(None);
        }
        let Some(card) = p.card else {
            tx.commit().await?;
            return Ok(Some(None));
        };
        let row = sqlx::query(
            "INSERT INTO puzzles (community_id, day, card_id, decision_key, question, channel, \
             posted_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(p.community_id)
        .bind(p.day)
        .bind(card.id)
        .bind(&card.decision_key)
        .bind(&card.question)
        .bind(p.channel)
        .bind(p.now)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        insert_owed(&mut tx, &[(p.owed)(id)], p.now).await?;
        tx.commit().await?;
        Ok(Some(Some(id)))
    }

    /// One puzzle by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>, StoreError> {
        let text = format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1");
        Ok(sqlx::query_as::<_, PuzzleRow>(sql(text))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Server `community`'s latest puzzle (the one open to answers).
    ///
    /// # Errors
    /// A database error.
    pub async fn latest_puzzle(&self, community: i64) -> Result<Option<PuzzleRow>, StoreError> {
        let text = format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE community_id = $1 \
             ORDER BY day DESC, id DESC LIMIT 1"
        );
        Ok(sqlx::query_as::<_, PuzzleRow>(sql(text))
            .bind(community)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Records player `player`'s answer to puzzle `p` (`choice` in words), once: a second
    /// answer changes nothing (the first is given back), nor one to a puzzle no longer the
    /// server's latest.
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn answer_puzzle(
        &self,
        p: &PuzzleRow,
        player: i64,
        choice: &str,
        correct: bool,
        now: i64,
    ) -> Result<PuzzleAnswered, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let newer = sqlx::query(
            "SELECT COUNT(*) FROM puzzles WHERE community_id = $1 AND (day > $2 OR \
             (day = $2 AND id > $3))",
        )
        .bind(p.community_id)
        .bind(p.day)
        .bind(p.id)
        .fetch_one(&mut *tx)
        .await?
        .try_get::<i64, _>(0)?;
        if newer > 0 {
            return Ok(PuzzleAnswered::Closed);
        }
        let added = sqlx::query(
            "INSERT INTO puzzle_answers (puzzle_id, player_id, choice, correct, answered_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (puzzle_id, player_id) DO NOTHING",
        )
        .bind(p.id)
        .bind(player)
        .bind(choice)
        .bind(correct)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if added == 0 {
            let first: String = sqlx::query(
                "SELECT choice FROM puzzle_answers WHERE puzzle_id = $1 AND player_id = $2",
            )
            .bind(p.id)
            .bind(player)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
            return Ok(PuzzleAnswered::Already(first));
        }
        tx.commit().await?;
        Ok(PuzzleAnswered::Counted)
    }

    /// Puzzle `id`'s answers counted: all, and those right.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_tally(&self, id: i64) -> Result<(i64, i64), StoreError> {
        let r = sqlx::query(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN correct THEN 1 ELSE 0 END), 0) \
             FROM puzzle_answers WHERE puzzle_id = $1",
        )
        .bind(id)
        .fetch_one(&self.pool)
        .await?;
        Ok((r.try_get(0)?, r.try_get(1)?))
    }

    /// Server `community`'s best solvers: puzzles solved there, most first (then by
    /// name), at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_solvers(
        &self,
        community: i64,
        limit: i64,
    ) -> Result<Vec<PuzzleSolver>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.player_id, pl.display_name, COUNT(*) AS solved FROM puzzle_answers a \
             JOIN puzzles p ON p.id = a.puzzle_id JOIN players pl ON pl.id = a.player_id \
             WHERE p.community_id = $1 AND a.correct GROUP BY a.player_id, pl.display_name \
             ORDER BY solved DESC, pl.display_name LIMIT $2",
        )
        .bind(community)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(PuzzleSolver {
                    player_id: r.try_get(0)?,
                    name: r.try_get(1)?,
                    solved: r.try_get(2)?,
                })
            })
            .collect()
    }

    /// Whether player `player` allows his name on the position of the day.
    ///
    /// # Errors
    /// A database error.
    pub async fn puzzle_names_allowed(&self, player: i64) -> Result<bool, StoreError> {
        let r = sqlx::query("SELECT COUNT(*) FROM puzzle_names WHERE player_id = $1")
            .bind(player)
            .fetch_one(&self.pool)
            .await?;
        Ok(r.try_get::<i64, _>(0)? > 0)
    }

    /// Player `player` allows his name on the position of the day, or no longer does.
    ///
    /// # Errors
    /// A database error.
    pub async fn allow_puzzle_names(
        &self,
        player: i64,
        allow: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        if allow {
            sqlx::query(
                "INSERT INTO puzzle_names (player_id, allowed_at) VALUES ($1, $2) \
                 ON CONFLICT (player_id) DO NOTHING",
            )
            .bind(player)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        } else {
            sqlx::query("DELETE FROM puzzle_names WHERE player_id = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
