//! Vacations (migrations 0014, 0021): a server's yearly allowance, one row per vacation
//! (planned by dates, begun, or cancelled before its start), and the clock shifts that
//! start or end one, each written with its vacation row in one transaction (the club
//! decides the shifts: `club::vacation`).

use sqlx::Row;

use crate::db::DbRow;
use crate::{Store, StoreError};

/// A vacation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationRow {
    pub id: i64,
    pub player_id: i64,
    pub community_id: i64,
    /// The UTC year it started in: its days count against that year's allowance.
    pub year: i64,
    pub started_at: i64,
    /// The planned end.
    pub ends_at: i64,
    /// When it ended (`None` while it runs).
    pub ended_at: Option<i64>,
    /// Planned days while it runs; the days taken once it has ended.
    pub days: i64,
    /// Planned by dates, not begun yet (the deadline sweep begins it at `started_at`).
    pub planned: bool,
}

/// A new vacation.
#[derive(Clone, Debug)]
pub struct NewVacation {
    pub player_id: i64,
    pub community_id: i64,
    pub year: i64,
    pub started_at: i64,
    pub ends_at: i64,
    pub days: i64,
}

/// A match's clock moved by a vacation, written only if the match is still at
/// `expected_version` (its version goes on by one, as for any change of its clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockShift {
    pub match_id: i64,
    pub expected_version: i64,
    pub turn_started_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub reminder_at: Option<i64>,
}

const VACATION_COLUMNS: &str =
    "id, player_id, community_id, year, started_at, ends_at, ended_at, days, state";

fn vacation_row(r: &DbRow) -> Result<VacationRow, sqlx::Error> {
    Ok(VacationRow {
        id: r.try_get("id")?,
        player_id: r.try_get("player_id")?,
        community_id: r.try_get("community_id")?,
        year: r.try_get("year")?,
        started_at: r.try_get("started_at")?,
        ends_at: r.try_get("ends_at")?,
        ended_at: r.try_get("ended_at")?,
        days: r.try_get("days")?,
        planned: r.try_get::<String, _>("state")? == "planned",
    })
}

/// Writes the shifts in the caller's transaction; `Stale` if a match moved on.
async fn shift_clocks(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    shifts: &[ClockShift],
    now: i64,
) -> Result<(), StoreError> {
    for s in shifts {
        let done = sqlx::query(
            "UPDATE matches SET turn_started_at = $1, deadline_at = $2, reminder_at = $3,
                 version = version + 1, updated_at = $4
             WHERE id = $5 AND version = $6 AND status = 'active'",
        )
        .bind(s.turn_started_at)
        .bind(s.deadline_at)
        .bind(s.reminder_at)
        .bind(now)
        .bind(s.match_id)
        .bind(s.expected_version)
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
    }
    Ok(())
}

