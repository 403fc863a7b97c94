//! Drill cards made from a player's own mistakes (migration 0026): the cards, their
//! FSRS memory state and due time, the analyses already read for cards, and every answer.
//! The club decides what a card asks and when it comes back (`club::practice::drill`);
//! the store keeps the rows. A decision is carded once per player (its key is unique),
//! an analysis is read once (`drill_sources`), and an answer moves the card on only if
//! the card is still as it was read (a second click on an answered card changes nothing).

use sqlx::Row;

use crate::analysis::AnalysisRow;
use crate::db::sql;
use crate::{Store, StoreError};

/// One drill card as stored.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct DrillCardRow {
    pub id: i64,
    pub player_id: i64,
    pub community_id: i64,
    /// The analysis it was made from.
    pub analysis_id: i64,
    /// The decision it asks (match, game, move, kind), unique per player.
    pub decision_key: String,
    /// What the card asks, as the club wrote it (JSON).
    pub question: String,
    pub created_at: i64,
    /// When it is next due (Unix seconds).
    pub due_at: i64,
    /// Its memory state, FSRS's (0 new, 1 learning, 2 review, 3 relearning).
    pub state: i64,
    /// FSRS's stability, days.
    pub stability: f64,
    /// FSRS's difficulty (1-10).
    pub difficulty: f64,
    /// Answers given.
    pub reps: i64,
    /// Answers wrong after it was learnt.
    pub lapses: i64,
    /// Days from its last answer to `due_at`.
    pub scheduled_days: i64,
    /// When it was last answered.
    pub last_review: Option<i64>,
}

/// A card to add.
#[derive(Clone, Debug)]
pub struct NewDrillCard {
    pub player_id: i64,
    pub community_id: i64,
    /// See [`DrillCardRow::decision_key`].
    pub decision_key: String,
    /// See [`DrillCardRow::question`].
    pub question: String,
}

/// A card's memory after an answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrillMemory {
    pub due_at: i64,
    pub state: i64,
    pub stability: f64,
    pub difficulty: f64,
    pub reps: i64,
    pub lapses: i64,
    pub scheduled_days: i64,
    pub last_review: i64,
}

/// An answer to a card.
#[derive(Clone, Debug)]
pub struct DrillAnswer<'a> {
    pub card: &'a DrillCardRow,
    /// The choice given, in words.
    pub choice: &'a str,
    pub correct: bool,
    pub at: i64,
    /// The card's memory after it.
    pub memory: DrillMemory,
}

/// A player's cards here, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrillCounts {
    /// All his cards.
    pub cards: i64,
    /// Due now.
    pub due: i64,
    /// With a stability of at least the days asked.
    pub learnt: i64,
    /// Answers given, in all.
    pub answers: i64,
}

const CARD_COLUMNS: &str = "id, player_id, community_id, analysis_id, decision_key, question, \
     created_at, due_at, state, stability, difficulty, reps, lapses, scheduled_days, last_review";

/// [`CARD_COLUMNS`] of a card read as `c`.
pub(crate) const CARD_COLUMNS_OF_C: &str = "c.id, c.player_id, c.community_id, c.analysis_id, \
     c.decision_key, c.question, c.created_at, c.due_at, c.state, c.stability, c.difficulty, \
     c.reps, c.lapses, c.scheduled_days, c.last_review";

