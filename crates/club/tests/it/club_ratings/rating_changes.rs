//! How a finished match moves ratings: the worked example, upsets, experience, time-outs,
//! Welsh pools, unrated challenges and money sessions.

use super::fixtures::{
    community_id, double_twice, has_line, open, plant_rating, player_id, rating_lines, resign, run,
    start,
};
use club::{Actor, ChallengeOp, ChallengeSpec, Command, DAY, Look, MatchRef, TimeControl};
use engine::ResignLevel;
use engine::rating::{format_change, upset_probability};

#[tokio::test]
async fn worked_example_two_veterans_at_1500_in_a_7_point_match_move_5_29_each_way() {
    // Given alice and bob at 1500 with K = 1 (experience 400 and 1000)
    let f = open("rating_worked", 3).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(7)),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    plant_rating(&f, "alice", 1500.0, 400).await;
    plant_rating(&f, "bob", 1500.0, 1000).await;
    let out = run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    // When the cube reaches 4 and bob resigns a gammon (8 points: the match)
    double_twice(&f, id, out).await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Gammon).await;
    // Then the outcome says both changes
    assert!(
        has_line(&out, "alice 1500.00 -> 1505.29 (+5.29)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1500.00 -> 1494.71 (-5.29)"),
        "{:?}",
        out.lines
    );
    // And /rating reads them back, first line exactly as scripts expect
    let lines = rating_lines(&f, &Actor::local("bob"), Some("alice"), false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1505.29, experience 407"
    );
    assert_eq!(
        lines[1],
        "Rank 1 of 2 in local chat; rated matches won 1, lost 0"
    );
    assert!(
        lines.iter().any(|l| l.contains(&format!(
            "match #{id}, won against bob (7 points, bob resigned)"
        )) && l.ends_with("1500.00 -> 1505.29 (+5.29)")),
        "{lines:?}"
    );
    let lines = rating_lines(&f, &Actor::local("bob"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for bob (standard): 1494.71, experience 1007"
    );
}

#[tokio::test]
async fn an_upset_moves_the_underdog_more_than_a_favourites_win_would() {
    // Given alice at 1400 and bob at 1600, both veterans
    let f = open("rating_upset", 5).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap();
    plant_rating(&f, "alice", 1400.0, 500).await;
    plant_rating(&f, "bob", 1600.0, 500).await;
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    // When the underdog wins the 3-point match (bob resigns a backgammon: 3 points)
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Backgammon).await;
    // Then the change is 4 * sqrt(3) * (1 - P_upset), P_upset = 1 / (10^(200 sqrt 3 / 2000) + 1)
    let p_upset = 1.0 / (10f64.powf(200.0 * 3f64.sqrt() / 2000.0) + 1.0);
    assert!((p_upset - upset_probability(200.0, 3)).abs() < 1e-12);
    let gain = 4.0 * 3f64.sqrt() * (1.0 - p_upset);
    assert_eq!(format_change(gain), "+4.15");
    assert!(
        has_line(&out, "alice 1400.00 -> 1404.15 (+4.15)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1600.00 -> 1595.85 (-4.15)"),
        "{:?}",
        out.lines
    );
    // Had the favourite won, he would have gained only 4 * sqrt(3) * P_upset = 2.78
    assert_eq!(format_change(4.0 * 3f64.sqrt() * p_upset), "+2.78");
}

#[tokio::test]
async fn a_newcomer_with_k_5_gains_five_times_what_a_veteran_with_k_1_loses() {
    // Given bob a veteran at 1500 (experience 400) and alice new
    let f = open("rating_newcomer", 7).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap();
    plant_rating(&f, "bob", 1500.0, 400).await;
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    // When alice wins the 3-point match
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Backgammon).await;
    // Then she gains 4 * 5 * sqrt(3) / 2 = 17.32 and he loses 4 * 1 * sqrt(3) / 2 = 3.46
    assert!(
        has_line(&out, "alice 1500.00 -> 1517.32 (+17.32)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1500.00 -> 1496.54 (-3.46)"),
        "{:?}",
        out.lines
    );
    let lines = rating_lines(&f, &Actor::local("alice"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1517.32, experience 3"
    );
}

