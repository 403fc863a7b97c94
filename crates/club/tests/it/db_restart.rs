//! PostgreSQL restarted in the middle of load (`pg_ctl restart -m fast`: every session is
//! cut, as when the admin restarts the server or it crashes and comes back). Four players'
//! worth of commands run all along through the club on one store (sqlx's pool, as the bot
//! runs it): challenges, and their acceptance with the version the challenger saw. Then:
//!
//! * the restart cuts commands under way: a lock the test holds on the players' table
//!   keeps the load's commands waiting in the server until the restart comes, and at
//!   least one of them fails as interrupted;
//! * the pool reconnects by itself: commands are served again once the server is back
//!   (the figure is printed; an acceptance is retried at most [`RETRIES`] times);
//! * a command that met the restart failed with words that say what happened (nothing
//!   changed, or it may have been saved), never "something went wrong";
//! * an acceptance retried after such a failure applied once: the match is at version 2
//!   (a retry of one that was saved is refused as stale), and every match rebuilds from
//!   its log;
//! * every challenge acknowledged is stored; the stored ones not acknowledged are at most
//!   the challenges that failed with "may or may not have been saved".

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use club::Refusal;
use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, MatchRef, RngDice, SystemClock,
};
use clubkit::assert_match_rebuilds;
use sqlx::Connection as _;
use store::{Fault, Store};
use testkit::{PgCluster, raw_pool};

/// The tries an acceptance gets after a failure (50 ms apart) before the test gives up on
/// the pool coming back: a guard against a hang.
const RETRIES: usize = 1200;

