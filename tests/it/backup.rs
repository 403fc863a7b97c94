//! Backups of the SQLite database (`src/cli/backup.rs`, `crates/store/src/backup.rs`):
//! taken while a load of commands runs through the club (in this process, and from the
//! real `gammonbot backup` binary in another), each backup passes `PRAGMA
//! integrity_check`, holds every command acknowledged before it began, and a club on the
//! restored file plays on; the scheduled backups rotate; the real binary's `restore`
//! refuses what it must. Figures (matches, commands, backup time and size) are printed
//! with `--nocapture`.
//!
//! `BACKUP_LOAD_MATCHES` sets the matches of the load (default 48).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command as Process;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Look, MatchOp, MatchRef, NextUp, RngDice,
    SystemClock,
};
use gammonbot::cli::backup::{
    backup_file_name, is_backup_file_name, rotate, scheduled_backup, until_next,
};
use gammonbot::config::BackupSchedule;
use store::Store;
use store::backup::{check_database, restore_database};
use testkit::{Rng, scratch, scratch_db};

/// Tasks sending commands at once.
const TASKS: usize = 4;

/// The command answering `next` (a random legal move, a take, a roll, ...).
async fn answer(club: &Club, next: &NextUp, rng: &mut Rng) -> Command {
    let m = MatchRef::id(next.match_id);
    let what = next.what.as_str();
    if what.starts_with("move") {
        let moves = club
            .legal_moves(&Actor::local(&next.name), m)
            .await
            .unwrap_or_default();
        if moves.is_empty() {
            return Command::Look(Look::Board(m));
        }
        Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
    } else if what.starts_with("take") {
        Command::Match(m, MatchOp::Take)
    } else if what.starts_with("accept or reject the offer") {
        Command::Match(m, MatchOp::AcceptConcede)
    } else {
        Command::Match(m, MatchOp::Roll)
    }
}

/// A 7-point match between `a` and `b`, challenged and accepted: its id and what is next.
async fn new_match(club: &Club, a: &str, b: &str) -> (i64, NextUp) {
    let out = club
        .execute(
            &Actor::local(a),
            Command::Challenge(ChallengeOp::New {
                opponent: b.into(),
                spec: ChallengeSpec::standard(Some(7)),
            }),
        )
        .await
        .unwrap();
    let id = out.match_id.unwrap().get();
    let out = club
        .execute(
            &Actor::local(b),
            Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await
        .unwrap();
    (id, out.next.unwrap())
}

/// Commands sent through the club by [`TASKS`] tasks, each playing its own matches in
/// turn as fast as the club answers, until stopped. Every answered command's match and
/// version is recorded as it is answered.
pub(crate) struct Load {
    /// Match id -> the version of its last answered command.
    acked: Arc<Mutex<BTreeMap<i64, i64>>>,
    /// Commands answered.
    count: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    /// When the matches were all set up, and the commands answered by then.
    ready: (Instant, usize),
}

impl Load {
    pub(crate) async fn start(club: &Arc<Club>, matches: usize) -> Load {
        let acked = Arc::new(Mutex::new(BTreeMap::new()));
        let count = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        for t in 0..TASKS {
            let mut games = Vec::new();
            for i in (t..matches).step_by(TASKS) {
                let (a, b) = (format!("a{i}"), format!("b{i}"));
                let (id, next) = new_match(club, &a, &b).await;
                acked.lock().unwrap().insert(id, 2);
                games.push((a, b, next));
            }
            let (club, acked, count, stop) =
                (club.clone(), acked.clone(), count.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let mut rng = Rng::new(t as u64 + 1);
                while !stop.load(Ordering::Relaxed) {
                    for (a, b, next) in &mut games {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let cmd = answer(&club, next, &mut rng).await;
                        let out = club
                            .execute(&Actor::local(&next.name), cmd.clone())
                            .await
                            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
                        if let Some(v) = out.version {
                            acked.lock().unwrap().insert(next.match_id.get(), v);
                        }
                        count.fetch_add(1, Ordering::Relaxed);
                        *next = match out.next {
                            Some(n) => n,
                            None => {
                                let (id, n) = new_match(&club, a, b).await;
                                acked.lock().unwrap().insert(id, 2);
                                n
                            }
                        };
                    }
                }
            }));
        }
        let ready = (Instant::now(), count.load(Ordering::Relaxed));
        Load {
            acked,
            count,
            stop,
            tasks,
            ready,
        }
    }

    /// Waits until `n` more commands have been answered (a task that fails ends the test).
    pub(crate) async fn wait_for(&self, n: usize) {
        let until = self.count.load(Ordering::Relaxed) + n;
        let give_up = Instant::now() + Duration::from_secs(600);
        while self.count.load(Ordering::Relaxed) < until {
            assert!(
                !self.tasks.iter().any(tokio::task::JoinHandle::is_finished),
                "a load task ended"
            );
            assert!(Instant::now() < give_up, "the load stalled");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// What is acknowledged now.
    pub(crate) fn acknowledged(&self) -> BTreeMap<i64, i64> {
        self.acked.lock().unwrap().clone()
    }

    /// Stops the tasks: the commands answered, and how many a second since the matches
    /// were all set up.
    pub(crate) async fn stop(self) -> (usize, f64) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.await.unwrap();
        }
        let took = self.ready.0.elapsed().as_secs_f64();
        let n = self.count.load(Ordering::Relaxed);
        (n, (n - self.ready.1) as f64 / took)
    }
}

