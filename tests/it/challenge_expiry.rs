//! A challenge nobody answers expires: after the club's setting (seven days unless set
//! otherwise) or the challenge's own `expires:`; the deadline sweep expires it in one
//! logged, versioned change and tells both players; the challenger may challenge again.

use std::sync::Arc;

use club::Refusal;
use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, DAY, Entry, Look, ManualClock,
    MatchRef, RngDice,
};
use gammonbot::console::parse_line;
use store::{MatchStatus, Store};

use clubkit::{Fixture, assert_match_rebuilds, match_log, run};
use testkit::store_url;

const START: i64 = 1_800_000_000;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 2).await
}

/// Sets the clock to `t`.
fn at(clock: &ManualClock, t: i64) {
    use club::Clock;
    clock.advance(t - clock.now());
}

async fn challenge(f: &Fixture, spec: ChallengeSpec) -> i64 {
    run(
        f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await
    .match_id
    .unwrap()
    .get()
}

#[tokio::test]
async fn an_unanswered_challenge_expires_after_seven_days_and_both_players_are_told() {
    let f = open("expiry-default").await;
    let id = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    // A minute before the seven days: nothing happens
    at(&f.clock, START + 7 * DAY - 60);
    assert!(f.club.sweep().await.unwrap().is_empty());
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Challenged);
    // At seven days: expired, one versioned change, logged
    at(&f.clock, START + 7 * DAY);
    let notices = f.club.sweep().await.unwrap();
    let told: Vec<&str> = notices.iter().map(|n| n.user_id.as_str()).collect();
    assert_eq!(told, ["alice", "bob"], "{notices:?}");
    for n in &notices {
        assert_eq!(n.match_id, id);
        assert!(n.text.contains("expired"), "{}", n.text);
        assert!(
            n.text.contains("/challenge"),
            "says how to re-issue: {}",
            n.text
        );
    }
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Cancelled);
    assert_eq!(row.version, 2, "expiry is a versioned change");
    assert!(row.result.as_deref().unwrap_or("").contains("expired"));
    assert_eq!(match_log(&f.store, id).await.last(), Some(&Entry::Expire));
    assert_match_rebuilds(&f.store, id).await;
    // Told once
    assert!(f.club.sweep().await.unwrap().is_empty());
    // The history says so
    let h = run(&f, "bob", Command::Look(Look::History(MatchRef::id(id)))).await;
    assert!(
        h.lines.iter().any(|l| l.contains("expired")),
        "{:?}",
        h.lines
    );
}

#[tokio::test]
async fn a_challenge_may_set_its_own_expiry() {
    let f = open("expiry-own").await;
    let mut spec = ChallengeSpec::standard(Some(5));
    spec.expires = Some(3 * DAY);
    let id = challenge(&f, spec).await;
    at(&f.clock, START + 3 * DAY - 1);
    assert!(f.club.sweep().await.unwrap().is_empty());
    at(&f.clock, START + 3 * DAY);
    assert_eq!(f.club.sweep().await.unwrap().len(), 2);
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Cancelled);
}

#[tokio::test]
async fn the_clubs_setting_gives_the_default_expiry() {
    let store = Store::open(&store_url("expiry-setting").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Club::new(store.clone(), Arc::new(RngDice::seeded(2)), clock.clone())
        .with_challenge_expiry(2 * DAY);
    club.execute(
        &Actor::local("alice"),
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await
    .unwrap();
    at(&clock, START + 2 * DAY);
    assert_eq!(club.sweep().await.unwrap().len(), 2);
}

#[tokio::test]
async fn an_expired_challenge_cannot_be_accepted_and_can_be_issued_again() {
    let f = open("expiry-reissue").await;
    let id = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    // Past the expiry but before the sweep: bob's accept is refused, nothing changes
    at(&f.clock, START + 8 * DAY);
    let e = f
        .club
        .execute(
            &Actor::local("bob"),
            Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await
        .expect_err("expired");
    assert!(e.to_string().contains("expired"), "{e}");
    assert!(
        matches!(e, ClubError::Refused(Refusal::NotActive(..))),
        "{e:?}"
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!((row.status, row.version), (MatchStatus::Challenged, 1));
    f.club.sweep().await.unwrap();
    // alice challenges again on the same terms; bob accepts this one
    let again = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    assert_ne!(again, id);
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(again))),
    )
    .await;
    let row = f.store.load_match(again).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Active);
    // An accepted challenge never expires (the turn clock governs it)
    assert!(
        f.club
            .sweep()
            .await
            .unwrap()
            .iter()
            .all(|n| !n.text.contains("expired"))
    );
}

#[tokio::test]
async fn an_answered_challenge_does_not_expire() {
    let f = open("expiry-answered").await;
    let id = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Decline(MatchRef::id(id))),
    )
    .await;
    at(&f.clock, START + 30 * DAY);
    assert!(f.club.sweep().await.unwrap().is_empty());
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!((row.status, row.version), (MatchStatus::Declined, 2));
}

#[test]
fn the_local_chat_reads_expires_and_refuses_a_zero_expiry() {
    let Some((_, Command::Challenge(ChallengeOp::New { spec, .. }))) =
        parse_line("alice: /challenge bob expires:3d").unwrap()
    else {
        panic!("a challenge");
    };
    assert_eq!(spec.expires, Some(3 * DAY));
    let Some((_, Command::Challenge(ChallengeOp::New { spec, .. }))) =
        parse_line("alice: /challenge bob").unwrap()
    else {
        panic!("a challenge");
    };
    assert_eq!(spec.expires, None, "the club's setting applies");
}

#[tokio::test]
async fn an_expiry_out_of_range_is_refused() {
    let f = open("expiry-range").await;
    for secs in [0, 61 * DAY] {
        let mut spec = ChallengeSpec::standard(Some(5));
        spec.expires = Some(secs);
        let e = f
            .club
            .execute(
                &Actor::local("alice"),
                Command::Challenge(ChallengeOp::New {
                    opponent: "bob".into(),
                    spec,
                }),
            )
            .await
            .expect_err("out of range");
        assert!(e.to_string().contains("expires"), "{e}");
    }
}
