//! Leagues: the league row with its version, entries, seasons, places in divisions,
//! fixtures linked to matches, the append-only league log, and the one-transaction
//! league commit. A league match's end is recorded on its fixture inside the match's own
//! commit (`match_writes.rs`'s `record_fixture_result`), so the table can never disagree
//! with the matches.

use sqlx::{FromRow as _, Row};

use crate::action_log::{Log, append_log};
use crate::cause::EndCause;
use crate::db::{DbRow, sql};
use crate::match_writes::{insert_match_in, write_change};
use crate::matches::{MatchChange, NewMatch, ruleset_text};
use crate::money::{LedgerEntry, insert_ledger};
use crate::players::{PlayerRow, player_row_as};
use crate::ratings::lock_match_ends;
use crate::{Store, StoreError};
use engine::Ruleset;
use engine::welsh::Rates;

/// A league as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LeagueRow {
    pub id: i64,
    pub community_id: i64,
    pub name: String,
    pub organiser: i64,
    pub channel: String,
    /// `round_robin`, `double_round_robin`, `knockout` or `divisions`.
    pub format: String,
    /// JSON: the match terms.
    pub terms: String,
    /// JSON: the league's settings.
    pub settings: String,
    /// `signup`, `running` or `finished`.
    pub status: String,
    pub season: i64,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the sweep starts the next season by itself (the end of a recurring league's
    /// sign-up window, or of a knockout's check-in); `None`: the organiser starts it.
    pub start_at: Option<i64>,
}

/// A new league: the row at version 1 and its first log entry.
#[derive(Clone, Debug)]
pub struct NewLeague {
    pub community_id: i64,
    pub name: String,
    pub organiser: i64,
    pub channel: String,
    pub format: String,
    pub terms: String,
    pub settings: String,
    pub now: i64,
    pub entry: String,
}

/// An entrant: the player, `entered` or `withdrawn`, and when he joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    pub player: PlayerRow,
    pub status: String,
    pub joined_at: i64,
    /// He confirmed during the check-in.
    pub checked_in: bool,
}

/// A season as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct SeasonRow {
    pub season: i64,
    /// `running` or `finished`.
    pub status: String,
    pub seed: i64,
    pub started_at: i64,
    pub deadline_at: i64,
    /// Reminders sent: 1 the first, 2 the second, 4 the deadline passed.
    pub reminded: i64,
    pub finished_at: Option<i64>,
    pub winner: Option<i64>,
}

/// A season's place of a player: division (1 = top) and seed (1 = first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlaceRow {
    pub season: i64,
    #[sqlx(rename = "player_id")]
    pub player: i64,
    pub division: i64,
    pub seed: i64,
}

/// A fixture as stored (`id` 0 for one not yet written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FixtureRow {
    pub id: i64,
    pub season: i64,
    pub division: i64,
    pub round: i64,
    pub slot: i64,
    /// X and O; `None` until a knockout feeder has ended.
    pub players: [Option<i64>; 2],
    pub match_id: Option<i64>,
    /// `waiting`, `bye`, `playing`, `done` or `void`.
    pub status: String,
    pub winner: Option<i64>,
    /// `played`, `forfeit`, `adjudicated` or `bye`.
    pub how: Option<String>,
    /// Games (Welsh) or points (standard) of X and O.
    pub score: [i64; 2],
}

/// A match a league change starts: the challenge inserted the one way every match is
/// ([`crate::match_writes::insert_match_in`]: row, first log entry, first chain of fair dice),
/// then accepted in the same transaction by the change the league's `accept` makes for it
/// once its number is known (the fair dice's throws name the match).
#[derive(Clone, Debug)]
pub struct StartedMatch {
    pub new: NewMatch,
    /// Whether the match counts for the ratings.
    pub rated: bool,
    /// X and O as read, for the accept.
    pub players: [PlayerRow; 2],
    /// The first value of the match's fair-dice chain, known from its making (not stored):
    /// the accept's opening throw uses it.
    pub fair_first: Option<[u8; 32]>,
}

/// What starts a league match once inserted as a challenge (its number, the match): the
/// change that accepts it (expected version 1), written in the league's transaction.
pub type AcceptMatch<'a> =
    dyn FnMut(i64, &StartedMatch) -> Result<MatchChange, StoreError> + Send + 'a;

/// A fixture to write (insert when `id` is 0, else update), with the match it starts.
#[derive(Clone, Debug)]
pub struct FixtureWrite {
    pub fixture: FixtureRow,
    pub start: Option<StartedMatch>,
}

