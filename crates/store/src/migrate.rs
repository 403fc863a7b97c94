//! Opening the database: the pool (sqlx's `Any` driver, over SQLite today), the settings
//! each SQLite connection applies as it opens (WAL, `synchronous = FULL`, foreign keys,
//! busy timeout) and the embedded migrations.

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;

use sqlx::ConnectOptions as _;
use sqlx::SqlStr;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::sqlite::SqliteConnectOptions;

use crate::db::Backend;
use crate::{Store, StoreError};

/// Embeds each migration as `(number, name, SQLite text, PostgreSQL text)`: the file of
/// that name under `migrations/` and its twin under `migrations/postgres/`.
macro_rules! migrations {
    ($(($version:literal, $name:literal, $file:literal)),* $(,)?) => {
        &[$((
            $version,
            $name,
            include_str!(concat!("../../../migrations/", $file)),
            include_str!(concat!("../../../migrations/postgres/", $file)),
        )),*]
    };
}

/// The migrations, embedded in the binary: one set per backend, with the same numbers and
/// names (the PostgreSQL twins: BIGINT integers and identity ids, BOOLEAN flags;
/// docs/postgres.md).
pub(crate) const MIGRATIONS: &[(i64, &str, &str, &str)] = migrations![
    (1, "club", "0001_club.sql"),
    (2, "match threads", "0002_match_threads.sql"),
    (3, "chouette log", "0003_chouette_log.sql"),
    (4, "ratings", "0004_ratings.sql"),
    (5, "fair dice", "0005_fair_dice.sql"),
    (6, "challenge expiry", "0006_challenge_expiry.sql"),
    (7, "leagues", "0007_leagues.sql"),
    (8, "analyses", "0008_analyses.sql"),
    (9, "league entry order", "0009_league_entry_order.sql"),
    (10, "fair scheme", "0010_fair_scheme.sql"),
    (11, "match end cause", "0011_match_end_cause.sql"),
    (12, "health", "0012_health.sql"),
    (13, "web links", "0013_web_links.sql"),
    (14, "vacations", "0014_vacations.sql"),
    (15, "digest", "0015_digest.sql"),
    (16, "blocks", "0016_blocks.sql"),
    (18, "league start at", "0018_league_start_at.sql"),
    (19, "league page version", "0019_league_page_version.sql"),
    (20, "match waiting", "0020_match_waiting.sql"),
    (21, "vacation plans", "0021_vacation_plans.sql"),
    (22, "bot matches", "0022_bot_matches.sql"),
    (23, "outbox", "0023_outbox.sql"),
    (24, "web private", "0024_web_private.sql"),
    (25, "auto analysis", "0025_auto_analysis.sql"),
    (26, "drills", "0026_drills.sql"),
    (27, "puzzles", "0027_puzzles.sql"),
    (28, "board messages", "0028_board_messages.sql"),
];

/// Set on every SQLite connection as it opens: WAL, an `fsync` at every commit (an
/// acknowledged command survives power loss), foreign keys checked, and a wait of up to
/// 10 s for another process's write lock.
const SQLITE_PRAGMAS: [&str; 4] = [
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 10000",
];

/// Whether a connection given back to the pool may be used again. On an error such as
/// a full disk SQLite may end the transaction by itself; sqlx then still counts it open,
/// its rollback fails ("no transaction is active"), and its next `BEGIN` would be a
/// `SAVEPOINT` whose rollback leaves SQLite's transaction, and its write lock, in place:
/// every other connection would wait on it. Such a connection is closed (the pool opens
/// a fresh one). The normal path costs nothing: a connection not in a transaction is
/// taken back at once.
async fn released_in_order(conn: &mut sqlx::AnyConnection) -> Result<bool, sqlx::Error> {
    use sqlx::Connection as _;
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    // A dropped transaction's rollback is queued: it has run once a statement has.
    sqlx::raw_sql("SELECT 1").execute(&mut *conn).await?;
    Ok(!conn.is_in_transaction())
}

impl Store {
    /// Opens the database at `url` and runs the migrations: an SQLite file (`sqlite://path`,
    /// `sqlite:path` or a plain file path; created if missing; WAL, foreign keys on), or a
    /// PostgreSQL database (`postgres://` or `postgresql://`).
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Self::open_postgres(url).await;
        }
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(Path::new(url))
        };
        // A restore into the file is under way until its copy has the file's name: the
        // copy is looked for before the file is opened and again once it is, so that a
        // start in the restore's window is refused, not run on the file moved aside.
        let restoring = crate::restoring::restoring_name(options.get_filename());
        let refused = || StoreError::Restoring(options.get_filename().to_path_buf());
        if restoring.exists() {
            return Err(refused());
        }
        // The store speaks to its pool through sqlx's `Any` driver: the file's URL (with
        // `mode=rwc`, created if missing), and the settings each new connection applies.
        let url = options.clone().create_if_missing(true).to_url_lossy();
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    for pragma in SQLITE_PRAGMAS {
                        sqlx::raw_sql(pragma).execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .after_release(|conn, _meta| Box::pin(released_in_order(conn)))
            .connect_with(AnyConnectOptions::from_url(&url)?)
            .await?;
        if restoring.exists() {
            pool.close().await;
            return Err(refused());
        }
        Self::migrated(pool, Backend::Sqlite).await
    }

    /// Opens the PostgreSQL database at `url` (`postgres://user:password@host/db`) and runs
    /// its migrations.
    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(8)
            .connect_with(AnyConnectOptions::from_str(url)?)
            .await?;
        Self::migrated(pool, Backend::Postgres).await
    }

    /// The store on `pool` once the backend's set of [`MIGRATIONS`] has run.
    async fn migrated(pool: sqlx::AnyPool, backend: Backend) -> Result<Store, StoreError> {
        let migrations = MIGRATIONS
            .iter()
            .map(|&(version, name, sqlite, postgres)| {
                let text = match backend {
                    Backend::Sqlite => sqlite,
                    Backend::Postgres => postgres,
                };
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
            backend,
            writes: std::sync::Arc::default(),
            queue: std::sync::Arc::default(),
        })
    }

    /// Closes every connection (the file is complete on disk afterwards).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::Store;

    #[tokio::test]
    async fn every_connection_has_wal_a_sync_at_each_commit_foreign_keys_and_the_busy_wait() {
        // Given a file whose path needs escaping in a URL (a space and a `#`)
        let dir = std::env::temp_dir().join(format!("gammonbot store #{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("club.db");
        let _ = std::fs::remove_file(&path);
        // When it is opened (created) and each of the pool's connections is asked
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        let mut conns = Vec::new();
        for _ in 0..3 {
            conns.push(store.pool.acquire().await.unwrap());
        }
        // Then the file is where it was named and every connection has the settings
        assert!(path.exists());
        for conn in &mut conns {
            let mut get = async |pragma: &str| {
                let row = sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA {pragma}")))
                    .fetch_one(&mut **conn)
                    .await
                    .unwrap();
                row.try_get::<String, _>(0)
                    .or_else(|_| row.try_get::<i64, _>(0).map(|n| n.to_string()))
                    .unwrap()
            };
            assert_eq!(get("journal_mode").await, "wal");
            assert_eq!(get("synchronous").await, "2", "FULL");
            assert_eq!(get("foreign_keys").await, "1");
            assert_eq!(get("busy_timeout").await, "10000");
        }
        drop(conns);
        store.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
