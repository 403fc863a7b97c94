//! Practice (issue 32): `/hint` in words for the player on turn, where practice is
//! allowed and refused; the tutor flagging a blunder and not the best play; `/undo` once,
//! only of a flagged action of one's own, never after the opponent acted; the log with an
//! undo rebuilding to the same state; the tutor with gnubg missing. GNU Backgammon is
//! real (/usr/games/gnubg).

use std::sync::Arc;

use club::Refusal;
use club::{
    ChallengeOp, ChallengeOption, ChallengeOptions, ChallengeSpec, Club, ClubError, Command, Entry,
    Look, MatchOp, MatchRef, PracticeOp, Snapshot,
};
use clubkit::{Fixture, START, ScriptDice, accepted, assert_match_rebuilds, refused, run};
use engine::{AnyMatch, Dice, Phase, Side, format_play};
use testkit::store_url;

/// A club whose dice throw 6-1 for the opening (alice, X, plays it), then 4s.
async fn open(name: &str) -> Fixture {
    Fixture::open(
        &store_url(name).await,
        Arc::new(ScriptDice::new(&[6, 1])),
        START,
    )
    .await
}

/// A 3-point practice match of alice and bob with the tutor on, accepted: alice has 6-1
/// to play.
async fn tutor_match(at: &Fixture) -> MatchRef {
    let spec = ChallengeOptions {
        length: Some(3),
        practice: Some(true),
        tutor: Some(true),
        ..ChallengeOptions::default()
    }
    .terms()
    .unwrap();
    let (id, out) = accepted(at, "alice", "bob", spec).await;
    assert!(
        said(&out.lines, "unrated, practice with the tutor"),
        "{:?}",
        out.lines
    );
    assert_eq!(out.next.unwrap().name, "alice");
    MatchRef::id(id)
}

async fn snapshot(at: &Fixture, m: MatchRef) -> Snapshot {
    let row = at
        .store
        .load_match(m.id.unwrap().get())
        .await
        .unwrap()
        .unwrap();
    serde_json::from_str(row.state.as_deref().unwrap()).unwrap()
}

fn phase(s: &Snapshot) -> Phase {
    let AnyMatch::Standard(m) = &s.game else {
        unreachable!()
    };
    m.phase()
}

fn said(lines: &[String], words: &str) -> bool {
    lines.iter().any(|l| l.contains(words))
}

#[tokio::test]
async fn a_hint_names_gnubgs_best_play_first_for_the_player_on_turn_only() {
    let at = open("practice-hint").await;
    let m = tutor_match(&at).await;
    // gnubg itself, run apart as the oracle: its best play for the opening 6-1 at the
    // hint level
    let snap = snapshot(&at, m).await;
    let AnyMatch::Standard(game) = &snap.game else {
        unreachable!()
    };
    let dice = Dice::new(6, 1).unwrap();
    let pool = gnubg::Pool::new(gnubg::BotSettings::default());
    let best = pool
        .play(
            &gnubg::Situation::of(game, Side::X),
            dice,
            gnubg::HINT_LEVEL,
        )
        .unwrap();
    let best = format_play(&game.position().view(Side::X), &best);
    // When alice asks for a hint
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    // Then it names gnubg's best play first, and two more with what they lose
    let line = &out.lines[0];
    assert!(line.contains(&format!(": {best} is best; ")), "{line}");
    assert_eq!(line.matches(" loses ").count(), 2, "{line}");
    // And nothing changed in the match
    assert_eq!(snapshot(&at, m).await, snap);
    // When bob, whose decision it is not, asks
    let text = refused(&at, "bob", Command::Practice(m, PracticeOp::Hint))
        .await
        .to_string();
    // Then he is told plainly
    assert!(
        text.contains("it is not your decision: alice must"),
        "{text}"
    );
}