/// Everything one league command changes, written in one transaction if the league is
/// still at `expected_version`.
#[derive(Clone, Debug, Default)]
pub struct LeagueChange {
    pub id: i64,
    pub community_id: i64,
    pub expected_version: i64,
    pub status: String,
    pub season: i64,
    /// When the sweep starts the next season (written as given: `None` clears it).
    pub start_at: Option<i64>,
    /// New settings (JSON), or `None` to keep them.
    pub settings: Option<String>,
    pub now: i64,
    /// Entries added or changed: (player, `entered` | `withdrawn`).
    pub entries: Vec<(i64, String)>,
    /// Entries taken out (a player leaving before the start, or dropped at a check-in's
    /// close).
    pub removed: Vec<i64>,
    /// Entrants who check in now.
    pub checkins: Vec<i64>,
    /// Seasons written (insert or replace).
    pub seasons: Vec<SeasonRow>,
    pub places: Vec<PlaceRow>,
    pub fixtures: Vec<FixtureWrite>,
    /// Matches ended or voided by the league (rulings, withdrawals) or given more time,
    /// each written as every command's change is (its log entry, the rating update),
    /// version-checked.
    pub matches: Vec<MatchChange>,
    pub ledger: Vec<LedgerEntry>,
    /// League log entries: (player, JSON).
    pub log: Vec<(Option<i64>, String)>,
}

const LEAGUE_COLUMNS: &str = "id, community_id, name, organiser, channel, format, terms, \
     settings, status, season, version, created_at, updated_at, start_at";

const FIXTURE_COLUMNS: &str = "id, season, division, round, slot, player_x, player_o, match_id, \
     status, winner, how, score_x, score_o";

fn fixture_row(r: &DbRow) -> Result<FixtureRow, sqlx::Error> {
    Ok(FixtureRow {
        id: r.try_get("id")?,
        season: r.try_get("season")?,
        division: r.try_get("division")?,
        round: r.try_get("round")?,
        slot: r.try_get("slot")?,
        players: [r.try_get("player_x")?, r.try_get("player_o")?],
        match_id: r.try_get("match_id")?,
        status: r.try_get("status")?,
        winner: r.try_get("winner")?,
        how: r.try_get("how")?,
        score: [r.try_get("score_x")?, r.try_get("score_o")?],
    })
}

