//! Backups of an SQLite database and their restore (docs/operating.md).
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction copies every page the
//! database holds at its start into a new, compact file, while the bot goes on writing (WAL:
//! readers and the writer do not wait for each other). Every command acknowledged before
//! the backup began is in it. The copy is written under a temporary name beside the target,
//! flushed to disk, then given its name (a hard link, so that a file already there is never
//! replaced): a backup file is whole or absent.
//!
//! A restore checks the file first (`PRAGMA integrity_check`, the migrations table, no
//! migration newer than this program's), refuses while anything has the database open
//! (it asks SQLite for the exclusive lock a switch out of WAL needs), copies the file
//! through SQLite (`VACUUM INTO`: what a `-wal` beside it holds is in the copy) to
//! `<file>.restoring`, checks the copy (the count it reports is the copy's), keeps the
//! database it replaces beside it as `<file>.before-restore`, and moves the copy in. While
//! `<file>.restoring` is there the store refuses to open the database.
//!
//! PostgreSQL is backed up with `pg_dump` and restored with `pg_restore`; both functions
//! refuse it with a message saying so.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Connection as _, Row as _};

use crate::Store;
use crate::db::{Backend, DbConnection};
use crate::migrate::MIGRATIONS;
pub use crate::restoring::restoring_name;

/// Why a backup or a restore was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database to back up is on PostgreSQL.
    #[error(
        "the database is PostgreSQL: back it up with `pg_dump -Fc` (docs/operating.md), not with gammonbot"
    )]
    PostgresBackup,
    /// The database to restore into is on PostgreSQL.
    #[error(
        "the database is PostgreSQL: restore a dump with `pg_restore` (docs/operating.md), not with gammonbot"
    )]
    PostgresRestore,
    /// There is no database file there.
    #[error("there is no database at `{}`", .0.display())]
    Missing(PathBuf),
    /// A backup's target is taken.
    #[error("`{}` already exists: give a new file name", .0.display())]
    Exists(PathBuf),
    /// A restore's target exists and `--force` was not given.
    #[error(
        "`{}` already exists: stop the bot and give --force to replace it (it is kept as `{}.before-restore`)",
        .0.display(), .0.display()
    )]
    WouldReplace(PathBuf),
    /// The backup and the database are the same file.
    #[error("`{}` is the database itself", .0.display())]
    SameFile(PathBuf),
    /// A restore into the database is under way (or was cut short).
    #[error(
        "a restore into `{}` is under way: wait for it (if none runs, one was cut short: delete `{}.restoring`)",
        .0.display(), .0.display()
    )]
    Restoring(PathBuf),
    /// Something has the database open.
    #[error("`{}` is open in another process (is the bot running?): stop it first", .0.display())]
    InUse(PathBuf),
    /// The file is not a gammonbot database, or it is damaged.
    #[error("`{}` is not a gammonbot database: {why}", .path.display())]
    NotGammonbot {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The file was written by a newer gammonbot.
    #[error(
        "`{}` was written by a newer gammonbot (migration {found}; this one knows up to {known}): use that version",
        .path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its newest migration.
        found: i64,
        /// This program's newest migration.
        known: i64,
    },
    /// Reading or writing a file failed.
    #[error("`{}`: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The database refused.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
}

/// A backup written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    /// The file.
    pub path: PathBuf,
    /// Its size.
    pub bytes: u64,
}

/// What a checked database file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Its newest migration.
    pub migration: i64,
    /// Its matches (of any status).
    pub matches: i64,
}

impl Store {
    /// Writes a consistent copy of this SQLite database to the new file `to` (through one
    /// of the pool's connections, while the others go on serving).
    ///
    /// # Errors
    /// The store is on PostgreSQL, `to` exists or cannot be written, or SQLite fails.
    pub async fn backup_to(&self, to: &Path) -> Result<Backup, BackupError> {
        if self.backend == Backend::Postgres {
            return Err(BackupError::PostgresBackup);
        }
        let mut conn = self.pool.acquire().await?;
        vacuum_into(&mut conn, to).await
    }
}

/// The file of the SQLite database `url` (a path, `sqlite://path` or `sqlite:path`).
///
/// # Errors
/// `url` is a PostgreSQL one (`restore` says which error), or not an SQLite URL.
fn sqlite_file(url: &str, restore: bool) -> Result<PathBuf, BackupError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(if restore {
            BackupError::PostgresRestore
        } else {
            BackupError::PostgresBackup
        });
    }
    if url.starts_with("sqlite:") {
        Ok(SqliteConnectOptions::from_str(url)?
            .get_filename()
            .to_path_buf())
    } else {
        Ok(PathBuf::from(url))
    }
}

