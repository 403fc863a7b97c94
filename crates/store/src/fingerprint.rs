//! A checksum of every table, for tests that prove a refused command changed nothing.

use sqlx::Row;

use crate::db::{Backend, sql};
use crate::{Store, StoreError};

impl Store {
    /// Every table's row count and a checksum of its contents, for tests that prove a
    /// refused command changed nothing.
    ///
    /// # Errors
    /// A database error.
    pub async fn fingerprint(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        let mut out = Vec::new();
        for (table, cols) in [
            (
                "communities",
                "id, platform, platform_id, name, vacation_days",
            ),
            (
                "players",
                "id, platform_id, display_name, auto_roll, notify_dm",
            ),
            (
                "matches",
                "id, status, state, version, turn_started_at, bank_x, bank_o, deadline_at, \
                 reminder_at, winner, result, updated_at",
            ),
            ("match_actions", "match_id, seq, at, player_id, entry"),
            (
                "scoop_pots",
                "community_id, player_a, player_b, games, collected",
            ),
            ("ledger", "id, payer, payee, amount, reason"),
            (
                "ratings",
                "community_id, ruleset, player_id, value, experience, won, lost",
            ),
            (
                "rating_changes",
                "id, match_id, player_id, opponent_id, won, rating_before, rating_after, \
                 delta, experience_before, length, forfeit, at",
            ),
            (
                "leagues",
                "id, name, organiser, format, terms, settings, status, season, version",
            ),
            ("league_entries", "league_id, player_id, status"),
            (
                "league_seasons",
                "league_id, season, status, deadline_at, winner",
            ),
            (
                "league_places",
                "league_id, season, player_id, division, seed",
            ),
            (
                "league_fixtures",
                "id, player_x, player_o, match_id, status, winner, how",
            ),
            ("league_actions", "league_id, seq, entry"),
            ("web_links", "kind, target, token, hidden"),
            (
                "vacations",
                "id, player_id, community_id, year, started_at, ends_at, ended_at, ended_how, days, state",
            ),
            ("vacation_clocks", "vacation_id, match_id, turn_started_at"),
            ("digests", "player_id, minute, tz, next_at, last_day"),
            ("low_time", "match_id, told, seen_version"),
            ("blocks", "blocker, blocked, created_at"),
            (
                "drill_cards",
                "id, player_id, decision_key, due_at, state, stability, reps, lapses",
            ),
            ("drill_sources", "analysis_id"),
            ("drill_answers", "card_id, answered_at, choice, correct"),
            ("puzzle_settings", "community_id, channel, hour, last_day"),
            ("puzzles", "id, community_id, day, decision_key"),
            ("puzzle_answers", "puzzle_id, player_id, choice, correct"),
            ("puzzle_names", "player_id"),
        ] {
            let text = match self.backend {
                Backend::Sqlite => format!(
                    "SELECT COUNT(*), COALESCE(group_concat(r, '|'), '') FROM
                     (SELECT quote({cols_q}) AS r FROM {table} ORDER BY 1)",
                    cols_q = cols.replace(", ", ") || ',' || quote(")
                ),
                // Every value as text, quoted (NULL as the word), rows joined in order.
                Backend::Postgres => format!(
                    "SELECT COUNT(*), COALESCE(string_agg(r, '|' ORDER BY r), '') FROM
                     (SELECT quote_nullable({cols_q}::text) AS r FROM {table}) AS t",
                    cols_q = cols.replace(", ", "::text) || ',' || quote_nullable(")
                ),
            };
            let row = sqlx::query(sql(text)).fetch_one(&self.pool).await?;
            out.push((table.to_string(), row.try_get(0)?, row.try_get(1)?));
        }
        Ok(out)
    }
}