/// The club on a fresh SQLite file with its store.
async fn club_on(path: &Path, seed: u64) -> (Store, Arc<Club>) {
    let store = Store::open(path.to_str().unwrap()).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        Arc::new(SystemClock),
    ));
    (store, club)
}

fn load_matches() -> usize {
    std::env::var("BACKUP_LOAD_MATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

/// `PRAGMA integrity_check` of a file, read on a connection of its own.
async fn integrity(file: &Path) -> Vec<String> {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", file.display()))
        .await
        .unwrap();
    let rows: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows
}

/// Checks a backup: whole (`integrity_check`), and restored with `restore_database` it
/// holds every `acked` command and a club on it plays on.
async fn assert_backup_holds(backup: &Path, acked: &BTreeMap<i64, i64>) {
    assert_eq!(integrity(backup).await, ["ok"], "integrity_check");
    let checked = check_database(backup).await.unwrap();
    assert!(checked.matches >= acked.len() as i64);
    let restored = scratch_db("backup-restored");
    restore_database(backup, restored.to_str().unwrap(), false)
        .await
        .unwrap();
    let (store, club) = club_on(&restored, 99).await;
    assert_holds_and_plays_on(&store, &club, acked).await;
    store.close().await;
}

/// Every `acked` match is in `store` at least at its version (a few rebuilding from their
/// logs), and `club` on it makes the next move of a match under way.
pub(crate) async fn assert_holds_and_plays_on(
    store: &Store,
    club: &Club,
    acked: &BTreeMap<i64, i64>,
) {
    let mut lost = Vec::new();
    for (&id, &version) in acked {
        let row = store.load_match(id).await.unwrap();
        match row {
            Some(r) if r.version >= version => {}
            other => lost.push((id, version, other.map(|r| r.version))),
        }
    }
    assert!(
        lost.is_empty(),
        "acknowledged but not in the backup: {lost:?}"
    );
    for &id in acked.keys().take(8) {
        clubkit::assert_match_rebuilds(store, id).await;
    }
    // A club on the restored file plays on: the next decision of a match under way.
    let mut under_way = None;
    for &id in acked.keys() {
        let row = store.load_match(id).await.unwrap().unwrap();
        let x = store.player_by_id(row.players[0]).await.unwrap();
        let out = club
            .execute(
                &Actor::local(&x.display_name),
                Command::Look(Look::Board(MatchRef::id(id))),
            )
            .await
            .unwrap();
        if let Some(next) = out.next {
            under_way = Some((id, row.version, next));
            break;
        }
    }
    let (id, before, next) = under_way.expect("a match under way");
    let cmd = answer(club, &next, &mut Rng::new(5)).await;
    let out = club
        .execute(&Actor::local(&next.name), cmd)
        .await
        .expect("the restored club takes the next command");
    assert_eq!(out.version, Some(before + 1));
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().version,
        before + 1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_under_load_is_whole_holds_every_acknowledged_command_and_plays_on() {
    // Given the club on an SQLite file, with tasks sending commands through it
    let db = scratch_db("backup-load");
    let (store, club) = club_on(&db, 1).await;
    let matches = load_matches();
    let load = Load::start(&club, matches).await;
    load.wait_for(200).await;
    // When a backup is taken through the store's pool while the load goes on, after
    // noting every command acknowledged before it began
    let acked = load.acknowledged();
    let before = load.count.load(Ordering::Relaxed);
    let file = db.with_file_name("backup.db");
    let started = Instant::now();
    let made = store.backup_to(&file).await.unwrap();
    let took = started.elapsed();
    let during = load.count.load(Ordering::Relaxed) - before;
    load.wait_for(50).await;
    let (total, rate) = load.stop().await;
    let live = std::fs::metadata(&db).unwrap().len();
    eprintln!(
        "backup under load: {matches} matches, {total} commands in all (about {rate:.0} a \
         second), {during} answered during the backup; backup {} bytes in {} ms (live file \
         {live} bytes)",
        made.bytes,
        took.as_millis()
    );
    // Then it is whole, holds them all, and a club on it plays on
    assert_backup_holds(&file, &acked).await;
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_backup_command_copies_the_database_while_another_process_writes_it() {
    // Given the club on an SQLite file under load in this process
    let db = scratch_db("backup-cli");
    let (store, club) = club_on(&db, 2).await;
    let load = Load::start(&club, load_matches()).await;
    load.wait_for(100).await;
    // When `gammonbot backup --to` runs against the file
    let acked = load.acknowledged();
    let file = db.with_file_name("copy.db");
    let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["backup", "--db"])
        .arg(&db)
        .arg("--to")
        .arg(&file)
        .current_dir(db.parent().unwrap())
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    load.wait_for(20).await;
    // And again onto the same file
    let again = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["backup", "--db"])
        .arg(&db)
        .arg("--to")
        .arg(&file)
        .output()
        .unwrap();
    load.stop().await;
    // Then the first wrote a checked copy holding every acknowledged command, and the
    // second refused to write over it
    assert!(out.status.success(), "{text}{err}");
    assert!(
        text.contains("backed up") && text.contains("checked"),
        "{text}"
    );
    eprintln!("{}", text.trim());
    assert!(!again.status.success());
    let again = String::from_utf8_lossy(&again.stderr);
    assert!(again.contains("already exists"), "{again}");
    assert_backup_holds(&file, &acked).await;
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restore_refuses_a_database_in_use_or_not_a_gammonbot_one_and_replaces_with_force() {
    let dir = scratch("backup-restore-cli");
    let db = dir.join("live.db");
    let (store, club) = club_on(&db, 3).await;
    new_match(&club, "ann", "bob").await;
    let backup = dir.join("b.db");
    store.backup_to(&backup).await.unwrap();
    new_match(&club, "cat", "dan").await;
    let junk = dir.join("junk.db");
    std::fs::write(&junk, b"not a database").unwrap();
    let run = |args: &[&str]| {
        let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
            .args(args)
            .current_dir(&dir)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    // A file that is not a database, a database without --force, one in use: refused
    let (ok, text) = run(&["restore", "--from", "junk.db", "--db", "new.db"]);
    assert!(!ok && text.contains("not a gammonbot database"), "{text}");
    assert!(!dir.join("new.db").exists());
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db"]);
    assert!(!ok && text.contains("--force"), "{text}");
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db", "--force"]);
    assert!(!ok && text.contains("is open in another process"), "{text}");
    // PostgreSQL: pointed to its own tools
    let (ok, text) = run(&["backup", "--to", "pg.db", "--db", "postgres://h/db"]);
    assert!(!ok && text.contains("pg_dump"), "{text}");
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "postgres://h/db"]);
    assert!(!ok && text.contains("pg_restore"), "{text}");
    // Once the bot is stopped, --force puts the backup in and keeps the old database
    store.close().await;
    assert_eq!(check_database(&db).await.unwrap().matches, 2);
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db", "--force"]);
    assert!(ok, "{text}");
    assert!(text.contains("1 matches"), "{text}");
    assert!(dir.join("live.db.before-restore").exists());
    assert_eq!(check_database(&db).await.unwrap().matches, 1);
}

#[tokio::test]
async fn scheduled_backups_keep_the_newest_and_leave_other_files_alone() {
    // Given a store and a backup folder holding an unrelated file and a leftover of a
    // backup cut short
    let dir = scratch("backup-rotate");
    let (store, club) = club_on(&dir.join("live.db"), 5).await;
    new_match(&club, "ann", "bob").await;
    let backups = dir.join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    std::fs::write(backups.join("notes.txt"), "mine").unwrap();
    let leftover = format!("{}.partial", backup_file_name(1_000));
    std::fs::write(backups.join(&leftover), "half").unwrap();
    let schedule = BackupSchedule {
        dir: backups.clone(),
        every: Duration::from_secs(3600),
        keep: 2,
    };
    // When three scheduled backups are taken, an hour apart (BACKUP_KEEP=2)
    let t0 = 1_800_000_000;
    let mut deleted = Vec::new();
    for h in 0..3 {
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(t0 + h * 3600);
        let (made, gone) = scheduled_backup(&store, &schedule, at).await.unwrap();
        assert!(made.bytes > 0);
        deleted.extend(gone);
    }
    // Then the two newest are there under their UTC times, the oldest was deleted, the
    // leftover too, and the unrelated file stays
    let mut names: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "gammonbot-20270115T090000Z.db",
            "gammonbot-20270115T100000Z.db",
            "notes.txt"
        ]
    );
    assert_eq!(deleted, [backups.join("gammonbot-20270115T080000Z.db")]);
    for name in &names[..2] {
        assert!(is_backup_file_name(name));
        check_database(&backups.join(name)).await.unwrap();
    }
    // And the next is due an hour after the newest was written
    let newest = std::fs::metadata(backups.join(&names[1]))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(until_next(&backups, schedule.every, newest), schedule.every);
    assert_eq!(
        until_next(&dir, schedule.every, newest),
        Duration::ZERO,
        "none yet: at once"
    );
    // And rotation deletes nothing it did not name
    assert!(rotate(&backups, 1).unwrap().len() == 1);
    assert!(backups.join("notes.txt").exists());
    store.close().await;
}

