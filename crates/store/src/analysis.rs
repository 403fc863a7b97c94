//! GNU Backgammon's reviews of matches (migration 0008): the job queue of `/analyse`.
//! A request inserts a queued row (or finds the one already there); a worker claims the
//! oldest queued row, marks its progress, and stores the result or the failure. Rows
//! left running by a stopped bot are queued again by [`Store::requeue_analyses`].

use sqlx::Row;

use crate::db::sql;
use crate::{Store, StoreError};

/// Where a job stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisStatus {
    Queued,
    Running,
    Done,
    Failed,
}

impl AnalysisStatus {
    /// The word stored.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AnalysisStatus::Queued => "queued",
            AnalysisStatus::Running => "running",
            AnalysisStatus::Done => "done",
            AnalysisStatus::Failed => "failed",
        }
    }
}

/// A status read back from the word stored; a word the store does not know is a decode
/// error.
impl TryFrom<String> for AnalysisStatus {
    type Error = String;

    fn try_from(text: String) -> Result<AnalysisStatus, String> {
        Ok(match text.as_str() {
            "queued" => AnalysisStatus::Queued,
            "running" => AnalysisStatus::Running,
            "done" => AnalysisStatus::Done,
            "failed" => AnalysisStatus::Failed,
            other => return Err(format!("unknown analysis status `{other}`")),
        })
    }
}

/// Who a job is for: a player who typed `/analyse`, or the match's end (migration 0025).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnalysisOrigin {
    /// Asked for with `/analyse`: counts against the asker's quota, runs first.
    #[default]
    Asked,
    /// Queued by the match's end (`/server analysis:auto|league`): counts against no
    /// one's quota and runs once no job asked for waits.
    Automatic,
}

/// The origin read back from its stored flag (1: automatic).
impl TryFrom<i64> for AnalysisOrigin {
    type Error = String;

    fn try_from(flag: i64) -> Result<AnalysisOrigin, String> {
        Ok(if flag == 0 {
            AnalysisOrigin::Asked
        } else {
            AnalysisOrigin::Automatic
        })
    }
}

/// One analysis job.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AnalysisRow {
    pub id: i64,
    pub match_id: i64,
    /// Finished games covered.
    pub games: i64,
    pub community_id: i64,
    pub requested_by: i64,
    pub channel: String,
    #[sqlx(try_from = "String")]
    pub status: AnalysisStatus,
    pub plies: i64,
    pub requested_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub attempts: i64,
    /// `G/N` while running.
    pub progress: Option<String>,
    /// JSON, once done.
    pub result: Option<String>,
    pub error: Option<String>,
    /// Asked for, or queued by the match's end.
    #[sqlx(try_from = "i64")]
    pub origin: AnalysisOrigin,
}

/// A new request.
#[derive(Clone, Debug)]
pub struct NewAnalysis<'a> {
    pub match_id: i64,
    pub games: i64,
    pub community_id: i64,
    pub requested_by: i64,
    pub channel: &'a str,
    pub plies: i64,
    pub now: i64,
}

/// The columns of an [`AnalysisRow`] read from the table aliased `a`.
pub(crate) const COLUMNS_OF_A: &str = "a.id, a.match_id, a.games, a.community_id, a.requested_by, \
     a.channel, a.status, a.plies, a.requested_at, a.started_at, a.finished_at, a.attempts, \
     a.progress, a.result, a.error, CAST(CASE WHEN a.automatic THEN 1 ELSE 0 END AS BIGINT) AS origin";

const COLUMNS: &str = "id, match_id, games, community_id, requested_by, channel, status, plies, \
     requested_at, started_at, finished_at, attempts, progress, result, error, \
     CAST(CASE WHEN automatic THEN 1 ELSE 0 END AS BIGINT) AS origin";

