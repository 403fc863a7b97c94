//! The analysed matches as a player's PR figures read them (`/stats`, `/rating`, the
//! leaderboard, the player page): each done analysis of a standard match with the match's
//! terms and when it last changed (its end), in the order the matches ended.

use sqlx::Row;

use crate::matches::ruleset_text;
use crate::{Store, StoreError};
use engine::Ruleset;

/// One done analysis of a standard match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysedMatch {
    pub match_id: i64,
    /// Finished games covered (a money session may have several analyses).
    pub games: i64,
    /// The stored review (JSON).
    pub result: String,
    /// The match's terms (JSON), to tell matches where hints were allowed.
    pub terms: String,
    /// When the match last changed: its end, for a finished match (Unix seconds).
    pub ended_at: i64,
}

impl Store {
    /// The done analyses of standard matches in `community` (of `player`'s matches only,
    /// when given), in the order the matches ended (then by match and games).
    ///
    /// # Errors
    /// A database error.
    pub async fn analysed_matches_in(
        &self,
        community: i64,
        player: Option<i64>,
    ) -> Result<Vec<AnalysedMatch>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.match_id, a.games, a.result, m.terms, m.updated_at \
             FROM analyses a JOIN matches m ON m.id = a.match_id \
             WHERE a.community_id = $1 AND a.status = 'done' AND a.result IS NOT NULL \
             AND m.ruleset = $2 AND ($3 = 0 OR m.player_x = $4 OR m.player_o = $5) \
             ORDER BY m.updated_at, a.match_id, a.games",
        )
        .bind(community)
        .bind(ruleset_text(Ruleset::Standard))
        .bind(player.unwrap_or(0))
        .bind(player.unwrap_or(0))
        .bind(player.unwrap_or(0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AnalysedMatch {
                    match_id: r.try_get(0)?,
                    games: r.try_get(1)?,
                    result: r.try_get(2)?,
                    terms: r.try_get(3)?,
                    ended_at: r.try_get(4)?,
                })
            })
            .collect()
    }
}
