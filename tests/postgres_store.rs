//! The store on a real PostgreSQL server: a throwaway cluster per test
//! (`scripts/postgres.sh`, which installs the Debian package when it is missing). A machine
//! where PostgreSQL cannot start fails these tests; they never skip.

use std::collections::BTreeSet;
use std::process::Command as Process;
use std::sync::Arc;

use gammonbot::club::{
    Actor, ChallengeSpec, Club, Command, ManualClock, MatchRef, NextUp, Outcome, RngDice,
    SystemClock,
};
use gammonbot::store::{MatchStatus, Store};
use sqlx::Row;

mod common;
use common::{Rng, assert_match_rebuilds, scratch_db};

/// A PostgreSQL server of its own, stopped (and its directory removed) when dropped.
struct Cluster {
    url: String,
    dir: String,
}

/// One start at a time: the first may install PostgreSQL.
static STARTING: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Cluster {
    fn start() -> Cluster {
        let _one = STARTING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/postgres.sh");
        let out = Process::new("bash")
            .args([script, "start"])
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "PostgreSQL did not start:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let value = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap_or_else(|| panic!("postgres.sh printed no {name}: {text}"))
                .to_string()
        };
        Cluster {
            url: value("DATABASE_URL"),
            dir: value("GAMMONBOT_PG_DIR"),
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/postgres.sh");
        let _ = Process::new("bash")
            .args([script, "stop", &self.dir])
            .output();
    }
}

/// Normalised (table, column, type, nullable) of every column: INTEGER and BIGINT are
/// `int`, REAL and DOUBLE PRECISION `real`; the flag columns, INTEGER on SQLite and
/// BOOLEAN on PostgreSQL, are `flag` on both.
type Columns = BTreeSet<(String, String, String, bool)>;

const FLAGS: [(&str, &str); 7] = [
    ("players", "auto_roll"),
    ("players", "notify_dm"),
    ("communities", "match_threads"),
    ("matches", "rated"),
    ("matches", "forfeit"),
    ("rating_changes", "won"),
    ("rating_changes", "forfeit"),
];

fn normalised(table: &str, column: &str, ty: &str) -> String {
    if FLAGS.contains(&(table, column)) {
        return "flag".into();
    }
    match ty.to_ascii_lowercase().as_str() {
        "integer" | "bigint" => "int".into(),
        "real" | "double precision" => "real".into(),
        other => other.into(),
    }
}

async fn sqlite_schema(path: &str) -> (Columns, BTreeSet<(String, bool)>) {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{path}"))
        .await
        .unwrap();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut columns = Columns::new();
    for t in &tables {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA table_info({t})")))
            .fetch_all(&pool)
            .await
            .unwrap();
        for r in rows {
            let name: String = r.get("name");
            let ty: String = r.get("type");
            let not_null: i64 = r.get("notnull");
            let pk: i64 = r.get("pk");
            columns.insert((
                t.clone(),
                name.clone(),
                normalised(t, &name, &ty),
                not_null == 0 && pk == 0,
            ));
        }
    }
    let indexes =
        sqlx::query("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| {
                let sql: String = r.get("sql");
                (r.get::<String, _>("name"), sql.contains(" WHERE "))
            })
            .collect();
    pool.close().await;
    (columns, indexes)
}

async fn postgres_schema(url: &str) -> (Columns, BTreeSet<(String, bool)>) {
    let pool = sqlx::PgPool::connect(url).await.unwrap();
    let rows = sqlx::query(
        "SELECT table_name::text AS t, column_name::text AS c, data_type::text AS ty,
                is_nullable::text AS n
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let columns = rows
        .iter()
        .map(|r| {
            let (t, c): (String, String) = (r.get("t"), r.get("c"));
            let ty: String = r.get("ty");
            let n: String = r.get("n");
            let norm = normalised(&t, &c, &ty);
            (t, c, norm, n == "YES")
        })
        .collect();
    // Indexes made by CREATE INDEX (not those of primary keys and UNIQUE constraints).
    let indexes = sqlx::query(
        "SELECT indexname::text AS name, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND indexname NOT LIKE '%\\_pkey'
           AND indexname NOT LIKE '%\\_key'",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        let def: String = r.get("indexdef");
        (r.get::<String, _>("name"), def.contains(" WHERE "))
    })
    .collect();
    pool.close().await;
    (columns, indexes)
}

