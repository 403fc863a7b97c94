//! Welsh breaks (regulation D): entitled, paused clocks, actions waiting, reminders.

use super::fixtures::{open_scripted, welsh_break_due, who};
use club::{Club, Command, Entry, Look, MatchOp, MatchRef, RngDice};
use clubkit::{assert_match_rebuilds, match_log, refused, run};
use engine::welsh::Parity;
use std::sync::Arc;
use store::Store;
use testkit::store_url;

#[tokio::test]
async fn regulation_d_an_entitled_break_pauses_both_clocks_until_resume() {
    // Concealed throw 1-2 (odds: bob chooses), alice 1-1, bob 1-1.
    let path = store_url("break_resume").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await.get();
    let m = MatchRef::id(id);
    // When alice takes the break (bob is to act, with 60 seconds left)
    f.clock.advance(20);
    let out = run(&f, "alice", Command::Match(m, MatchOp::Break)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("takes a ten-minute break")),
        "{:?}",
        out.lines
    );
    // Then bob's 20 seconds so far are his, and his clock stops for the break
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank[1], 40);
    assert_eq!(row.deadline_at, Some(f.club.now() + 10 * 60 + 40));
    let e = refused(&f, "bob", Command::Match(m, MatchOp::Break)).await;
    assert!(e.to_string().contains("a break is under way"), "{e}");
    // And five minutes on, the sweep does not time bob out
    f.clock.advance(5 * 60);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().all(|n| !n.text.contains("ran out of time")),
        "{notices:?}"
    );
    assert_eq!(
        f.store.load_match(id).await.unwrap().unwrap().status,
        "active"
    );
    assert!(
        match_log(&f.store, id)
            .await
            .iter()
            .any(|e| matches!(e, Entry::Break { .. }))
    );
    assert_match_rebuilds(&f.store, id).await;
    // When bob resumes, after a restart (a new club on the same database)
    let club = Club::new(
        Store::open(&path).await.unwrap(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    );
    let out = club
        .execute(&who("bob"), Command::Match(m, MatchOp::Resume))
        .await
        .unwrap();
    assert!(
        out.lines.iter().any(|l| l.contains("resumes play")),
        "{:?}",
        out.lines
    );
    // Then his clock runs again from his 40 seconds
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank[1], 40);
    assert_eq!(row.deadline_at, Some(f.club.now() + 40));
    let e = refused(&f, "bob", Command::Match(m, MatchOp::Resume)).await;
    assert!(e.to_string().contains("no break under way"), "{e}");
    let e = refused(&f, "bob", Command::Match(m, MatchOp::Break)).await;
    assert!(e.to_string().contains("no break is due"), "{e}");
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_d_a_break_ends_by_itself_after_ten_minutes() {
    let path = store_url("break_lapses").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await.get();
    let m = MatchRef::id(id);
    // Given bob takes the break himself, with his 60 seconds left
    run(&f, "bob", Command::Match(m, MatchOp::Break)).await;
    // When the ten minutes and 59 of his seconds have gone, he is still in time
    f.clock.advance(10 * 60 + 59);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().all(|n| !n.text.contains("ran out of time")),
        "{notices:?}"
    );
    // Then his clock ran again after the ten minutes: one second more and he is out
    f.clock.advance(1);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().any(|n| n.text.contains("ran out of time")),
        "{notices:?}"
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
}

#[tokio::test]
async fn regulation_d_after_a_break_runs_out_game_actions_are_accepted_again() {
    let path = store_url("break_runs_out").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1, 3, 1]).await;
    let id = welsh_break_due(&f).await.get();
    let m = MatchRef::id(id);
    // Given bob takes the break at 09:45 UTC
    run(&f, "bob", Command::Match(m, MatchOp::Break)).await;
    // When nine minutes and 59 seconds have gone, his call still waits
    f.clock.advance(10 * 60 - 1);
    let e = refused(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    assert!(e.to_string().contains("until 2027-01-15 09:55 UTC"), "{e}");
    // Then at the end of the ten minutes the prompt no longer speaks of a break, and the
    // call is accepted
    f.clock.advance(1);
    let board = run(&f, "bob", Command::Look(Look::Board(m))).await;
    let what = board.next.unwrap().what;
    assert!(
        !what.contains("break") && what.starts_with("call"),
        "{what}"
    );
    let out = run(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    assert!(
        out.lines.iter().any(|l| l.contains("bob calls odds")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_d_a_reminder_during_a_break_says_the_turn_waits_for_its_end() {
    let path = store_url("break_reminder").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await.get();
    // Given alice takes the break at 09:45 UTC while bob, to call, has 60 seconds left
    run(
        &f,
        "alice",
        Command::Match(MatchRef::id(id), MatchOp::Break),
    )
    .await;
    // When the sweep reminds bob during the break, five minutes before his deadline
    f.clock.advance(6 * 60);
    let notices = f.club.sweep().await.unwrap();
    let r = notices
        .iter()
        .find(|n| n.text.starts_with("Reminder"))
        .expect("a reminder");
    // Then it says that the call waits for the end of the break, and when that is
    assert!(
        r.text.contains("once the break ends") && r.text.contains("until 2027-01-15 09:55 UTC"),
        "{}",
        r.text
    );
}