impl Store {
    /// Done analyses not yet read for drill cards, oldest first, at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn analyses_to_drill(&self, limit: i64) -> Result<Vec<AnalysisRow>, StoreError> {
        let text = format!(
            "SELECT {} FROM analyses a WHERE a.status = 'done' AND NOT EXISTS \
             (SELECT 1 FROM drill_sources s WHERE s.analysis_id = a.id) ORDER BY a.id LIMIT $1",
            crate::analysis::COLUMNS_OF_A
        );
        Ok(sqlx::query_as::<_, AnalysisRow>(sql(text))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Adds the cards made from analysis `analysis_id`, due at `now`, and marks the
    /// analysis read, in one transaction; a decision already carded for its player is
    /// left as it is. How many cards were added.
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn add_drill_cards(
        &self,
        analysis_id: i64,
        cards: &[NewDrillCard],
        now: i64,
    ) -> Result<u64, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let mut added = 0;
        for c in cards {
            added += sqlx::query(
                "INSERT INTO drill_cards (player_id, community_id, analysis_id, decision_key, \
                 question, created_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (player_id, decision_key) DO NOTHING",
            )
            .bind(c.player_id)
            .bind(c.community_id)
            .bind(analysis_id)
            .bind(&c.decision_key)
            .bind(&c.question)
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        sqlx::query(
            "INSERT INTO drill_sources (analysis_id, read_at) VALUES ($1, $2) \
             ON CONFLICT (analysis_id) DO NOTHING",
        )
        .bind(analysis_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(added)
    }

    /// The player's card due first here (due at `now` or before), oldest due first.
    ///
    /// # Errors
    /// A database error.
    pub async fn next_drill_card(
        &self,
        player: i64,
        community: i64,
        now: i64,
    ) -> Result<Option<DrillCardRow>, StoreError> {
        let text = format!(
            "SELECT {CARD_COLUMNS} FROM drill_cards WHERE player_id = $1 AND community_id = $2 \
             AND due_at <= $3 ORDER BY due_at, id LIMIT 1"
        );
        Ok(sqlx::query_as::<_, DrillCardRow>(sql(text))
            .bind(player)
            .bind(community)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// One card by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn drill_card(&self, id: i64) -> Result<Option<DrillCardRow>, StoreError> {
        let text = format!("SELECT {CARD_COLUMNS} FROM drill_cards WHERE id = $1");
        Ok(sqlx::query_as::<_, DrillCardRow>(sql(text))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// When the player's next card here is due (the earliest), if he has any.
    ///
    /// # Errors
    /// A database error.
    pub async fn next_drill_due(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Option<i64>, StoreError> {
        let r = sqlx::query(
            "SELECT MIN(due_at) FROM drill_cards WHERE player_id = $1 AND community_id = $2",
        )
        .bind(player)
        .bind(community)
        .fetch_one(&self.pool)
        .await?;
        Ok(r.try_get(0)?)
    }

    /// Records an answer: the card's memory moved on and the answer written, in one
    /// transaction, only if the card is still as it was read (same due time and answers);
    /// `false` when it was not (answered meanwhile: nothing written).
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn answer_drill(&self, a: &DrillAnswer<'_>) -> Result<bool, StoreError> {
        let m = a.memory;
        let (_guard, mut tx) = self.begin_write().await?;
        let moved = sqlx::query(
            "UPDATE drill_cards SET due_at = $1, state = $2, stability = $3, difficulty = $4, \
             reps = $5, lapses = $6, scheduled_days = $7, last_review = $8 \
             WHERE id = $9 AND due_at = $10 AND reps = $11",
        )
        .bind(m.due_at)
        .bind(m.state)
        .bind(m.stability)
        .bind(m.difficulty)
        .bind(m.reps)
        .bind(m.lapses)
        .bind(m.scheduled_days)
        .bind(m.last_review)
        .bind(a.card.id)
        .bind(a.card.due_at)
        .bind(a.card.reps)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO drill_answers (card_id, player_id, community_id, answered_at, choice, \
             correct) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(a.card.id)
        .bind(a.card.player_id)
        .bind(a.card.community_id)
        .bind(a.at)
        .bind(a.choice)
        .bind(a.correct)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The player's cards here counted at `now`: all, due, learnt (stability at least
    /// `learnt_days`), and his answers.
    ///
    /// # Errors
    /// A database error.
    pub async fn drill_counts(
        &self,
        player: i64,
        community: i64,
        now: i64,
        learnt_days: f64,
    ) -> Result<DrillCounts, StoreError> {
        let r = sqlx::query(
            "SELECT COUNT(*), \
             COALESCE(SUM(CASE WHEN due_at <= $3 THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN stability >= $4 THEN 1 ELSE 0 END), 0), \
             (SELECT COUNT(*) FROM drill_answers WHERE player_id = $1 AND community_id = $2) \
             FROM drill_cards WHERE player_id = $1 AND community_id = $2",
        )
        .bind(player)
        .bind(community)
        .bind(now)
        .bind(learnt_days)
        .fetch_one(&self.pool)
        .await?;
        Ok(DrillCounts {
            cards: r.try_get(0)?,
            due: r.try_get(1)?,
            learnt: r.try_get(2)?,
            answers: r.try_get(3)?,
        })
    }

    /// The days (Unix seconds / 86,400, UTC) on which the player answered a card here,
    /// newest first, at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn drill_days(
        &self,
        player: i64,
        community: i64,
        limit: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT answered_at / 86400 AS day FROM drill_answers \
             WHERE player_id = $1 AND community_id = $2 ORDER BY day DESC LIMIT $3",
        )
        .bind(player)
        .bind(community)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<i64, _>(0).map_err(Into::into))
            .collect()
    }

    /// How many of the player's cards (in every community) are due at `now` (the digest).
    ///
    /// # Errors
    /// A database error.
    pub async fn drills_due(&self, player: i64, now: i64) -> Result<i64, StoreError> {
        let r =
            sqlx::query("SELECT COUNT(*) FROM drill_cards WHERE player_id = $1 AND due_at <= $2")
                .bind(player)
                .bind(now)
                .fetch_one(&self.pool)
                .await?;
        Ok(r.try_get(0)?)
    }
}