#[test]
fn a_running_bot_writes_a_backup_into_backup_dir() {
    // Given the local chat started with BACKUP_DIR and no backup there yet
    let dir = scratch("backup-running");
    let backups = dir.join("backups");
    let mut chat = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["local", "--db", "live.db"])
        .current_dir(&dir)
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_TOKEN")
        .env("BACKUP_DIR", &backups)
        .env("BACKUP_EVERY", "1h")
        .env("BACKUP_KEEP", "3")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // When it runs
    let give_up = Instant::now() + Duration::from_secs(120);
    let found = loop {
        let names: Vec<String> = std::fs::read_dir(&backups)
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| is_backup_file_name(n))
                    .collect()
            })
            .unwrap_or_default();
        if !names.is_empty() || Instant::now() > give_up {
            break names;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = chat.kill();
    let _ = chat.wait();
    // Then it wrote one at once (the folder held none), named by its UTC time
    assert_eq!(found.len(), 1, "{found:?}");
}

/// A log written into memory, for reading what the bot logged.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).to_string()
    }

    /// Waits (yielding to the runtime) until the log holds `words`.
    async fn wait_for(&self, words: &str) {
        let give_up = Instant::now() + Duration::from_secs(120);
        while !self.text().contains(words) {
            assert!(
                Instant::now() < give_up,
                "never logged `{words}`:\n{}",
                self.text()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// On one thread, so that the log set for this test is the scheduled task's too.
#[tokio::test(flavor = "current_thread")]
async fn a_failed_scheduled_backup_is_logged_and_tried_again_while_the_club_serves() {
    let log = Captured::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    let _log = tracing::subscriber::set_default(subscriber);
    // Given a backup folder that cannot be made (a file stands at its path)
    let dir = scratch("backup-retry");
    let (store, club) = club_on(&dir.join("live.db"), 6).await;
    let backups = dir.join("backups");
    std::fs::write(&backups, "in the way").unwrap();
    let schedule = gammonbot::cli::backup::spawn_schedule(
        store.clone(),
        BackupSchedule {
            dir: backups.clone(),
            every: Duration::from_secs(1),
            keep: 2,
        },
    );
    // When the first scheduled backup fails
    log.wait_for("scheduled backup failed").await;
    // Then the club serves commands and the schedule goes on
    new_match(&club, "ann", "bob").await;
    assert!(!schedule.is_finished());
    // And once the folder can be made, the next turn writes a backup
    std::fs::remove_file(&backups).unwrap();
    log.wait_for("backup written").await;
    let written: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| is_backup_file_name(n))
        .collect();
    assert!(!written.is_empty(), "{written:?}");
    check_database(&backups.join(&written[0])).await.unwrap();
    schedule.abort();
    store.close().await;
}

/// Copies `file` and its `-wal` (its commits not yet folded in, as a bot killed on it left
/// them; no `-shm`) to `to` and `to-wal`.
fn copy_with_wal(file: &Path, to: &Path) {
    let wal = |f: &Path| {
        let mut name = f.as_os_str().to_os_string();
        name.push("-wal");
        std::path::PathBuf::from(name)
    };
    std::fs::copy(file, to).unwrap();
    std::fs::copy(wal(file), wal(to)).unwrap();
    assert!(
        std::fs::metadata(wal(to)).unwrap().len() > 0,
        "an empty -wal"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_holds_the_commits_its_file_had_in_its_wal_and_states_the_restored_count() {
    // Given a database whose matches are still in its `-wal`, as a bot killed on it left it
    let dir = scratch("backup-restore-wal");
    let db = dir.join("live.db");
    let (store, club) = club_on(&db, 4).await;
    let mut ids = Vec::new();
    for i in 0..6 {
        ids.push(new_match(&club, &format!("a{i}"), &format!("b{i}")).await.0);
    }
    let killed = dir.join("killed.db");
    copy_with_wal(&db, &killed);
    store.close().await;
    let before = std::fs::read(&killed).unwrap();
    // When it is restored, by the function and by the binary
    let restored = dir.join("restored.db");
    let checked = restore_database(&killed, restored.to_str().unwrap(), false)
        .await
        .unwrap();
    let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["restore", "--from", "killed.db", "--db", "by-cli.db"])
        .current_dir(&dir)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    // Then each restored file alone (no `-wal` beside it) holds the six matches, and each
    // restore stated the count its restored file holds
    assert!(out.status.success(), "{text}");
    for file in [&restored, &dir.join("by-cli.db")] {
        let mut wal = file.as_os_str().to_os_string();
        wal.push("-wal");
        assert!(!Path::new(&wal).exists(), "{wal:?}");
        assert_eq!(check_database(file).await.unwrap().matches, 6, "{file:?}");
    }
    assert_eq!(checked.matches, 6);
    assert!(text.contains(": 6 matches"), "{text}");
    let (store, _club) = club_on(&restored, 5).await;
    for id in ids {
        assert!(store.load_match(id).await.unwrap().is_some(), "match {id}");
    }
    store.close().await;
    // And the file restored from is left as it was
    assert!(
        std::fs::read(&killed).unwrap() == before,
        "killed.db was changed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_started_while_a_restore_is_under_way_is_refused() {
    // Given a database and a backup of it
    let dir = scratch("backup-restore-window");
    let db = dir.join("live.db");
    let (store, club) = club_on(&db, 6).await;
    new_match(&club, "ann", "bob").await;
    store.backup_to(&dir.join("b.db")).await.unwrap();
    new_match(&club, "cat", "dan").await;
    store.close().await;
    let run = |args: &[&str]| {
        let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
            .args(args)
            .current_dir(&dir)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    // When a restore into it is in its window: its copy is written beside the database
    // under the name it takes last (the restore made it, empty, before anything else)
    let restoring = store::backup::restoring_name(&db);
    std::fs::write(&restoring, b"").unwrap();
    // Then a bot started on the database is refused, in the store and from the binary,
    // and so is a second restore
    let refused = Store::open(db.to_str().unwrap()).await.unwrap_err();
    assert!(
        matches!(refused, store::StoreError::Restoring(_)),
        "{refused}"
    );
    let (ok, text) = run(&["local", "--db", "live.db", "--script", "/dev/null"]);
    assert!(
        !ok && text.contains("a restore into `live.db` is under way"),
        "{text}"
    );
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db", "--force"]);
    assert!(!ok && text.contains("is under way"), "{text}");
    assert_eq!(check_database(&db).await.unwrap().matches, 2);
    assert_eq!(
        std::fs::read(&restoring).unwrap(),
        b"",
        "the copy was touched"
    );
    // And once it is gone the restore runs, leaves no copy behind, and the bot starts
    std::fs::remove_file(&restoring).unwrap();
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db", "--force"]);
    assert!(ok && text.contains(": 1 matches"), "{text}");
    assert!(!restoring.exists());
    let store = Store::open(db.to_str().unwrap()).await.unwrap();
    // A restore refused because the bot has the database open leaves no copy either
    let (ok, text) = run(&["restore", "--from", "b.db", "--db", "live.db", "--force"]);
    assert!(!ok && text.contains("is open in another process"), "{text}");
    assert!(!restoring.exists());
    store.close().await;
}