#[tokio::test]
async fn a_hint_is_refused_in_a_rated_match_and_in_a_match_not_opened_for_practice() {
    let at = open("practice-hint-refused").await;
    let (rated, _) = accepted(&at, "alice", "bob", ChallengeSpec::standard(Some(3))).await;
    let text = refused(
        &at,
        "alice",
        Command::Practice(MatchRef::id(rated), PracticeOp::Hint),
    )
    .await
    .to_string();
    assert!(text.contains(&format!("match #{rated} is rated")), "{text}");
    let friendly = ChallengeSpec {
        rated: false,
        ..ChallengeSpec::standard(Some(3))
    };
    let (id, _) = accepted(&at, "carol", "dave", friendly).await;
    let text = refused(
        &at,
        "carol",
        Command::Practice(MatchRef::id(id), PracticeOp::Hint),
    )
    .await
    .to_string();
    assert!(
        text.contains(&format!("match #{id} is not a practice match")),
        "{text}"
    );
    // Nor may a flagged action be undone where there is no tutor
    let text = refused(
        &at,
        "carol",
        Command::Practice(MatchRef::id(id), PracticeOp::Undo),
    )
    .await
    .to_string();
    assert!(text.contains("is not a practice match"), "{text}");
}

#[test]
fn practice_is_unrated_and_the_tutor_needs_practice() {
    // Practice asked for with rated play: refused, naming practice
    let e = ChallengeOptions {
        practice: Some(true),
        rated: Some(true),
        ..ChallengeOptions::default()
    }
    .terms()
    .unwrap_err();
    assert_eq!(e.option, ChallengeOption::Practice);
    assert!(e.to_string().contains("never rated"), "{e}");
    // Practice alone makes an unrated match
    let spec = ChallengeOptions {
        practice: Some(true),
        ..ChallengeOptions::default()
    }
    .terms()
    .unwrap();
    assert!(spec.practice && !spec.rated);
}

#[tokio::test]
async fn the_tutor_without_practice_and_practice_in_rated_terms_are_refused_and_the_welsh_tutor_is_not()
 {
    let at = open("practice-terms").await;
    let challenge = |spec| {
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        })
    };
    let tutor_only = ChallengeSpec {
        tutor: true,
        rated: false,
        ..ChallengeSpec::standard(Some(3))
    };
    let text = refused(&at, "alice", challenge(tutor_only))
        .await
        .to_string();
    assert!(text.contains("the tutor is for practice"), "{text}");
    let rated_practice = ChallengeSpec {
        practice: true,
        ..ChallengeSpec::standard(Some(3))
    };
    let e = refused(&at, "alice", challenge(rated_practice)).await;
    assert!(matches!(e, ClubError::Refused(Refusal::Terms(_))), "{e}");
    // Welsh practice with the tutor is refused no more (issue 50): gammonbot's own
    // Welsh player judges for it
    let welsh = ChallengeSpec {
        practice: true,
        tutor: true,
        rated: false,
        ..ChallengeSpec::welsh(5)
    };
    let out = run(&at, "alice", challenge(welsh)).await;
    assert!(
        said(&out.lines, "practice with the tutor"),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn the_tutor_flags_a_blunder_which_may_be_undone_once_and_not_the_best_play() {
    let at = open("practice-tutor").await;
    let m = tutor_match(&at).await;
    let before = snapshot(&at, m).await;
    // When alice plays 6-1 as 8/2 6/5 (gnubg's 13/7 8/7 is far better)
    let out = run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    // Then the play is made, and the tutor says what was better and by how much
    assert!(
        said(
            &out.lines,
            "The tutor to alice: 13/7 8/7 was better: 8/2 6/5 loses 0."
        ),
        "{:?}",
        out.lines
    );
    assert!(said(&out.lines, "/undo takes it back"), "{:?}", out.lines);
    let held = snapshot(&at, m).await;
    assert!(held.tutor_holds());
    assert!(matches!(phase(&held), Phase::ToRoll(Side::O)));
    // And bob cannot undo alice's play
    let text = refused(&at, "bob", Command::Practice(m, PracticeOp::Undo))
        .await
        .to_string();
    assert!(text.contains("only they can undo it"), "{text}");
    // When alice undoes it
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Undo)).await;
    // Then the position and the dice in hand are as before the play
    let after = snapshot(&at, m).await;
    assert_eq!(after.game, before.game);
    assert!(!after.tutor_holds());
    assert!(
        said(&out.lines, "the dice are 6-1 again"),
        "{:?}",
        out.lines
    );
    // And it works once only
    let text = refused(&at, "alice", Command::Practice(m, PracticeOp::Undo))
        .await
        .to_string();
    assert!(text.contains("once already"), "{text}");
    // When she plays gnubg's best play: the tutor says nothing
    let out = run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move("13/7 8/7".into())),
    )
    .await;
    assert!(!said(&out.lines, "The tutor"), "{:?}", out.lines);
    let text = refused(&at, "alice", Command::Practice(m, PracticeOp::Undo))
        .await
        .to_string();
    assert!(text.contains("there is nothing to undo"), "{text}");
    // And the log, with its undo, rebuilds to the same state (the 8/2 6/5 play out of
    // the match's actions)
    let log = clubkit::match_log(&at.store, m.id.unwrap()).await;
    assert!(
        log.iter()
            .any(|e| matches!(e, Entry::Undo { side: Side::X }))
    );
    assert_match_rebuilds(&at.store, m.id.unwrap()).await;
    // And the fair-dice record has the 6-1 thrown once, with the play kept
    let Some(Entry::Challenge { spec }) = log.first() else {
        unreachable!()
    };
    let names = ["alice".to_string(), "bob".to_string()];
    let played = club::match_played(spec, &log, &names).unwrap();
    assert_eq!(played.len(), 1, "{played:?}");
    assert_eq!(played[0].play.as_deref(), Some("13/7 8/7"), "{played:?}");
}

