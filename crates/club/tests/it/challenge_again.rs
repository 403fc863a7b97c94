//! A challenge sent again (a retried interaction, a command typed twice when its answer
//! never came) makes no second match: within five minutes, the same challenger, opponent,
//! terms and channel are answered with the match already made (issue 47).

use std::sync::Arc;

use club::{ChallengeOp, ChallengeSpec, Command, RngDice};
use clubkit::{Fixture, START, run};
use store::MatchStatus;
use testkit::store_url;

fn challenge(spec: ChallengeSpec) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: "bob".into(),
        spec,
    })
}

#[tokio::test]
async fn a_challenge_sent_again_within_five_minutes_makes_no_second_match() {
    let at = Fixture::open(
        &store_url("challenge-again").await,
        Arc::new(RngDice::seeded(1)),
        START,
    )
    .await;
    // Given alice challenged bob to a 5-point match
    let first = run(&at, "alice", challenge(ChallengeSpec::standard(Some(5)))).await;
    let id = first.match_id.unwrap();
    // When the same challenge comes again a minute later
    at.clock.advance(60);
    let again = run(&at, "alice", challenge(ChallengeSpec::standard(Some(5)))).await;
    // Then it answers with the same match, saying so, and bob is still asked to answer it
    assert_eq!(again.match_id, Some(id));
    assert!(
        again.lines[0].contains("was already made 60 s ago; it stands"),
        "{:?}",
        again.lines
    );
    assert_eq!(again.next.unwrap().name, "bob");
    // And only one match exists
    assert!(at.store.load_match(id.get() + 1).await.unwrap().is_none());
    // When other terms come, or the same after the window, each is a new challenge
    let other = run(&at, "alice", challenge(ChallengeSpec::standard(Some(7)))).await;
    assert_ne!(other.match_id, Some(id));
    at.clock.advance(5 * 60);
    let later = run(&at, "alice", challenge(ChallengeSpec::standard(Some(5)))).await;
    assert_ne!(later.match_id, Some(id));
    let row = at.store.load_match(id.get()).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Challenged);
}
