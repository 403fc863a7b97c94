//! Ratings: the FIBS formula (`engine::rating`) applied in the transaction that finishes a
//! match, the standings and the history read back, and the rebuild of every rating from
//! the finished matches in the order they ended.
//!
//! A finished match is rated when its `rated` column is set (the default; `rated:off` in
//! the challenge clears it) and it has a fixed length: a standard match to `n` points
//! (rated at `n`) or a Welsh match to a games target (rated at
//! [`welsh_effective_length`](engine::rating::welsh_effective_length) in the Welsh
//! pool). Money play (a standard match with no length) is not rated; chouettes never reach
//! this file. Pools are per community and ruleset.

use std::collections::HashMap;

use serde_json::Value;
use sqlx::Row;

use crate::cause::EndCause;
use crate::db::{Backend, DbConnection, DbRow, flag, sql};
use crate::matches::ruleset_text;
use crate::{Store, StoreError};
use engine::Ruleset;
use engine::rating::{Rating, rated_length, rating_change};

/// One player's side of a rated match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedSide {
    pub player_id: i64,
    /// His rating in the pool before the match.
    pub before: Rating,
    /// And after it.
    pub after: Rating,
    /// `after.value - before.value` as the formula gave it (full precision).
    pub delta: f64,
}

/// What the end of a rated match did to both players' ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedMatch {
    pub match_id: i64,
    pub community_id: i64,
    pub ruleset: Ruleset,
    /// The `n` the formula used (Welsh: the effective length).
    pub length: u32,
    /// The match ended by a time-out (the loser ran out of time).
    pub forfeit: bool,
    pub winner: RatedSide,
    pub loser: RatedSide,
}

/// A player's standing in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player_id: i64,
    pub name: String,
    pub rating: Rating,
    /// Rated matches won and lost.
    pub won: u32,
    pub lost: u32,
}

/// A player's standing with his rank in the pool (1 for the best rating; players with the
/// same rating share a rank) and the number of players rated in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub row: RatingRow,
    pub rank: u32,
    pub of: u32,
}

/// One line of a player's rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChangeRow {
    pub match_id: i64,
    pub opponent_id: i64,
    pub opponent: String,
    pub won: bool,
    pub before: f64,
    pub after: f64,
    pub delta: f64,
    /// The `n` the formula used.
    pub length: u32,
    /// Won or lost by forfeit (the clock, a ruling or a withdrawal).
    pub forfeit: bool,
    /// Why the match ended, as kept with the match (`None` for a match that ended before
    /// causes were kept and whose result does not tell it).
    pub cause: Option<EndCause>,
    pub at: i64,
}

/// What a rebuild did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rebuilt {
    /// Rated matches replayed.
    pub matches: u32,
    /// Ratings (player, community, ruleset) written.
    pub ratings: u32,
}

/// The length a finished match is rated at, or `None` when it is not rated: `rated` off,
/// money play (a standard match without a length), or terms that cannot be read. `terms`
/// is the challenge's JSON (`matches.terms`); only its `length` (and a `rated: false`) is
/// read. Welsh: the games target (25 when absent) through
/// [`welsh_effective_length`](engine::rating::welsh_effective_length).
#[must_use]
pub fn rated_length_of(ruleset: Ruleset, terms: &str, rated: bool) -> Option<u32> {
    if !rated {
        return None;
    }
    let v: Value = serde_json::from_str(terms).ok()?;
    if v.get("rated").and_then(Value::as_bool) == Some(false) {
        return None;
    }
    let length = match v.get("length") {
        None | Some(Value::Null) => None,
        Some(n) => Some(u32::try_from(n.as_u64()?).ok()?),
    };
    let n = match (ruleset, length) {
        (Ruleset::Standard, None) => return None,
        (Ruleset::Standard, Some(n)) => n,
        (Ruleset::Welsh, n) => n.unwrap_or(25),
    };
    (n >= 1).then(|| rated_length(ruleset, n))
}

fn ruleset_of(text: &str) -> Option<Ruleset> {
    text.parse().ok()
}

/// A finished match as the rating needs it.
struct Ended {
    match_id: i64,
    community_id: i64,
    ruleset: Ruleset,
    length: u32,
    winner: i64,
    loser: i64,
    forfeit: bool,
}