#[tokio::test]
async fn both_migration_sets_give_the_same_tables_columns_and_indexes() {
    // Given a PostgreSQL server and an SQLite file
    let pg = Cluster::start();
    let path = scratch_db("pg_schema");
    // When the store opens each (running its migrations)
    Store::open(path.to_str().unwrap())
        .await
        .unwrap()
        .close()
        .await;
    Store::open(&pg.url).await.unwrap().close().await;
    // Then every table has the same columns, types (normalised) and NULLs, and the same
    // indexes, partial where the other's is
    let (lite_columns, lite_indexes) = sqlite_schema(path.to_str().unwrap()).await;
    let (pg_columns, pg_indexes) = postgres_schema(&pg.url).await;
    assert!(lite_columns.len() > 100, "{}", lite_columns.len());
    let only_lite: Vec<_> = lite_columns.difference(&pg_columns).collect();
    let only_pg: Vec<_> = pg_columns.difference(&lite_columns).collect();
    assert!(
        only_lite.is_empty() && only_pg.is_empty(),
        "SQLite only: {only_lite:#?}\nPostgreSQL only: {only_pg:#?}"
    );
    assert_eq!(lite_indexes, pg_indexes);
    // And opening again migrates nothing twice
    Store::open(&pg.url).await.unwrap().close().await;
}

async fn run(club: &Club, name: &str, cmd: Command) -> Outcome {
    match club.execute(&Actor::local(name), cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{name}: {cmd:?} refused: {e}"),
    }
}

/// The command for the decision `next` of match `m`: a random legal play, a take, a roll,
/// or, `double_percent` of the times the cube may be turned, a double.
async fn decide(
    club: &Club,
    m: MatchRef,
    next: &NextUp,
    rng: &mut Rng,
    double_percent: usize,
) -> Command {
    let what = next.what.as_str();
    if what.starts_with("move") {
        let moves = club
            .legal_moves(&Actor::local(&next.name), m)
            .await
            .unwrap();
        Command::Move(m, moves[rng.below(moves.len())].clone())
    } else if double_percent > 0 && what == "roll or double" && rng.chance(double_percent) {
        Command::Double(m)
    } else if what.starts_with("take") {
        Command::Take(m)
    } else if what.starts_with("roll") {
        Command::Roll(m)
    } else {
        panic!("unexpected decision `{what}`");
    }
}

#[tokio::test]
async fn a_rated_match_is_played_to_its_end_through_the_club_on_postgresql() {
    // Given the club on a PostgreSQL database
    let pg = Cluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::fair_seeded(3)),
        Arc::new(SystemClock),
    ));
    // When ann and bob play a 3-point match to its end (random legal plays, a double now
    // and then, taken)
    let out = run(
        &club,
        "ann",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = run(&club, "bob", Command::Accept(m)).await;
    let mut rng = Rng::new(11);
    let mut commands = 2;
    while let Some(next) = out.next.clone() {
        let cmd = decide(&club, m, &next, &mut rng, 5).await;
        out = run(&club, &next.name, cmd).await;
        commands += 1;
        assert!(commands < 5000, "the match never ended");
    }
    // Then the match is finished, rebuilds from its log alone, and both ratings moved
    let row = store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert_match_rebuilds(&store, id).await;
    for name in ["ann", "bob"] {
        let rating = run(
            &club,
            name,
            Command::Rating {
                player: None,
                ruleset: None,
            },
        )
        .await;
        assert!(
            rating.lines[0].starts_with(&format!("Rating for {name} (standard): "))
                && !rating.lines[0].contains(": 1500.00,"),
            "{:?}",
            rating.lines
        );
    }
    // And a stale version is refused there as on SQLite: nothing written
    let version = row.version;
    let stale = club
        .execute(
            &Actor::local("ann"),
            Command::Board(MatchRef {
                id: Some(id),
                version: Some(version + 5),
            }),
        )
        .await;
    assert!(stale.is_err());
    store.close().await;
}

