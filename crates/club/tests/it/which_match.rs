//! Which match a command takes when none is named (issue 30, item 3): the only one where
//! the player has something to do, else a refusal that suggests only those; none is
//! suggested where it is not the player's turn.

use std::sync::Arc;

use club::Refusal;
use club::{Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, MatchOp, MatchRef};

use clubkit::{Fixture, refused, run};
use testkit::store_url;

async fn open(name: &str) -> Arc<Club> {
    Fixture::seeded(&store_url(name).await, 5).await.club
}

/// A 3-point match of `a` against `b`, accepted (its opening throw made): its id and who
/// acts.
async fn started(club: &Club, a: &str, b: &str) -> (i64, String) {
    let (id, out) = clubkit::accepted(club, a, b, ChallengeSpec::standard(Some(3))).await;
    (id.get(), out.next.unwrap().name)
}

/// Plays the first legal play of `who` in match `id`: who acts then.
async fn play_first(club: &Club, who: &str, id: i64) -> String {
    let m = MatchRef::id(id);
    let plays = club.legal_moves(&Actor::local(who), m).await.unwrap();
    let out = run(
        club,
        who,
        Command::Match(m, MatchOp::Move(plays[0].clone())),
    )
    .await;
    out.next.unwrap().name
}

#[tokio::test]
async fn item_03_an_unnamed_match_is_suggested_only_where_the_player_has_something_to_do() {
    let club = open("which-match-turn").await;
    // Given alice in three matches: her turn in #1 and #3, carol's in #2
    let mut turn = Vec::new();
    for (opponent, hers) in [("bob", true), ("carol", false), ("dave", true)] {
        let (id, mut next) = started(&club, "alice", opponent).await;
        if (next == "alice") != hers {
            next = play_first(&club, &next, id).await;
        }
        assert_eq!(next == "alice", hers, "match #{id}");
        turn.push(id);
    }
    // When alice rolls without naming a match
    let e = refused(
        &club,
        "alice",
        Command::Match(MatchRef::default(), MatchOp::Roll),
    )
    .await;
    let text = e.to_string();
    // Then the refusal suggests #1 and #3, where she is to act, and not #2
    assert!(
        matches!(e, ClubError::Refused(Refusal::WhichMatch(..))),
        "a question which match: {text}"
    );
    assert!(
        text.contains(&format!("#{}", turn[0])) && text.contains(&format!("#{}", turn[2])),
        "{text}"
    );
    assert!(!text.contains(&format!("#{}", turn[1])), "{text}");
    // And it does not call the two all of her open matches (she has three)
    assert!(!text.contains("several open matches"), "{text}");
}

#[tokio::test]
async fn item_03_with_nothing_to_do_anywhere_no_match_is_suggested() {
    let club = open("which-match-none").await;
    // Given eve's two challenges, neither answered yet
    for opponent in ["frank", "gina"] {
        run(
            &club,
            "eve",
            Command::Challenge(ChallengeOp::New {
                opponent: opponent.into(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
        )
        .await;
    }
    // When eve rolls without naming a match
    let e = refused(
        &club,
        "eve",
        Command::Match(MatchRef::default(), MatchOp::Roll),
    )
    .await;
    let text = e.to_string();
    // Then nothing is suggested to roll in; she is told whom each match waits for
    assert!(!text.contains("e.g."), "{text}");
    assert!(
        text.contains("frank") && text.contains("gina") && text.contains("answer"),
        "{text}"
    );
    // And a withdrawal, which is hers to make in both, asks which
    let e = refused(
        &club,
        "eve",
        Command::Challenge(ChallengeOp::Cancel(MatchRef::default())),
    )
    .await;
    assert!(
        matches!(e, ClubError::Refused(Refusal::WhichMatch(..))),
        "{e}"
    );
}
