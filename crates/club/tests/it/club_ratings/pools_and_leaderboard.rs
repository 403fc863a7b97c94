//! Servers keep their ratings apart; the leaderboard's minimum experience.

use super::fixtures::{
    Fixture, START, at, has_line, open, rating_lines, resign, run, run_at, start,
};
use club::{ChallengeSpec, Chart, Club, Command, Look, ManualClock, RngDice};
use engine::ResignLevel;
use std::sync::Arc;
use store::Store;
use testkit::store_url;

#[tokio::test]
async fn two_servers_keep_their_ratings_apart() {
    let f = open("rating_servers", 6).await;
    // alice beats bob on server one
    let (id, _) = start(&f, "one", "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    let out = resign(&f, "one", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1510.00 (+10.00)"),
        "{:?}",
        out.lines
    );
    // and loses to him on server two
    let (id, _) = start(&f, "two", "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    let out = resign(&f, "two", id, "alice", "bob", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1490.00 (-10.00)"),
        "{:?}",
        out.lines
    );
    let one = rating_lines(&f, &at("carl", "one"), Some("alice"), false).await;
    assert_eq!(one[0], "Rating for alice (standard): 1510.00, experience 1");
    let two = rating_lines(&f, &at("carl", "two"), Some("alice"), false).await;
    assert_eq!(two[0], "Rating for alice (standard): 1490.00, experience 1");
    // A third server has seen nothing
    let three = rating_lines(&f, &at("carl", "three"), Some("alice"), false).await;
    assert_eq!(
        three[0],
        "Rating for alice (standard): 1500.00, experience 0"
    );
    let board = run_at(
        &f,
        &at("carl", "two"),
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    assert_eq!(board.lines[0], "server two: Standard ratings");
    assert!(board.lines[2].contains("bob") && board.lines[2].contains("1510.00"));
    assert!(board.lines[3].contains("alice") && board.lines[3].contains("1490.00"));
    let Some(Chart::Leaderboard(table)) = board.chart else {
        panic!("no leaderboard table");
    };
    assert_eq!(table.rows.len(), 2);
}

#[tokio::test]
async fn the_leaderboard_leaves_out_players_below_the_minimum_experience() {
    let path = store_url("rating_min_exp").await;
    let store = Store::open(&path).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(ManualClock::new(START)),
    )
    .with_leaderboard_min_experience(2);
    let f = Fixture {
        club: Arc::new(club),
        clock: Arc::new(ManualClock::new(START)),
        store,
        path,
    };
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "carl",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "carl", "alice", ResignLevel::Single).await;
    let board = run(
        &f,
        "bob",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    let Some(Chart::Leaderboard(table)) = &board.chart else {
        panic!("no leaderboard table");
    };
    let names: Vec<&str> = table.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["alice"], "{:?}", board.lines);
    assert!(
        board
            .lines
            .iter()
            .any(|l| l.contains("experience 2 or more"))
    );
}
