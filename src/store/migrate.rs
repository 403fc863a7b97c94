//! Opening the SQLite file: the pragmas (WAL, `synchronous = FULL`, foreign keys, busy
//! timeout), the connection pool and the embedded migrations. Everything here is
//! SQLite-specific; another backend brings its own.

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::{Store, StoreError};

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
    (
        4,
        "ratings",
        include_str!("../../migrations/0004_ratings.sql"),
    ),
    (
        5,
        "fair dice",
        include_str!("../../migrations/0005_fair_dice.sql"),
    ),
    (
        6,
        "challenge expiry",
        include_str!("../../migrations/0006_challenge_expiry.sql"),
    ),
    (
        7,
        "leagues",
        include_str!("../../migrations/0007_leagues.sql"),
    ),
    (
        8,
        "analyses",
        include_str!("../../migrations/0008_analyses.sql"),
    ),
];

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
        Ok(Store {
            pool,
            writes: std::sync::Arc::default(),
            queue: std::sync::Arc::default(),
        })
    }

    /// Closes every connection (the file is complete on disk afterwards).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
