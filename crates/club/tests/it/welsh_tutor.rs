//! The tutor in a Welsh practice match (issue 50): gammonbot's own Welsh player judges a
//! player's decisions at the score; a play that gives away more than the threshold is
//! made and held, and may be taken back once with `/undo` (the throw in hand again) or
//! kept with `/keep` (the match goes on).

use std::sync::Arc;

use club::{
    ChallengeSpec, Command, MatchOp, MatchRef, PracticeOp, Snapshot, Starter, TUTOR_THRESHOLD,
};
use clubkit::{Fixture, START, ScriptDice, accepted, run};
use engine::welsh::{Parity, WelshMatch, WelshPhase, format_welsh_play};
use engine::{AnyMatch, Side};
use testkit::store_url;

async fn snapshot(at: &Fixture, m: MatchRef) -> Snapshot {
    let row = at
        .store
        .load_match(m.id.unwrap().get())
        .await
        .unwrap()
        .unwrap();
    serde_json::from_str(row.state.as_deref().unwrap()).unwrap()
}

fn welsh(s: &Snapshot) -> WelshMatch {
    let AnyMatch::Welsh(w) = &s.game else {
        panic!("a Welsh match")
    };
    w.clone()
}

fn said(lines: &[String], words: &str) -> bool {
    lines.iter().any(|l| l.contains(words))
}

/// The play the Welsh player at the score rates worst (1-ply) for the side to play in
/// `w`, with the best play, both in Welsh notation, and what the worst loses.
fn worst_play(w: &WelshMatch) -> (String, String, f32) {
    let WelshPhase::ToPlay { side, .. } = w.phase() else {
        panic!("a throw in hand")
    };
    let legal = w.legal_plays();
    let adv =
        welsh_player::Advisor::at_score(welsh_player::shipped(), welsh_player::shipped_table());
    let ranked = adv.plays(w, side, &legal, legal.len(), None);
    let best = ranked
        .iter()
        .max_by(|a, b| a.equity.total_cmp(&b.equity))
        .unwrap();
    let worst = ranked
        .iter()
        .min_by(|a, b| a.equity.total_cmp(&b.equity))
        .unwrap();
    let before = w.position().view(side);
    let text = |i: usize| format_welsh_play(&before, &legal[i].play);
    (
        text(worst.index),
        text(best.index),
        best.equity - worst.equity,
    )
}

#[tokio::test]
async fn the_welsh_tutor_holds_a_bad_play_which_undo_takes_back_to_the_throw_and_keep_lets_go_on() {
    // Given a Welsh practice match with the tutor (refused before issue 50): the
    // shaker's concealed throw 2-1 (bob calls odds, wins, lets alice start), alice's
    // throw 6-4, then bob's 5-3
    let at = Fixture::open(
        &store_url("welsh-tutor").await,
        Arc::new(ScriptDice::new(&[2, 1, 6, 4, 5, 3])),
        START,
    )
    .await;
    let spec = ChallengeSpec {
        practice: true,
        tutor: true,
        rated: false,
        ..ChallengeSpec::welsh(5)
    };
    let (id, out) = accepted(&at, "alice", "bob", spec).await;
    assert!(
        said(&out.lines, "practice with the tutor"),
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
    run(&at, "alice", Command::Match(m, MatchOp::Roll)).await;
    let thrown = snapshot(&at, m).await;
    let w = welsh(&thrown);
    assert!(matches!(
        w.phase(),
        WelshPhase::ToPlay { side: Side::X, .. }
    ));
    // When alice makes the play the Welsh player rates worst
    let (worst, best, loss) = worst_play(&w);
    assert!(
        f64::from(loss) > TUTOR_THRESHOLD,
        "{worst} loses only {loss}"
    );
    let out = run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move(worst.clone())),
    )
    .await;
    // Then it is made, and the tutor says what was better and by how much, and holds it
    assert!(
        said(
            &out.lines,
            &format!("The tutor to alice: {best} was better: {worst} loses ")
        ),
        "{:?}",
        out.lines
    );
    assert!(said(&out.lines, "/undo takes it back"), "{:?}", out.lines);
    let held = snapshot(&at, m).await;
    assert!(held.tutor_holds());
    // When she takes it back
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Undo)).await;
    // Then her throw is in hand again, the match as it was before the play
    assert!(
        said(&out.lines, "the throw is 6-4 again: play it"),
        "{:?}",
        out.lines
    );
    let undone = snapshot(&at, m).await;
    assert_eq!(welsh(&undone), w);
    // When she makes the best play instead, nothing is flagged and bob throws 5-3
    let out = run(&at, "alice", Command::Match(m, MatchOp::Move(best.clone()))).await;
    assert!(!said(&out.lines, "The tutor to alice"), "{:?}", out.lines);
    run(&at, "bob", Command::Match(m, MatchOp::Roll)).await;
    let w = welsh(&snapshot(&at, m).await);
    assert!(matches!(
        w.phase(),
        WelshPhase::ToPlay { side: Side::O, .. }
    ));
    // When bob makes the play the Welsh player rates worst, and keeps it
    let (worst, _, loss) = worst_play(&w);
    assert!(
        f64::from(loss) > TUTOR_THRESHOLD,
        "{worst} loses only {loss}"
    );
    let out = run(&at, "bob", Command::Match(m, MatchOp::Move(worst))).await;
    assert!(said(&out.lines, "The tutor to bob: "), "{:?}", out.lines);
    assert!(snapshot(&at, m).await.tutor_holds());
    let out = run(&at, "bob", Command::Practice(m, PracticeOp::Keep)).await;
    // Then the match goes on: alice is to throw, nothing held
    assert!(
        said(&out.lines, "bob keeps the action the tutor flagged"),
        "{:?}",
        out.lines
    );
    let kept = snapshot(&at, m).await;
    assert!(!kept.tutor_holds());
    assert!(matches!(welsh(&kept).phase(), WelshPhase::ToRoll(Side::X)));
    // And the match's record replays its log, the undo and the keep with it
    let export = run(&at, "alice", Command::Look(club::Look::Export(m))).await;
    let record = export.attachment.expect("the record").text;
    assert!(
        record.contains("alice takes back the action the tutor flagged")
            && record.contains("bob keeps the action the tutor flagged"),
        "{record}"
    );
}
