//! The deadline sweep meets a database error part of the way through (issue 47): what it
//! did before the error is still told, and the steps after it still run.

use std::sync::Arc;
use std::time::Duration;

use club::{ChallengeSpec, RngDice};
use clubkit::{Fixture, START, accepted};
use testkit::{raw_pool, store_url};

#[tokio::test]
async fn a_database_error_late_in_the_sweep_loses_no_notice_of_what_was_done_before_it() {
    let url = store_url("sweep-error").await;
    let at = Fixture::open(&url, Arc::new(RngDice::seeded(3)), START).await;
    // Given a match whose player on turn has run out of time (2 days a move + 5 banked)
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::standard(Some(5))).await;
    at.clock.advance(8 * 24 * 3600);
    // And the digests' table gone, so that the sweep's last step, the digests, fails
    let pool = raw_pool(&url).await;
    sqlx::query("ALTER TABLE digests RENAME TO digests_gone")
        .execute(&pool)
        .await
        .unwrap();
    // When the sweep runs
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let task = Arc::clone(&at.club).spawn_deadlines(Duration::from_secs(3600), tx);
    let notice = tokio::time::timeout(Duration::from_secs(60), rx.recv())
        .await
        .expect("a notice within a minute")
        .expect("the sweep sends");
    // Then the time-out it committed is told all the same
    assert_eq!(notice.match_id, id);
    assert!(notice.text.contains("ran out of time"), "{}", notice.text);
    task.abort();
    // And it is in the outbox, for a poster to post whatever happens to this process
    let owed = at.club.outbox_claim(50).await.unwrap();
    assert!(
        owed.iter().any(|d| matches!(&d.what, club::Owed::Notice(n)
            if n.match_id == id && n.text.contains("ran out of time"))),
        "{owed:?}"
    );
    sqlx::query("ALTER TABLE digests_gone RENAME TO digests")
        .execute(&pool)
        .await
        .unwrap();
}

/// The outbox's table renamed away, so that no row can be written to it.
async fn outbox_gone(url: &str, gone: bool) {
    let sql = if gone {
        "ALTER TABLE outbox RENAME TO outbox_gone"
    } else {
        "ALTER TABLE outbox_gone RENAME TO outbox"
    };
    sqlx::query(sql)
        .execute(&raw_pool(url).await)
        .await
        .unwrap();
}

/// The notices owed to match `id` in the outbox, as a poster would claim them.
async fn owed_to(club: &club::Club, id: club::MatchNo) -> Vec<String> {
    club.outbox_claim(50)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|d| match d.what {
            club::Owed::Notice(n) if n.match_id == id => Some(n.text),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_reminder_is_marked_sent_only_with_its_notice_in_the_outbox() {
    let url = store_url("sweep-reminder-atomic").await;
    let at = Fixture::open(&url, Arc::new(RngDice::seeded(3)), START).await;
    // Given a match whose player on turn is due a reminder (12 hours before his deadline)
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::standard(Some(5))).await;
    at.clock.advance(6 * 24 * 3600 + 12 * 3600);
    // When the sweep runs while no row can be written to the outbox
    outbox_gone(&url, true).await;
    assert!(at.club.sweep().await.is_err());
    outbox_gone(&url, false).await;
    // Then the reminder was not marked sent: the next sweep sends it, with its row
    let notices = at.club.sweep().await.unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.match_id == id && n.text.starts_with("Reminder:")),
        "{notices:?}"
    );
    let owed = owed_to(&at.club, id).await;
    assert_eq!(owed.len(), 1, "{owed:?}");
    assert!(owed[0].starts_with("Reminder:"), "{owed:?}");
}

#[tokio::test]
async fn a_time_out_commits_only_with_its_notice_in_the_outbox_whole() {
    let url = store_url("sweep-timeout-atomic").await;
    let at = Fixture::open(&url, Arc::new(RngDice::seeded(3)), START).await;
    // Given a rated match whose player on turn has run out of time
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::standard(Some(5))).await;
    at.clock.advance(8 * 24 * 3600);
    // When the sweep runs while no row can be written to the outbox
    outbox_gone(&url, true).await;
    assert!(at.club.sweep().await.is_err());
    outbox_gone(&url, false).await;
    // Then the time-out was not committed: the next sweep makes it, with its notice
    let notices = at.club.sweep().await.unwrap();
    let told: Vec<&club::Notice> = notices.iter().filter(|n| n.match_id == id).collect();
    assert_eq!(told.len(), 1, "{notices:?}");
    assert!(told[0].text.contains("ran out of time"), "{}", told[0].text);
    // And the row posted says all the notice says (the rating's change, known only
    // once the time-out has committed, included), released for posting
    let owed = owed_to(&at.club, id).await;
    assert_eq!(owed, [told[0].text.clone()]);
    assert!(owed[0].contains("1500.00 -> "), "{}", owed[0]);
}