#[tokio::test]
async fn an_undo_is_refused_once_the_opponent_has_acted_and_kept_play_goes_on() {
    let at = open("practice-undo-late").await;
    let m = tutor_match(&at).await;
    run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    // When bob rolls (the tutor lets him: his roll was no cube error)
    run(&at, "bob", Command::Match(m, MatchOp::Roll)).await;
    // Then alice's undo comes too late
    let text = refused(&at, "alice", Command::Practice(m, PracticeOp::Undo))
        .await
        .to_string();
    assert!(text.contains("too late to undo: bob has acted"), "{text}");
    assert_match_rebuilds(&at.store, m.id.unwrap()).await;
}

#[tokio::test]
async fn a_flagged_play_may_be_kept_which_ends_the_hold() {
    let at = open("practice-keep").await;
    let m = tutor_match(&at).await;
    run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    assert!(snapshot(&at, m).await.tutor_holds());
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Keep)).await;
    assert!(said(&out.lines, "alice keeps"), "{:?}", out.lines);
    assert!(!snapshot(&at, m).await.tutor_holds());
    let text = refused(&at, "alice", Command::Practice(m, PracticeOp::Undo))
        .await
        .to_string();
    assert!(text.contains("you kept"), "{text}");
    assert_match_rebuilds(&at.store, m.id.unwrap()).await;
}