#[tokio::test]
async fn a_time_out_is_rated_as_a_loss_for_the_player_out_of_time_and_marked_forfeit() {
    // Given a 5-point match between newcomers
    let f = open("rating_forfeit", 4).await;
    let (id, out) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(5)),
    )
    .await;
    let late = out.next.unwrap().name;
    let winner = if late == "alice" { "bob" } else { "alice" };
    // When the player to act lets the deadline pass (2 days + 5 days bank)
    f.clock.advance(7 * DAY + 1);
    let notices = f.club.sweep().await.unwrap();
    // Then both are told the result with both changes: K = 5, n = 5, P = 1/2: 22.36
    let text = &notices[0].text;
    assert!(text.contains("ran out of time"), "{text}");
    assert!(
        text.contains(&format!("{winner} 1500.00 -> 1522.36 (+22.36)")),
        "{text}"
    );
    assert!(
        text.contains(&format!("{late} 1500.00 -> 1477.64 (-22.36)")),
        "{text}"
    );
    // And the history marks the forfeit for both
    let lines = rating_lines(&f, &Actor::local(&late), None, false).await;
    assert_eq!(
        lines[0],
        format!("Rating for {late} (standard): 1477.64, experience 5")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("match #{id}, lost to {winner}"))
                && l.contains("forfeit: out of time")),
        "{lines:?}"
    );
    let lines = rating_lines(&f, &Actor::local(winner), None, false).await;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("forfeit: opponent out of time")),
        "{lines:?}"
    );
    let changes = f
        .store
        .rating_changes(
            community_id(&f, "local").await,
            engine::Ruleset::Standard,
            player_id(&f, &late).await,
            10,
        )
        .await
        .unwrap();
    assert!(changes[0].forfeit && !changes[0].won);
}

#[tokio::test]
async fn a_welsh_match_is_rated_in_its_own_pool_at_its_effective_length() {
    // Given a Welsh match to 25 games on the live clock
    let f = open("rating_welsh", 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = TimeControl::welsh_live();
    let (_, out) = start(&f, "local", "alice", "bob", spec).await;
    let late = out.next.unwrap().name;
    let winner = if late == "alice" { "bob" } else { "alice" };
    // When the caller's clock runs out (rule 12a)
    f.clock.advance(71 * 60);
    let notices = f.club.sweep().await.unwrap();
    // Then it is rated as a 7-point match between newcomers: 4 * 5 * sqrt(7) / 2 = 26.46
    assert!(
        notices[0]
            .text
            .contains(&format!("{winner} 1500.00 -> 1526.46 (+26.46)")),
        "{}",
        notices[0].text
    );
    let lines = rating_lines(&f, &Actor::local(winner), None, true).await;
    assert_eq!(
        lines[0],
        format!("Rating for {winner} (welsh): 1526.46, experience 7")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(rated as 7 points, forfeit")),
        "{lines:?}"
    );
    // And the standard pool is untouched
    let lines = rating_lines(&f, &Actor::local(winner), None, false).await;
    assert_eq!(
        lines[0],
        format!("Rating for {winner} (standard): 1500.00, experience 0")
    );
}

#[tokio::test]
async fn a_rated_off_challenge_leaves_the_ratings_alone() {
    let f = open("rating_unrated", 2).await;
    let spec = ChallengeSpec {
        rated: false,
        ..ChallengeSpec::standard(Some(1))
    };
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    assert!(out.lines[0].ends_with(", unrated"), "{:?}", out.lines);
    let id = out.match_id.unwrap();
    run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        out.lines.iter().any(|l| l.contains("won the match")),
        "{:?}",
        out.lines
    );
    assert!(
        !out.lines.iter().any(|l| l.contains(" -> ")),
        "{:?}",
        out.lines
    );
    let lines = rating_lines(&f, &Actor::local("alice"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1500.00, experience 0"
    );
    assert!(lines[1].starts_with("No rated standard match"), "{lines:?}");
    // The same terms rated (the default) do move them
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1510.00 (+10.00)"),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn a_money_session_is_never_rated() {
    // Given money play, ended by a time-out (the only way a session ends with a winner)
    let f = open("rating_money", 2).await;
    let (id, _) = start(&f, "local", "alice", "bob", ChallengeSpec::standard(None)).await;
    f.clock.advance(7 * DAY + 1);
    let notices = f.club.sweep().await.unwrap();
    assert!(notices[0].text.contains("ran out of time"), "{notices:?}");
    let row = f.store.load_match(id.get()).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert!(!notices[0].text.contains(" -> "), "{}", notices[0].text);
    let board = run(
        &f,
        "alice",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    assert!(
        board.lines.iter().any(|l| l == "No rated matches yet."),
        "{:?}",
        board.lines
    );
}
