//! The daily digest and the low-time notice (migration 0015): who asked for the digest,
//! when his next one is due and the local day of the last one sent; the row of a match
//! read whole with both players and the community's platform id (`waiting.rs` reads
//! them); which players of a match were told their time
//! bank fell low. The club decides what is due and says it (`club::digest`,
//! `club::waiting`); the store keeps the marks, each claimed by a conditional write so
//! that one process sends each digest and notice.

use sqlx::Row;

use crate::db::sql;
use crate::matches::{MATCH_COLUMNS, MatchRow, match_row};
use crate::players::{PlayerRow, player_row};
use crate::{Store, StoreError};

/// A player's digest as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestRow {
    pub player_id: i64,
    /// The local time of day, minutes after midnight.
    pub minute: i64,
    /// An IANA time zone or a UTC offset, as the club wrote it.
    pub tz: String,
    /// The next digest is due then (Unix seconds).
    pub next_at: i64,
    /// The local day (`YYYY-MM-DD`) of the last one sent.
    pub last_day: Option<String>,
}

/// What a settings change does to the digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DigestWrite {
    /// Leave it as it is.
    Keep,
    /// No digest any more.
    Off,
    /// This digest (made or replaced).
    Set(DigestRow),
}

/// An open match with its two players (X, O) and its community's id on the platform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitingRow {
    pub row: MatchRow,
    pub players: [PlayerRow; 2],
    pub community: String,
}

fn digest_row(r: &crate::db::DbRow) -> Result<DigestRow, sqlx::Error> {
    Ok(DigestRow {
        player_id: r.try_get("player_id")?,
        minute: r.try_get("minute")?,
        tz: r.try_get("tz")?,
        next_at: r.try_get("next_at")?,
        last_day: r.try_get("last_day")?,
    })
}

impl Store {
    /// A player's digest, if he asked for one.
    ///
    /// # Errors
    /// A database error.
    pub async fn digest_of(&self, player: i64) -> Result<Option<DigestRow>, StoreError> {
        let row = sqlx::query(
            "SELECT player_id, minute, tz, next_at, last_day FROM digests WHERE player_id = $1",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(digest_row).transpose()?)
    }

