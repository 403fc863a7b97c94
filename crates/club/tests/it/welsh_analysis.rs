//! `/analyse` of a Welsh match (issue 33): gammonbot's own Welsh player judges every
//! decision of a finished match through the analysis queue, with no gnubg: the equity
//! each lost (never below 0), each player's totals, the worst three drawn as Welsh
//! boards, and who judged, said plainly.

use club::{AnalysisSettings, ChallengeSpec, Club, Command, MatchRef, WelshReview};
use clubkit::{Fixture, accepted, play_welsh_to_end, refused, run};
use engine::Side;
use testkit::store_url;
use welsh_player::{EvalPlayer, Level};

/// A rated Welsh match to one game between alice (X) and bob (O), played to its end by
/// the Welsh player at the weak level (its noise makes mistakes to find).
async fn finished_welsh_match(at: &Fixture) -> i64 {
    let (id, _) = accepted(at, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 11),
        EvalPlayer::new(net, Level::Weak, 12),
    );
    play_welsh_to_end(&at.store, id, [&mut x, &mut o], async |side, cmd| {
        run(at, if side == Side::X { "alice" } else { "bob" }, cmd).await;
    })
    .await;
    id.get()
}

#[tokio::test]
async fn a_finished_welsh_match_is_judged_by_the_welsh_player_decision_by_decision() {
    // Given a club whose analysis looks for gnubg nowhere (Welsh needs none)
    let url = store_url("welsh-analysis").await;
    let mut at = Fixture::seeded(&url, 21).await;
    at.club = std::sync::Arc::new(
        Club::new(
            at.store.clone(),
            std::sync::Arc::new(club::RngDice::seeded(21)),
            at.clock.clone(),
        )
        .with_analysis(AnalysisSettings {
            search_path: "/nonexistent".into(),
            ..AnalysisSettings::default()
        }),
    );
    // And a Welsh match still being played is not analysed yet
    let (open, _) = accepted(&at, "carol", "dave", ChallengeSpec::welsh(1)).await;
    let text = refused(&at, "carol", Command::Analyse(MatchRef::id(open)))
        .await
        .to_string();
    assert!(text.contains("still being played"), "{text}");
    // Given a short Welsh match played to its end
    let id = finished_welsh_match(&at).await;
    // When alice asks for its analysis
    let out = run(&at, "alice", Command::Analyse(MatchRef::id(id))).await;
    assert!(out.lines[0].contains("is queued"), "{:?}", out.lines);
    // And the job runs
    let report = at.club.run_next_analysis().await.unwrap().unwrap();
    // Then the report says who judged, plainly, and each player's totals
    assert!(!report.failed, "{:?}", report.lines);
    let text = report.lines.join("\n");
    assert!(
        text.contains("by gammonbot's Welsh player at level strong, not a perfect judge"),
        "{text}"
    );
    assert!(text.contains("alice: ") && text.contains("bob: "), "{text}");
    assert!(text.contains("worst decision"), "{text}");
    // And every judged decision lost 0 or more, the worst three are the largest, worst
    // first, each drawn as a Welsh board
    let row = at.store.analysis(report.job).await.unwrap().unwrap();
    let review: WelshReview =
        serde_json::from_str(row.result.as_deref().expect("the review is stored")).unwrap();
    assert!(!review.decisions.is_empty());
    assert!(
        review
            .decisions
            .iter()
            .all(|d| d.loss.is_none_or(|l| l >= 0.0)),
        "{:?}",
        review.decisions
    );
    let mut losses: Vec<f64> = review.decisions.iter().filter_map(|d| d.loss).collect();
    losses.sort_by(|a, b| b.total_cmp(a));
    let worst: Vec<f64> = review
        .worst
        .iter()
        .map(|w| w.decision.loss.unwrap())
        .collect();
    assert_eq!(worst, losses[..worst.len()].to_vec());
    assert_eq!(worst.len(), 3, "{text}");
    assert_eq!(report.boards.len(), 3);
    for b in &report.boards {
        assert_eq!(b.scene.ruleset, engine::Ruleset::Welsh);
    }
    let per_player: u32 = review.players.iter().map(|p| p.decisions).sum();
    let judged = review.decisions.iter().filter(|d| d.loss.is_some()).count();
    assert_eq!(per_player as usize, judged);
    // And asking again answers from the stored review at once, with the boards
    let again = run(&at, "bob", Command::Analyse(MatchRef::id(id))).await;
    assert!(
        matches!(&again.chart, Some(club::Chart::Blunders(b)) if b.len() == 3),
        "{:?}",
        again.lines
    );
    // (the pictures, when asked for: GAMMONBOT_WELSH_PNGS=dir)
    if let Ok(dir) = std::env::var("GAMMONBOT_WELSH_PNGS") {
        for (i, b) in report.boards.iter().enumerate() {
            let png = render::blunder_png(b).unwrap();
            std::fs::write(format!("{dir}/welsh-worst-{}.png", i + 1), png).unwrap();
        }
    }
}