/// Records the turns a vacation's start moved on (as moved), in the caller's transaction.
async fn record_moved(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    vacation: i64,
    shifts: &[ClockShift],
) -> Result<(), StoreError> {
    for s in shifts {
        let Some(started) = s.turn_started_at else {
            continue;
        };
        sqlx::query(
            "INSERT INTO vacation_clocks (vacation_id, match_id, turn_started_at)
             VALUES ($1, $2, $3)",
        )
        .bind(vacation)
        .bind(s.match_id)
        .bind(started)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Whether a vacation of the player there (begun, running or ended, or planned; not
/// cancelled) shares some time with `v`.
async fn overlaps(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    v: &NewVacation,
) -> Result<bool, StoreError> {
    let n = sqlx::query(
        "SELECT COUNT(*) FROM vacations
         WHERE player_id = $1 AND community_id = $2 AND state <> 'cancelled'
             AND started_at < $3 AND COALESCE(ended_at, ends_at) > $4",
    )
    .bind(v.player_id)
    .bind(v.community_id)
    .bind(v.ends_at)
    .bind(v.started_at)
    .fetch_one(&mut **tx)
    .await?
    .try_get::<i64, _>(0)?;
    Ok(n > 0)
}

impl Store {
    /// A community's yearly allowance of vacation days, if a manager set one.
    ///
    /// # Errors
    /// A database error.
    pub async fn vacation_allowance(&self, community: i64) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT vacation_days FROM communities WHERE id = $1")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .map(|r| r.try_get::<Option<i64>, _>(0))
            .transpose()?
            .flatten())
    }

    /// Sets a community's yearly allowance of vacation days.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_vacation_allowance(
        &self,
        community: i64,
        days: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE communities SET vacation_days = $1 WHERE id = $2")
            .bind(days)
            .bind(community)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The player's vacation running in a community, if any (the latest begun: a planned
    /// one begun as an earlier one ran out, before the sweep ended that).
    ///
    /// # Errors
    /// A database error.
    pub async fn running_vacation(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Option<VacationRow>, StoreError> {
        let row = sqlx::query(crate::db::sql(format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE player_id = $1 AND community_id = $2 AND ended_at IS NULL
                 AND state = 'begun'
             ORDER BY started_at DESC, id DESC LIMIT 1"
        )))
        .bind(player)
        .bind(community)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(vacation_row).transpose()?)
    }

    /// The days of a player's vacations in a community that started in `year` (a running
    /// or planned one counts its planned days, a cancelled one none).
    ///
    /// # Errors
    /// A database error.
    pub async fn vacation_days_used(
        &self,
        player: i64,
        community: i64,
        year: i64,
    ) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(days), 0) AS BIGINT) FROM vacations
             WHERE player_id = $1 AND community_id = $2 AND year = $3",
        )
        .bind(player)
        .bind(community)
        .bind(year)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)?)
    }

    /// Running vacations whose planned end has come, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn vacations_over(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<VacationRow>, StoreError> {
        let rows = sqlx::query(crate::db::sql(format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE ended_at IS NULL AND state = 'begun' AND ends_at <= $1
             ORDER BY ends_at, id LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(vacation_row).collect::<Result<_, _>>()?)
    }

    /// The active matches of a player in a community (every one, oldest first).
    ///
    /// # Errors
    /// A database error.
    pub async fn active_match_ids(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM matches
             WHERE (player_x = $1 OR player_o = $2) AND community_id = $3 AND status = 'active'
             ORDER BY id",
        )
        .bind(player)
        .bind(player)
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get::<i64, _>(0))
            .collect::<Result<_, _>>()?)
    }

    /// Moves one match's clock (the sweep's safety net for a turn that reached a player
    /// on vacation unmoved), in a transaction of its own.
    ///
    /// # Errors
    /// `Stale` if the match moved on (nothing written), or a database error.
    pub async fn shift_clock(&self, shift: &ClockShift, now: i64) -> Result<(), StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        shift_clocks(&mut tx, std::slice::from_ref(shift), now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Starts a vacation: its row and the clocks it moves, in one transaction. Refused
    /// with [`StoreError::Stale`] (nothing written) if a match moved on meanwhile or the
    /// player already has a vacation running there. The new vacation's id.
    ///
    /// # Errors
    /// `Stale`, or a database error.
    pub async fn start_vacation(
        &self,
        v: &NewVacation,
        shifts: &[ClockShift],
        owed: &[crate::Owed],
    ) -> Result<i64, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let running = sqlx::query(
            "SELECT COUNT(*) FROM vacations
             WHERE player_id = $1 AND community_id = $2 AND ended_at IS NULL
                 AND state = 'begun'",
        )
        .bind(v.player_id)
        .bind(v.community_id)
        .fetch_one(&mut *tx)
        .await?
        .try_get::<i64, _>(0)?;
        if running > 0 || overlaps(&mut tx, v).await? {
            return Err(StoreError::Stale);
        }
        let row = sqlx::query(
            "INSERT INTO vacations (player_id, community_id, year, started_at, ends_at, days)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(v.player_id)
        .bind(v.community_id)
        .bind(v.year)
        .bind(v.started_at)
        .bind(v.ends_at)
        .bind(v.days)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        shift_clocks(&mut tx, shifts, v.started_at).await?;
        record_moved(&mut tx, id, shifts).await?;
        crate::outbox::insert_owed(&mut tx, owed, v.started_at).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Ends a running vacation at `now` with the days it counts (`early`: asked for
    /// before its planned end; else it ran out), the clocks it moves back and `owed` (the
    /// notices of it), in one transaction. Whether it ended now (`false`: it had already ended, nothing
    /// written); [`StoreError::Stale`] if a match moved on meanwhile (nothing written).
    ///
    /// # Errors
    /// `Stale`, or a database error.
    pub async fn end_vacation(
        &self,
        id: i64,
        now: i64,
        days: i64,
        early: bool,
        shifts: &[ClockShift],
        owed: &[crate::Owed],
    ) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE vacations SET ended_at = $1, ended_how = $2, days = $3
             WHERE id = $4 AND ended_at IS NULL",
        )
        .bind(now)
        .bind(if early { "early" } else { "over" })
        .bind(days)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        shift_clocks(&mut tx, shifts, now).await?;
        crate::outbox::insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The player's vacations there that share some time with `from`..`to` (begun or
    /// planned, not cancelled), earliest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn vacations_overlapping(
        &self,
        player: i64,
        community: i64,
        from: i64,
        to: i64,
    ) -> Result<Vec<VacationRow>, StoreError> {
        let rows = sqlx::query(crate::db::sql(format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE player_id = $1 AND community_id = $2 AND state <> 'cancelled'
                 AND started_at < $3 AND COALESCE(ended_at, ends_at) > $4
             ORDER BY started_at, id"
        )))
        .bind(player)
        .bind(community)
        .bind(to)
        .bind(from)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(vacation_row).collect::<Result<_, _>>()?)
    }

    /// The player's planned vacations there (not begun yet), earliest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn planned_vacations(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Vec<VacationRow>, StoreError> {
        let rows = sqlx::query(crate::db::sql(format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE player_id = $1 AND community_id = $2 AND state = 'planned'
             ORDER BY started_at, id"
        )))
        .bind(player)
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(vacation_row).collect::<Result<_, _>>()?)
    }

    /// Planned vacations whose start has come, earliest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn vacations_due(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<Vec<VacationRow>, StoreError> {
        let rows = sqlx::query(crate::db::sql(format!(
            "SELECT {VACATION_COLUMNS} FROM vacations
             WHERE state = 'planned' AND started_at <= $1 ORDER BY started_at, id LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(vacation_row).collect::<Result<_, _>>()?)
    }

    /// Plans a vacation by dates: its row, `planned`, to begin at its start. Refused with
    /// [`StoreError::Stale`] (nothing written) if another vacation of the player there
    /// shares some time with it. The new vacation's id.
    ///
    /// # Errors
    /// `Stale`, or a database error.
    pub async fn plan_vacation(&self, v: &NewVacation) -> Result<i64, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        if overlaps(&mut tx, v).await? {
            return Err(StoreError::Stale);
        }
        let row = sqlx::query(
            "INSERT INTO vacations (player_id, community_id, year, started_at, ends_at, days, state)
             VALUES ($1, $2, $3, $4, $5, $6, 'planned') RETURNING id",
        )
        .bind(v.player_id)
        .bind(v.community_id)
        .bind(v.year)
        .bind(v.started_at)
        .bind(v.ends_at)
        .bind(v.days)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        tx.commit().await?;
        Ok(id)
    }

    /// Begins a planned vacation (the deadline sweep, at its start) with the clocks it
    /// moves, and `owed` (the notices of it), in one transaction. Whether it began now
    /// (`false`: it was no longer
    /// planned, nothing written); [`StoreError::Stale`] if a match moved on meanwhile
    /// (nothing written).
    ///
    /// # Errors
    /// `Stale`, or a database error.
    pub async fn begin_vacation(
        &self,
        id: i64,
        now: i64,
        shifts: &[ClockShift],
        owed: &[crate::Owed],
    ) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done =
            sqlx::query("UPDATE vacations SET state = 'begun' WHERE id = $1 AND state = 'planned'")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        shift_clocks(&mut tx, shifts, now).await?;
        record_moved(&mut tx, id, shifts).await?;
        crate::outbox::insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The turns a vacation's start moved on: each match with its turn's start as moved.
    ///
    /// # Errors
    /// A database error.
    pub async fn vacation_moved_turns(&self, vacation: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT match_id, turn_started_at FROM vacation_clocks WHERE vacation_id = $1",
        )
        .bind(vacation)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<i64, _>(1)?)))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// Cancels a planned vacation before its start: its days count no more. Whether it
    /// was cancelled now (`false`: it was no longer planned, nothing written).
    ///
    /// # Errors
    /// A database error.
    pub async fn cancel_vacation(&self, id: i64, now: i64) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE vacations SET state = 'cancelled', ended_at = $1, days = 0
             WHERE id = $2 AND state = 'planned'",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }
}
