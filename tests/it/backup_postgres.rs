//! The PostgreSQL backup of docs/operating.md, for real: `pg_dump -Fc` taken while a load
//! of commands runs through the club, `pg_restore` into a fresh database, and the club on
//! the restored database holds every command acknowledged before the dump began and plays
//! on. A throwaway server of its own (`testkit::PgCluster`, which installs PostgreSQL
//! when it is missing); the dump programs are the server's version's. It never skips.

use std::process::Command as Process;
use std::sync::Arc;

use club::{Club, RngDice, SystemClock};
use store::Store;
use testkit::{PgCluster, scratch};

use crate::backup::{Load, assert_holds_and_plays_on};

/// Runs a PostgreSQL program; panics with its output when it fails.
fn run(program: std::path::PathBuf, args: &[&str]) {
    let out = Process::new(&program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{} {args:?}: {}{}",
        program.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pg_dump_taken_under_load_restores_into_a_fresh_database_that_plays_on() {
    // Given the club on PostgreSQL with tasks sending commands through it
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(7)),
        Arc::new(SystemClock),
    ));
    let load = Load::start(&club, 16).await;
    load.wait_for(100).await;
    // When `pg_dump -Fc` runs while the load goes on (after noting every command
    // acknowledged before it began)
    let acked = load.acknowledged();
    let dump = scratch("pg-dump").join("gammonbot.dump");
    let dump = dump.to_str().unwrap();
    run(
        pg.program("pg_dump"),
        &["--format=custom", "--file", dump, "--dbname", &pg.url],
    );
    load.wait_for(20).await;
    load.stop().await;
    store.close().await;
    // And it is restored with `pg_restore` into a fresh database
    let admin = sqlx::PgPool::connect(&pg.url).await.unwrap();
    sqlx::query("CREATE DATABASE restored")
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    let (base, _) = pg.url.rsplit_once('/').unwrap();
    let restored = format!("{base}/restored");
    run(
        pg.program("pg_restore"),
        &["--no-owner", "--exit-on-error", "--dbname", &restored, dump],
    );
    // Then the bot opens it (its migrations are all there already), it holds every
    // acknowledged command, and a club on it plays on
    let store = Store::open(&restored).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(8)),
        Arc::new(SystemClock),
    );
    assert_holds_and_plays_on(&store, &club, &acked).await;
    store.close().await;
}
