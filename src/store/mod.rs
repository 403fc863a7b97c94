//! SQLite through sqlx: migrations, row types, queries and the optimistic version check.
//!
//! Runtime queries only (no database is needed to build). One transaction per committed
//! command; a match row is written only if its version is still the one that was read.

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteRow, SqliteSynchronous,
};
use sqlx::{Row, SqlStr};
use thiserror::Error;

use crate::engine::welsh::{Rates, ScoopPot};

/// The migrations, embedded in the binary (the files under `migrations/`).
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "club", include_str!("../../migrations/0001_club.sql")),
    (
        2,
        "match threads",
        include_str!("../../migrations/0002_match_threads.sql"),
    ),
    (
        3,
        "chouette log",
        include_str!("../../migrations/0003_chouette_log.sql"),
    ),
];

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The match changed since it was read: nothing was written.
    #[error("the board moved on")]
    Stale,
}

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

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub id: i64,
    pub community_id: i64,
    pub channel: String,
    pub ruleset: String,
    pub terms: String,
    /// Player ids, X (the challenger) then O.
    pub players: [i64; 2],
    pub status: String,
    pub state: Option<String>,
    pub version: i64,
    pub turn_started_at: Option<i64>,
    /// Seconds of time bank left, X then O.
    pub bank: [i64; 2],
    pub deadline_at: Option<i64>,
    pub reminder_at: Option<i64>,
    pub winner: Option<i64>,
    pub result: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One entry of a match's action log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub seq: i64,
    pub at: i64,
    pub player_id: Option<i64>,
    pub entry: String,
}

/// A new match (a challenge).
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub community_id: i64,
    pub channel: String,
    pub ruleset: String,
    pub terms: String,
    pub players: [i64; 2],
    pub bank: i64,
    pub now: i64,
    pub entry: String,
}

/// A money movement to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    pub payer: i64,
    pub payee: i64,
    pub amount: u64,
    pub reason: String,
}

/// A ledger line as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    pub at: i64,
    pub payer: String,
    pub payee: String,
    pub amount: i64,
    pub reason: String,
    pub match_id: Option<i64>,
}

/// A finished Welsh game for the pair's scoop-pot: `backgammon_by` wins the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PotGame {
    pub backgammon_by: Option<i64>,
}

/// Everything one command changes in a match, written in one transaction.
#[derive(Clone, Debug, Default)]
pub struct MatchChange {
    pub id: i64,
    /// The match's community and players (X, O), as read with it.
    pub community_id: i64,
    pub players: [i64; 2],
    /// The version that was read; the write happens only if it still stands.
    pub expected_version: i64,
    pub status: String,
    pub state: Option<String>,
    pub turn_started_at: Option<i64>,
    pub bank: [i64; 2],
    pub deadline_at: Option<i64>,
    pub reminder_at: Option<i64>,
    pub winner: Option<i64>,
    pub result: Option<String>,
    pub now: i64,
    /// Log entries: the player (None: the club) and the JSON entry.
    pub actions: Vec<(Option<i64>, String)>,
    pub ledger: Vec<LedgerEntry>,
    pub pot_games: Vec<PotGame>,
}

/// A chouette session as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChouetteRow {
    pub id: i64,
    pub community_id: i64,
    pub channel: String,
    pub terms: String,
    pub state: String,
    pub version: i64,
}

/// A new chouette session.
#[derive(Clone, Copy, Debug)]
pub struct NewChouette<'a> {
    pub community: i64,
    pub channel: &'a str,
    pub terms: &'a str,
    pub state: &'a str,
    pub creator: i64,
    pub entry: &'a str,
    pub now: i64,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

const MATCH_COLUMNS: &str = "id, community_id, channel, ruleset, terms, player_x, player_o, \
     status, state, version, turn_started_at, bank_x, bank_o, deadline_at, reminder_at, \
     winner, result, created_at, updated_at";