#[tokio::test]
async fn a_welsh_doubling_decision_is_judged_at_the_score_with_its_loss_in_games() {
    // Given a Welsh match to 3 games whose first player to throw with the right to double
    // doubles at once, then played to its end by the weak level
    let at = Fixture::seeded(&store_url("welsh-analysis-doubling").await, 5).await;
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::welsh(3)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 21),
        EvalPlayer::new(net, Level::Weak, 22),
    );
    let mut doubled: Option<(engine::welsh::WelshMatch, Side)> = None;
    play_welsh_to_end(&at.store, id, [&mut x, &mut o], async |side, cmd| {
        let name = if side == Side::X { "alice" } else { "bob" };
        let m = clubkit::stored_welsh(&at.store, id).await;
        let cmd = match cmd {
            Command::Match(r, club::MatchOp::Roll)
                if doubled.is_none() && welsh_player::player::can_double(&m, side) =>
            {
                doubled = Some((m, side));
                Command::Match(r, club::MatchOp::Double)
            }
            other => other,
        };
        run(&at, name, cmd).await;
    })
    .await;
    let (before, side) = doubled.expect("someone could double");
    // When the match is analysed
    run(&at, "alice", Command::Analyse(MatchRef::id(id))).await;
    let report = at.club.run_next_analysis().await.unwrap().unwrap();
    assert!(!report.failed, "{:?}", report.lines);
    let row = at.store.analysis(report.job).await.unwrap().unwrap();
    let review: WelshReview = serde_json::from_str(row.result.as_deref().unwrap()).unwrap();
    // Then that double is judged with an equity: the loss in games the Welsh player's
    // view at the score gives it, with both chances of winning the match said
    let view = welsh_player::Advisor::at_score(net, welsh_player::shipped_table())
        .doubling(&before, side)
        .at_score
        .expect("a match to 3 is within the table");
    let d = review
        .decisions
        .iter()
        .find(|d| d.kind == "doubling" && d.side == side)
        .expect("the double is judged");
    assert_eq!(d.played, "double");
    let loss = d.loss.expect("judged with an equity");
    assert!(
        (loss - f64::from(view.loss_in_games(true))).abs() < 1e-6,
        "{loss} against {}",
        view.loss_in_games(true)
    );
    let pct = |v: f32| format!("{:.1}%", 100.0 * v);
    assert!(
        d.best.contains(&format!(
            "match-winning chance {} doubling, {} not",
            pct(view.double),
            pct(view.no_double)
        )),
        "{}",
        d.best
    );
    // And it is counted in the player's totals like the other decisions
    let p = &review.players[side.index()];
    assert!(p.doublings >= 1);
    let judged = review
        .decisions
        .iter()
        .filter(|d| d.side == side && d.loss.is_some())
        .count();
    assert_eq!(p.decisions as usize, judged);
    // And the header says the equities are at the score
    let text = report.lines.join("\n");
    assert!(
        text.contains(&format!(
            "at the score through the match equity table made from {} self-play games",
            welsh_player::shipped_table().counts().games
        )),
        "{text}"
    );
}
