//! Players (with their settings) and communities.

use sqlx::Row;

use crate::db::{DbRow, flag};
use crate::{Store, StoreError};

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: i64,
    pub platform: String,
    pub platform_id: String,
    pub display_name: String,
    pub auto_roll: bool,
    pub notify_dm: bool,
}

pub(super) fn player_row(r: &DbRow) -> Result<PlayerRow, sqlx::Error> {
    player_row_as(r, "")
}

/// A player read from columns named with `prefix` (`x_platform`, ...), as a join gives them.
pub(super) fn player_row_as(r: &DbRow, prefix: &str) -> Result<PlayerRow, sqlx::Error> {
    let col = |name: &str| format!("{prefix}{name}");
    Ok(PlayerRow {
        id: r.try_get(col("id").as_str())?,
        platform: r.try_get(col("platform").as_str())?,
        platform_id: r.try_get(col("platform_id").as_str())?,
        display_name: r.try_get(col("display_name").as_str())?,
        auto_roll: flag(r, col("auto_roll").as_str())?,
        notify_dm: flag(r, col("notify_dm").as_str())?,
    })
}

impl Store {
    /// The player with this platform identity, created (or renamed) as needed.
    ///
    /// # Errors
    /// A database error.
    pub async fn player(
        &self,
        platform: &str,
        platform_id: &str,
        display_name: &str,
        now: i64,
    ) -> Result<PlayerRow, StoreError> {
        // In a transaction of its own, committed before the row is handed back: an
        // autocommitted `INSERT ... RETURNING` gives its row before SQLite commits, and a
        // commit that then fails (the disk full) would go unseen.
        let (_guard, mut tx) = self.begin_write().await?;
        let row = sqlx::query(
            "INSERT INTO players (platform, platform_id, display_name, created_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, platform_id) DO UPDATE SET display_name = excluded.display_name
             RETURNING id, platform, platform_id, display_name, auto_roll, notify_dm",
        )
        .bind(platform)
        .bind(platform_id)
        .bind(display_name)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let row = row.first().ok_or(sqlx::Error::RowNotFound)?;
        let player = player_row(row)?;
        tx.commit().await?;
        Ok(player)
    }

    /// A player by platform identity, if known.
    ///
    /// # Errors
    /// A database error.
    pub async fn find_player(
        &self,
        platform: &str,
        platform_id: &str,
    ) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, platform, platform_id, display_name, auto_roll, notify_dm
             FROM players WHERE platform = $1 AND platform_id = $2",
        )
        .bind(platform)
        .bind(platform_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(player_row).transpose()?)
    }

    /// A player by id.
    ///
    /// # Errors
    /// A database error, or no such player.
    pub async fn player_by_id(&self, id: i64) -> Result<PlayerRow, StoreError> {
        let row = sqlx::query(
            "SELECT id, platform, platform_id, display_name, auto_roll, notify_dm
             FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&self.pool)
        .await?;
        Ok(player_row(&row)?)
    }

    /// Saves a player's settings.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_settings(
        &self,
        player: i64,
        auto_roll: bool,
        notify_dm: bool,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET auto_roll = $1, notify_dm = $2 WHERE id = $3")
            .bind(auto_roll)
            .bind(notify_dm)
            .bind(player)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The community with this platform identity, created as needed.
    ///
    /// # Errors
    /// A database error.
    pub async fn community(
        &self,
        platform: &str,
        platform_id: &str,
        name: &str,
    ) -> Result<i64, StoreError> {
        // Committed before the id is handed back (see `player`).
        let (_guard, mut tx) = self.begin_write().await?;
        let row = sqlx::query(
            "INSERT INTO communities (platform, platform_id, name) VALUES ($1, $2, $3)
             ON CONFLICT (platform, platform_id) DO UPDATE SET name = excluded.name
             RETURNING id",
        )
        .bind(platform)
        .bind(platform_id)
        .bind(name)
        .fetch_all(&mut *tx)
        .await?;
        let id = row.first().ok_or(sqlx::Error::RowNotFound)?.try_get(0)?;
        tx.commit().await?;
        Ok(id)
    }

    /// The community with this platform identity, if known.
    ///
    /// # Errors
    /// A database error.
    pub async fn find_community(
        &self,
        platform: &str,
        platform_id: &str,
    ) -> Result<Option<i64>, StoreError> {
        let row =
            sqlx::query("SELECT id FROM communities WHERE platform = $1 AND platform_id = $2")
                .bind(platform)
                .bind(platform_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Whether a community plays each match in its own thread.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_threads(&self, community: i64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT match_threads FROM communities WHERE id = $1")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| flag(&r, 0)).transpose()?.unwrap_or(false))
    }

    /// Sets whether a community plays each match in its own thread.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_match_threads(&self, community: i64, on: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE communities SET match_threads = $1 WHERE id = $2")
            .bind(on)
            .bind(community)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The player with this platform identity and the community with that one, each if
    /// known, in one read (what every command looks up first).
    ///
    /// # Errors
    /// A database error.
    pub async fn find_actor(
        &self,
        platform: &str,
        platform_id: &str,
        community_platform_id: &str,
    ) -> Result<(Option<PlayerRow>, Option<i64>), StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.platform, p.platform_id, p.display_name, p.auto_roll, p.notify_dm,
                 (SELECT c.id FROM communities c WHERE c.platform = $1 AND c.platform_id = $3)
                     AS community
             FROM (SELECT 1) AS one LEFT JOIN players p ON p.platform = $1 AND p.platform_id = $2",
        )
        .bind(platform)
        .bind(platform_id)
        .bind(community_platform_id)
        .fetch_one(&self.pool)
        .await?;
        let player = match row.try_get::<Option<i64>, _>("id")? {
            Some(_) => Some(player_row(&row)?),
            None => None,
        };
        Ok((player, row.try_get("community")?))
    }

    /// Two players by id (a match's X and O), in one read.
    ///
    /// # Errors
    /// A database error, or either player unknown.
    pub async fn players_by_id(&self, ids: [i64; 2]) -> Result<[PlayerRow; 2], StoreError> {
        let rows = sqlx::query(
            "SELECT id, platform, platform_id, display_name, auto_roll, notify_dm
             FROM players WHERE id IN ($1, $2)",
        )
        .bind(ids[0])
        .bind(ids[1])
        .fetch_all(&self.pool)
        .await?;
        let rows = rows.iter().map(player_row).collect::<Result<Vec<_>, _>>()?;
        let pick = |id: i64| {
            rows.iter()
                .find(|p| p.id == id)
                .cloned()
                .ok_or(StoreError::Db(sqlx::Error::RowNotFound))
        };
        Ok([pick(ids[0])?, pick(ids[1])?])
    }
}
