//! The operator's endpoint (`METRICS_ADDR`, `src/ops/`) on a real club: `/metrics` counts
//! the commands that went through it by kind and outcome, the refusals by reason and
//! their durations, and reads the live matches; `/healthz` answers 200 while the database
//! takes a write, 503 while another connection holds SQLite's write lock (or, on a
//! throwaway PostgreSQL server, the health table locked against writers), and 200 again
//! once it lets go.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;

use club::Refusal;
use club::{ChallengeOp, ChallengeSpec, ClubError, Command, MatchOp, MatchRef};
use clubkit::{Fixture, refused, run};
use sqlx::Connection as _;
use testkit::scratch_db;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `GET path` from the endpoint at `addr`: the status and the body.
pub(crate) async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    (status, body.to_string())
}

/// The samples of a scrape: `name{labels}` (as written) to value.
pub(crate) fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').expect("`name value`");
            (name.to_string(), value.parse().expect("a number"))
        })
        .collect()
}

/// The value of `name` in `s`, 0 when it is not there.
pub(crate) fn value(s: &BTreeMap<String, f64>, name: &str) -> f64 {
    s.get(name).copied().unwrap_or(0.0)
}

async fn scrape(addr: SocketAddr) -> BTreeMap<String, f64> {
    let (status, body) = get(addr, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.ends_with("# EOF\n"), "{body}");
    samples(&body)
}