/// The match of a row (`community_id, ruleset, terms, player_x, player_o, winner, rated`)
/// if it is rated.
fn ended(r: &DbRow, match_id: i64, forfeit: bool) -> Result<Option<Ended>, sqlx::Error> {
    let ruleset: String = r.try_get("ruleset")?;
    let Some(ruleset) = ruleset_of(&ruleset) else {
        return Ok(None);
    };
    let terms: String = r.try_get("terms")?;
    let rated = flag(r, "rated")?;
    let Some(length) = rated_length_of(ruleset, &terms, rated) else {
        return Ok(None);
    };
    let x: i64 = r.try_get("player_x")?;
    let o: i64 = r.try_get("player_o")?;
    let winner: Option<i64> = r.try_get("winner")?;
    let loser = match winner {
        Some(w) if w == x => o,
        Some(w) if w == o => x,
        _ => return Ok(None),
    };
    Ok(Some(Ended {
        match_id,
        community_id: r.try_get("community_id")?,
        ruleset,
        length,
        winner: winner.unwrap_or(x),
        loser,
        forfeit,
    }))
}

/// Both players' current ratings in the match's pool (a newcomer: 1500, experience 0).
async fn current(conn: &mut DbConnection, e: &Ended) -> Result<[Rating; 2], sqlx::Error> {
    let rows = sqlx::query(
        "SELECT player_id, value, experience FROM ratings
         WHERE community_id = $1 AND ruleset = $2 AND player_id IN ($3, $4)",
    )
    .bind(e.community_id)
    .bind(ruleset_text(e.ruleset))
    .bind(e.winner)
    .bind(e.loser)
    .fetch_all(&mut *conn)
    .await?;
    let mut found: HashMap<i64, Rating> = HashMap::new();
    for r in &rows {
        let experience: i64 = r.try_get(2)?;
        found.insert(
            r.try_get(0)?,
            Rating::new(r.try_get(1)?, u32::try_from(experience).unwrap_or(0)),
        );
    }
    let get = |id| found.get(&id).copied().unwrap_or(Rating::NEW);
    Ok([get(e.winner), get(e.loser)])
}

/// Rates the match, writes both ratings and both history lines.
async fn apply(conn: &mut DbConnection, e: &Ended, now: i64) -> Result<RatedMatch, sqlx::Error> {
    let [w, l] = current(conn, e).await?;
    let c = rating_change(w, l, e.length);
    let rated = RatedMatch {
        match_id: e.match_id,
        community_id: e.community_id,
        ruleset: e.ruleset,
        length: e.length,
        forfeit: e.forfeit,
        winner: RatedSide {
            player_id: e.winner,
            before: w,
            after: c.winner,
            delta: c.winner_delta,
        },
        loser: RatedSide {
            player_id: e.loser,
            before: l,
            after: c.loser,
            delta: c.loser_delta,
        },
    };
    let pool = ruleset_text(e.ruleset);
    let mut q = sqlx::query(
        "INSERT INTO ratings (community_id, ruleset, player_id, value, experience, won, lost)
         VALUES ($1, $2, $3, $4, $5, 1, 0), ($6, $7, $8, $9, $10, 0, 1)
         ON CONFLICT (community_id, ruleset, player_id) DO UPDATE SET
             value = excluded.value, experience = excluded.experience,
             won = ratings.won + excluded.won, lost = ratings.lost + excluded.lost",
    );
    for s in [&rated.winner, &rated.loser] {
        q = q
            .bind(e.community_id)
            .bind(pool)
            .bind(s.player_id)
            .bind(s.after.value)
            .bind(i64::from(s.after.experience));
    }
    q.execute(&mut *conn).await?;
    let mut q = sqlx::query(
        "INSERT INTO rating_changes (community_id, ruleset, match_id, player_id, opponent_id,
             won, rating_before, rating_after, delta, experience_before, length, forfeit, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13), ($14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)",
    );
    for (s, other, won) in [
        (&rated.winner, rated.loser.player_id, true),
        (&rated.loser, rated.winner.player_id, false),
    ] {
        q = q
            .bind(e.community_id)
            .bind(pool)
            .bind(e.match_id)
            .bind(s.player_id)
            .bind(other)
            .bind(won)
            .bind(s.before.value)
            .bind(s.after.value)
            .bind(s.delta)
            .bind(i64::from(s.before.experience))
            .bind(i64::from(e.length))
            .bind(e.forfeit)
            .bind(now);
    }
    q.execute(&mut *conn).await?;
    Ok(rated)
}

/// The key of the PostgreSQL advisory lock that puts the ends of matches in one order.
const MATCH_END_LOCK: i64 = 0x6761_6d6d_6f6e_0001;

