//! Announcements of automatic rolls and forced plays; every bad input refused clearly with
//! the database unchanged; the Holland rule as a challenge option.

use super::fixtures::{challenge, open, play_on};
use club::{
    ChallengeOp, ChallengeSpec, ClubError, Command, Entry, Look, MatchOp, MatchRef, PlayerOp,
};
use clubkit::{match_log, refused, run};
use engine::welsh::{NominateFor, Parity};
use engine::{ResignLevel, Side};
use testkit::{Rng, store_url};

#[tokio::test]
async fn auto_roll_and_forced_plays_are_announced() {
    let f = open(&store_url("auto").await, 13).await;
    run(
        &f,
        "bob",
        Command::Player(PlayerOp::Settings {
            auto_roll: Some(true),
            notify_dm: None,
            digest: club::DigestOptions::default(),
        }),
    )
    .await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    play_on(&f, id, out, &mut Rng::new(1), 400).await;
    let log = match_log(&f.store, id).await;
    let auto_rolls = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    side: Side::O,
                    action: engine::Action::Roll(_),
                    auto: true,
                    ..
                }
            )
        })
        .count();
    let bob_rolls = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    side: Side::O,
                    action: engine::Action::Roll(_),
                    ..
                }
            )
        })
        .count();
    assert!(
        bob_rolls > 0 && auto_rolls == bob_rolls,
        "{auto_rolls} of {bob_rolls}"
    );
    // (Had the club asked bob to roll, the policy would have sent /roll, logged as his.)
    // Forced plays were made by the club, and the history shows them as plays.
    let forced = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    action: engine::Action::Play(_),
                    auto: true,
                    ..
                }
            )
        })
        .count();
    assert!(forced > 0, "no forced play in {} entries", log.len());
    let hist = run(&f, "alice", Command::Look(Look::History(MatchRef::id(id)))).await;
    assert!(
        hist.lines.iter().any(|l| l.contains("bob rolls")),
        "{:?}",
        hist.lines
    );
}

/// Each refusal: who, what, a phrase the message must contain.
#[tokio::test]
async fn bad_input_catalogue_each_refused_clearly_with_the_database_unchanged() {
    let f = open(&store_url("bad_input").await, 1).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    let (wid, _) = challenge(&f, ChallengeSpec::welsh(5)).await;
    let m = MatchRef::id(id);
    let w = MatchRef::id(wid);
    let on_turn = out.next.unwrap().name;
    let other = if on_turn == "alice" { "bob" } else { "alice" };
    let long = "x".repeat(10_000);
    let mut bad_spec = ChallengeSpec::standard(Some(0));
    let cases: Vec<(&str, Command, &str)> = vec![
        (
            "alice",
            Command::Match(MatchRef::id(999), MatchOp::Roll),
            "there is no match #999",
        ),
        (
            "carol",
            Command::Match(m, MatchOp::Roll),
            "only they can act on it",
        ),
        (
            other,
            Command::Match(m, MatchOp::Move("13/7".into())),
            "turn",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Double),
            "make your move",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Move("24/30".into())),
            "cannot read `24/30`",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Move("banana".into())),
            "cannot read `banana`",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Move(long.clone())),
            "too long",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Move("13/7 \u{1F3B2}\u{0301}".into())),
            "cannot read `\u{1F3B2}\u{0301}`",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Take),
            "no double is waiting",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Reroll),
            "is a Welsh command",
        ),
        (
            &on_turn,
            Command::Match(m, MatchOp::Call(Parity::Odd)),
            "is a Welsh command",
        ),
        (
            "bob",
            Command::Match(w, MatchOp::Take),
            "is a standard command",
        ),
        (
            "bob",
            Command::Match(w, MatchOp::Resign(ResignLevel::Single)),
            "is a standard command",
        ),
        (
            "alice",
            Command::Match(w, MatchOp::Call(Parity::Odd)),
            "bob's turn",
        ),
        (
            "bob",
            Command::Match(w, MatchOp::Roll),
            "call odds or evens",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::Accept(m)),
            "only a challenge waiting",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "alice".into(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
            "yourself",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec: bad_spec,
            }),
            "1 to 64 points",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: long.clone(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
            "too long",
        ),
        (
            "dave",
            Command::Match(MatchRef::default(), MatchOp::Roll),
            "no open match",
        ),
        (
            "alice",
            Command::Match(w, MatchOp::Nominate(NominateFor::Me, (7, 1))),
            "bob must call odds or evens",
        ),
        (
            "bob",
            Command::Match(
                w,
                MatchOp::Concede {
                    games: 3,
                    payment: false,
                },
            ),
            "no offer-to-concede occasion",
        ),
    ];
    bad_spec.length = Some(10_000);
    let cases = cases.into_iter().chain([
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec: bad_spec,
            }),
            "1 to 64 points",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::welsh(5);
                    s.beavers = true;
                    s
                },
            }),
            "Welsh backgammon has its own rules",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::standard(None);
                    s.raccoons = true;
                    s
                },
            }),
            "raccoons need beavers",
        ),
        (
            "alice",
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::standard(Some(5));
                    s.time.bank = -5;
                    s
                },
            }),
            "time bank",
        ),
    ]);
    // A player is recorded when he first speaks: let every speaker speak once first.
    for name in ["alice", "bob", "carol", "dave"] {
        run(&f, name, Command::Look(Look::Games)).await;
    }
    let before = f.store.fingerprint().await.unwrap();
    for (name, cmd, phrase) in cases {
        let e = refused(&f, name, cmd.clone()).await;
        let msg = e.to_string();
        assert!(!msg.is_empty() && msg.len() < 300, "{cmd:?}: {msg}");
        assert!(msg.contains(phrase), "{cmd:?}: `{msg}` lacks `{phrase}`");
        assert!(
            !matches!(e, ClubError::Store(_) | ClubError::Corrupt(..)),
            "{cmd:?}: {msg}"
        );
        assert_eq!(
            before,
            f.store.fingerprint().await.unwrap(),
            "{cmd:?} changed the database"
        );
    }
}
