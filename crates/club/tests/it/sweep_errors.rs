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