#[tokio::test]
async fn a_money_session_settles_its_games_in_the_ledger_on_postgresql() {
    // Given the club on a PostgreSQL database and a money session at 1.50 a point
    let pg = Cluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        Arc::new(SystemClock),
    );
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 150;
    let challenge = Command::Challenge {
        opponent: "bob".into(),
        spec,
    };
    let id = run(&club, "ann", challenge).await.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = run(&club, "bob", Command::Accept(m)).await;
    // When they play until the first game is settled, then stop the session
    let community = store
        .community("local", "local", "local chat")
        .await
        .unwrap();
    let ann = store.find_player("local", "ann").await.unwrap().unwrap().id;
    let mut rng = Rng::new(5);
    for _ in 0..2000 {
        if store.balance(community, ann).await.unwrap() != 0 {
            break;
        }
        let next = out.next.clone().expect("a money session goes on");
        let cmd = decide(&club, m, &next, &mut rng, 0).await;
        out = run(&club, &next.name, cmd).await;
    }
    let stopped = run(&club, "bob", Command::Stop(m)).await;
    // Then the balances are opposite, a whole number of points at the stake, and the
    // session rebuilds from its log
    let bob = store.find_player("local", "bob").await.unwrap().unwrap().id;
    let (a, b) = (
        store.balance(community, ann).await.unwrap(),
        store.balance(community, bob).await.unwrap(),
    );
    assert!(
        a != 0 && a == -b && a % 150 == 0,
        "{a} {b} {:?}",
        stopped.lines
    );
    assert_match_rebuilds(&store, id).await;
    store.close().await;
}

/// The same roll sent at once to two clubs, each on its own store (its own pool and write
/// lock, as two processes have), over one PostgreSQL database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_roll_sent_to_two_clubs_on_one_database_applies_exactly_once_500_times() {
    // Given two clubs with their own stores on one PostgreSQL database
    let pg = Cluster::start();
    let mut clubs = Vec::new();
    for seed in [9, 10] {
        let store = Store::open(&pg.url).await.unwrap();
        let club = Arc::new(Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(seed)),
            Arc::new(SystemClock),
        ));
        clubs.push((store, club));
    }
    let (store, first) = clubs[0].clone();
    let second = clubs[1].1.clone();
    let mut rng = Rng::new(4);
    let mut current: Option<(MatchRef, Outcome)> = None;
    for round in 0..500 {
        // Bring a match to a moment where a player must roll (a new match when one ends)
        let (m, mut out) = match current.take() {
            Some(c) => c,
            None => {
                let challenge = Command::Challenge {
                    opponent: "bob".into(),
                    spec: ChallengeSpec::standard(Some(3)),
                };
                let id = run(&first, "ann", challenge).await.match_id.unwrap();
                let m = MatchRef::id(id);
                (m, run(&second, "bob", Command::Accept(m)).await)
            }
        };
        let mut ended = false;
        loop {
            let Some(next) = out.next.clone() else {
                ended = true;
                break;
            };
            if next.what.starts_with("roll") {
                break;
            }
            let cmd = decide(&first, m, &next, &mut rng, 0).await;
            out = run(&first, &next.name, cmd).await;
        }
        if ended {
            continue;
        }
        // When the player's roll at the version he saw goes to both clubs at once
        let name = out.next.as_ref().unwrap().name.clone();
        let id = m.id.unwrap();
        let at = MatchRef {
            id: Some(id),
            version: out.version,
        };
        let log_before = store.actions(id).await.unwrap().len();
        let send = |club: &Arc<Club>| {
            let club = Arc::clone(club);
            let name = name.clone();
            tokio::spawn(async move { club.execute(&Actor::local(&name), Command::Roll(at)).await })
        };
        let (x, y) = tokio::join!(send(&first), send(&second));
        // Then exactly one applies, the other is told the board moved on, and the log
        // grew by the one roll's entries only
        let results = [x.unwrap(), y.unwrap()];
        let applied: Vec<&Outcome> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(applied.len(), 1, "round {round}: {results:?}");
        let refused = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(
            refused.to_string().contains("the board moved on"),
            "{refused}"
        );
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(Some(row.version), applied[0].version, "round {round}");
        let log_after = store.actions(id).await.unwrap().len();
        assert!(log_after > log_before, "round {round}");
        current = Some((m, applied[0].clone()));
    }
    assert_match_rebuilds(&store, current.unwrap().0.id.unwrap()).await;
}

