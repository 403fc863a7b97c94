//! Ending a money session: either player may stop it between games (`/stop`, or
//! `/resign session`); every game is already in the ledger at the stake, and the session's
//! net is said; mid-game the stop is refused with the reason, and match play has no stop.

use club::Refusal;
use club::{Actor, ChallengeOp, ChallengeSpec, ClubError, Command, MatchOp, MatchRef, Outcome};
use engine::ResignLevel;
use gammonbot::console::parse_line;
use store::MatchStatus;

use clubkit::{Fixture, assert_match_rebuilds, refused, run};
use testkit::store_url;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 11).await
}

async fn session(f: &Fixture, spec: ChallengeSpec) -> (i64, Outcome) {
    let out = run(
        f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let out = run(
        f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    (id, out)
}

fn other(name: &str) -> &'static str {
    if name == "alice" { "bob" } else { "alice" }
}

#[tokio::test]
async fn either_player_stops_a_money_session_between_games_and_the_net_is_settled() {
    let f = open("money-stop").await;
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 100;
    let (id, _) = session(&f, spec).await;
    let m = MatchRef::id(id);
    // Game 1: the opening throw, then the player on turn plays, so the game is under way
    let out = run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    let mover = out.next.clone().unwrap().name;
    let plays = f.club.legal_moves(&Actor::local(&mover), m).await.unwrap();
    run(
        &f,
        &mover,
        Command::Match(m, MatchOp::Move(plays[0].clone())),
    )
    .await;
    let version = f.store.load_match(id).await.unwrap().unwrap().version;
    // Mid-game: refused, saying why, nothing changed
    for who in ["alice", "bob"] {
        let e = refused(&f, who, Command::Match(m, MatchOp::Stop)).await;
        let text = e.to_string();
        assert!(text.contains("between games"), "{text}");
        assert!(text.contains("game 1"), "{text}");
    }
    assert_eq!(
        f.store.load_match(id).await.unwrap().unwrap().version,
        version
    );
    // Game 1 ends by a resignation: 1 point at 1.00 in the ledger
    let resigner = "bob";
    run(
        &f,
        resigner,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(
        &f,
        other(resigner),
        Command::Match(m, MatchOp::AcceptResign),
    )
    .await;
    assert_eq!(f.store.ledger(1, 1).await.unwrap().len(), 1);
    // Game 2 waits for its opening throw: bob stops
    let out = run(&f, "bob", Command::Match(m, MatchOp::Stop)).await;
    let text = out.lines.join("\n");
    assert!(text.contains("ends the money session"), "{text}");
    assert!(text.contains("after 1 game"), "{text}");
    assert!(text.contains("bob pays alice 1.00"), "the net: {text}");
    assert!(out.next.is_none(), "nobody acts any more");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert!(row.result.unwrap().contains("session"));
    // The ledger already held the game: nothing is paid twice
    assert_eq!(f.store.ledger(1, 1).await.unwrap().len(), 1);
    assert_eq!(f.store.balance(1, 1).await.unwrap(), 100);
    assert_eq!(f.store.balance(1, 2).await.unwrap(), -100);
    assert_match_rebuilds(&f.store, id).await;
    // Over: no more play
    let e = refused(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    assert!(
        matches!(e, ClubError::Refused(Refusal::NotActive(..))),
        "{e}"
    );
}

#[tokio::test]
async fn a_session_may_be_stopped_before_its_first_play() {
    let f = open("money-stop-at-once").await;
    let (id, _) = session(&f, ChallengeSpec::standard(None)).await;
    let out = run(&f, "alice", Command::Match(MatchRef::id(id), MatchOp::Stop)).await;
    assert!(
        out.lines.join("\n").contains("after 0 games"),
        "{:?}",
        out.lines
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn a_game_begins_with_its_opening_throw_after_which_the_session_is_not_stopped() {
    let f = open("money-stop-opening").await;
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 100;
    let (id, out) = session(&f, spec).await;
    let m = MatchRef::id(id);
    // Given a money session: each game waits for a player's opening throw
    let next = out.next.clone().expect("someone to act");
    assert!(next.what.contains("opening throw"), "{next:?}");
    run(&f, "bob", Command::Match(m, MatchOp::Roll)).await;
    run(
        &f,
        "bob",
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    let out = run(&f, "alice", Command::Match(m, MatchOp::AcceptResign)).await;
    let next = out.next.clone().expect("someone to act");
    assert!(
        next.what.contains("opening throw"),
        "game 2 waits for its opening throw: {next:?} {:?}",
        out.lines
    );
    assert!(
        out.lines.iter().any(|l| l
            == "Game 2 waits for its opening throw: either player may /roll it, or /stop the session here"),
        "{:#?}",
        out.lines
    );
    // When the loser of game 1 makes game 2's opening throw (and sees the dice)
    run(&f, "bob", Command::Match(m, MatchOp::Roll)).await;
    let version = f.store.load_match(id).await.unwrap().unwrap().version;
    // Then neither player may stop the session: game 2 has begun
    for who in ["alice", "bob"] {
        let e = refused(&f, who, Command::Match(m, MatchOp::Stop)).await;
        let text = e.to_string();
        assert!(
            text.contains("the opening throw of game 2 was made")
                && text.contains("only between games")
                && text.contains("resign"),
            "{text}"
        );
    }
    assert_eq!(
        f.store.load_match(id).await.unwrap().unwrap().version,
        version,
        "nothing changed"
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn match_play_has_no_session_to_stop() {
    let f = open("money-stop-match").await;
    let (id, _) = session(&f, ChallengeSpec::standard(Some(5))).await;
    let e = refused(&f, "alice", Command::Match(MatchRef::id(id), MatchOp::Stop)).await;
    assert!(e.to_string().contains("money"), "{e}");
    let e = refused(&f, "carol", Command::Match(MatchRef::id(id), MatchOp::Stop)).await;
    assert!(
        matches!(e, ClubError::Refused(Refusal::NotAParticipant(..))),
        "{e}"
    );
}

#[test]
fn the_local_chat_reads_stop_and_resign_session() {
    for line in ["alice: /stop", "alice: /resign session", "alice: /stop #4"] {
        let (_, cmd) = parse_line(line).unwrap().unwrap();
        assert!(
            matches!(cmd, Command::Match(_, MatchOp::Stop)),
            "{line}: {cmd:?}"
        );
    }
}
