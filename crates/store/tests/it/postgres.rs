//! The store on a real PostgreSQL server: a throwaway cluster per test
//! (`testkit::PgCluster`, which installs the Debian package when it is missing). A machine
//! where PostgreSQL cannot start fails these tests; they never skip. The club on
//! PostgreSQL (two club processes on one database) is tested in the club's
//! `club_on_postgres`.

use std::collections::BTreeSet;

use sqlx::Row;
use store::Store;

use testkit::{PgCluster, scratch_db};

/// Normalised (table, column, type, nullable) of every column: INTEGER and BIGINT are
/// `int`, REAL and DOUBLE PRECISION `real`; the flag columns, INTEGER on SQLite and
/// BOOLEAN on PostgreSQL, are `flag` on both.
type Columns = BTreeSet<(String, String, String, bool)>;

const FLAGS: [(&str, &str); 14] = [
    ("players", "auto_roll"),
    ("players", "notify_dm"),
    ("communities", "match_threads"),
    ("matches", "rated"),
    ("matches", "forfeit"),
    ("matches", "against_bot"),
    ("outbox", "held"),
    ("matches", "analysis_due"),
    ("analyses", "automatic"),
    ("rating_changes", "won"),
    ("rating_changes", "forfeit"),
    ("web_links", "hidden"),
    ("drill_answers", "correct"),
    ("puzzle_answers", "correct"),
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
    let pg = PgCluster::start();
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