impl Store {
    /// Queues an analysis of `match_id` over its first `games` finished games, unless one
    /// is already there (queued, running, done or failed): that one is returned, with
    /// whether this call created it. A failed job asked for again is queued again, and an
    /// automatic job still queued becomes the asker's (it then runs with the jobs asked
    /// for, and counts against his quota).
    ///
    /// # Errors
    /// A database error.
    pub async fn request_analysis(
        &self,
        new: &NewAnalysis<'_>,
    ) -> Result<(AnalysisRow, bool), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let inserted = sqlx::query(
            "INSERT INTO analyses (match_id, games, community_id, requested_by, channel, \
             status, plies, requested_at) VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7) \
             ON CONFLICT (match_id, games) DO UPDATE SET status = 'queued', \
             requested_by = excluded.requested_by, channel = excluded.channel, \
             plies = excluded.plies, requested_at = excluded.requested_at, \
             started_at = NULL, finished_at = NULL, progress = NULL, error = NULL, \
             attempts = 0, automatic = $8 WHERE analyses.status = 'failed' \
             OR (analyses.status = 'queued' AND analyses.automatic = $9)",
        )
        .bind(new.match_id)
        .bind(new.games)
        .bind(new.community_id)
        .bind(new.requested_by)
        .bind(new.channel)
        .bind(new.plies)
        .bind(new.now)
        .bind(false)
        .bind(true)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        let text = format!("SELECT {COLUMNS} FROM analyses WHERE match_id = $1 AND games = $2");
        let found = sqlx::query_as::<_, AnalysisRow>(sql(text))
            .bind(new.match_id)
            .bind(new.games)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((found, inserted))
    }

    /// How many analyses `player` asked for are waiting or running (automatic jobs of his
    /// matches are not his).
    ///
    /// # Errors
    /// A database error.
    pub async fn analyses_waiting_of(&self, player: i64) -> Result<i64, StoreError> {
        let r = sqlx::query(
            "SELECT COUNT(*) FROM analyses WHERE requested_by = $1 \
             AND status IN ('queued', 'running') AND automatic = $2",
        )
        .bind(player)
        .bind(false)
        .fetch_one(&self.pool)
        .await?;
        Ok(r.try_get(0)?)
    }

    /// The jobs ahead of `id` (its place in the queue): those running, and those queued
    /// that run before it (a job asked for: the jobs asked for before it; an automatic
    /// job: every job asked for, and the automatic ones before it).
    ///
    /// # Errors
    /// A database error.
    pub async fn analyses_ahead(&self, id: i64) -> Result<i64, StoreError> {
        let r = sqlx::query(
            "SELECT COUNT(*) FROM analyses a, analyses me WHERE me.id = $1 AND a.id <> me.id \
             AND (a.status = 'running' OR (a.status = 'queued' AND \
             ((a.automatic = me.automatic AND a.id < me.id) \
             OR (me.automatic = $2 AND a.automatic = $3))))",
        )
        .bind(id)
        .bind(true)
        .bind(false)
        .fetch_one(&self.pool)
        .await?;
        Ok(r.try_get(0)?)
    }

    /// The newest analysis of a match (any number of games).
    ///
    /// # Errors
    /// A database error.
    pub async fn analysis_of(
        &self,
        match_id: i64,
        games: i64,
    ) -> Result<Option<AnalysisRow>, StoreError> {
        let text = format!("SELECT {COLUMNS} FROM analyses WHERE match_id = $1 AND games = $2");
        let r = sqlx::query_as::<_, AnalysisRow>(sql(text))
            .bind(match_id)
            .bind(games)
            .fetch_optional(&self.pool)
            .await?;
        Ok(r)
    }

    /// One job by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn analysis(&self, id: i64) -> Result<Option<AnalysisRow>, StoreError> {
        let text = format!("SELECT {COLUMNS} FROM analyses WHERE id = $1");
        let r = sqlx::query_as::<_, AnalysisRow>(sql(text))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(r)
    }

    /// Claims the next queued job: the jobs asked for first, players in turn (the oldest
    /// job of the player whose last job asked for began longest ago), then the automatic
    /// jobs, oldest first: it is running from `now`, one attempt more. Claims
    /// made at once by several processes on one database take different jobs: the oldest
    /// queued job is read, then taken only while it is still queued (PostgreSQL re-checks
    /// that once another claim's lock on the row is released); a claim that lost its row
    /// reads the next. With nothing queued the claim is one read and no write.
    ///
    /// # Errors
    /// A database error.
    pub async fn claim_analysis(&self, now: i64) -> Result<Option<AnalysisRow>, StoreError> {
        let text = format!(
            "UPDATE analyses SET status = 'running', started_at = $1, attempts = attempts + 1, \
             progress = NULL WHERE id = $2 AND status = 'queued' RETURNING {COLUMNS}"
        );
        loop {
            // The jobs players asked for first, players in turn: the queued job of the
            // player whose last job asked for began longest ago (never: first), the
            // oldest of that player's. Then the automatic jobs, oldest first.
            let oldest: Option<i64> = sqlx::query(
                "SELECT a.id FROM analyses a WHERE a.status = 'queued' \
                 ORDER BY CASE WHEN a.automatic THEN 1 ELSE 0 END, \
                 CASE WHEN a.automatic THEN 0 ELSE \
                 (SELECT COALESCE(MAX(b.started_at), 0) FROM analyses b \
                 WHERE b.requested_by = a.requested_by AND b.automatic = $1 \
                 AND b.started_at IS NOT NULL) END, a.id \
                 LIMIT 1",
            )
            .bind(false)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
            let Some(id) = oldest else {
                return Ok(None);
            };
            let (_guard, mut tx) = self.begin_write().await?;
            let found = sqlx::query_as::<_, AnalysisRow>(sql(text.clone()))
                .bind(now)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            tx.commit().await?;
            if found.is_some() {
                return Ok(found);
            }
        }
    }

    /// Notes how far a running job has come (`G/N`).
    ///
    /// # Errors
    /// A database error.
    pub async fn analysis_progress(&self, id: i64, progress: &str) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE analyses SET progress = $1 WHERE id = $2 AND status = 'running'")
            .bind(progress)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Ends a running job: its result (done) or why it failed.
    ///
    /// # Errors
    /// A database error.
    pub async fn finish_analysis(
        &self,
        id: i64,
        outcome: Result<&str, &str>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.finish_analysis_owing(id, outcome, now, &[]).await
    }

    /// [`Store::finish_analysis`], writing `owed` (the report owed to the match's
    /// channel) into the outbox in the same transaction.
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn finish_analysis_owing(
        &self,
        id: i64,
        outcome: Result<&str, &str>,
        now: i64,
        owed: &[crate::Owed],
    ) -> Result<(), StoreError> {
        let (status, result, error) = match outcome {
            Ok(r) => ("done", Some(r), None),
            Err(e) => ("failed", None, Some(e)),
        };
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query(
            "UPDATE analyses SET status = $1, result = $2, error = $3, finished_at = $4 WHERE id = $5",
        )
        .bind(status)
        .bind(result)
        .bind(error)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        crate::outbox::insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues job `id` again, running no more (the bot is stopping): its attempt is not
    /// counted. A job not running is left as it is.
    ///
    /// # Errors
    /// A database error.
    pub async fn release_analysis(&self, id: i64) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query(
            "UPDATE analyses SET status = 'queued', progress = NULL, started_at = NULL, \
             attempts = attempts - 1 WHERE id = $1 AND status = 'running'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues again the jobs a stopped bot left running; how many.
    ///
    /// # Errors
    /// A database error.
    pub async fn requeue_analyses(&self) -> Result<u64, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let n = sqlx::query(
            "UPDATE analyses SET status = 'queued', progress = NULL WHERE status = 'running'",
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(n)
    }

    /// The finished analyses of a community, oldest first (for `/stats`).
    ///
    /// # Errors
    /// A database error.
    pub async fn analyses_done_in(&self, community: i64) -> Result<Vec<AnalysisRow>, StoreError> {
        let text = format!(
            "SELECT {COLUMNS} FROM analyses WHERE community_id = $1 AND status = 'done' ORDER BY id"
        );
        Ok(sqlx::query_as::<_, AnalysisRow>(sql(text))
            .bind(community)
            .fetch_all(&self.pool)
            .await?)
    }
}
