//! PR where players look (issue 49): `/stats`, `/rating`, the leaderboard's column and the
//! player page show gnubg's PR over the last analysed matches, weighted by decisions, with
//! its 95% interval; the leaderboard only for players with at least three. The analyses
//! are stored with chosen figures (no gnubg run); the expected numbers were computed
//! apart (Python with mpmath, `crates/club/src/analysis/pr.rs`'s formula).

use club::{ChallengeSpec, Command, Look, MatchOp, MatchRef, PlayerFigures, Review};
use clubkit::{Fixture, accepted, run};
use engine::ResignLevel;
use store::NewAnalysis;
use testkit::store_url;

/// A figure sheet with this PR over `decisions` decisions (all unforced moves).
fn figures(name: &str, pr: f64, decisions: u32) -> PlayerFigures {
    PlayerFigures {
        name: name.into(),
        error_rate: pr * 2.0,
        rating: String::new(),
        pr,
        chequer_rate: pr * 2.0,
        cube_rate: 0.0,
        unforced_moves: decisions,
        close_cube: 0,
        chequer_marks: [0; 3],
        cube_marks: [0; 3],
        missed_doubles: 0,
        wrong_doubles: 0,
        wrong_takes: 0,
        wrong_drops: 0,
        luck_rate: 0.0,
        luck_adjusted: 0.5,
        actual: 1.0,
    }
}

/// A one-point match of `a` against `b` ended, and its analysis stored as done with
/// these figures for `a` and `b`.
async fn analysed(at: &Fixture, a: &str, b: &str, pa: (f64, u32), pb: (f64, u32)) -> i64 {
    let (id, out) = accepted(at, a, b, ChallengeSpec::standard(Some(1))).await;
    let m = MatchRef::id(id);
    let loser = out.next.unwrap().name;
    let winner = if loser == a { b } else { a };
    run(
        at,
        &loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(at, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    let row = at.store.load_match(id.get()).await.unwrap().unwrap();
    let review = Review {
        match_id: id.get(),
        games: 1,
        length: 1,
        plies: 2,
        player_ids: row.players,
        players: [figures(a, pa.0, pa.1), figures(b, pb.0, pb.1)],
        worst: Vec::new(),
        mistakes: None,
        seconds: 1.0,
    };
    let (job, _) = at
        .store
        .request_analysis(&NewAnalysis {
            match_id: id.get(),
            games: 1,
            community_id: row.community_id,
            requested_by: row.players[0],
            channel: "local",
            plies: 2,
            now: 1,
        })
        .await
        .unwrap();
    // Claimed (the only job waiting) and done.
    let claimed = at.store.claim_analysis(1).await.unwrap().unwrap();
    assert_eq!(claimed.id, job.id);
    let text = serde_json::to_string(&review).unwrap();
    at.store
        .finish_analysis(job.id, Ok(&text), 2)
        .await
        .unwrap();
    at.clock.advance(60);
    id.get()
}

#[tokio::test]
async fn stats_rating_leaderboard_and_page_show_the_pr_over_the_last_matches_with_its_interval() {
    // Given alice's four analysed matches against bob: PR 4, 10, 7, 5.5 over 100, 50,
    // 150, 60 decisions; and carol's two against dave
    let at = Fixture::seeded(&store_url("pr_figures").await, 12).await;
    for (pa, pb) in [
        ((4.0, 100), (3.0, 90)),
        ((10.0, 50), (3.0, 90)),
        ((7.0, 150), (3.0, 90)),
        ((5.5, 60), (3.0, 90)),
    ] {
        analysed(&at, "alice", "bob", pa, pb).await;
    }
    for _ in 0..2 {
        analysed(&at, "carol", "dave", (9.0, 80), (8.0, 80)).await;
    }
    // Then /stats gives the decisions-weighted PR 6.333 with its interval +-3.237
    let words = "PR 6.3 (95% interval 3.1-9.6) over the last 4 analysed matches";
    let stats = run(&at, "alice", Command::Look(Look::Stats(None))).await;
    assert!(stats.lines.iter().any(|l| l == words), "{:?}", stats.lines);
    // And /rating too
    let rating = run(
        &at,
        "alice",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    assert!(
        rating.lines.iter().any(|l| l == words),
        "{:?}",
        rating.lines
    );
    // But not for carol, with two analysed matches: under the minimum of three
    let carol = run(
        &at,
        "carol",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    assert!(
        !carol.lines.iter().any(|l| l.starts_with("PR ")),
        "{:?}",
        carol.lines
    );
    // And the leaderboard's column: alice's and bob's (3.0, no spread: +-0.0), carol's
    // and dave's left blank
    let board = run(
        &at,
        "alice",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    let text = board.lines.join("\n");
    let line = |name: &str| {
        board
            .lines
            .iter()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .clone()
    };
    assert!(line("alice").contains("6.3 \u{b1}3.2"), "{text}");
    assert!(line("bob").contains("3.0 \u{b1}0.0"), "{text}");
    assert!(line("carol").contains("  -  "), "{text}");
    assert!(
        text.contains("(PR: over the last 20 analysed matches"),
        "{text}"
    );
    // And the player page, with its chart's figures match by match
    let alice = at
        .store
        .find_player("local", "alice")
        .await
        .unwrap()
        .unwrap();
    let token = at.club.web().player_link(1, alice.id).await.unwrap();
    let page = at
        .club
        .web()
        .resolve_player_link(&token)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(page.pr.as_deref(), Some(words));
    let chart = at
        .club
        .web()
        .player_pr_chart(&token)
        .await
        .unwrap()
        .unwrap();
    let prs: Vec<f64> = chart.points.iter().map(|p| p.pr).collect();
    assert_eq!(prs, [4.0, 10.0, 7.0, 5.5]);
    assert_eq!(chart.points[0].band, None);
    // After two matches: (400 + 500) / 150 = 6.0
    assert!((chart.points[1].rolling - 6.0).abs() < 1e-9);
}