    /// Saves a player's settings and his digest in one transaction; answers the player as
    /// he is then.
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn set_settings_with_digest(
        &self,
        player: i64,
        auto_roll: bool,
        notify_dm: bool,
        digest: &DigestWrite,
    ) -> Result<PlayerRow, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query("UPDATE players SET auto_roll = $1, notify_dm = $2 WHERE id = $3")
            .bind(auto_roll)
            .bind(notify_dm)
            .bind(player)
            .execute(&mut *tx)
            .await?;
        match digest {
            DigestWrite::Keep => {}
            DigestWrite::Off => {
                sqlx::query("DELETE FROM digests WHERE player_id = $1")
                    .bind(player)
                    .execute(&mut *tx)
                    .await?;
            }
            DigestWrite::Set(d) => {
                sqlx::query(
                    "INSERT INTO digests (player_id, minute, tz, next_at, last_day)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (player_id) DO UPDATE SET minute = excluded.minute,
                         tz = excluded.tz, next_at = excluded.next_at,
                         last_day = excluded.last_day",
                )
                .bind(player)
                .bind(d.minute)
                .bind(d.tz.as_str())
                .bind(d.next_at)
                .bind(d.last_day.as_deref())
                .execute(&mut *tx)
                .await?;
            }
        }
        let row = sqlx::query(
            "SELECT id, platform, platform_id, display_name, auto_roll, notify_dm
             FROM players WHERE id = $1",
        )
        .bind(player)
        .fetch_one(&mut *tx)
        .await?;
        let p = player_row(&row)?;
        tx.commit().await?;
        Ok(p)
    }

    /// The digests due at `now` (next one at or before it), soonest first, with their
    /// players.
    ///
    /// # Errors
    /// A database error.
    pub async fn digests_due(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<(DigestRow, PlayerRow)>, StoreError> {
        let rows = sqlx::query(
            "SELECT d.player_id, d.minute, d.tz, d.next_at, d.last_day,
                 p.id, p.platform, p.platform_id, p.display_name, p.auto_roll, p.notify_dm
             FROM digests d JOIN players p ON p.id = d.player_id
             WHERE d.next_at <= $1 ORDER BY d.next_at, d.player_id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok::<_, sqlx::Error>((digest_row(r)?, player_row(r)?)))
            .collect::<Result<_, _>>()?)
    }

    /// Claims digests, each `(player, due, next, day)`: the digest of `player` due at
    /// `due`, sent for the local day `day`, is next due at `next`; in one statement (the
    /// write lock, which the commands' commits wait for, is held briefly). Whether each
    /// was claimed by this call (another process, or a change of the setting, may have
    /// moved it first: then nothing is written for it). The messages owed, `owed`, each
    /// with its player, are written in the same transaction for the players claimed.
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn claim_digests(
        &self,
        claims: &[(i64, i64, i64, String)],
        owed: &[(i64, crate::Owed)],
        now: i64,
    ) -> Result<Vec<bool>, StoreError> {
        if claims.is_empty() {
            return Ok(Vec::new());
        }
        let values = (0..claims.len())
            .map(|i| {
                let k = 4 * i;
                format!("(${}, ${}, ${}, ${})", k + 1, k + 2, k + 3, k + 4)
            })
            .collect::<Vec<_>>()
            .join(", ");
        // The VALUES' columns are `column1`.. on both backends.
        let text = format!(
            "UPDATE digests SET next_at = v.column3, last_day = v.column4
             FROM (VALUES {values}) AS v
             WHERE digests.player_id = v.column1 AND digests.next_at = v.column2
             RETURNING digests.player_id"
        );
        let mut q = sqlx::query(sql(text));
        for (player, due, next, day) in claims {
            q = q.bind(*player).bind(*due).bind(*next).bind(day.as_str());
        }
        let (_guard, mut tx) = self.begin_write().await?;
        let rows = q.fetch_all(&mut *tx).await?;
        let won: std::collections::HashSet<i64> = rows
            .iter()
            .map(|r| r.try_get::<i64, _>(0))
            .collect::<Result<_, _>>()?;
        let mine: Vec<crate::Owed> = owed
            .iter()
            .filter(|(p, _)| won.contains(p))
            .map(|(_, o)| o.clone())
            .collect();
        crate::outbox::insert_owed(&mut tx, &mine, now).await?;
        tx.commit().await?;
        Ok(claims.iter().map(|(p, ..)| won.contains(p)).collect())
    }

    /// Active matches where the player to act may have to be told his time bank fell
    /// below `threshold` seconds: the deadline within it, or a bank below it of a player
    /// not told yet; neither looked at at their present version nor closed to the notice.
    /// Soonest deadline first.
    ///
    /// # Errors
    /// A database error.
    pub async fn low_time_candidates(
        &self,
        now: i64,
        threshold: i64,
        limit: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let text = format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id IN (
                 SELECT m.id FROM matches m LEFT JOIN low_time l ON l.match_id = m.id
                 WHERE m.status = 'active' AND m.deadline_at IS NOT NULL
                   AND m.deadline_at > $1
                   AND COALESCE(l.told, 0) <> 3
                   AND COALESCE(l.seen_version, -1) <> m.version
                   AND (m.deadline_at <= $2
                        OR (m.bank_x < $3 AND COALESCE(l.told, 0) % 2 = 0)
                        OR (m.bank_o < $4 AND (COALESCE(l.told, 0) / 2) % 2 = 0)))
             ORDER BY deadline_at, id LIMIT $5"
        );
        let rows = sqlx::query(sql(text))
            .bind(now)
            .bind(now.saturating_add(threshold))
            .bind(threshold)
            .bind(threshold)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// Closes match `id` to the low-time notice (its players' banks began below the
    /// threshold: they never fall below it).
    ///
    /// # Errors
    /// A database error.
    pub async fn close_low_time(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO low_time (match_id, told, seen_version) VALUES ($1, 3, 0)
             ON CONFLICT (match_id) DO UPDATE SET told = 3",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Marks that the player of side `side` (0: X, 1: O) of match `id` was told of his low
    /// time, at the match's `version`, writing `owed` (the notice) in the same transaction
    /// when it marks it. Whether this call marked it (false: he was told already, by this
    /// process or another, and nothing is written).
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn claim_low_time(
        &self,
        id: i64,
        side: usize,
        version: i64,
        owed: &[crate::Owed],
        now: i64,
    ) -> Result<bool, StoreError> {
        let bit: i64 = if side == 0 { 1 } else { 2 };
        let (_guard, mut tx) = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO low_time (match_id, told, seen_version) VALUES ($1, 0, 0)
             ON CONFLICT (match_id) DO NOTHING",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query(
            "UPDATE low_time SET told = told + $1, seen_version = $2
             WHERE match_id = $3 AND (told / $4) % 2 = 0",
        )
        .bind(bit)
        .bind(version)
        .bind(id)
        .bind(bit)
        .execute(&mut *tx)
        .await?;
        let claimed = done.rows_affected() == 1;
        if claimed {
            crate::outbox::insert_owed(&mut tx, owed, now).await?;
        }
        tx.commit().await?;
        Ok(claimed)
    }

    /// Marks match `id` as looked at, at `version`, with nothing to tell: it is not read
    /// again until its version moves.
    ///
    /// # Errors
    /// A database error.
    pub async fn mark_low_time_seen(&self, id: i64, version: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO low_time (match_id, told, seen_version) VALUES ($1, 0, $2)
             ON CONFLICT (match_id) DO UPDATE SET seen_version = excluded.seen_version",
        )
        .bind(id)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
