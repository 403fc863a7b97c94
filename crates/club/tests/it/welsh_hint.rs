//! `/hint` in a Welsh practice match (issue 33): gammonbot's own Welsh player at its
//! strongest level gives the three best plays with their equities, the doubling and
//! nominate decisions before the throw, at the score (issue 50); refused where practice
//! is not allowed.

use std::sync::Arc;

use club::{ChallengeOp, ChallengeSpec, Command, MatchOp, MatchRef, PracticeOp, Snapshot, Starter};
use clubkit::{Fixture, START, ScriptDice, accepted, refused, run};
use engine::welsh::{Parity, WelshMatch, format_welsh_play};
use engine::{AnyMatch, Side};
use testkit::store_url;
use welsh_player::features::Context;
use welsh_player::{Advisor, EvalPlayer, Level};

/// A Welsh practice match (to 5 games) of alice (X) and bob (O), with the shaker's
/// concealed throw 2-1 (odd: bob, who calls odds, wins the call and lets alice start),
/// then alice's throw 6-4.
async fn welsh_practice(name: &str) -> (Fixture, MatchRef) {
    welsh_practice_throwing(name, &[2, 1, 6, 4]).await
}

/// The same, with `dice` scripted (the shaker's concealed throw first).
async fn welsh_practice_throwing(name: &str, dice: &[u8]) -> (Fixture, MatchRef) {
    let at = Fixture::open(
        &store_url(name).await,
        Arc::new(ScriptDice::new(dice)),
        START,
    )
    .await;
    let spec = ChallengeSpec {
        practice: true,
        rated: false,
        ..ChallengeSpec::welsh(5)
    };
    let (id, out) = accepted(&at, "alice", "bob", spec).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("practice (hints allowed)")),
        "{:?}",
        out.lines
    );
    let m = MatchRef::id(id);
    run(&at, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    run(
        &at,
        "bob",
        Command::Match(m, MatchOp::Choose(Starter::Opponent)),
    )
    .await;
    (at, m)
}

async fn welsh_game(at: &Fixture, m: MatchRef) -> (Snapshot, WelshMatch) {
    let row = at
        .store
        .load_match(m.id.unwrap().get())
        .await
        .unwrap()
        .unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(w) = snap.game.clone() else {
        panic!("a Welsh match")
    };
    (snap, w)
}

