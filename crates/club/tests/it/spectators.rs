//! Who may look at a match and which match a viewing command takes: spectators of the
//! same server may look (board, history, export, legal plays) but not act; a match of
//! another server stays closed; a finished match stays reachable without its number, and
//! `/games` lists the finished ones after the open ones.

use std::sync::Arc;

use club::Refusal;
use club::{Actor, ChallengeSpec, Club, ClubError, Command, Look, MatchOp, MatchRef};
use engine::ResignLevel;

use clubkit::{Fixture, run};
use testkit::store_url;

async fn open(name: &str) -> Arc<Club> {
    Fixture::seeded(&store_url(name).await, 5).await.club
}

async fn refused_as(club: &Club, actor: &Actor, cmd: Command) -> ClubError {
    match club.execute(actor, cmd.clone()).await {
        Ok(o) => panic!("{}: {cmd:?} was accepted: {:?}", actor.user_id, o.lines),
        Err(e) => e,
    }
}

/// alice challenges bob to a `length`-point match and bob accepts: the match id.
async fn accepted(club: &Club, length: u32) -> club::MatchNo {
    let spec = ChallengeSpec::standard(Some(length));
    clubkit::accepted(club, "alice", "bob", spec).await.0
}

/// Ends a 1-point match at once: whoever must act resigns, the other accepts.
async fn finish(club: &Club, id: club::MatchNo) {
    let out = run(club, "alice", Command::Look(Look::Board(MatchRef::id(id)))).await;
    let mover = out.next.unwrap().name;
    let other = if mover == "alice" { "bob" } else { "alice" };
    run(
        club,
        &mover,
        Command::Match(MatchRef::id(id), MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    let out = run(
        club,
        other,
        Command::Match(MatchRef::id(id), MatchOp::AcceptResign),
    )
    .await;
    assert!(out.next.is_none(), "the match is over: {:?}", out.lines);
}

#[tokio::test]
async fn a_spectator_of_the_same_server_may_look_at_a_match() {
    let club = open("spectator-looks").await;
    let id = accepted(&club, 5).await;
    let m = MatchRef::id(id);
    // Given carol, who is not in match #1 but in the same server
    // When she asks for its board, history, export and legal plays
    // Then each is shown
    let board = run(&club, "carol", Command::Look(Look::Board(m))).await;
    assert_eq!(board.match_id, Some(id));
    assert!(board.board.is_some(), "the board is drawn");
    let history = run(&club, "carol", Command::Look(Look::History(m))).await;
    assert!(
        history.lines.iter().any(|l| l.contains("bob accepts")),
        "{:?}",
        history.lines
    );
    let export = run(&club, "carol", Command::Look(Look::Export(m))).await;
    assert!(export.attachment.is_some(), "the .mat file comes with it");
    let moves = run(&club, "carol", Command::Look(Look::Moves(m))).await;
    assert!(
        moves.lines.iter().any(|l| l.starts_with("Legal plays:")),
        "{:?}",
        moves.lines
    );
}

#[tokio::test]
async fn a_spectator_may_not_act_on_a_match() {
    let club = open("spectator-acts").await;
    let id = accepted(&club, 5).await;
    let m = MatchRef::id(id);
    for cmd in [
        Command::Match(m, MatchOp::Roll),
        Command::Match(m, MatchOp::Double),
        Command::Match(m, MatchOp::Move("13/7".into())),
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    ] {
        let e = refused_as(&club, &Actor::local("carol"), cmd).await;
        assert!(
            matches!(e, ClubError::Refused(Refusal::NotAParticipant(..))),
            "acting stays with the players: {e}"
        );
        assert!(e.to_string().contains("only they can act"), "{e}");
    }
}

#[tokio::test]
async fn a_match_of_another_server_stays_closed_to_non_players() {
    let club = open("spectator-elsewhere").await;
    let id = accepted(&club, 5).await;
    let m = MatchRef::id(id);
    let stranger = Actor {
        community_id: "another-server".into(),
        community_name: "another server".into(),
        ..Actor::local("dave")
    };
    for cmd in [
        Command::Look(Look::Board(m)),
        Command::Look(Look::History(m)),
        Command::Look(Look::Export(m)),
        Command::Look(Look::Moves(m)),
    ] {
        let e = refused_as(&club, &stranger, cmd).await;
        assert!(
            matches!(e, ClubError::Refused(Refusal::UnknownMatch(n)) if n == id),
            "not shown in another server: {e}"
        );
    }
}

#[tokio::test]
async fn a_finished_match_is_reached_without_its_number() {
    let club = open("finished-reachable").await;
    let id = accepted(&club, 1).await;
    finish(&club, id).await;
    // Given alice's only match is over
    // When she asks for the board, history and export without a number
    // Then they are the finished match's
    let none = MatchRef::default();
    let board = run(&club, "alice", Command::Look(Look::Board(none))).await;
    assert_eq!(board.match_id, Some(id));
    assert!(board.board.is_some());
    let history = run(&club, "alice", Command::Look(Look::History(none))).await;
    assert_eq!(history.match_id, Some(id));
    assert!(
        history.lines.iter().any(|l| l.contains("wins the match")),
        "{:?}",
        history.lines
    );
    let export = run(&club, "bob", Command::Look(Look::Export(none))).await;
    assert_eq!(export.match_id, Some(id));
    // Acting still needs an open match
    let e = refused_as(
        &club,
        &Actor::local("alice"),
        Command::Match(none, MatchOp::Roll),
    )
    .await;
    assert!(matches!(e, ClubError::Refused(Refusal::NoMatch)), "{e}");
}

#[tokio::test]
async fn an_open_match_comes_before_the_most_recently_finished_one() {
    let club = open("open-first").await;
    let first = accepted(&club, 1).await;
    finish(&club, first).await;
    let second = accepted(&club, 1).await;
    finish(&club, second).await;
    // The most recently finished when none is open
    let board = run(
        &club,
        "alice",
        Command::Look(Look::Board(MatchRef::default())),
    )
    .await;
    assert_eq!(board.match_id, Some(second));
    // An open one first
    let third = accepted(&club, 3).await;
    let board = run(
        &club,
        "alice",
        Command::Look(Look::Board(MatchRef::default())),
    )
    .await;
    assert_eq!(board.match_id, Some(third));
}

#[tokio::test]
async fn games_lists_recent_finished_matches_with_their_result_after_the_open_ones() {
    let club = open("games-finished").await;
    let done = accepted(&club, 1).await;
    finish(&club, done).await;
    let open_id = accepted(&club, 3).await;
    let out = run(&club, "alice", Command::Look(Look::Games)).await;
    let open_at = out
        .lines
        .iter()
        .position(|l| l.starts_with(&format!("#{open_id} ")))
        .unwrap_or_else(|| panic!("the open match is listed: {:?}", out.lines));
    let done_at = out
        .lines
        .iter()
        .position(|l| l.contains(&format!("#{done} ")))
        .unwrap_or_else(|| panic!("the finished match is listed: {:?}", out.lines));
    assert!(open_at < done_at, "open ones first: {:?}", out.lines);
    assert!(
        out.lines[done_at].contains("won the match 1-0"),
        "with its result: {:?}",
        out.lines
    );
    // With none open: no "no open matches" line hiding the finished one
    let club = open("games-finished-only").await;
    let done = accepted(&club, 1).await;
    finish(&club, done).await;
    let out = run(&club, "bob", Command::Look(Look::Games)).await;
    assert!(
        out.lines.iter().any(|l| l.contains(&format!("#{done} "))),
        "{:?}",
        out.lines
    );
}