#[tokio::test]
async fn with_gnubg_missing_the_play_is_made_and_the_tutor_says_it_could_not_judge() {
    let store = store::Store::open(&store_url("practice-no-gnubg").await)
        .await
        .unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(ScriptDice::new(&[6, 1])),
        Arc::new(club::ManualClock::new(START)),
    )
    .with_bot(gnubg::BotSettings {
        search_path: "/nonexistent".into(),
        ..gnubg::BotSettings::default()
    });
    let spec = ChallengeOptions {
        length: Some(3),
        practice: Some(true),
        tutor: Some(true),
        ..ChallengeOptions::default()
    }
    .terms()
    .unwrap();
    let (id, _) = accepted(&club, "alice", "bob", spec).await;
    let m = MatchRef::id(id);
    let out = run(
        &club,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    assert!(
        said(&out.lines, "The tutor could not judge alice's move"),
        "{:?}",
        out.lines
    );
    let text = refused(&club, "bob", Command::Practice(m, PracticeOp::Hint))
        .await
        .to_string();
    assert!(
        text.contains("GNU Backgammon could not give a hint"),
        "{text}"
    );
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn a_league_carries_no_practice_and_a_hint_in_its_match_is_refused_saying_so() {
    use club::{Format, LeagueCommand, LeagueOp};
    let at = open("practice-league").await;
    let league = |op| Command::League(LeagueCommand::local(Some("Friends"), op));
    let create = |spec| {
        league(LeagueOp::Create {
            name: "Friends".into(),
            format: Format::RoundRobin,
            spec,
        })
    };
    // A league on practice terms is refused
    let practice = ChallengeSpec {
        practice: true,
        rated: false,
        ..ChallengeSpec::standard(Some(3))
    };
    let text = refused(&at, "org", create(practice)).await.to_string();
    assert!(text.contains("no practice or tutor in a league"), "{text}");
    // An unrated league's match: a hint is refused, saying it is a league match
    let unrated = ChallengeSpec {
        rated: false,
        ..ChallengeSpec::standard(Some(3))
    };
    run(&at, "org", create(unrated)).await;
    for p in ["ann", "ben", "cat"] {
        run(&at, p, league(LeagueOp::Join)).await;
    }
    let out = run(&at, "org", league(LeagueOp::Start { order: None })).await;
    let id: i64 = out
        .lines
        .iter()
        .find_map(|l| l.strip_prefix("Match #"))
        .and_then(|l| l.split(':').next())
        .unwrap()
        .parse()
        .unwrap();
    let row = at.store.load_match(id).await.unwrap().unwrap();
    let player = at.store.player_by_id(row.players[0]).await.unwrap();
    let text = refused(
        &at,
        &player.display_name,
        Command::Practice(MatchRef::id(id), PracticeOp::Hint),
    )
    .await
    .to_string();
    assert!(
        text.contains(&format!("match #{id} is a league match")),
        "{text}"
    );
}

#[tokio::test]
async fn in_a_match_of_two_people_the_opponent_stays_next_while_the_tutor_holds() {
    let at = open("practice-hold-next").await;
    let m = tutor_match(&at).await;
    // When alice's play is flagged and held
    let out = run(
        &at,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    // Then she is told she may take it back, and bob may act (which ends the hold): he
    // is next, with his own choices only
    assert!(
        said(
            &out.lines,
            "alice: /undo takes it back (once), /keep lets bob go on"
        ),
        "{:?}",
        out.lines
    );
    for out in [out, run(&at, "alice", Command::Look(Look::Board(m))).await] {
        let next = out.next.expect("bob to act");
        assert_eq!(next.name, "bob");
        assert!(
            !next
                .choices
                .iter()
                .any(|c| matches!(c, club::Choice::Undo | club::Choice::Keep)),
            "{next:?}"
        );
        assert_eq!(out.board.unwrap().to_act, Some(Side::O));
    }
}

#[tokio::test]
async fn a_hint_before_a_money_games_opening_throw_says_to_roll_it() {
    // Given a money practice session of alice and bob whose first game bob has dropped
    let at = open("practice-hint-opening").await;
    let spec = ChallengeSpec {
        practice: true,
        rated: false,
        ..ChallengeSpec::standard(None)
    };
    let (id, mut out) = accepted(&at, "alice", "bob", spec).await;
    let m = MatchRef::id(id);
    for _ in 0..20 {
        if phase(&snapshot(&at, m).await) == Phase::Opening {
            break;
        }
        let next = out.next.clone().expect("someone is next");
        let cmd = match next.what.as_str() {
            w if w.starts_with("move") => {
                let moves = at
                    .club
                    .legal_moves(&club::Actor::local(&next.name), m)
                    .await
                    .unwrap();
                MatchOp::Move(moves[0].clone())
            }
            w if w.starts_with("roll or double") => MatchOp::Double,
            w if w.starts_with("take") => MatchOp::Drop,
            _ => MatchOp::Roll,
        };
        out = run(&at, &next.name, Command::Match(m, cmd)).await;
    }
    assert_eq!(phase(&snapshot(&at, m).await), Phase::Opening);
    // When alice asks for a hint before the next game's opening throw
    let out = run(&at, "alice", Command::Practice(m, PracticeOp::Hint)).await;
    // Then she is told that the throw is the only thing to do, and who may make it
    assert!(
        said(
            &out.lines,
            "nothing to decide before the opening throw: /roll it"
        ),
        "{:?}",
        out.lines
    );
}
