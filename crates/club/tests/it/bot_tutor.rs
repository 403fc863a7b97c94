//! The tutor's hold in a match against the bot (issue 32): while a flagged play waits for
//! the human's `/undo` or `/keep`, the human is the one to act (undo or keep), not the
//! bot, in the command's outcome, on `/board` and in `/games`; after `/keep` the bot
//! decides and it is the human's turn again. gnubg is the real one.

use std::sync::Arc;

use club::{
    ChallengeOp, ChallengeSpec, Choice, Club, Command, Look, ManualClock, MatchOp, MatchRef,
    Outcome, PracticeOp,
};
use clubkit::{START, ScriptDice, assert_match_rebuilds, run};
use engine::Side;
use gnubg::BotSettings;
use store::Store;
use testkit::store_url;

/// What the human is asked while the tutor holds their flagged action.
const HELD_WORDS: &str = "undo or keep the action the tutor flagged";

/// A club with the real gnubg whose dice throw 6-1 for the opening (alice, X, plays
/// it), then 4s; alice's 3-point match against the bot with the tutor on.
async fn bot_match_with_tutor(name: &str) -> (Club, MatchRef) {
    let store = Store::open(&store_url(name).await).await.unwrap();
    let gnubg = testkit::gnubg();
    let settings = BotSettings {
        search_path: gnubg.parent().unwrap().to_str().unwrap().to_string(),
        ..BotSettings::default()
    };
    let club = Club::new(
        store,
        Arc::new(ScriptDice::new(&[6, 1])),
        Arc::new(ManualClock::new(START)),
    )
    .with_bot(settings);
    let spec = ChallengeSpec {
        tutor: true,
        ..ChallengeSpec::standard(Some(3))
    };
    let out = run(
        &club,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bot".into(),
            spec,
        }),
    )
    .await;
    let text = out.lines.join("\n");
    assert!(text.contains("gammonbot accepts match"), "{text}");
    (club, MatchRef::id(out.match_id.unwrap()))
}

/// The outcome asks alice, not the bot, to undo or keep: her choices, the words, and the
/// board's prompt beside her.
fn asks_alice_to_undo_or_keep(out: &Outcome) {
    let next = out.next.as_ref().expect("someone to act");
    assert_eq!(next.user_id, "alice", "{next:?}");
    assert_eq!(next.choices, vec![Choice::Undo, Choice::Keep]);
    assert_eq!(next.what, HELD_WORDS);
    let scene = out.board.as_ref().expect("the board");
    assert_eq!(scene.to_act, Some(Side::X));
    assert_eq!(scene.viewer, Side::X);
    assert_eq!(scene.prompt.as_deref(), Some(HELD_WORDS));
}

#[tokio::test]
async fn against_the_bot_the_held_human_is_next_with_undo_and_keep_and_after_keep_the_bot_moves() {
    let (club, m) = bot_match_with_tutor("bot-tutor-next").await;
    // When alice plays her opening 6-1 as 8/2 6/5 and the tutor flags it
    let out = run(
        &club,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    let text = out.lines.join("\n");
    assert!(text.contains("The tutor to alice"), "{text}");
    // Then she is the one to act, with undo and keep, and the bot is not named as next
    asks_alice_to_undo_or_keep(&out);
    assert!(!text.contains("gammonbot to"), "{text}");
    // And /board and /games say the same while the tutor holds
    asks_alice_to_undo_or_keep(&run(&club, "alice", Command::Look(Look::Board(m))).await);
    let games = run(&club, "alice", Command::Look(Look::Games))
        .await
        .lines
        .join("\n");
    assert!(games.contains(&format!("alice to {HELD_WORDS}")), "{games}");
    // And the bot waits
    assert!(club.run_bot_once().await.unwrap().is_empty());
    // When she keeps it
    let out = run(&club, "alice", Command::Practice(m, PracticeOp::Keep)).await;
    // Then the bot is next, and decides at once; then it is alice's turn again
    let next = out.next.expect("the bot to act");
    assert_eq!(next.name, "gammonbot", "{next:?}");
    assert!(!next.choices.contains(&Choice::Keep));
    let events = club.run_bot_once().await.unwrap();
    assert!(!events.is_empty());
    for e in &events {
        let next = e.outcome.next.as_ref().expect("alice to act");
        assert_eq!(next.user_id, "alice", "{:?}", e.outcome.lines);
        assert!(!next.choices.contains(&Choice::Undo), "{next:?}");
    }
    let board = run(&club, "alice", Command::Look(Look::Board(m))).await;
    let next = board.next.expect("alice to act");
    assert_eq!(next.user_id, "alice");
    assert!(!next.choices.contains(&Choice::Keep), "{next:?}");
    assert_ne!(board.board.unwrap().prompt.as_deref(), Some(HELD_WORDS));
    assert_match_rebuilds(club.store(), m.id.unwrap()).await;
}

#[tokio::test]
async fn against_the_bot_an_undo_gives_the_human_their_dice_again() {
    let (club, m) = bot_match_with_tutor("bot-tutor-undo").await;
    run(
        &club,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    let out = run(&club, "alice", Command::Practice(m, PracticeOp::Undo)).await;
    let next = out.next.expect("alice to act");
    assert_eq!(next.user_id, "alice");
    assert_eq!(
        next.choices,
        vec![Choice::Move {
            high: 6,
            low: Some(1)
        }]
    );
    assert!(club.run_bot_once().await.unwrap().is_empty());
}