fn challenge(opponent: &str) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: opponent.into(),
        spec: ChallengeSpec::standard(Some(1)),
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_through_the_club_are_counted_by_kind_and_outcome_with_their_refusals() {
    let f = Fixture::seeded(scratch_db("ops-metrics").to_str().unwrap(), 7).await;
    let addr = gammonbot::ops::start(([127, 0, 0, 1], 0).into(), Arc::clone(&f.club))
        .await
        .unwrap();
    // Before any command: nothing counted, no match live, the build said.
    let s = scrape(addr).await;
    assert!(
        !s.keys().any(|k| k.starts_with("gammonbot_commands_total")),
        "{s:?}"
    );
    assert_eq!(value(&s, "gammonbot_live_matches"), 0.0);
    let build = format!(
        "gammonbot_build_info{{version=\"{}\",revision=\"{}\"}}",
        env!("CARGO_PKG_VERSION"),
        gammonbot::ops::metrics::REVISION
    );
    assert_eq!(value(&s, &build), 1.0, "{s:?}");

    // Two commands accepted, three refused.
    let id = run(&f, "alice", challenge("bob")).await.match_id.unwrap();
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    let e = refused(
        &f,
        "carol",
        Command::Match(MatchRef::default(), MatchOp::Roll),
    )
    .await;
    assert!(matches!(e, ClubError::Refused(Refusal::NoMatch)), "{e}");
    let e = refused(
        &f,
        "carol",
        Command::Match(MatchRef::id(id), MatchOp::Double),
    )
    .await;
    assert!(
        matches!(e, ClubError::Refused(Refusal::NotAParticipant(..))),
        "{e}"
    );
    let e = refused(&f, "alice", challenge("alice")).await;
    assert!(
        matches!(e, ClubError::Refused(Refusal::SelfChallenge)),
        "{e}"
    );

    let s = scrape(addr).await;
    let commands: BTreeMap<&str, f64> = s
        .iter()
        .filter(|(k, _)| k.starts_with("gammonbot_commands_total"))
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        commands,
        BTreeMap::from([
            (
                "gammonbot_commands_total{kind=\"accept\",outcome=\"ok\"}",
                1.0
            ),
            (
                "gammonbot_commands_total{kind=\"challenge\",outcome=\"ok\"}",
                1.0
            ),
            (
                "gammonbot_commands_total{kind=\"challenge\",outcome=\"refused\"}",
                1.0
            ),
            (
                "gammonbot_commands_total{kind=\"double\",outcome=\"refused\"}",
                1.0
            ),
            (
                "gammonbot_commands_total{kind=\"roll\",outcome=\"refused\"}",
                1.0
            ),
        ])
    );
    let refusals: BTreeMap<&str, f64> = s
        .iter()
        .filter(|(k, _)| k.starts_with("gammonbot_refusals_total"))
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        refusals,
        BTreeMap::from([
            ("gammonbot_refusals_total{reason=\"no_match\"}", 1.0),
            (
                "gammonbot_refusals_total{reason=\"not_a_participant\"}",
                1.0
            ),
            ("gammonbot_refusals_total{reason=\"self_challenge\"}", 1.0),
        ])
    );
    // Every command timed: five in the histogram, each bucket counting those at most so
    // long, the last (+Inf) all of them.
    assert_eq!(value(&s, "gammonbot_command_duration_seconds_count"), 5.0);
    assert_eq!(
        value(&s, "gammonbot_command_duration_seconds_bucket{le=\"+Inf\"}"),
        5.0
    );
    assert!(value(&s, "gammonbot_command_duration_seconds_sum") > 0.0);
    let buckets: Vec<f64> = s
        .iter()
        .filter(|(k, _)| k.starts_with("gammonbot_command_duration_seconds_bucket"))
        .map(|(_, v)| *v)
        .collect();
    assert!(buckets.iter().all(|&b| b <= 5.0), "{buckets:?}");
    // The match accepted is live; no analysis or bot decision waits.
    assert_eq!(value(&s, "gammonbot_live_matches"), 1.0);
    assert_eq!(value(&s, "gammonbot_analysis_queue"), 0.0);
    assert_eq!(value(&s, "gammonbot_bot_queue"), 0.0);

    // Anything else is not served.
    assert_eq!(get(addr, "/").await.0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_fails_while_the_database_cannot_be_written_and_recovers_with_it() {
    let path = scratch_db("ops-health");
    let f = Fixture::seeded(path.to_str().unwrap(), 7).await;
    let addr = gammonbot::ops::start(([127, 0, 0, 1], 0).into(), Arc::clone(&f.club))
        .await
        .unwrap();
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));

    // Given another connection holding the database's write lock (as a stuck process or
    // a long write elsewhere would).
    let mut other = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .unwrap();
    let errors_before = {
        let s = scrape(addr).await;
        value(&s, "gammonbot_database_errors_total")
    };

    // Then the health check fails, saying why; and again (waiting on the same write).
    for _ in 0..2 {
        let (status, body) = get(addr, "/healthz").await;
        assert_eq!(status, 503, "{body}");
        assert!(body.contains("did not take a write"), "{body}");
    }

    // And a command that must write fails as the club's error (not the player's), counted
    // with the database error under it (after SQLite's 10 s wait for the lock).
    let e = refused(&f, "alice", challenge("bob")).await;
    assert!(matches!(e, ClubError::Store(_)), "{e}");
    let s = scrape(addr).await;
    assert_eq!(
        value(
            &s,
            "gammonbot_commands_total{kind=\"challenge\",outcome=\"error\"}"
        ),
        1.0,
        "{s:?}"
    );
    assert!(
        value(&s, "gammonbot_database_errors_total") > errors_before,
        "{s:?}"
    );

    // When the other connection lets go, the database takes writes again and the health
    // check says so.
    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    run(&f, "alice", challenge("bob")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_on_postgresql_fails_while_the_health_row_is_locked_and_recovers() {
    let pg = testkit::PgCluster::start();
    let f = Fixture::seeded(&pg.url, 7).await;
    let addr = gammonbot::ops::start(([127, 0, 0, 1], 0).into(), Arc::clone(&f.club))
        .await
        .unwrap();
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    // Given another session holding the health row's table locked against writers.
    let mut other = sqlx::PgConnection::connect(&pg.url).await.unwrap();
    sqlx::raw_sql("BEGIN; LOCK TABLE health IN EXCLUSIVE MODE")
        .execute(&mut other)
        .await
        .unwrap();
    let (status, body) = get(addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("did not take a write"), "{body}");
    // When it lets go, the check passes again.
    sqlx::raw_sql("COMMIT").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
}
