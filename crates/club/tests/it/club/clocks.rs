//! The correspondence clock, the bank of time, and the live Welsh clocks (rule 12).

use super::fixtures::{START, challenge, open, who};
use club::{ChallengeSpec, Command, DAY, Entry, MatchOp, MatchRef, Snapshot, Starter};
use clubkit::{assert_match_rebuilds, match_log, run};
use engine::AnyMatch;
use engine::welsh::Parity;
use testkit::store_url;

#[tokio::test]
async fn correspondence_clock_reminds_before_the_deadline_then_forfeits_across_days() {
    // Given a standard match (2 days a move, 5 days bank, reminder 12 hours before)
    let f = open(&store_url("clock").await, 4).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    let late = out.next.clone().unwrap();
    assert_eq!(late.deadline, Some(START + 7 * DAY));
    // When six days pass: nothing is due
    f.clock.advance(6 * DAY);
    assert!(f.club.sweep().await.unwrap().is_empty());
    // Then after 6.5 days the player to act is reminded, once
    f.clock.advance(DAY / 2);
    let n = f.club.sweep().await.unwrap();
    assert_eq!(n.len(), 1, "{n:?}");
    assert_eq!(n[0].user_id, late.user_id);
    assert!(
        n[0].text.starts_with("Reminder:") && n[0].text.contains("12 hours left"),
        "{}",
        n[0].text
    );
    assert!(f.club.sweep().await.unwrap().is_empty(), "reminded twice");
    // And at the deadline he forfeits: the other player wins, told once in the channel
    f.clock.advance(DAY / 2);
    let n = f.club.sweep().await.unwrap();
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].text.contains("ran out of time"), "{}", n[0].text);
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    let loser = f
        .store
        .find_player("local", &late.user_id)
        .await
        .unwrap()
        .unwrap();
    assert!(row.winner.is_some() && row.winner != Some(loser.id));
    assert!(row.deadline_at.is_none() && row.reminder_at.is_none());
    assert!(f.club.sweep().await.unwrap().is_empty());
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn time_beyond_the_move_allowance_comes_out_of_the_bank() {
    let f = open(&store_url("bank").await, 4).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    let first = out.next.unwrap();
    let side = usize::from(first.name == "bob");
    f.clock.advance(3 * DAY);
    let m = MatchRef::id(id);
    let moves = f.club.legal_moves(&who(&first.name), m).await.unwrap();
    run(
        &f,
        &first.name,
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(
        row.bank[side],
        4 * DAY,
        "one day over the two-day allowance"
    );
    assert_eq!(row.bank[1 - side], 5 * DAY);
}

#[tokio::test]
async fn rule_12a_a_welsh_player_out_of_time_loses_the_match_and_pays_20_00() {
    let f = open(&store_url("welsh_clock").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, out) = challenge(&f, spec).await;
    let caller = out.next.unwrap();
    f.clock.advance(71 * 60);
    let n = f.club.sweep().await.unwrap();
    assert!(n.iter().any(|n| n.text.contains("wins the match")), "{n:?}");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert!(
        row.result.as_deref().unwrap().contains("on time"),
        "{:?}",
        row.result
    );
    let ledger = f.store.ledger(1, 1).await.unwrap();
    assert_eq!(ledger.len(), 1);
    // 20.00 for the time-out and 25.00 more: the loser won no game.
    assert_eq!(ledger[0].amount, 2000 + 2500, "{ledger:?}");
    assert_eq!(ledger[0].payer, caller.name);
}

#[tokio::test]
async fn rule_12b_live_welsh_clocks_are_reported_to_the_engine_before_each_action() {
    // Given a Welsh match on the 70-minute play clock
    let f = open(&store_url("welsh_live").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, _) = challenge(&f, spec).await;
    // When bob (O) takes 30 minutes over his call
    f.clock.advance(30 * 60);
    run(
        &f,
        "bob",
        Command::Match(MatchRef::id(id), MatchOp::Call(Parity::Odd)),
    )
    .await;
    // Then the engine was told alice's 70 minutes and bob's 40 before the call
    let log = match_log(&f.store, id).await;
    assert!(
        log.iter().any(|e| matches!(
            e,
            Entry::Welsh {
                action: engine::welsh::WelshAction::Clocks([4200, 2400]),
                ..
            }
        )),
        "{log:?}"
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank, [4200, 2400]);
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_12b_ten_for_two_in_the_first_game_with_live_clocks_of_9_minutes() {
    // Given a Welsh match on live clocks with 9 minutes each (clock:live bank:9m)
    let f = open(&store_url("ten_for_two_first").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    spec.time.bank = 9 * 60;
    let (id, _) = challenge(&f, spec).await;
    // When bob calls and the winner of the call chooses who starts
    let out = run(
        &f,
        "bob",
        Command::Match(MatchRef::id(id), MatchOp::Call(Parity::Odd)),
    )
    .await;
    assert!(
        out.lines
            .iter()
            .any(|l| l == "Game 1 begins with the doubling die at 2"),
        "{:?}",
        out.lines
    );
    let chooser = out.next.unwrap().name;
    run(
        &f,
        &chooser,
        Command::Match(MatchRef::id(id), MatchOp::Choose(Starter::Me)),
    )
    .await;
    // Then the first game is played with the doubling die at 2, centred
    let row = f.store.load_match(id).await.unwrap().unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(game) = snap.game else {
        panic!("a Welsh match")
    };
    assert_eq!((game.cube().value, game.cube().right), (2, None));
    assert_match_rebuilds(&f.store, id).await;
}
