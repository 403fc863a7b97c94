//! The club suite's tests that also read the local chat: its parser gives the Holland
//! option and a Welsh guest's choice to shake or call, and its words for a break say until
//! when. The rest of the suite (`club`) drives the club alone.

use std::sync::Arc;

use club::Refusal;
use club::{
    Actor, ChallengeOp, ChallengeSpec, ClubError, Command, Look, MatchOp, MatchRef, Starter,
};
use clubkit::{Fixture, START, ScriptDice, assert_match_rebuilds, refused, run, welsh_break_due};
use engine::welsh::{NominateFor, Parity};
use testkit::store_url;

async fn open(url: &str, seed: u64) -> Fixture {
    Fixture::seeded(url, seed).await
}

async fn open_scripted(url: &str, dice: &[u8]) -> Fixture {
    Fixture::open(url, Arc::new(ScriptDice::new(dice)), START).await
}

/// The match's version now.
async fn version_of(f: &Fixture, id: i64) -> i64 {
    f.store.load_match(id).await.unwrap().unwrap().version
}

#[tokio::test]
async fn holland_rule_is_a_challenge_option_of_match_play_only() {
    // The option reaches the engine's rules, and the terms say so
    let Some((_, Command::Challenge(ChallengeOp::New { spec, .. }))) =
        gammonbot::console::parse_line("ann: /challenge bob length:5 holland:on").unwrap()
    else {
        panic!("a challenge")
    };
    assert!(spec.holland);
    assert!(club::standard_rules(&spec).holland);
    assert!(
        club::spec_words(&spec).contains("Holland"),
        "{}",
        club::spec_words(&spec)
    );
    assert!(
        !ChallengeSpec::standard(Some(5)).holland,
        "off unless asked"
    );
    // Money play refuses it, saying why
    let f = open(&store_url("holland-money").await, 1).await;
    let spec = ChallengeSpec {
        holland: true,
        ..ChallengeSpec::standard(None)
    };
    let e = f
        .club
        .execute(
            &Actor::local("ann"),
            Command::Challenge(ChallengeOp::New {
                opponent: "bob".into(),
                spec,
            }),
        )
        .await
        .expect_err("money play has no Crawford game");
    assert!(matches!(e, ClubError::Refused(Refusal::Terms(_))), "{e}");
    assert!(e.to_string().contains("Holland"), "{e}");
    assert!(e.to_string().contains("match"), "{e}");
}

