//! Backups of the SQLite database: `gammonbot backup --to FILE` and `gammonbot restore
//! --from FILE` from the terminal, and the scheduled backups inside the running bot
//! (`BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`), named by their UTC time and rotated.
//! The copying and checking is the store's (`crates/store/src/backup.rs`);
//! docs/operating.md is the operator's side.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use store::Store;
use store::backup::{Backup, BackupError, backup_database, check_database, restore_database};

use crate::config::{BackupSchedule, Config};

/// The start of a scheduled backup's file name: `gammonbot-20270115T080000Z.db`.
const PREFIX: &str = "gammonbot-";
/// The end of a scheduled backup's file name.
const SUFFIX: &str = ".db";

/// A runtime for one command's database work.
fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

/// `gammonbot backup --to FILE`: a consistent copy of the database `db` (default: the
/// configured `DATABASE_URL`) while the bot may run on it, then checked; prints what it
/// wrote.
///
/// # Errors
/// The database is PostgreSQL or missing, the file exists or cannot be written, or the
/// copy fails its check.
pub fn backup(config: &Config, db: Option<String>, to: &Path) -> std::io::Result<bool> {
    let db = db.map_or_else(|| config.database_url.clone(), store::DbUrl::from);
    runtime()?.block_on(async {
        let started = Instant::now();
        let made = backup_database(db.expose(), to)
            .await
            .map_err(std::io::Error::other)?;
        let took = started.elapsed();
        let checked = check_database(&made.path)
            .await
            .map_err(std::io::Error::other)?;
        println!(
            "backed up `{db}` to `{}`: {} bytes in {} ms; checked: {} matches, migration {}",
            made.path.display(),
            made.bytes,
            took.as_millis(),
            checked.matches,
            checked.migration
        );
        Ok(true)
    })
}

/// `gammonbot restore --from FILE`: the checked backup becomes the database `db`
/// (default: the configured `DATABASE_URL`); an existing database is replaced only with
/// `force` and while nothing has it open, and kept as `<file>.before-restore`.
///
/// # Errors
/// The database is PostgreSQL, the backup fails its check, or the database exists
/// without `force` or is in use.
pub fn restore(
    config: &Config,
    db: Option<String>,
    from: &Path,
    force: bool,
) -> std::io::Result<bool> {
    let db = db.map_or_else(|| config.database_url.clone(), store::DbUrl::from);
    runtime()?.block_on(async {
        let checked = restore_database(from, db.expose(), force)
            .await
            .map_err(std::io::Error::other)?;
        println!(
            "restored `{}` into `{db}`: {} matches, migration {}; start the bot on it",
            from.display(),
            checked.matches,
            checked.migration
        );
        Ok(true)
    })
}

/// A scheduled backup's file name for the moment `unix` (seconds): `gammonbot-`, the UTC
/// date and time as `YYYYMMDDTHHMMSSZ`, `.db`. The names sort as their times do.
#[must_use]
pub fn backup_file_name(unix: i64) -> String {
    let ((y, mo, d), (h, mi)) = engine::utc_date(unix);
    let s = unix.rem_euclid(60);
    format!("{PREFIX}{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z{SUFFIX}")
}

/// Whether `name` is a scheduled backup's file name (the only files the rotation deletes).
#[must_use]
pub fn is_backup_file_name(name: &str) -> bool {
    let Some(stamp) = name
        .strip_prefix(PREFIX)
        .and_then(|n| n.strip_suffix(SUFFIX))
    else {
        return false;
    };
    let b = stamp.as_bytes();
    b.len() == 16
        && b[8] == b'T'
        && b[15] == b'Z'
        && b[..8].iter().chain(&b[9..15]).all(u8::is_ascii_digit)
}

/// The scheduled backups in `dir`, oldest first.
fn backups_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_str().is_some_and(is_backup_file_name))
        .map(|e| e.path())
        .collect();
    found.sort();
    Ok(found)
}

/// Deletes the oldest scheduled backups in `dir` beyond the newest `keep`, and the
/// leftovers of backups cut short (`<name>.partial`); returns the backups deleted. Other
/// files are left alone.
///
/// # Errors
/// The folder cannot be read or a file deleted.
pub fn rotate(dir: &Path, keep: usize) -> std::io::Result<Vec<PathBuf>> {
    for entry in std::fs::read_dir(dir)?.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_str().unwrap_or_default();
        if name
            .strip_suffix(".partial")
            .is_some_and(is_backup_file_name)
        {
            std::fs::remove_file(entry.path())?;
        }
    }
    let found = backups_in(dir)?;
    let old = found.len().saturating_sub(keep);
    let gone: Vec<PathBuf> = found.into_iter().take(old).collect();
    for file in &gone {
        std::fs::remove_file(file)?;
    }
    Ok(gone)
}

/// One scheduled backup at `now`: the folder made if missing, the copy written under its
/// time's name and checked (a copy that fails its check is deleted), then the rotation.
/// Returns the backup and the old ones deleted.
///
/// # Errors
/// Any step failed, in words for the log.
pub async fn scheduled_backup(
    store: &Store,
    schedule: &BackupSchedule,
    now: SystemTime,
) -> Result<(Backup, Vec<PathBuf>), String> {
    let dir = &schedule.dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("`{}`: {e}", dir.display()))?;
    let unix = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let to = dir.join(backup_file_name(unix));
    let made = store
        .backup_to(&to)
        .await
        .map_err(|e: BackupError| e.to_string())?;
    if let Err(e) = check_database(&made.path).await {
        let _ = std::fs::remove_file(&made.path);
        return Err(format!("the copy failed its check and was deleted: {e}"));
    }
    let gone =
        rotate(dir, schedule.keep).map_err(|e| format!("rotating `{}`: {e}", dir.display()))?;
    Ok((made, gone))
}

/// How long until the next scheduled backup is due at `now`: `every` after the newest
/// one in `dir` was written (at once when there is none, at most `every`).
#[must_use]
pub fn until_next(dir: &Path, every: Duration, now: SystemTime) -> Duration {
    let newest = backups_in(dir)
        .ok()
        .and_then(|found| found.last().cloned())
        .and_then(|f| std::fs::metadata(f).ok())
        .and_then(|m| m.modified().ok());
    let Some(newest) = newest else {
        return Duration::ZERO;
    };
    let age = now.duration_since(newest).unwrap_or(Duration::ZERO);
    every.saturating_sub(age)
}

/// Starts the scheduled backups of `store` on the current runtime: the first when it is
/// due (at once if the folder holds none), then every `schedule.every`. Each is logged; a
/// failure is logged and tried again at the next turn, and never stops the bot.
pub fn spawn_schedule(store: Store, schedule: BackupSchedule) -> tokio::task::JoinHandle<()> {
    tracing::info!(
        dir = %schedule.dir.display(),
        every_s = schedule.every.as_secs(),
        keep = schedule.keep,
        "scheduled backups on"
    );
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(until_next(&schedule.dir, schedule.every, SystemTime::now())).await;
            let started = Instant::now();
            match scheduled_backup(&store, &schedule, SystemTime::now()).await {
                Ok((made, gone)) => tracing::info!(
                    file = %made.path.display(),
                    bytes = made.bytes,
                    ms = started.elapsed().as_millis() as u64,
                    deleted = gone.len(),
                    "backup written"
                ),
                Err(e) => {
                    tracing::error!(error = %e, "scheduled backup failed; trying again next time");
                    tokio::time::sleep(schedule.every).await;
                }
            }
        }
    })
}