/// On PostgreSQL, waits for the match-end lock, which the transaction then holds until it
/// ends: matches ending at once in several processes take their places in the order
/// (`ended_seq`) one at a time, and each reads the ratings the one before it wrote, so
/// that the ratings kept are the ratings a rebuild in that order gives. SQLite has one
/// writer at a time already; there this does nothing. Taking it again in the same
/// transaction returns at once.
///
/// A transaction that may end a match takes it before its first write where it can, so
/// that it holds no row another match's end waits for while it waits itself.
///
/// # Errors
/// A database error.
pub(super) async fn lock_match_ends(conn: &mut DbConnection) -> Result<(), sqlx::Error> {
    if conn.backend_name() == "PostgreSQL" {
        sqlx::query("SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock($1)) AS l")
            .bind(MATCH_END_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The rating update of a match that has just finished, inside the transaction that
/// finished it (call it after the `UPDATE` that set `status = 'finished'` and the winner).
///
/// Marks the match as ended (its place in the order matches ended, its `cause`, and
/// `forfeit` when the cause is one: the clock, a ruling or a withdrawal), and if it is rated updates both players' ratings in its pool and appends
/// both lines of the history. Returns what changed, or `None` when the match is not rated
/// (or not finished with a winner). Calling it again for the same match does nothing.
/// [`Store::commit`] calls it for every match a command finishes; other code that ends a
/// match in its own transaction (a league walkover, say) calls it the same way.
///
/// # Errors
/// A database error (the caller's transaction is then rolled back whole).
pub async fn record_rating_update(
    conn: &mut DbConnection,
    match_id: i64,
    cause: Option<&EndCause>,
    now: i64,
) -> Result<Option<RatedMatch>, sqlx::Error> {
    lock_match_ends(&mut *conn).await?;
    let forfeit = cause.is_some_and(EndCause::is_forfeit);
    let row = sqlx::query(
        "UPDATE matches SET
             ended_seq = (SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM matches),
             forfeit = $1, end_cause = $2, end_reason = $3
         WHERE id = $4 AND status = 'finished' AND winner IS NOT NULL AND ended_seq IS NULL
         RETURNING community_id, ruleset, terms, player_x, player_o, winner, rated",
    )
    .bind(forfeit)
    .bind(cause.map(EndCause::code))
    .bind(cause.and_then(EndCause::reason))
    .bind(match_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    // A league's page shows its fixtures' end causes.
    crate::league_pages::bump_league_pages(&mut *conn, &[match_id]).await?;
    let Some(e) = ended(&row, match_id, forfeit)? else {
        return Ok(None);
    };
    Ok(Some(apply(conn, &e, now).await?))
}

const RATING_COLUMNS: &str = "r.player_id, p.display_name, r.value, r.experience, r.won, r.lost";

fn rating_row(r: &DbRow) -> Result<RatingRow, sqlx::Error> {
    let count = |i: usize| -> Result<u32, sqlx::Error> {
        let n: i64 = r.try_get(i)?;
        Ok(u32::try_from(n).unwrap_or(0))
    };
    Ok(RatingRow {
        player_id: r.try_get(0)?,
        name: r.try_get(1)?,
        rating: Rating::new(r.try_get(2)?, count(3)?),
        won: count(4)?,
        lost: count(5)?,
    })
}

impl Store {
    /// A player's standing in the pool (community, ruleset), with his rank; `None` if he
    /// has no rated match there.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating(
        &self,
        community: i64,
        ruleset: Ruleset,
        player: i64,
    ) -> Result<Option<Standing>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT {RATING_COLUMNS},
                 (SELECT COUNT(*) FROM ratings q WHERE q.community_id = r.community_id
                      AND q.ruleset = r.ruleset AND q.value > r.value) + 1,
                 (SELECT COUNT(*) FROM ratings q WHERE q.community_id = r.community_id
                      AND q.ruleset = r.ruleset)
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.community_id = $1 AND r.ruleset = $2 AND r.player_id = $3"
        )))
        .bind(community)
        .bind(ruleset_text(ruleset))
        .bind(player)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        let rank: i64 = r.try_get(6)?;
        let of: i64 = r.try_get(7)?;
        Ok(Some(Standing {
            row: rating_row(&r)?,
            rank: u32::try_from(rank).unwrap_or(0),
            of: u32::try_from(of).unwrap_or(0),
        }))
    }

    /// The pool's ratings, best first, of players with at least `min_experience`; at
    /// most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard(
        &self,
        community: i64,
        ruleset: Ruleset,
        min_experience: u32,
        limit: u32,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {RATING_COLUMNS}
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.community_id = $1 AND r.ruleset = $2 AND r.experience >= $3
             ORDER BY r.value DESC, r.experience DESC, r.player_id
             LIMIT $4"
        )))
        .bind(community)
        .bind(ruleset_text(ruleset))
        .bind(i64::from(min_experience))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(rating_row).collect::<Result<_, _>>()?)
    }

    /// A player's last `limit` rating changes in the pool, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating_changes(
        &self,
        community: i64,
        ruleset: Ruleset,
        player: i64,
        limit: u32,
    ) -> Result<Vec<RatingChangeRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.match_id, c.opponent_id, p.display_name, c.won, c.rating_before,
                 c.rating_after, c.delta, c.length, c.forfeit, c.at, m.end_cause, m.end_reason
             FROM rating_changes c JOIN players p ON p.id = c.opponent_id
                 LEFT JOIN matches m ON m.id = c.match_id
             WHERE c.community_id = $1 AND c.ruleset = $2 AND c.player_id = $3
             ORDER BY c.id DESC LIMIT $4",
        )
        .bind(community)
        .bind(ruleset_text(ruleset))
        .bind(player)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let length: i64 = r.try_get(7)?;
                Ok(RatingChangeRow {
                    match_id: r.try_get(0)?,
                    opponent_id: r.try_get(1)?,
                    opponent: r.try_get(2)?,
                    won: flag(r, 3)?,
                    before: r.try_get(4)?,
                    after: r.try_get(5)?,
                    delta: r.try_get(6)?,
                    length: u32::try_from(length).unwrap_or(0),
                    forfeit: flag(r, 8)?,
                    cause: EndCause::from_columns(
                        r.try_get::<Option<String>, _>(10)?.as_deref(),
                        r.try_get(11)?,
                    ),
                    at: r.try_get(9)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A player's rating after each of his rated matches in the pool, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating_history(
        &self,
        community: i64,
        ruleset: Ruleset,
        player: i64,
    ) -> Result<Vec<f64>, StoreError> {
        let rows = sqlx::query(
            "SELECT rating_after FROM rating_changes
             WHERE community_id = $1 AND ruleset = $2 AND player_id = $3 ORDER BY id",
        )
        .bind(community)
        .bind(ruleset_text(ruleset))
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Recomputes every rating from the finished rated matches in the order they ended
    /// and rewrites `ratings` and `rating_changes`, in one transaction: on a database
    /// whose ratings were kept by [`record_rating_update`] the tables come out as they were.
    /// Matches that finished before ratings existed (no recorded end) come first, in the
    /// order of their last change; their time-outs are read from the result text.
    ///
    /// # Errors
    /// A database error (nothing is changed then).
    pub async fn rebuild_ratings(&self) -> Result<Rebuilt, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        sqlx::query("DELETE FROM rating_changes")
            .execute(&mut *tx)
            .await?;
        // The rebuilt changes are numbered from 1 again, as SQLite numbers the rows of an
        // emptied table, so that a rebuild gives back the very rows it replaced.
        if self.backend == Backend::Postgres {
            sqlx::query("ALTER TABLE rating_changes ALTER COLUMN id RESTART WITH 1")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM ratings").execute(&mut *tx).await?;
        let rows = sqlx::query(
            "SELECT id, community_id, ruleset, terms, player_x, player_o, winner, rated,
                 forfeit, ended_seq, result, updated_at
             FROM matches WHERE status = 'finished' AND winner IS NOT NULL
             ORDER BY ended_seq IS NOT NULL, ended_seq, updated_at, id",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut matches = 0u32;
        for r in &rows {
            let id: i64 = r.try_get("id")?;
            let seq: Option<i64> = r.try_get("ended_seq")?;
            let result: Option<String> = r.try_get("result")?;
            let marked = flag(r, "forfeit")?;
            // Before ratings, a time-out was told only in the result's words.
            let forfeit = marked
                || (seq.is_none()
                    && result
                        .as_deref()
                        .is_some_and(|t| t.contains("ran out of time") || t.ends_with(" on time")));
            let Some(e) = ended(r, id, forfeit)? else {
                continue;
            };
            let at: i64 = r.try_get("updated_at")?;
            apply(&mut tx, &e, at).await?;
            matches += 1;
        }
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings")
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Rebuilt {
            matches,
            ratings: u32::try_from(count).unwrap_or(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_fixed_lengths_are_rated_and_welsh_at_its_effective_length() {
        let std7 = r#"{"ruleset":"Standard","length":7}"#;
        assert_eq!(rated_length_of(Ruleset::Standard, std7, true), Some(7));
        assert_eq!(rated_length_of(Ruleset::Standard, std7, false), None);
        let money = r#"{"ruleset":"Standard","length":null}"#;
        assert_eq!(rated_length_of(Ruleset::Standard, money, true), None);
        let welsh = r#"{"ruleset":"Welsh","length":25}"#;
        assert_eq!(rated_length_of(Ruleset::Welsh, welsh, true), Some(7));
        assert_eq!(rated_length_of(Ruleset::Welsh, "{}", true), Some(7));
        let off = r#"{"ruleset":"Standard","length":7,"rated":false}"#;
        assert_eq!(rated_length_of(Ruleset::Standard, off, true), None);
        assert_eq!(rated_length_of(Ruleset::Standard, "not json", true), None);
    }
}