#[tokio::test]
async fn regulation_d_during_a_break_game_actions_wait_for_its_end_or_resume() {
    let path = store_url("break_waits").await;
    // Concealed throw 1-2 (odds: bob chooses), alice 1-1, bob 1-1; then the next call's
    // concealed throw 3-1.
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1, 3, 1]).await;
    let id = welsh_break_due(&f).await.get();
    let m = MatchRef::id(id);
    // Given alice takes the break at 09:45:20 UTC (bob is to call)
    f.clock.advance(20);
    let out = run(&f, "alice", Command::Match(m, MatchOp::Break)).await;
    let until = "until 2027-01-15 09:55 UTC";
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("both clocks stop until 2027-01-15 09:55 UTC")),
        "{:?}",
        out.lines
    );
    // Then the prompt says the break runs, until when, and how to end it sooner
    let next = out.next.clone().expect("who acts after the break");
    assert_eq!(next.name, "bob");
    assert!(
        next.what.contains("break") && next.what.contains(until) && next.what.contains("/resume"),
        "{}",
        next.what
    );
    assert_eq!(
        next.choices,
        [club::Choice::Resume],
        "no call is offered during the break, only its end"
    );
    let hint = gammonbot::console::outcome_text(&out, f.club.now());
    assert!(hint.contains(until), "{hint}");
    let prompt = out
        .board
        .as_ref()
        .unwrap()
        .prompt
        .clone()
        .unwrap_or_default();
    assert!(
        prompt.contains("break") && prompt.contains("2027-01-15 09:55 UTC"),
        "{prompt}"
    );
    // And every game action, by either player, is refused naming the break; nothing changes
    let version = version_of(&f, id).await;
    for (who, cmd) in [
        ("bob", Command::Match(m, MatchOp::Call(Parity::Odd))),
        ("alice", Command::Match(m, MatchOp::Call(Parity::Even))),
        ("bob", Command::Match(m, MatchOp::Choose(Starter::Me))),
        ("bob", Command::Match(m, MatchOp::Roll)),
        ("alice", Command::Match(m, MatchOp::Roll)),
        ("bob", Command::Match(m, MatchOp::Double)),
        (
            "bob",
            Command::Match(m, MatchOp::Nominate(NominateFor::Me, (6, 6))),
        ),
        (
            "alice",
            Command::Match(
                m,
                MatchOp::Concede {
                    games: 1,
                    payment: false,
                },
            ),
        ),
    ] {
        let e = refused(&f, who, cmd.clone()).await;
        let e = e.to_string();
        assert!(
            e.contains("break") && e.contains(until) && e.contains("/resume"),
            "{who}: {cmd:?}: {e}"
        );
    }
    assert_eq!(version_of(&f, id).await, version);
    // And the board asked for says it too
    let board = run(&f, "bob", Command::Look(Look::Board(m))).await;
    assert!(board.next.unwrap().what.contains(until));
    // When bob resumes, the call is his again
    run(&f, "bob", Command::Match(m, MatchOp::Resume)).await;
    let out = run(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    assert!(
        out.lines.iter().any(|l| l.contains("bob calls odds")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn rule_24_i_the_challenged_guest_chooses_to_shake_or_call_in_the_first_game() {
    let f = open(&store_url("guest_shakes").await, 3).await;
    let challenge_bob = |spec| {
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        })
    };
    // Given alice challenges bob (the guest) to a Welsh match
    let id = run(&f, "alice", challenge_bob(ChallengeSpec::welsh(5)))
        .await
        .match_id
        .unwrap();
    // When bob accepts as the shaker
    let out = run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::AcceptShaking(MatchRef::id(id), Starter::Me)),
    )
    .await;
    // Then alice calls odds or evens on his concealed throw
    let next = out.next.unwrap();
    assert_eq!(next.name, "alice");
    assert!(next.what.starts_with("call"), "{}", next.what);
    assert!(
        out.lines.iter().any(|l| l.contains("bob shakes")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
    // And choosing to call, or saying nothing, bob calls (the challenger shakes)
    for cmd in [
        (|m, s| Command::Challenge(ChallengeOp::AcceptShaking(m, s)))
            as fn(MatchRef, Starter) -> Command,
        |m, _| Command::Challenge(ChallengeOp::Accept(m)),
    ] {
        let id = run(&f, "alice", challenge_bob(ChallengeSpec::welsh(5)))
            .await
            .match_id
            .unwrap();
        let out = run(&f, "bob", cmd(MatchRef::id(id), Starter::Opponent)).await;
        let next = out.next.unwrap();
        assert_eq!(
            (next.name.as_str(), next.what.starts_with("call")),
            ("bob", true)
        );
        assert_match_rebuilds(&f.store, id).await;
    }
    // The choice belongs to Welsh matches only
    let id = run(&f, "alice", challenge_bob(ChallengeSpec::standard(Some(3))))
        .await
        .match_id
        .unwrap();
    let e = refused(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::AcceptShaking(MatchRef::id(id), Starter::Me)),
    )
    .await;
    assert!(e.to_string().contains("Welsh"), "{e}");
    // The local chat reads the choice
    use gammonbot::console::parse_line;
    for (line, who) in [
        ("bob: /accept shaker:me", Starter::Me),
        ("bob: /accept role:shake", Starter::Me),
        ("bob: /accept shaker:opponent", Starter::Opponent),
        ("bob: /accept role:call", Starter::Opponent),
    ] {
        let (_, cmd) = parse_line(line).unwrap().unwrap();
        assert_eq!(
            cmd,
            Command::Challenge(ChallengeOp::AcceptShaking(MatchRef::default(), who)),
            "{line}"
        );
    }
    assert!(parse_line("bob: /accept shaker:maybe").is_err());
}