impl Store {
    /// Writes a new league (version 1) and its first log entry.
    ///
    /// # Errors
    /// A database error (a name already taken here is one: look it up first).
    pub async fn insert_league(&self, l: &NewLeague) -> Result<i64, StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        let row = sqlx::query(
            "INSERT INTO leagues (community_id, name, organiser, channel, format, terms,
                 settings, status, season, version, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'signup', 0, 1, $8, $9)
             RETURNING id",
        )
        .bind(l.community_id)
        .bind(&l.name)
        .bind(l.organiser)
        .bind(&l.channel)
        .bind(&l.format)
        .bind(&l.terms)
        .bind(&l.settings)
        .bind(l.now)
        .bind(l.now)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        append_log(
            &mut tx,
            Log::League,
            id,
            &[(Some(l.organiser), l.entry.clone())],
            l.now,
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// A league of a community by name (case does not matter).
    ///
    /// # Errors
    /// A database error.
    pub async fn find_league(
        &self,
        community: i64,
        name: &str,
    ) -> Result<Option<LeagueRow>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues
             WHERE community_id = $1 AND lower(name) = lower($2) ORDER BY id LIMIT 1"
        )))
        .bind(community)
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(LeagueRow::from_row).transpose()?)
    }

    /// A league by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn league(&self, id: i64) -> Result<Option<LeagueRow>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(LeagueRow::from_row).transpose()?)
    }

    /// A community's leagues, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn leagues_in(&self, community: i64) -> Result<Vec<LeagueRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues WHERE community_id = $1 ORDER BY id DESC LIMIT 100"
        )))
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(LeagueRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// Leagues with a season under way (for the sweep).
    ///
    /// # Errors
    /// A database error.
    pub async fn running_leagues(&self) -> Result<Vec<LeagueRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'running' ORDER BY id"
        )))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(LeagueRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// Leagues waiting for a season that the sweep starts by now (`start_at` passed).
    ///
    /// # Errors
    /// A database error.
    pub async fn leagues_due(&self, now: i64) -> Result<Vec<LeagueRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {LEAGUE_COLUMNS} FROM leagues
             WHERE status = 'signup' AND start_at IS NOT NULL AND start_at <= $1 ORDER BY id"
        )))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(LeagueRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// The rating of each rated player of a pool (community, ruleset), for seeding.
    ///
    /// # Errors
    /// A database error.
    pub async fn pool_ratings(
        &self,
        community: i64,
        ruleset: Ruleset,
    ) -> Result<std::collections::HashMap<i64, f64>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_id, value FROM ratings WHERE community_id = $1 AND ruleset = $2",
        )
        .bind(community)
        .bind(ruleset_text(ruleset))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A league's entrants in order of entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_entrants(&self, league: i64) -> Result<Vec<EntrantRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.id, p.platform, p.platform_id, p.display_name, p.auto_roll, p.notify_dm,
                 e.status, e.joined_at, e.checked_in_at
             FROM league_entries e JOIN players p ON p.id = e.player_id
             WHERE e.league_id = $1 ORDER BY e.joined_at, e.entry_order",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EntrantRow {
                    player: player_row_as(r, "")?,
                    status: r.try_get("status")?,
                    joined_at: r.try_get("joined_at")?,
                    checked_in: r.try_get::<Option<i64>, _>("checked_in_at")?.is_some(),
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A league's season.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_season(
        &self,
        league: i64,
        season: i64,
    ) -> Result<Option<SeasonRow>, StoreError> {
        let row = sqlx::query(
            "SELECT season, status, seed, started_at, deadline_at, reminded, finished_at, winner
             FROM league_seasons WHERE league_id = $1 AND season = $2",
        )
        .bind(league)
        .bind(season)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(SeasonRow::from_row).transpose()?)
    }

    /// A season's places (division, seed), by division then seed.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_places(
        &self,
        league: i64,
        season: i64,
    ) -> Result<Vec<PlaceRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT season, player_id, division, seed FROM league_places
             WHERE league_id = $1 AND season = $2 ORDER BY division, seed",
        )
        .bind(league)
        .bind(season)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(PlaceRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// Why each ended match of a season ended, by match id (matches whose cause is not
    /// known are left out).
    ///
    /// # Errors
    /// A database error.
    pub async fn league_match_causes(
        &self,
        league: i64,
        season: i64,
    ) -> Result<std::collections::HashMap<i64, EndCause>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.id, m.end_cause, m.end_reason
             FROM league_fixtures f JOIN matches m ON m.id = f.match_id
             WHERE f.league_id = $1 AND f.season = $2 AND m.end_cause IS NOT NULL",
        )
        .bind(league)
        .bind(season)
        .fetch_all(&self.pool)
        .await?;
        let mut causes = std::collections::HashMap::new();
        for r in &rows {
            let code: Option<String> = r.try_get(1)?;
            if let Some(c) = EndCause::from_columns(code.as_deref(), r.try_get(2)?) {
                causes.insert(r.try_get(0)?, c);
            }
        }
        Ok(causes)
    }

    /// A season's fixtures, by division, round and slot.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_fixtures(
        &self,
        league: i64,
        season: i64,
    ) -> Result<Vec<FixtureRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {FIXTURE_COLUMNS} FROM league_fixtures
             WHERE league_id = $1 AND season = $2 ORDER BY division, round, slot"
        )))
        .bind(league)
        .bind(season)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(fixture_row).collect::<Result<_, _>>()?)
    }

    /// The league and fixture a match belongs to, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn fixture_of_match(
        &self,
        match_id: i64,
    ) -> Result<Option<(i64, FixtureRow)>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT league_id, {FIXTURE_COLUMNS} FROM league_fixtures WHERE match_id = $1"
        )))
        .bind(match_id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(r) => Ok(Some((r.try_get("league_id")?, fixture_row(&r)?))),
            None => Ok(None),
        }
    }

    /// A league's log in order: (seq, at, player, JSON).
    ///
    /// # Errors
    /// A database error.
    pub async fn league_actions(
        &self,
        league: i64,
    ) -> Result<Vec<(i64, i64, Option<i64>, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, player_id, entry FROM league_actions WHERE league_id = $1 ORDER BY seq",
        )
        .bind(league)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Writes one league command's change in one transaction, if the league is still at
    /// `expected_version` and every match it ends is still at its own version; otherwise
    /// writes nothing and answers [`StoreError::Stale`]. A fixture's match is inserted as
    /// every match is and accepted by `accept` in the same transaction. Returns the new
    /// version and the ids of the matches it started, in the order of `fixtures`.
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    pub async fn commit_league(
        &self,
        c: &LeagueChange,
        rates: &Rates,
        accept: &mut AcceptMatch<'_>,
    ) -> Result<(i64, Vec<i64>), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        if c.matches.iter().any(MatchChange::ends_match) {
            lock_match_ends(&mut tx).await?;
        }
        let done = sqlx::query(
            "UPDATE leagues SET status = $1, season = $2, settings = COALESCE($3, settings),
                 version = version + 1, updated_at = $4, start_at = $5
             WHERE id = $6 AND version = $7",
        )
        .bind(&c.status)
        .bind(c.season)
        .bind(&c.settings)
        .bind(c.now)
        .bind(c.start_at)
        .bind(c.id)
        .bind(c.expected_version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        for p in &c.removed {
            sqlx::query("DELETE FROM league_entries WHERE league_id = $1 AND player_id = $2")
                .bind(c.id)
                .bind(p)
                .execute(&mut *tx)
                .await?;
        }
        for (p, status) in &c.entries {
            sqlx::query(
                "INSERT INTO league_entries (league_id, player_id, status, joined_at, entry_order)
                 VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(entry_order), 0) + 1
                                          FROM league_entries WHERE league_id = $5))
                 ON CONFLICT (league_id, player_id) DO UPDATE SET status = excluded.status",
            )
            .bind(c.id)
            .bind(p)
            .bind(status)
            .bind(c.now)
            .bind(c.id)
            .execute(&mut *tx)
            .await?;
        }
        for p in &c.checkins {
            sqlx::query(
                "UPDATE league_entries SET checked_in_at = $1 WHERE league_id = $2 AND player_id = $3",
            )
            .bind(c.now)
            .bind(c.id)
            .bind(p)
            .execute(&mut *tx)
            .await?;
        }
        for s in &c.seasons {
            sqlx::query(
                "INSERT INTO league_seasons (league_id, season, status, seed,
                     started_at, deadline_at, reminded, finished_at, winner)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (league_id, season) DO UPDATE SET status = excluded.status,
                     seed = excluded.seed, started_at = excluded.started_at,
                     deadline_at = excluded.deadline_at, reminded = excluded.reminded,
                     finished_at = excluded.finished_at, winner = excluded.winner",
            )
            .bind(c.id)
            .bind(s.season)
            .bind(&s.status)
            .bind(s.seed)
            .bind(s.started_at)
            .bind(s.deadline_at)
            .bind(s.reminded)
            .bind(s.finished_at)
            .bind(s.winner)
            .execute(&mut *tx)
            .await?;
        }
        for p in &c.places {
            sqlx::query(
                "INSERT INTO league_places (league_id, season, player_id, division, seed)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(c.id)
            .bind(p.season)
            .bind(p.player)
            .bind(p.division)
            .bind(p.seed)
            .execute(&mut *tx)
            .await?;
        }
        for m in &c.matches {
            write_change(&mut tx, m, rates).await?;
        }
        let mut started = Vec::new();
        for f in &c.fixtures {
            let match_id = match &f.start {
                Some(m) => {
                    let id = insert_match_in(&mut tx, &m.new, m.rated).await?;
                    let change = accept(id, m)?;
                    if change.id != id || change.expected_version != 1 {
                        return Err(StoreError::Stale);
                    }
                    write_change(&mut tx, &change, rates).await?;
                    started.push(id);
                    Some(id)
                }
                None => f.fixture.match_id,
            };
            let x = &f.fixture;
            if x.id == 0 {
                sqlx::query(
                    "INSERT INTO league_fixtures (league_id, season, division, round, slot,
                         player_x, player_o, match_id, status, winner, how, score_x, score_o)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                )
                .bind(c.id)
                .bind(x.season)
                .bind(x.division)
                .bind(x.round)
                .bind(x.slot)
                .bind(x.players[0])
                .bind(x.players[1])
                .bind(match_id)
                .bind(&x.status)
                .bind(x.winner)
                .bind(&x.how)
                .bind(x.score[0])
                .bind(x.score[1])
                .execute(&mut *tx)
                .await?;
            } else {
                sqlx::query(
                    "UPDATE league_fixtures SET player_x = $1, player_o = $2, match_id = $3,
                         status = $4, winner = $5, how = $6, score_x = $7, score_o = $8
                     WHERE id = $9 AND league_id = $10",
                )
                .bind(x.players[0])
                .bind(x.players[1])
                .bind(match_id)
                .bind(&x.status)
                .bind(x.winner)
                .bind(&x.how)
                .bind(x.score[0])
                .bind(x.score[1])
                .bind(x.id)
                .bind(c.id)
                .execute(&mut *tx)
                .await?;
            }
        }
        insert_ledger(&mut tx, c.community_id, None, &c.ledger, c.now).await?;
        append_log(&mut tx, Log::League, c.id, &c.log, c.now).await?;
        tx.commit().await?;
        Ok((c.expected_version + 1, started))
    }

    /// Marks season reminders as sent (`bits` added), if none of them was, writing `owed`
    /// (the reminders' messages) in the same transaction. Whether it was marked now (if
    /// not, nothing is written).
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn mark_season_reminded(
        &self,
        league: i64,
        season: i64,
        bits: i64,
        owed: &[crate::Owed],
        now: i64,
    ) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE league_seasons SET reminded = reminded | $1
             WHERE league_id = $2 AND season = $3 AND reminded & $4 = 0",
        )
        .bind(bits)
        .bind(league)
        .bind(season)
        .bind(bits)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        crate::outbox::insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}
