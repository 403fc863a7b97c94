//! What `/fair stats` counts (`docs/fair-dice.md`, "Dice statistics"): a player's matches
//! that have a fair-dice record (their throws are then read from the match's log, as the
//! export's `played` list has them) and chouette sessions he acted in, and the proven
//! throws of a whole community, counted by their dice in SQL (each export's `throws` list).

use sqlx::Row;

use crate::db::sql;
use crate::matches::{MATCH_COLUMNS, match_row};
use crate::{MatchRow, Store, StoreError, ruleset_text};
use engine::Ruleset;

impl Store {
    /// The accepted matches (under way or finished) of `player` in `community` that have
    /// a fair-dice record, of `ruleset` if given, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn fair_matches_of(
        &self,
        player: i64,
        community: i64,
        ruleset: Option<Ruleset>,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE (player_x = $1 OR player_o = $2) AND community_id = $3
               AND status IN ('active', 'finished')
               AND ($4 = '' OR ruleset = $5)
               AND EXISTS (SELECT 1 FROM fair_dice f WHERE f.owner = CAST(matches.id AS TEXT))
             ORDER BY id"
        )))
        .bind(player)
        .bind(player)
        .bind(community)
        .bind(ruleset.map_or("", ruleset_text))
        .bind(ruleset.map_or("", ruleset_text))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// Every proven throw of the matches of `community` (of `ruleset` if given) and of
    /// its chouette sessions (standard rules), counted by its dice as stored (`[3,5]`):
    /// `(dice, count)`.
    ///
    /// # Errors
    /// A database error.
    pub async fn community_throw_counts(
        &self,
        community: i64,
        ruleset: Option<Ruleset>,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let mut out = Vec::new();
        let rows = sqlx::query(
            "SELECT t.dice, COUNT(*) FROM fair_throws t
             JOIN matches m ON t.owner = CAST(m.id AS TEXT)
             WHERE m.community_id = $1 AND ($2 = '' OR m.ruleset = $3)
             GROUP BY t.dice",
        )
        .bind(community)
        .bind(ruleset.map_or("", ruleset_text))
        .bind(ruleset.map_or("", ruleset_text))
        .fetch_all(&self.pool)
        .await?;
        for r in rows {
            out.push((r.try_get(0)?, r.try_get(1)?));
        }
        if ruleset.is_none_or(|r| r == Ruleset::Standard) {
            let rows = sqlx::query(
                "SELECT t.dice, COUNT(*) FROM fair_throws t
                 JOIN chouettes c ON t.owner = 'c' || CAST(c.id AS TEXT)
                 WHERE c.community_id = $1
                 GROUP BY t.dice",
            )
            .bind(community)
            .fetch_all(&self.pool)
            .await?;
            for r in rows {
                out.push((r.try_get(0)?, r.try_get(1)?));
            }
        }
        Ok(out)
    }

    /// The chouette sessions of `community` that have a fair-dice record and in which
    /// `player` acted (his throws are read from their logs), oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn fair_chouettes_of(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.id FROM chouettes c
             WHERE c.community_id = $1
               AND EXISTS (SELECT 1 FROM fair_dice f WHERE f.owner = 'c' || CAST(c.id AS TEXT))
               AND EXISTS (SELECT 1 FROM chouette_actions a
                           WHERE a.chouette_id = c.id AND a.player_id = $2)
             ORDER BY c.id",
        )
        .bind(community)
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get::<i64, _>(0))
            .collect::<Result<_, _>>()?)
    }
}
