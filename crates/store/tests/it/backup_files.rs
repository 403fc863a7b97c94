//! The store's backups (`crates/store/src/backup.rs`): what `check_database` takes and
//! refuses before a restore, and what a backup never leaves behind. The backup under load
//! and the restored club playing on are the program's `tests/it/backup.rs`.

use std::path::Path;

use store::Store;
use store::backup::{BackupError, backup_database, check_database, restore_database};
use testkit::{scratch, scratch_db};

/// A store with one player written, closed; its file.
async fn a_database(name: &str) -> std::path::PathBuf {
    let db = scratch_db(name);
    let store = Store::open(db.to_str().unwrap()).await.unwrap();
    store.player("local", "ann", "ann", 1).await.unwrap();
    store.close().await;
    db
}

/// Runs one statement on a file.
async fn execute(file: &Path, statement: &'static str) {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=rwc", file.display()))
        .await
        .unwrap();
    sqlx::query(statement).execute(&pool).await.unwrap();
    pool.close().await;
}

#[tokio::test]
async fn a_checked_database_is_whole_migrated_and_not_newer_than_the_program() {
    // A gammonbot database, and its backup
    let db = a_database("check-good").await;
    let copy = db.with_file_name("copy.db");
    let made = backup_database(db.to_str().unwrap(), &copy).await.unwrap();
    assert_eq!(made.bytes, std::fs::metadata(&copy).unwrap().len());
    let checked = check_database(&copy).await.unwrap();
    assert_eq!(checked.matches, 0);
    assert!(checked.migration >= 11);

    // An SQLite file of someone else's
    let other = scratch("check-other").join("other.db");
    execute(&other, "CREATE TABLE notes (t TEXT)").await;
    let e = check_database(&other).await.unwrap_err();
    assert!(
        matches!(&e, BackupError::NotGammonbot { why, .. } if why.contains("migrations")),
        "{e}"
    );

    // A database written by a newer gammonbot
    let newer = db.with_file_name("newer.db");
    backup_database(db.to_str().unwrap(), &newer).await.unwrap();
    execute(
        &newer,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (999, 'future', TRUE, x'00', 0)",
    )
    .await;
    let e = check_database(&newer).await.unwrap_err();
    assert!(matches!(e, BackupError::Newer { found: 999, .. }), "{e}");

    // A damaged one: its pages after the first overwritten
    let damaged = db.with_file_name("damaged.db");
    let mut bytes = std::fs::read(&copy).unwrap();
    for b in &mut bytes[4096 + 100..4096 * 3] {
        *b = 0x5a;
    }
    std::fs::write(&damaged, bytes).unwrap();
    let e = check_database(&damaged).await.unwrap_err();
    assert!(matches!(e, BackupError::NotGammonbot { .. }), "{e}");

    // Not a database at all, and no file
    let text = db.with_file_name("text.db");
    std::fs::write(&text, "hello").unwrap();
    assert!(matches!(
        check_database(&text).await.unwrap_err(),
        BackupError::NotGammonbot { .. }
    ));
    assert!(matches!(
        check_database(&db.with_file_name("none.db"))
            .await
            .unwrap_err(),
        BackupError::Missing(_)
    ));
    // None of them was restored over the database
    for bad in [&other, &newer, &damaged, &text] {
        restore_database(bad, db.to_str().unwrap(), true)
            .await
            .unwrap_err();
    }
    assert_eq!(check_database(&db).await.unwrap().matches, 0);
}

#[tokio::test]
async fn a_backup_never_writes_over_a_file_nor_leaves_a_partial_one() {
    let db = a_database("backup-target").await;
    let url = db.to_str().unwrap();
    let dir = db.parent().unwrap();
    // A target that exists is left as it was
    let taken = dir.join("taken.db");
    std::fs::write(&taken, "mine").unwrap();
    assert!(matches!(
        backup_database(url, &taken).await.unwrap_err(),
        BackupError::Exists(_)
    ));
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "mine");
    // A folder that does not exist, a database that does not exist
    let e = backup_database(url, &dir.join("no/such/dir/b.db"))
        .await
        .unwrap_err();
    assert!(matches!(e, BackupError::Io { .. }), "{e}");
    let e = backup_database(dir.join("none.db").to_str().unwrap(), &dir.join("b.db"))
        .await
        .unwrap_err();
    assert!(matches!(e, BackupError::Missing(_)), "{e}");
    assert!(!dir.join("none.db").exists(), "not created");
    // The database restored onto itself
    let e = restore_database(&db, url, true).await.unwrap_err();
    assert!(matches!(e, BackupError::SameFile(_)), "{e}");
    // No temporary file stays behind
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains("partial") || n.contains("restoring"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