/// The deadline sweep run at once by two clubs with their own stores on one PostgreSQL
/// database: every reminder and every time-out happens once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sweeps_on_one_database_remind_and_forfeit_each_match_exactly_once() {
    // Given 20 accepted matches (2 days a move, a reminder 12 hours before the deadline)
    // and two clubs on the same clock and database
    let pg = Cluster::start();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let mut clubs = Vec::new();
    for seed in [1, 2] {
        let store = Store::open(&pg.url).await.unwrap();
        clubs.push(Arc::new(Club::new(
            store,
            Arc::new(RngDice::seeded(seed)),
            clock.clone(),
        )));
    }
    let mut ids = BTreeSet::new();
    for i in 0..20 {
        let challenge = Command::Challenge {
            opponent: format!("o{i}"),
            spec: ChallengeSpec::standard(Some(5)),
        };
        let id = run(&clubs[0], &format!("p{i}"), challenge)
            .await
            .match_id
            .unwrap();
        run(
            &clubs[1],
            &format!("o{i}"),
            Command::Accept(MatchRef::id(id)),
        )
        .await;
        ids.insert(id);
    }
    let both = async || {
        let (a, b) = tokio::join!(
            tokio::spawn({
                let c = Arc::clone(&clubs[0]);
                async move { c.sweep().await.unwrap() }
            }),
            tokio::spawn({
                let c = Arc::clone(&clubs[1]);
                async move { c.sweep().await.unwrap() }
            }),
        );
        let mut all = a.unwrap();
        all.extend(b.unwrap());
        all
    };
    // When both sweep 6.5 days on, then again at the deadline
    clock.advance(6 * 86_400 + 43_200);
    let reminders = both().await;
    clock.advance(43_200);
    let time_outs = both().await;
    // Then each match was reminded once and timed out once, between the two sweeps
    for (notices, words) in [(&reminders, "Reminder:"), (&time_outs, "ran out of time")] {
        assert!(
            notices.iter().all(|n| n.text.contains(words)),
            "{notices:#?}"
        );
        let mut per_match: Vec<i64> = notices.iter().map(|n| n.match_id).collect();
        per_match.sort_unstable();
        assert_eq!(
            per_match,
            ids.iter().copied().collect::<Vec<_>>(),
            "{words}"
        );
    }
    for id in &ids {
        let store = Store::open(&pg.url).await.unwrap();
        let row = store.load_match(*id).await.unwrap().unwrap();
        assert_eq!(row.status, MatchStatus::Finished);
        store.close().await;
    }
}

/// Analysis workers of two processes (two stores) on one PostgreSQL database claiming
/// from one queue: each job is claimed by one of them only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_stores_claiming_analysis_jobs_from_one_queue_never_claim_one_twice() {
    // Given 30 queued jobs (for 30 challenges) and two stores on one database
    let pg = Cluster::start();
    let stores = [
        Store::open(&pg.url).await.unwrap(),
        Store::open(&pg.url).await.unwrap(),
    ];
    let club = Club::new(
        stores[0].clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(SystemClock),
    );
    let community = stores[0]
        .community("local", "local", "local chat")
        .await
        .unwrap();
    for i in 0..30 {
        let challenge = Command::Challenge {
            opponent: format!("o{i}"),
            spec: ChallengeSpec::standard(Some(1)),
        };
        let id = run(&club, "ann", challenge).await.match_id.unwrap();
        let ann = stores[0]
            .find_player("local", "ann")
            .await
            .unwrap()
            .unwrap();
        stores[0]
            .request_analysis(&gammonbot::store::NewAnalysis {
                match_id: id,
                games: 1,
                community_id: community,
                requested_by: ann.id,
                channel: "local",
                plies: 0,
                now: 0,
            })
            .await
            .unwrap();
    }
    // When both claim at once until the queue is empty
    let claimed = Arc::new(std::sync::Mutex::new(Vec::new()));
    let workers = stores.clone().map(|store| {
        let claimed = Arc::clone(&claimed);
        tokio::spawn(async move {
            for _ in 0..200 {
                if let Some(job) = store.claim_analysis(1).await.unwrap() {
                    claimed.lock().unwrap().push(job.id);
                } else if claimed.lock().unwrap().len() >= 30 {
                    break;
                }
            }
        })
    });
    for w in workers {
        w.await.unwrap();
    }
    // Then every job was claimed exactly once, on its first attempt
    let mut ids = claimed.lock().unwrap().clone();
    ids.sort_unstable();
    assert_eq!(ids, (1..=30).collect::<Vec<i64>>());
    for id in ids {
        let job = stores[1].analysis(id).await.unwrap().unwrap();
        assert_eq!(job.attempts, 1, "job {id}");
    }
}
