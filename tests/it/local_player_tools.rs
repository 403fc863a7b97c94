//! Head-to-head, dice statistics and blocking (issue 35) in the local chat: the lines
//! `/h2h`, `/rating ... vs:`, `/fair stats` and `/block`, `/unblock` read and answered.

use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchOp, MatchRef, RngDice,
};
use engine::ResignLevel;
use gammonbot::console::run_line;
use store::Store;
use testkit::store_url;

/// alice beats bob in a 1-point match on fair dice: bob resigns on his first turn.
async fn alice_beats_bob(club: &Club) {
    let run = async |who: &str, cmd: Command| club.execute(&Actor::local(who), cmd).await.unwrap();
    let id = run(
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await
    .match_id
    .unwrap();
    let m = MatchRef::id(id);
    let mut out = run("bob", Command::Challenge(ChallengeOp::Accept(m))).await;
    let mut plays = 0;
    for _ in 0..200 {
        let next = out.next.clone().unwrap();
        // Once alice has played three throws of her own (the 1-point match rolls by
        // itself: no cube), bob resigns on his turn.
        if next.name == "bob" && plays >= 3 {
            break;
        }
        let cmd = if next.what.starts_with("move") {
            plays += usize::from(next.name == "alice");
            let legal = club
                .legal_moves(&Actor::local(&next.name), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(legal[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(&next.name, cmd).await;
    }
    run(
        "bob",
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run("alice", Command::Match(m, MatchOp::AcceptResign)).await;
}

#[tokio::test]
async fn head_to_head_dice_statistics_and_blocking_through_the_local_chat() {
    let store = Store::open(&store_url("local-player-tools").await)
        .await
        .unwrap();
    let club = Club::new(
        store,
        Arc::new(RngDice::fair_seeded(9)),
        Arc::new(ManualClock::new(clubkit::START)),
    );
    alice_beats_bob(&club).await;
    let say = async |line: &str| run_line(&club, line, None).await;

    let (out, refused) = say("alice: /h2h bob").await;
    assert!(!refused, "{out}");
    assert!(out.contains("Head-to-head: alice v bob"), "{out}");
    assert!(
        out.contains("Standard: 1 match; won alice 1, bob 0; match points alice 1, bob 0"),
        "{out}"
    );
    assert!(
        out.contains("standard 1-point: alice won 1-0 (resigned)"),
        "{out}"
    );
    let (out, _) = say("carol: /rating alice vs:bob").await;
    assert!(
        out.contains("Rating for alice") && out.contains("Head-to-head: alice v bob"),
        "{out}"
    );

    let (out, refused) = say("bob: /fair stats alice rules:standard").await;
    assert!(!refused, "{out}");
    assert!(
        out.contains("Dice statistics for alice (standard, local chat): "),
        "{out}"
    );
    assert!(out.contains("Too few throws to judge"), "{out}");
    assert!(
        out.contains("Server-wide (every proven two-dice throw here, standard): "),
        "{out}"
    );

    let (out, refused) = say("alice: /block bob").await;
    assert!(!refused && out.contains("You block bob"), "{out}");
    let (out, refused) = say("bob: /challenge alice").await;
    assert!(refused, "{out}");
    assert!(
        out.contains("your challenge to alice was refused; nothing was sent"),
        "{out}"
    );
    let (out, _) = say("alice: /block").await;
    assert!(out.contains("You block: bob."), "{out}");
    let (out, refused) = say("alice: /unblock bob").await;
    assert!(!refused && out.contains("You no longer block bob"), "{out}");
    let (out, refused) = say("alice: /unblock bob").await;
    assert!(refused && out.contains("you do not block bob"), "{out}");
}