/// Waits until `answered` reaches `n` (a guard against a load that stops: 300 s).
async fn wait_answered(answered: &AtomicUsize, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while answered.load(Ordering::SeqCst) < n {
        assert!(
            Instant::now() < deadline,
            "the load answered {} commands, not {n}",
            answered.load(Ordering::SeqCst)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn actor(id: u64, name: &str) -> Actor {
    Actor {
        identity: club::Identity::Account,
        reply_chars: Some(2000),
        platform: "discord".into(),
        user_id: id.to_string(),
        display_name: name.into(),
        community_id: "1".into(),
        community_name: "guild".into(),
        channel: "2".into(),
    }
}

/// What one player's load saw.
#[derive(Default)]
struct Seen {
    /// Challenges answered: their match ids.
    challenged: Vec<i64>,
    /// Matches accepted (answered, or refused as already done on a retry).
    accepted: Vec<i64>,
    /// Acceptances a retry found already applied.
    applied_before: usize,
    /// Acceptances still failing after [`RETRIES`] tries.
    given_up: Vec<i64>,
    /// Challenges that failed "may or may not have been saved".
    maybe_saved: usize,
    /// Every failure: (when, the fault, the words).
    failures: Vec<(Instant, Fault, String)>,
    /// When each command was answered.
    answered: Vec<Instant>,
}

fn fault(e: &ClubError) -> Fault {
    match e {
        ClubError::Store(s) => s.fault(),
        _ => Fault::Other,
    }
}

/// Player `k`'s load until `over`: a new pair challenges and the challenged accepts
/// (again after a failure, with the version seen).
async fn load(club: Arc<Club>, k: u64, over: Arc<AtomicBool>, answered: Arc<AtomicUsize>) -> Seen {
    let mut seen = Seen::default();
    let mut n = 0u64;
    while !over.load(Ordering::SeqCst) {
        n += 1;
        let (a, b) = (k * 1_000_000 + 2 * n, k * 1_000_000 + 2 * n + 1);
        let (a, b) = (
            actor(a, &format!("a{k}x{n}")),
            actor(b, &format!("b{k}x{n}")),
        );
        if let Err(e) = club.introduce("discord", &b.user_id, &b.display_name).await {
            seen.failures
                .push((Instant::now(), fault(&e), e.to_string()));
            continue;
        }
        if let Err(e) = club.introduce("discord", &a.user_id, &a.display_name).await {
            seen.failures
                .push((Instant::now(), fault(&e), e.to_string()));
            continue;
        }
        let challenge = Command::Challenge(ChallengeOp::New {
            opponent: b.user_id.clone(),
            spec: ChallengeSpec::standard(Some(1)),
        });
        let id = match club.execute(&a, challenge).await {
            Ok(out) => out.match_id.unwrap().get(),
            Err(e) => {
                let f = fault(&e);
                seen.maybe_saved += usize::from(f == Fault::Interrupted);
                seen.failures.push((Instant::now(), f, e.to_string()));
                continue;
            }
        };
        seen.answered.push(Instant::now());
        answered.fetch_add(1, Ordering::SeqCst);
        seen.challenged.push(id);
        let accept = MatchRef {
            id: Some(id.into()),
            version: Some(1),
        };
        let mut retried = false;
        let mut tries = 0;
        loop {
            if tries > RETRIES {
                seen.given_up.push(id);
                break;
            }
            tries += 1;
            match club
                .execute(&b, Command::Challenge(ChallengeOp::Accept(accept)))
                .await
            {
                Ok(_) => {
                    seen.answered.push(Instant::now());
                    answered.fetch_add(1, Ordering::SeqCst);
                    break;
                }
                Err(ClubError::Refused(Refusal::Stale(..) | Refusal::NotActive(..))) if retried => {
                    seen.applied_before += 1;
                    break;
                }
                Err(e) => {
                    seen.failures
                        .push((Instant::now(), fault(&e), e.to_string()));
                    retried = true;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
        seen.accepted.push(id);
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_under_load_the_bot_reconnects_and_applies_each_command_once() {
    let pg = Arc::new(tokio::task::spawn_blocking(PgCluster::start).await.unwrap());
    let store = Store::open(&pg.url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(4)),
        Arc::new(SystemClock),
    ));
    let over = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicUsize::new(0));
    let players: Vec<_> = (1..=4)
        .map(|k| {
            let (club, over, answered) =
                (Arc::clone(&club), Arc::clone(&over), Arc::clone(&answered));
            tokio::spawn(load(club, k, over, answered))
        })
        .collect();
    // Given the load running a while (40 commands answered)
    wait_answered(&answered, 40).await;
    // And commands under way in the server: a lock on the players' table, which every
    // command reads, keeps them waiting there until the restart
    let mut blocker = sqlx::PgConnection::connect(&pg.url).await.unwrap();
    sqlx::raw_sql("BEGIN; LOCK TABLE players IN ACCESS EXCLUSIVE MODE")
        .execute(&mut blocker)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        )
        .fetch_one(&mut blocker)
        .await
        .unwrap();
        if waiting > 0 {
            break;
        }
        assert!(Instant::now() < deadline, "no command waits on the lock");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // When the server restarts (fast: its sessions cut, the lock's with them)
    let began = Instant::now();
    let pg2 = Arc::clone(&pg);
    tokio::task::spawn_blocking(move || pg2.restart())
        .await
        .unwrap();
    let back = Instant::now();
    drop(blocker);
    // And the load goes on: 40 commands more answered
    let before = answered.load(Ordering::SeqCst);
    wait_answered(&answered, before + 40).await;
    over.store(true, Ordering::SeqCst);
    let mut seen = Vec::new();
    for p in players {
        seen.push(p.await.unwrap());
    }

    // Then commands were served again after the restart, by the same pool
    let first_after = seen
        .iter()
        .flat_map(|s| s.answered.iter().copied())
        .filter(|t| *t > back)
        .min()
        .expect("no command answered after the restart");
    let again = first_after.duration_since(back);
    let given_up: Vec<i64> = seen.iter().flat_map(|s| s.given_up.clone()).collect();
    assert!(
        given_up.is_empty(),
        "acceptances never served again: {given_up:?}"
    );
    // And the restart cut commands under way, and every failure said what it meant for
    // the command
    let failures: Vec<&(Instant, Fault, String)> = seen.iter().flat_map(|s| &s.failures).collect();
    assert!(
        failures.iter().any(|f| f.1 == Fault::Interrupted),
        "no command was cut by the restart: {failures:?}"
    );
    for (_, f, words) in &failures {
        assert_ne!(*f, Fault::Other, "{words}");
        assert!(!words.contains("something went wrong"), "{words}");
    }
    // And each acceptance applied once, each acknowledged challenge is stored
    let reader = Store::open(&pg.url).await.unwrap();
    for s in &seen {
        for id in &s.challenged {
            let row = reader.load_match(*id).await.unwrap();
            assert!(row.is_some(), "challenge #{id} answered, not stored");
        }
        for id in &s.accepted {
            let row = reader.load_match(*id).await.unwrap().unwrap();
            assert_eq!(row.version, 2, "match #{id}: accepted once?");
        }
    }
    let challenged: usize = seen.iter().map(|s| s.challenged.len()).sum();
    let maybe_saved: usize = seen.iter().map(|s| s.maybe_saved).sum();
    let pool = raw_pool(&pg.url).await;
    let stored: Vec<i64> = sqlx::query_scalar("SELECT id FROM matches")
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    assert!(
        stored.len() >= challenged && stored.len() <= challenged + maybe_saved,
        "{} stored, {challenged} challenges answered, {maybe_saved} may have been saved",
        stored.len()
    );
    for id in &stored {
        assert_match_rebuilds(&reader, *id).await;
    }
    let applied_before: usize = seen.iter().map(|s| s.applied_before).sum();
    let during: Vec<f64> = failures
        .iter()
        .map(|(t, _, _)| t.saturating_duration_since(began).as_secs_f64())
        .collect();
    println!(
        "PostgreSQL restarted in {:.2} s under load; the first command answered {:.2} s after \
         it was back; {} failures ({} unreachable, {} interrupted) from {:.2} s to {:.2} s after \
         the restart began; {challenged} challenges answered and stored, {maybe_saved} failed \
         ones may have been saved ({} stored in all); {applied_before} retried acceptances \
         found already applied, none applied twice; served again {:.2} s after the restart \
         began; a failure's words: {:?}",
        back.duration_since(began).as_secs_f64(),
        again.as_secs_f64(),
        failures.len(),
        failures
            .iter()
            .filter(|f| f.1 == Fault::Unreachable)
            .count(),
        failures
            .iter()
            .filter(|f| f.1 == Fault::Interrupted)
            .count(),
        during.iter().copied().fold(f64::INFINITY, f64::min),
        during.iter().copied().fold(0.0, f64::max),
        stored.len(),
        first_after.duration_since(began).as_secs_f64(),
        failures.first().map(|f| f.2.as_str()),
    );
    reader.close().await;
    store.close().await;
}
