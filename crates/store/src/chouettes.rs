//! Chouette sessions: the row with its state and version, the session's log, and the
//! one-transaction commit with its version check.

use sqlx::Row;

use crate::action_log::{Log, append_log};
use crate::fair::{FairChainRow, FairChange, insert_fair, write_fair};
use crate::money::{LedgerEntry, insert_ledger};
use crate::{Store, StoreError};

/// A chouette session as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChouetteRow {
    pub id: i64,
    pub community_id: i64,
    pub channel: String,
    pub terms: String,
    pub state: String,
    pub version: i64,
}

/// A new chouette session.
#[derive(Clone, Copy, Debug)]
pub struct NewChouette<'a> {
    pub community: i64,
    pub channel: &'a str,
    pub terms: &'a str,
    pub state: &'a str,
    pub creator: i64,
    pub entry: &'a str,
    pub now: i64,
    /// Provably fair dice: the first hash chain (owner: `c` and the session number).
    pub fair: Option<&'a FairChainRow>,
}

impl Store {
    /// Writes a new chouette session (version 1) and its first log entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_chouette(&self, n: &NewChouette<'_>) -> Result<i64, StoreError> {
        let NewChouette {
            community,
            channel,
            terms,
            state,
            creator,
            entry,
            now,
            fair,
        } = *n;
        let (_writing, mut tx) = self.begin_write().await?;
        let id: i64 = sqlx::query(
            "INSERT INTO chouettes (community_id, channel, terms, state, version, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 1, $5, $6) RETURNING id",
        )
        .bind(community)
        .bind(channel)
        .bind(terms)
        .bind(state)
        .bind(now)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        append_log(
            &mut tx,
            Log::Chouette,
            id,
            &[(Some(creator), entry.to_string())],
            now,
        )
        .await?;
        if let Some(chain) = fair {
            insert_fair(&mut tx, &format!("c{id}"), chain).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// A chouette session by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_chouette(&self, id: i64) -> Result<Option<ChouetteRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, community_id, channel, terms, state, version FROM chouettes WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(ChouetteRow {
                id: r.try_get(0)?,
                community_id: r.try_get(1)?,
                channel: r.try_get(2)?,
                terms: r.try_get(3)?,
                state: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
                version: r.try_get(5)?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| StoreError::from(e))
    }

    /// The newest chouette session of a channel.
    ///
    /// # Errors
    /// A database error.
    pub async fn chouette_in(
        &self,
        community: i64,
        channel: &str,
    ) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT id FROM chouettes WHERE community_id = $1 AND channel = $2 ORDER BY id DESC LIMIT 1",
        )
        .bind(community)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// The chouette sessions of a channel, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn chouettes_in(
        &self,
        community: i64,
        channel: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM chouettes WHERE community_id = $1 AND channel = $2 ORDER BY id DESC",
        )
        .bind(community)
        .bind(channel)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    /// Writes one chouette command: the new state if the version still stands, its log
    /// entries and ledger lines, and its fair-dice throws, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    #[allow(clippy::too_many_arguments)]
    pub async fn commit_chouette(
        &self,
        id: i64,
        expected_version: i64,
        state: &str,
        actions: &[(Option<i64>, String)],
        ledger: &[LedgerEntry],
        now: i64,
        fair: Option<&FairChange>,
    ) -> Result<i64, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let community: Option<i64> = sqlx::query(
            "UPDATE chouettes SET state = $1, version = version + 1, updated_at = $2
             WHERE id = $3 AND version = $4
             RETURNING community_id",
        )
        .bind(state)
        .bind(now)
        .bind(id)
        .bind(expected_version)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
        let Some(community) = community else {
            return Err(StoreError::Stale);
        };
        append_log(&mut tx, Log::Chouette, id, actions, now).await?;
        insert_ledger(&mut tx, community, None, ledger, now).await?;
        if let Some(f) = fair {
            write_fair(&mut tx, f).await?;
        }
        tx.commit().await?;
        Ok(expected_version + 1)
    }

    /// The log of a chouette session, in order: (player, entry).
    ///
    /// # Errors
    /// A database error.
    pub async fn chouette_actions(
        &self,
        id: i64,
    ) -> Result<Vec<(Option<i64>, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_id, entry FROM chouette_actions WHERE chouette_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