fn match_row(r: &SqliteRow) -> Result<MatchRow, sqlx::Error> {
    Ok(MatchRow {
        id: r.try_get("id")?,
        community_id: r.try_get("community_id")?,
        channel: r.try_get("channel")?,
        ruleset: r.try_get("ruleset")?,
        terms: r.try_get("terms")?,
        players: [r.try_get("player_x")?, r.try_get("player_o")?],
        status: r.try_get("status")?,
        state: r.try_get("state")?,
        version: r.try_get("version")?,
        turn_started_at: r.try_get("turn_started_at")?,
        bank: [r.try_get("bank_x")?, r.try_get("bank_o")?],
        deadline_at: r.try_get("deadline_at")?,
        reminder_at: r.try_get("reminder_at")?,
        winner: r.try_get("winner")?,
        result: r.try_get("result")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

fn player_row(r: &SqliteRow) -> Result<PlayerRow, sqlx::Error> {
    Ok(PlayerRow {
        id: r.try_get("id")?,
        platform: r.try_get("platform")?,
        platform_id: r.try_get("platform_id")?,
        display_name: r.try_get("display_name")?,
        auto_roll: r.try_get("auto_roll")?,
        notify_dm: r.try_get("notify_dm")?,
    })
}

fn sql(text: String) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(text)
}

/// The two append-only logs: a match's and a chouette session's.
#[derive(Clone, Copy, Debug)]
enum Log {
    Match,
    Chouette,
}

/// Appends entries (player, JSON) to a log after its last one, inside a transaction.
async fn append_log(
    conn: &mut SqliteConnection,
    log: Log,
    owner: i64,
    entries: &[(Option<i64>, String)],
    now: i64,
) -> Result<(), sqlx::Error> {
    let (next_sql, insert_sql) = match log {
        Log::Match => (
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM match_actions WHERE match_id = ?",
            "INSERT INTO match_actions (match_id, seq, at, player_id, entry) VALUES (?, ?, ?, ?, ?)",
        ),
        Log::Chouette => (
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM chouette_actions WHERE chouette_id = ?",
            "INSERT INTO chouette_actions (chouette_id, seq, at, player_id, entry) VALUES (?, ?, ?, ?, ?)",
        ),
    };
    let next: i64 = sqlx::query(next_sql)
        .bind(owner)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    for (i, (player, entry)) in entries.iter().enumerate() {
        sqlx::query(insert_sql)
            .bind(owner)
            .bind(next + i64::try_from(i).unwrap_or(0))
            .bind(now)
            .bind(player)
            .bind(entry)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Writes ledger lines (those with an amount) inside a transaction.
async fn insert_ledger(
    conn: &mut SqliteConnection,
    community: i64,
    match_id: Option<i64>,
    entries: &[LedgerEntry],
    now: i64,
) -> Result<(), sqlx::Error> {
    for e in entries.iter().filter(|e| e.amount > 0) {
        sqlx::query(
            "INSERT INTO ledger (community_id, at, payer, payee, amount, reason, match_id)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(community)
        .bind(now)
        .bind(e.payer)
        .bind(e.payee)
        .bind(amount(e.amount))
        .bind(&e.reason)
        .bind(match_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

fn amount(a: u64) -> i64 {
    i64::try_from(a).unwrap_or(i64::MAX)
}

impl Store {
    /// Opens (creating if missing) the database at `url` (`sqlite://path`, `sqlite:path`
    /// or a plain file path) and runs the migrations. WAL, foreign keys on.
    ///
    /// # Errors
    /// The file cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(Path::new(url))
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        let migrations = MIGRATIONS
            .iter()
            .map(|&(version, name, text)| {
                Migration::new(
                    version,
                    Cow::Borrowed(name),
                    MigrationType::Simple,
                    SqlStr::from_static(text),
                    false,
                )
            })
            .collect();
        Migrator::with_migrations(migrations).run(&pool).await?;
        Ok(Store { pool })
    }

    /// Closes every connection (the file is complete on disk afterwards).
    pub async fn close(&self) {
        self.pool.close().await;
    }

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
        let row = sqlx::query(
            "INSERT INTO players (platform, platform_id, display_name, created_at)
             VALUES (?, ?, ?, ?)
             ON CONFLICT (platform, platform_id) DO UPDATE SET display_name = excluded.display_name
             RETURNING id, platform, platform_id, display_name, auto_roll, notify_dm",
        )
        .bind(platform)
        .bind(platform_id)
        .bind(display_name)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(player_row(&row)?)
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
             FROM players WHERE platform = ? AND platform_id = ?",
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
             FROM players WHERE id = ?",
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
        sqlx::query("UPDATE players SET auto_roll = ?, notify_dm = ? WHERE id = ?")
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
        let row = sqlx::query(
            "INSERT INTO communities (platform, platform_id, name) VALUES (?, ?, ?)
             ON CONFLICT (platform, platform_id) DO UPDATE SET name = excluded.name
             RETURNING id",
        )
        .bind(platform)
        .bind(platform_id)
        .bind(name)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
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
        let row = sqlx::query("SELECT id FROM communities WHERE platform = ? AND platform_id = ?")
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
        let row = sqlx::query("SELECT match_threads FROM communities WHERE id = ?")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?.unwrap_or(false))
    }

    /// Sets whether a community plays each match in its own thread.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_match_threads(&self, community: i64, on: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE communities SET match_threads = ? WHERE id = ?")
            .bind(on)
            .bind(community)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Moves a match to another channel (its thread); not an action, the version stays.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_channel(&self, match_id: i64, channel: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET channel = ? WHERE id = ?")
            .bind(channel)
            .bind(match_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Writes a challenge: the match row (version 1) and its first log entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_match(&self, m: &NewMatch) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO matches (community_id, channel, ruleset, terms, player_x, player_o,
                 status, version, bank_x, bank_o, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, 'challenged', 1, ?, ?, ?, ?)
             RETURNING id",
        )
        .bind(m.community_id)
        .bind(&m.channel)
        .bind(&m.ruleset)
        .bind(&m.terms)
        .bind(m.players[0])
        .bind(m.players[1])
        .bind(m.bank)
        .bind(m.bank)
        .bind(m.now)
        .bind(m.now)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        append_log(
            &mut tx,
            Log::Match,
            id,
            &[(Some(m.players[0]), m.entry.clone())],
            m.now,
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// A match by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_match(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(match_row).transpose()?)
    }

    /// A player's matches in a community, newest first; `open` keeps only challenged and
    /// active ones.
    ///
    /// # Errors
    /// A database error.
    pub async fn matches_of(
        &self,
        player: i64,
        community: i64,
        open: bool,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let filter = if open {
            "AND status IN ('challenged', 'active')"
        } else {
            ""
        };
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE (player_x = ? OR player_o = ?) AND community_id = ? {filter}
             ORDER BY id DESC LIMIT 50"
        )))
        .bind(player)
        .bind(player)
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// The action log of a match, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn actions(&self, match_id: i64) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, player_id, entry FROM match_actions WHERE match_id = ? ORDER BY seq",
        )
        .bind(match_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seq: r.try_get(0)?,
                    at: r.try_get(1)?,
                    player_id: r.try_get(2)?,
                    entry: r.try_get(3)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Writes one command's change in one transaction, if the match is still at
    /// `expected_version`; otherwise writes nothing and answers [`StoreError::Stale`].
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    pub async fn commit(&self, c: &MatchChange, rates: &Rates) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE matches SET status = ?, state = ?, version = version + 1,
                 turn_started_at = ?, bank_x = ?, bank_o = ?, deadline_at = ?, reminder_at = ?,
                 winner = ?, result = ?, updated_at = ?
             WHERE id = ? AND version = ?",
        )
        .bind(&c.status)
        .bind(&c.state)
        .bind(c.turn_started_at)
        .bind(c.bank[0])
        .bind(c.bank[1])
        .bind(c.deadline_at)
        .bind(c.reminder_at)
        .bind(c.winner)
        .bind(&c.result)
        .bind(c.now)
        .bind(c.id)
        .bind(c.expected_version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        append_log(&mut tx, Log::Match, c.id, &c.actions, c.now).await?;
        let (community, [x, o]) = (c.community_id, c.players);
        let mut ledger = c.ledger.clone();
        for game in &c.pot_games {
            let (a, b) = (x.min(o), x.max(o));
            let games: i64 = sqlx::query(
                "INSERT INTO scoop_pots (community_id, player_a, player_b, games)
                 VALUES (?, ?, ?, 0)
                 ON CONFLICT (community_id, player_a, player_b) DO UPDATE SET games = games
                 RETURNING games",
            )
            .bind(community)
            .bind(a)
            .bind(b)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
            let mut pot = ScoopPot {
                games: u32::try_from(games).unwrap_or(0),
            };
            let paid = pot.record_game(rates, game.backgammon_by.is_some());
            sqlx::query(
                "UPDATE scoop_pots SET games = ?, collected = collected + ?
                 WHERE community_id = ? AND player_a = ? AND player_b = ?",
            )
            .bind(i64::from(pot.games))
            .bind(i64::from(paid.is_some()))
            .bind(community)
            .bind(a)
            .bind(b)
            .execute(&mut *tx)
            .await?;
            if let (Some(pay), Some(winner)) = (paid, game.backgammon_by) {
                let payer = if winner == x { o } else { x };
                ledger.push(LedgerEntry {
                    payer,
                    payee: winner,
                    amount: pay,
                    reason: format!("scoop-pot: {} games", pay / rates.scoop_per_game.max(1)),
                });
            }
        }
        insert_ledger(&mut tx, community, Some(c.id), &ledger, c.now).await?;
        tx.commit().await?;
        Ok(c.expected_version + 1)
    }

    /// Matches whose reminder or deadline has come, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn due(&self, now: i64, limit: i64) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id IN (
                 SELECT id FROM matches WHERE deadline_at <= ?
                 UNION SELECT id FROM matches WHERE reminder_at <= ?)
             ORDER BY id LIMIT ?"
        )))
        .bind(now)
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// Writes a new chouette session (version 1) and its first log entry.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_chouette(&self, n: &NewChouette<'_>) -> Result<i64, StoreError> {
        let NewChouette {
            community,
            channel,
            terms,
            state,
            creator,
            entry,
            now,
        } = *n;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query(
            "INSERT INTO chouettes (community_id, channel, terms, state, version, created_at, updated_at)
             VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING id",
        )
        .bind(community)
        .bind(channel)
        .bind(terms)
        .bind(state)
        .bind(now)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        append_log(
            &mut tx,
            Log::Chouette,
            id,
            &[(Some(creator), entry.to_string())],
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// A chouette session by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_chouette(&self, id: i64) -> Result<Option<ChouetteRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, community_id, channel, terms, state, version FROM chouettes WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(ChouetteRow {
                id: r.try_get(0)?,
                community_id: r.try_get(1)?,
                channel: r.try_get(2)?,
                terms: r.try_get(3)?,
                state: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
                version: r.try_get(5)?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| StoreError::from(e))
    }

    /// The newest chouette session of a channel.
    ///
    /// # Errors
    /// A database error.
    pub async fn chouette_in(
        &self,
        community: i64,
        channel: &str,
    ) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT id FROM chouettes WHERE community_id = ? AND channel = ? ORDER BY id DESC LIMIT 1",
        )
        .bind(community)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// The chouette sessions of a channel, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn chouettes_in(
        &self,
        community: i64,
        channel: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM chouettes WHERE community_id = ? AND channel = ? ORDER BY id DESC",
        )
        .bind(community)
        .bind(channel)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    /// Writes one chouette command: the new state if the version still stands, its log
    /// entries and ledger lines, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Stale`], or a database error (nothing written).
    pub async fn commit_chouette(
        &self,
        id: i64,
        expected_version: i64,
        state: &str,
        actions: &[(Option<i64>, String)],
        ledger: &[LedgerEntry],
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE chouettes SET state = ?, version = version + 1, updated_at = ?
             WHERE id = ? AND version = ?",
        )
        .bind(state)
        .bind(now)
        .bind(id)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        append_log(&mut tx, Log::Chouette, id, actions, now).await?;
        let community: i64 = sqlx::query("SELECT community_id FROM chouettes WHERE id = ?")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        insert_ledger(&mut tx, community, None, ledger, now).await?;
        tx.commit().await?;
        Ok(expected_version + 1)
    }

    /// The log of a chouette session, in order: (player, entry).
    ///
    /// # Errors
    /// A database error.
    pub async fn chouette_actions(
        &self,
        id: i64,
    ) -> Result<Vec<(Option<i64>, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_id, entry FROM chouette_actions WHERE chouette_id = ? ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Marks a match's reminder as sent, if the match is still at `version` (a reminder is
    /// not an action: the version stays). Whether it was marked now.
    ///
    /// # Errors
    /// A database error.
    pub async fn mark_reminded(&self, id: i64, version: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE matches SET reminder_at = NULL
             WHERE id = ? AND version = ? AND reminder_at IS NOT NULL",
        )
        .bind(id)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The ledger lines of a player in a community (as payer or payee), newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn ledger(&self, community: i64, player: i64) -> Result<Vec<LedgerRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT l.at, a.display_name, b.display_name, l.amount, l.reason, l.match_id
             FROM ledger l JOIN players a ON a.id = l.payer JOIN players b ON b.id = l.payee
             WHERE l.community_id = ? AND (l.payer = ? OR l.payee = ?)
             ORDER BY l.id DESC LIMIT 50",
        )
        .bind(community)
        .bind(player)
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LedgerRow {
                    at: r.try_get(0)?,
                    payer: r.try_get(1)?,
                    payee: r.try_get(2)?,
                    amount: r.try_get(3)?,
                    reason: r.try_get(4)?,
                    match_id: r.try_get(5)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A player's balance in a community: received less paid, in minor units.
    ///
    /// # Errors
    /// A database error.
    pub async fn balance(&self, community: i64, player: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN payee = ? THEN amount ELSE -amount END), 0)
             FROM ledger WHERE community_id = ? AND (payer = ? OR payee = ?)",
        )
        .bind(player)
        .bind(community)
        .bind(player)
        .bind(player)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// The scoop-pot tally of a pair (games since their last backgammon, pots collected).
    ///
    /// # Errors
    /// A database error.
    pub async fn pot(&self, community: i64, a: i64, b: i64) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT games, collected FROM scoop_pots
             WHERE community_id = ? AND player_a = ? AND player_b = ?",
        )
        .bind(community)
        .bind(a.min(b))
        .bind(a.max(b))
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(r) => (r.try_get(0)?, r.try_get(1)?),
            None => (0, 0),
        })
    }

    /// Every table's row count and a checksum of its contents, for tests that prove a
    /// refused command changed nothing.
    ///
    /// # Errors
    /// A database error.
    pub async fn fingerprint(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        let mut out = Vec::new();
        for (table, cols) in [
            ("communities", "id, platform, platform_id, name"),
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
        ] {
            let row = sqlx::query(sql(format!(
                "SELECT COUNT(*), COALESCE(group_concat(r, '|'), '') FROM
                 (SELECT quote({cols_q}) AS r FROM {table} ORDER BY 1)",
                cols_q = cols.replace(", ", ") || ',' || quote(")
            )))
            .fetch_one(&self.pool)
            .await?;
            out.push((table.to_string(), row.try_get(0)?, row.try_get(1)?));
        }
        Ok(out)
    }
}
