//! Writing a match inside a transaction: the one way a match comes to be (a challenge, or a
//! league fixture's match) and the one way it changes (a command's commit, a group commit,
//! a league's commit). A change that ends a match also records the rating update and, for a
//! league fixture's match, the fixture's result; a change that finishes a match marks it
//! due for its automatic analysis (`analysis_due`, migration 0025).

use sqlx::Row;

use crate::Store;
use crate::StoreError;
use crate::action_log::{Log, append_log};
use crate::db::DbConnection;
use crate::fair::{insert_fair, write_fair};
use crate::matches::{LeagueReport, MatchChange, MatchStatus, NewMatch, ruleset_text};
use crate::money::{insert_ledger, record_pot_games};
use crate::ratings::{RatedMatch, record_rating_update};
use engine::welsh::Rates;

/// Writes a new match (a challenge: version 1, its first log entry, its first chain of
/// fair dice) inside the caller's transaction: the one way a match comes to be, for a
/// challenge ([`Store::insert_match`]) and for a league fixture alike.
pub(crate) async fn insert_match_in(
    conn: &mut DbConnection,
    m: &NewMatch,
    rated: bool,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO matches (community_id, channel, ruleset, terms, player_x, player_o,
             status, version, bank_x, bank_o, created_at, updated_at, rated, expires_at,
             waiting_on, waiting_for, against_bot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12, $13, $14, '', $15)
         RETURNING id",
    )
    .bind(m.community_id)
    .bind(&m.channel)
    .bind(ruleset_text(m.ruleset))
    .bind(&m.terms)
    .bind(m.players[0])
    .bind(m.players[1])
    .bind(MatchStatus::Challenged.as_str())
    .bind(m.bank)
    .bind(m.bank)
    .bind(m.now)
    .bind(m.now)
    .bind(rated)
    .bind(m.expires_at)
    .bind(m.waiting_on)
    .bind(crate::matches::names_bot(&m.terms))
    .fetch_one(&mut *conn)
    .await?;
    let id: i64 = row.try_get(0)?;
    append_log(
        conn,
        Log::Match,
        id,
        &[(Some(m.players[0]), m.entry.clone())],
        m.now,
    )
    .await?;
    if let Some(chain) = &m.fair {
        insert_fair(conn, &id.to_string(), chain).await?;
    }
    Ok(id)
}

/// Writes one command's change of a match inside the caller's transaction (the row if
/// still at its version, the log, money, the rating update of a finished match, the fair
/// dice, the league report): the one way a match changes, for [`Store::commit`] and for a
/// league's commit alike. `Stale` if the match moved on.
pub(crate) async fn write_change(
    conn: &mut DbConnection,
    c: &MatchChange,
    rates: &Rates,
) -> Result<Option<RatedMatch>, StoreError> {
    let done = sqlx::query(
        "UPDATE matches SET status = $1, state = $2, version = version + 1,
                 turn_started_at = $3, bank_x = $4, bank_o = $5, deadline_at = $6, reminder_at = $7,
                 winner = $8, result = $9, updated_at = $10, expires_at = NULL,
                 waiting_on = $11, waiting_for = $12, break_until = $13,
                 analysis_due = CASE WHEN status = 'finished' THEN analysis_due ELSE $16 END
             WHERE id = $14 AND version = $15",
    )
    .bind(c.status.as_str())
    .bind(&c.state)
    .bind(c.turn_started_at)
    .bind(c.bank[0])
    .bind(c.bank[1])
    .bind(c.deadline_at)
    .bind(c.reminder_at)
    .bind(c.winner)
    .bind(&c.result)
    .bind(c.now)
    .bind(c.waiting.as_ref().and_then(|w| w.on))
    .bind(c.waiting.as_ref().map(|w| w.what.as_str()))
    .bind(c.waiting.as_ref().and_then(|w| w.break_until))
    .bind(c.id)
    .bind(c.expected_version)
    // The change that finishes the match makes it due for its automatic analysis
    // (`crate::auto_analysis`), in this same transaction.
    .bind(c.status == MatchStatus::Finished)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Stale);
    }
    append_log(&mut *conn, Log::Match, c.id, &c.actions, c.now).await?;
    let mut ledger = c.ledger.clone();
    record_pot_games(
        &mut *conn,
        c.community_id,
        c.players,
        &c.pot_games,
        rates,
        &mut ledger,
    )
    .await?;
    insert_ledger(&mut *conn, c.community_id, Some(c.id), &ledger, c.now).await?;
    let rated = if c.ends_match() {
        record_rating_update(&mut *conn, c.id, c.cause.as_ref(), c.now).await?
    } else {
        None
    };
    if let Some(f) = &c.fair {
        write_fair(&mut *conn, f).await?;
    }
    if let Some(report) = &c.league {
        record_fixture_result(&mut *conn, c, report).await?;
    }
    crate::outbox::insert_owed(&mut *conn, &c.owed, c.now).await?;
    Ok(rated)
}

/// Inside a match's commit: if the match is a league fixture still being played, records
/// its result on the fixture, appends the report to the league log and moves the league's
/// version on. Nothing happens for a match outside a league.
pub(crate) async fn record_fixture_result(
    conn: &mut DbConnection,
    c: &MatchChange,
    report: &LeagueReport,
) -> Result<(), sqlx::Error> {
    let Some(winner) = c.winner else {
        return Ok(());
    };
    let found = sqlx::query(
        "UPDATE league_fixtures SET status = 'done', winner = $1, how = $2, score_x = $3, score_o = $4
         WHERE match_id = $5 AND status = 'playing'
         RETURNING league_id",
    )
    .bind(winner)
    .bind(if report.forfeit { "forfeit" } else { "played" })
    .bind(report.score[0])
    .bind(report.score[1])
    .bind(c.id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = found else {
        return Ok(());
    };
    let league: i64 = row.try_get(0)?;
    sqlx::query("UPDATE leagues SET version = version + 1, updated_at = $1 WHERE id = $2")
        .bind(c.now)
        .bind(league)
        .execute(&mut *conn)
        .await?;
    append_log(
        conn,
        Log::League,
        league,
        &[(None, report.entry.clone())],
        c.now,
    )
    .await
}

impl Store {
    /// Writes a challenge: the match row (version 1) and its first log entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_match(&self, m: &NewMatch) -> Result<i64, StoreError> {
        self.insert_match_rated(m, true).await
    }

    /// [`Store::insert_match`], rated or not (`rated:off`): an unrated match leaves the
    /// ratings alone when it ends.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_match_rated(&self, m: &NewMatch, rated: bool) -> Result<i64, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let id = insert_match_in(&mut tx, m, rated).await?;
        tx.commit().await?;
        Ok(id)
    }
}