/// Writes a consistent copy of the SQLite database at `url` to the new file `to`, while
/// the bot runs on it. The database is opened read-only, neither created nor migrated.
///
/// # Errors
/// `url` is PostgreSQL or names no file, `to` exists or cannot be written, or SQLite
/// fails.
pub async fn backup_database(url: &str, to: &Path) -> Result<Backup, BackupError> {
    let file = sqlite_file(url, false)?;
    if !file.is_file() {
        return Err(BackupError::Missing(file));
    }
    sqlx::any::install_default_drivers();
    let options = SqliteConnectOptions::new()
        .filename(&file)
        .read_only(true)
        .to_url_lossy();
    let mut conn = DbConnection::connect_with(&AnyConnectOptions::from_url(&options)?).await?;
    let made = vacuum_into(&mut conn, to).await;
    conn.close().await?;
    made
}

/// `VACUUM INTO` a temporary file beside `to`, flushed, then linked to `to`.
async fn vacuum_into(conn: &mut DbConnection, to: &Path) -> Result<Backup, BackupError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BackupError::Io { path, source }
    };
    if to.exists() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    let partial = partial_name(to);
    match std::fs::remove_file(&partial) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&partial)(e)),
        _ => {}
    }
    let dir = match to.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(io(&dir)(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such directory",
        )));
    }
    let name = partial.to_str().ok_or_else(|| {
        io(&partial)(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path is not UTF-8",
        ))
    })?;
    if let Err(e) = sqlx::query("VACUUM INTO $1")
        .bind(name)
        .execute(&mut *conn)
        .await
    {
        let _ = std::fs::remove_file(&partial);
        return Err(e.into());
    }
    let finish = || -> Result<u64, BackupError> {
        std::fs::File::open(&partial)
            .and_then(|f| f.sync_all())
            .map_err(io(&partial))?;
        match std::fs::hard_link(&partial, to) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(BackupError::Exists(to.to_path_buf()));
            }
            other => other.map_err(io(to))?,
        }
        sync_dir(&dir).map_err(io(&dir))?;
        Ok(std::fs::metadata(to).map_err(io(to))?.len())
    };
    let made = finish();
    let _ = std::fs::remove_file(&partial);
    Ok(Backup {
        path: to.to_path_buf(),
        bytes: made?,
    })
}

/// The temporary name a backup to `to` is written under: `<to>.partial`.
#[must_use]
pub fn partial_name(to: &Path) -> PathBuf {
    let mut name = to.as_os_str().to_os_string();
    name.push(".partial");
    PathBuf::from(name)
}

/// Flushes a directory's entries (a new name in it) to disk.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Checks that `file` is a whole gammonbot SQLite database this program can open:
/// `PRAGMA integrity_check` says `ok`, it has the migrations table and the matches, and
/// none of its migrations is newer than this program's. The file is opened read-only.
///
/// # Errors
/// The file is missing, damaged, not a gammonbot database, or newer.
pub async fn check_database(file: &Path) -> Result<Checked, BackupError> {
    if !file.is_file() {
        return Err(BackupError::Missing(file.to_path_buf()));
    }
    let not = |why: String| BackupError::NotGammonbot {
        path: file.to_path_buf(),
        why,
    };
    let mut conn = SqliteConnectOptions::new()
        .filename(file)
        .read_only(true)
        .connect()
        .await?;
    let checked = async {
        let problems: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_all(&mut conn)
            .await
            .map_err(|e| not(format!("SQLite cannot read it ({e})")))?;
        if problems != ["ok"] {
            let first: Vec<&str> = problems.iter().take(3).map(String::as_str).collect();
            return Err(not(format!("integrity_check: {}", first.join("; "))));
        }
        let row = sqlx::query(
            "SELECT count(*), max(version), count(CASE WHEN success THEN 1 END) \
             FROM _sqlx_migrations",
        )
        .fetch_one(&mut conn)
        .await
        .map_err(|_| not("it has no migrations table".into()))?;
        let (count, newest, done): (i64, Option<i64>, i64) = (row.get(0), row.get(1), row.get(2));
        let Some(newest) = newest else {
            return Err(not("no migration has run on it".into()));
        };
        if done != count {
            return Err(not("a migration on it did not finish".into()));
        }
        let known = MIGRATIONS.last().map_or(0, |m| m.0);
        if newest > known {
            return Err(BackupError::Newer {
                path: file.to_path_buf(),
                found: newest,
                known,
            });
        }
        let matches: i64 = sqlx::query_scalar("SELECT count(*) FROM matches")
            .fetch_one(&mut conn)
            .await
            .map_err(|_| not("it has no matches table".into()))?;
        Ok(Checked {
            migration: newest,
            matches,
        })
    }
    .await;
    conn.close().await?;
    checked
}

