//! Whom an open match waits on (migration 0020): the player who must act and what he must
//! do, in words, written with every change of the match in the same `UPDATE` (the club
//! works it out from the new snapshot, `club::waiting`). `/games waiting` and the daily
//! digest select a player's waiting matches by it (index `matches_waiting_on`), with the
//! opponent's name and the community's platform id, and read no snapshot; the open matches
//! whose waiting is not known (rows written before the migration) are read whole, by
//! index per side, for the club to decode.

use sqlx::Row;

use crate::db::sql;
use crate::digest::WaitingRow;
use crate::matches::{MATCH_COLUMNS, MatchStatus, match_row};
use crate::players::player_row_as;
use crate::{Store, StoreError};

/// A match waiting on a player, read from its waiting columns (no snapshot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitingMatch {
    pub id: i64,
    /// The player it waits on.
    pub player: i64,
    /// The other player's name.
    pub opponent: String,
    pub status: MatchStatus,
    /// What he must do, in words (empty for a challenge).
    pub what: String,
    pub break_until: Option<i64>,
    pub deadline_at: Option<i64>,
    pub expires_at: Option<i64>,
    pub channel: String,
    /// The community's id on the platform.
    pub community: String,
}

/// `$from, $from+1, ...`: `n` placeholders.
fn placeholders(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// The open matches waiting on any of `players` whose waiting is known, in no order;
    /// `community` keeps one community's only.
    ///
    /// # Errors
    /// A database error.
    pub async fn waiting_on(
        &self,
        players: &[i64],
        community: Option<i64>,
    ) -> Result<Vec<WaitingMatch>, StoreError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        let n = players.len();
        let only = if community.is_some() {
            format!("AND m.community_id = ${}", n + 1)
        } else {
            String::new()
        };
        let text = format!(
            "SELECT m.id, m.status, m.channel, m.deadline_at, m.expires_at, m.waiting_on,
                 m.waiting_for, m.break_until, c.platform_id AS community_platform_id,
                 p.display_name AS opponent
             FROM matches m
             JOIN players p ON p.id = CASE WHEN m.waiting_on = m.player_x
                 THEN m.player_o ELSE m.player_x END
             JOIN communities c ON c.id = m.community_id
             WHERE m.waiting_on IN ({ids}) AND m.status IN ('challenged', 'active')
               AND m.waiting_for IS NOT NULL {only}",
            ids = placeholders(1, n),
        );
        let mut q = sqlx::query(sql(text));
        for p in players {
            q = q.bind(*p);
        }
        if let Some(c) = community {
            q = q.bind(c);
        }
        let rows = q.fetch_all(&self.pool).await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok::<_, sqlx::Error>(WaitingMatch {
                    id: r.try_get("id")?,
                    player: r.try_get("waiting_on")?,
                    opponent: r.try_get("opponent")?,
                    status: {
                        let s: String = r.try_get("status")?;
                        s.parse().map_err(|e: String| sqlx::Error::ColumnDecode {
                            index: "status".into(),
                            source: e.into(),
                        })?
                    },
                    what: r.try_get("waiting_for")?,
                    break_until: r.try_get("break_until")?,
                    deadline_at: r.try_get("deadline_at")?,
                    expires_at: r.try_get("expires_at")?,
                    channel: r.try_get("channel")?,
                    community: r.try_get("community_platform_id")?,
                })
            })
            .collect::<Result<_, _>>()?)
    }

    /// The open matches of any of `players` whose waiting is not known (written before
    /// migration 0020), with both players and the community's platform id, oldest first:
    /// the club decodes them. `community` keeps one community's only.
    ///
    /// # Errors
    /// A database error.
    pub async fn unknown_waiting_of(
        &self,
        players: &[i64],
        community: Option<i64>,
    ) -> Result<Vec<WaitingRow>, StoreError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        let n = players.len();
        // Each side through its partial index (`matches_unknown_x`, `matches_unknown_o`).
        let only = if community.is_some() {
            format!("AND community_id = ${}", 2 * n + 1)
        } else {
            String::new()
        };
        let text = format!(
            "SELECT m.*, c.platform_id AS community_platform_id,
                 x.id AS x_id, x.platform AS x_platform, x.platform_id AS x_platform_id,
                 x.display_name AS x_display_name, x.auto_roll AS x_auto_roll,
                 x.notify_dm AS x_notify_dm,
                 o.id AS o_id, o.platform AS o_platform, o.platform_id AS o_platform_id,
                 o.display_name AS o_display_name, o.auto_roll AS o_auto_roll,
                 o.notify_dm AS o_notify_dm
             FROM (SELECT {MATCH_COLUMNS} FROM matches WHERE id IN (
                       SELECT id FROM matches
                       WHERE player_x IN ({xs}) AND waiting_for IS NULL
                         AND status IN ('challenged', 'active')
                       UNION
                       SELECT id FROM matches
                       WHERE player_o IN ({os}) AND waiting_for IS NULL
                         AND status IN ('challenged', 'active'))
                   {only}) m
             JOIN players x ON x.id = m.player_x
             JOIN players o ON o.id = m.player_o
             JOIN communities c ON c.id = m.community_id
             ORDER BY m.id",
            xs = placeholders(1, n),
            os = placeholders(n + 1, n),
        );
        let mut q = sqlx::query(sql(text));
        for p in players.iter().chain(players) {
            q = q.bind(*p);
        }
        if let Some(c) = community {
            q = q.bind(c);
        }
        let rows = q.fetch_all(&self.pool).await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok::<_, sqlx::Error>(WaitingRow {
                    row: match_row(r)?,
                    players: [player_row_as(r, "x_")?, player_row_as(r, "o_")?],
                    community: r.try_get("community_platform_id")?,
                })
            })
            .collect::<Result<_, _>>()?)
    }
}