#[tokio::test]
async fn a_welsh_hint_names_three_plays_best_first_with_equities_the_first_the_players_choice() {
    // Given a Welsh practice match where alice is about to throw for the first game
    let (at, m) = welsh_practice("welsh-hint").await;
    // When she asks for a hint before throwing
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    // Then she is told the doubling and nominate decisions with what decides them
    let line = &out.lines[0];
    assert!(
        line.starts_with(&format!(
            "Hint for alice (match #{}, gammonbot's Welsh player at strong): ",
            m.id.unwrap()
        )),
        "{line}"
    );
    assert!(line.contains("double: at the score, "), "{line}");
    assert!(
        line.contains("nominate card") || line.contains("Nominate "),
        "{line}"
    );
    // When she has thrown 6-4 and asks again
    run(&at, "alice", Command::Match(m, MatchOp::Roll)).await;
    let (snap, w) = welsh_game(&at, m).await;
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    // Then the first play is the strong level's own choice, in Welsh notation, with its
    // equity, and two more with what they lose
    let plays = w.legal_plays();
    let before = w.position().view(Side::X);
    let (best, _) = EvalPlayer::new(welsh_player::shipped(), Level::Strong, 1).choose(
        &before,
        &Context::of(&w, Side::X),
        &plays,
    );
    let best = format_welsh_play(&before, &plays[best].play);
    let line = &out.lines[0];
    assert!(
        line.contains(&format!(": {best} is best at 1-ply (")),
        "{line}"
    );
    assert_eq!(line.matches(" loses ").count(), 2, "{line}");
    // equities are signed numbers with three decimals, and the losses come in order
    let losses: Vec<f64> = line
        .split(" loses ")
        .skip(1)
        .map(|s| s.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(losses[0] >= 0.0 && losses[1] >= losses[0], "{line}");
    // and her nominate decision for bob's next turn
    assert!(line.contains("for your opponent"), "{line}");
    // And nothing changed in the match
    assert_eq!(welsh_game(&at, m).await.0, snap);
    // When bob, whose decision it is not, asks
    let text = refused(&at, "bob", Command::Practice(m, PracticeOp::Hint))
        .await
        .to_string();
    assert!(
        text.contains("it is not your decision: alice must"),
        "{text}"
    );
}

#[tokio::test]
async fn a_welsh_hint_is_refused_in_a_rated_welsh_match_and_a_welsh_tutor_challenge_is_not() {
    let at = Fixture::seeded(&store_url("welsh-hint-refused").await, 3).await;
    // Given a rated Welsh match
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::welsh(5)).await;
    // When bob, who calls first, asks for a hint
    let text = refused(
        &at,
        "bob",
        Command::Practice(MatchRef::id(id), PracticeOp::Hint),
    )
    .await
    .to_string();
    // Then he is told why not
    assert!(text.contains(&format!("match #{id} is rated")), "{text}");
    // And a Welsh challenge with the tutor is refused no more (issue 50: the Welsh
    // player judges for it)
    let tutor = ChallengeSpec {
        practice: true,
        tutor: true,
        rated: false,
        ..ChallengeSpec::welsh(5)
    };
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: "dave".into(),
        spec: tutor,
    });
    let out = run(&at, "carol", challenge).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("practice with the tutor")),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn a_welsh_hint_before_the_throw_gives_both_match_winning_chances_of_doubling() {
    // Given a Welsh practice match where alice is about to throw for the first game
    let (at, m) = welsh_practice("welsh-hint-doubling").await;
    let (_, w) = welsh_game(&at, m).await;
    // When she asks for a hint
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    let line = &out.lines[0];
    // Then the doubling line gives the Welsh player's chances of winning the match at the
    // score with and without the double, and what the wrong choice loses
    let v = Advisor::at_score(welsh_player::shipped(), welsh_player::shipped_table())
        .doubling(&w, Side::X)
        .at_score
        .expect("a match to 5 is within the table");
    let pct = |x: f32| format!("{:.1}%", 100.0 * x);
    assert!(
        line.contains(&format!(
            "your match-winning chance is {} if you double against {} if you do not; {} loses {:.1} percentage points ({:.3} in games)",
            pct(v.double),
            pct(v.no_double),
            if v.doubles() { "not doubling" } else { "doubling" },
            100.0 * v.loss(!v.doubles()),
            v.loss_in_games(!v.doubles()),
        )),
        "{line}"
    );
    assert!(
        line.starts_with(&format!(
            "Hint for alice (match #{}, gammonbot's Welsh player at strong): {}: at the score",
            m.id.unwrap(),
            if v.doubles() { "Double" } else { "No double" }
        )),
        "{line}"
    );
    // And the 72% threshold of the cubeless player is not said
    assert!(!line.contains("doubles from"), "{line}");
}

#[tokio::test]
async fn a_welsh_hint_with_a_1_2_names_the_ply_of_each_figure() {
    // Given alice has thrown a 1-2 (acey-deucey, rule 13) in a Welsh practice match
    let (at, m) = welsh_practice_throwing("welsh-hint-plies", &[2, 1, 2, 1]).await;
    run(&at, "alice", Command::Match(m, MatchOp::Roll)).await;
    // When she asks for a hint
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    let line = &out.lines[0];
    // Then the throw-again figures (0-ply, what the player decides by) and the plays'
    // (1-ply) each say which they are, so that no sentence mixes the two unnamed
    assert!(
        line.contains(": at 0-ply the 1-2's best play is "),
        "{line}"
    );
    assert!(line.contains(" is best at 1-ply ("), "{line}");
}

#[tokio::test]
async fn hints_past_the_hourly_limit_are_refused_saying_when_the_next_one_frees() {
    // Given a Welsh practice match whose club allows 2 hints an hour
    let (at, m) = welsh_practice("welsh-hint-quota").await;
    let at = at.with_quotas(club::Quotas {
        hints_per_hour: 2,
        ..club::Quotas::default()
    });
    // When alice asks for three hints within the hour
    run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    at.clock.advance(600);
    run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    at.clock.advance(600);
    let e = refused(&at, "alice", Command::Practice(m, PracticeOp::Hint))
        .await
        .to_string();
    // Then the third is refused with the limit and the wait (the first frees at 60 min)
    assert!(
        e.contains("you have asked for 2 hints in the past hour") && e.contains("40 minutes"),
        "{e}"
    );
    // And an hour after the first, she may ask again
    at.clock.advance(2400);
    run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
}