/// Replaces the SQLite database at `url` with the backup `from` once it is checked
/// ([`check_database`]): when a database is there, only with `force` and only while
/// nothing has it open; it is kept beside as `<file>.before-restore` (replacing an older
/// one). The database's stale `-wal` and `-shm` files go with it.
///
/// The backup is copied through SQLite (`VACUUM INTO`, on a read-only connection that
/// leaves it as it is), so that what it holds in a `-wal` of its own (a bot killed on it)
/// is in the copy; the count returned is read from the copy. The copy is written to
/// [`restoring_name`], made first: from then until the copy has the database's name, a
/// bot started on the database is refused ([`Store::open`]), and a second restore too.
///
/// # Errors
/// `url` is PostgreSQL, the backup fails its check, the database exists without `force`
/// or is in use, a restore into it is under way, or a file cannot be written.
pub async fn restore_database(from: &Path, url: &str, force: bool) -> Result<Checked, BackupError> {
    let to = sqlite_file(url, true)?;
    check_database(from).await?;
    if to.exists() {
        if std::fs::canonicalize(&to).ok() == std::fs::canonicalize(from).ok() {
            return Err(BackupError::SameFile(to));
        }
        if !force {
            return Err(BackupError::WouldReplace(to));
        }
    }
    let restoring = restoring_name(&to);
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&restoring)
    {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(BackupError::Restoring(to));
        }
        Err(source) => {
            return Err(BackupError::Io {
                path: restoring,
                source,
            });
        }
    }
    let done = restore_into(from, &to, &restoring).await;
    if done.is_err() {
        let _ = std::fs::remove_file(&restoring);
    }
    done
}

/// The steps of [`restore_database`] once its mark, the empty file `restoring`, is made.
async fn restore_into(from: &Path, to: &Path, restoring: &Path) -> Result<Checked, BackupError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BackupError::Io { path, source }
    };
    if to.exists() {
        release(to).await?;
    }
    copy_through_sqlite(from, restoring).await?;
    std::fs::File::open(restoring)
        .and_then(|f| f.sync_all())
        .map_err(io(restoring))?;
    let checked = check_database(restoring).await?;
    let side = |suffix: &str| {
        let mut name = to.as_os_str().to_os_string();
        name.push(suffix);
        PathBuf::from(name)
    };
    if to.exists() {
        let kept = side(".before-restore");
        std::fs::rename(to, &kept).map_err(io(&kept))?;
    }
    for stale in [side("-wal"), side("-shm"), side("-journal")] {
        match std::fs::remove_file(&stale) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&stale)(e)),
            _ => {}
        }
    }
    std::fs::rename(restoring, to).map_err(io(to))?;
    let dir = match to.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    sync_dir(&dir).map_err(io(&dir))?;
    Ok(checked)
}

/// Copies the SQLite database `from`, with what its `-wal` holds, into the empty file
/// `to` (`VACUUM INTO` on a read-only connection).
async fn copy_through_sqlite(from: &Path, to: &Path) -> Result<(), BackupError> {
    let name = to.to_str().ok_or_else(|| BackupError::Io {
        path: to.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path is not UTF-8"),
    })?;
    let mut conn = SqliteConnectOptions::new()
        .filename(from)
        .read_only(true)
        .connect()
        .await?;
    let copied = sqlx::query("VACUUM INTO $1")
        .bind(name)
        .execute(&mut conn)
        .await;
    conn.close().await?;
    copied?;
    Ok(())
}

/// Makes sure nothing has the database `file` open, and folds its WAL into it: switching
/// it out of WAL mode needs SQLite's exclusive lock, which any other connection (in this
/// process or another) holds off. A file SQLite cannot read at all is left to be replaced.
async fn release(file: &Path) -> Result<(), BackupError> {
    let conn = SqliteConnectOptions::new()
        .filename(file)
        .busy_timeout(Duration::ZERO)
        .connect()
        .await;
    let mut conn = match conn {
        Ok(c) => c,
        Err(e) if sqlite_code(&e) == Some(26) => return Ok(()),
        Err(e) if matches!(sqlite_code(&e), Some(5 | 6)) => {
            return Err(BackupError::InUse(file.to_path_buf()));
        }
        Err(e) => return Err(e.into()),
    };
    let switched = sqlx::query("PRAGMA journal_mode = DELETE")
        .fetch_optional(&mut conn)
        .await;
    let _ = conn.close().await;
    match switched {
        Ok(_) => Ok(()),
        Err(e) if sqlite_code(&e) == Some(26) => Ok(()),
        Err(e) if matches!(sqlite_code(&e), Some(5 | 6)) => {
            Err(BackupError::InUse(file.to_path_buf()))
        }
        Err(e) => Err(e.into()),
    }
}

/// SQLite's primary result code of a database error (5 busy, 6 locked, 26 not a
/// database).
fn sqlite_code(e: &sqlx::Error) -> Option<i64> {
    let code = e.as_database_error()?.code()?;
    code.parse::<i64>().ok().map(|c| c & 0xff)
}
