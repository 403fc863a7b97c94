//! Every finished match analysed by itself (migration 0025): a server's setting
//! (`communities.auto_analysis`), the finished matches due for a look (`matches.analysis_due`,
//! set by the transaction that finishes the match: `match_writes.rs`) and the one
//! transaction that queues a due match's job (or decides none is owed) and clears its mark,
//! so each finished match is looked at exactly once, across restarts.

use sqlx::Row;

use crate::analysis::NewAnalysis;
use crate::db::flag;
use crate::{Store, StoreError};

/// Which finished matches a server has analysed without anyone asking
/// (`/server analysis:auto|league|off`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AutoAnalysis {
    /// Every rated, league or bot match, and every money session when it stops (the
    /// default).
    #[default]
    Auto,
    /// League matches only.
    League,
    /// None: only `/analyse` queues a job.
    Off,
}

impl AutoAnalysis {
    /// The word stored (and typed: `/server analysis:league`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AutoAnalysis::Auto => "auto",
            AutoAnalysis::League => "league",
            AutoAnalysis::Off => "off",
        }
    }

    /// The setting a word names (`auto`, `league`, `off`), if any.
    #[must_use]
    pub fn parse(word: &str) -> Option<AutoAnalysis> {
        match word.trim().to_ascii_lowercase().as_str() {
            "auto" => Some(AutoAnalysis::Auto),
            "league" => Some(AutoAnalysis::League),
            "off" => Some(AutoAnalysis::Off),
            _ => None,
        }
    }
}

/// A finished match due for its automatic analysis, with what decides whether it gets one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueMatch {
    pub match_id: i64,
    pub community_id: i64,
    /// Its server's setting.
    pub mode: AutoAnalysis,
    /// Rated (`rated:off` makes a friendly match; money play is never rated).
    pub rated: bool,
    /// Against the bot player.
    pub against_bot: bool,
    /// A league fixture's match.
    pub league: bool,
}

impl Store {
    /// A community's setting for automatic analysis (`Auto` for one not known).
    ///
    /// # Errors
    /// A database error, or a stored word the store does not know.
    pub async fn auto_analysis(&self, community: i64) -> Result<AutoAnalysis, StoreError> {
        let row = sqlx::query("SELECT auto_analysis FROM communities WHERE id = $1")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        let Some(r) = row else {
            return Ok(AutoAnalysis::Auto);
        };
        let word: String = r.try_get(0)?;
        AutoAnalysis::parse(&word).ok_or_else(|| {
            StoreError::Db(sqlx::Error::ColumnDecode {
                index: "auto_analysis".into(),
                source: format!("unknown automatic analysis setting `{word}`").into(),
            })
        })
    }

    /// Sets a community's automatic analysis.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_auto_analysis(
        &self,
        community: i64,
        mode: AutoAnalysis,
    ) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE communities SET auto_analysis = $1 WHERE id = $2")
            .bind(mode.as_str())
            .bind(community)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Up to `limit` finished matches due for their automatic analysis, the oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn matches_due_analysis(&self, limit: i64) -> Result<Vec<DueMatch>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.id, m.community_id, c.auto_analysis, m.rated, m.against_bot, \
             CAST(CASE WHEN EXISTS (SELECT 1 FROM league_fixtures f WHERE f.match_id = m.id) \
             THEN 1 ELSE 0 END AS BIGINT) AS league \
             FROM matches m JOIN communities c ON c.id = m.community_id \
             WHERE m.analysis_due = $1 ORDER BY m.id LIMIT $2",
        )
        .bind(true)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let word: String = r.try_get(2)?;
                Ok(DueMatch {
                    match_id: r.try_get(0)?,
                    community_id: r.try_get(1)?,
                    mode: AutoAnalysis::parse(&word).unwrap_or_default(),
                    rated: flag(r, 3)?,
                    against_bot: flag(r, 4)?,
                    league: r.try_get::<i64, _>(5)? != 0,
                })
            })
            .collect()
    }

    /// In one transaction: queues `job` as an automatic job, unless the match already has
    /// one for that many games (a player's `/analyse` came first: it stays as it is), and
    /// clears the match's mark; with no `job` (none is owed), only clears the mark.
    /// Whether a job was queued. A match no longer marked (another worker took it) is left
    /// alone.
    ///
    /// # Errors
    /// A database error (nothing written: the match stays due).
    pub async fn settle_due_analysis(
        &self,
        match_id: i64,
        job: Option<&NewAnalysis<'_>>,
    ) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let cleared =
            sqlx::query("UPDATE matches SET analysis_due = $1 WHERE id = $2 AND analysis_due = $3")
                .bind(false)
                .bind(match_id)
                .bind(true)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        let mut queued = false;
        if let (1, Some(new)) = (cleared, job) {
            queued = sqlx::query(
                "INSERT INTO analyses (match_id, games, community_id, requested_by, channel, \
                 status, plies, requested_at, automatic) \
                 VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8) \
                 ON CONFLICT (match_id, games) DO NOTHING",
            )
            .bind(new.match_id)
            .bind(new.games)
            .bind(new.community_id)
            .bind(new.requested_by)
            .bind(new.channel)
            .bind(new.plies)
            .bind(new.now)
            .bind(true)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                > 0;
        }
        tx.commit().await?;
        Ok(queued)
    }
}
