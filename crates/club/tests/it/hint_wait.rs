//! `/hint` does not starve the bot (issue 48): hints run on GNU Backgammon processes of
//! their own, one hint at a time, and a hint waits for its turn at most the hint wait;
//! past it the player is told gnubg is busy and to try again, and nothing is counted or
//! changed. gnubg here is a fake that never answers, so a hint holds its turn until the
//! time limit stops it.

use std::sync::Arc;
use std::time::Duration;

use club::{ChallengeOptions, Club, ClubError, Command, PracticeOp, PracticeRefusal, Quotas};
use clubkit::{START, ScriptDice, accepted, who};
use testkit::store_url;

/// A directory holding a `gnubg` that reads nothing and never answers.
fn silent_gnubg(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gammonbot-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("gnubg");
    std::fs::write(&fake, "#!/bin/sh\nexec sleep 30\n").unwrap();
    let mut perms = std::fs::metadata(&fake).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&fake, perms).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_waiting_past_the_bound_is_refused_as_busy_and_counts_nothing() {
    // Given a club whose gnubg never answers (stopped after 2 s), a hint wait of 200 ms
    // and two hints an hour
    let store = store::Store::open(&store_url("hint-wait").await)
        .await
        .unwrap();
    let dir = silent_gnubg("hint-wait");
    let club = Arc::new(
        Club::new(
            store.clone(),
            Arc::new(ScriptDice::new(&[6, 1])),
            Arc::new(club::ManualClock::new(START)),
        )
        .with_bot(gnubg::BotSettings {
            search_path: dir.display().to_string(),
            work_dir: dir.clone(),
            time_limit: Duration::from_secs(2),
            nice: None,
            ..gnubg::BotSettings::default()
        })
        .with_hint_wait(Duration::from_millis(200))
        .with_quotas(Quotas {
            hints_per_hour: 2,
            ..Quotas::default()
        }),
    );
    // And a practice match where alice has 6-1 to play
    let spec = ChallengeOptions {
        length: Some(3),
        practice: Some(true),
        ..ChallengeOptions::default()
    }
    .terms()
    .unwrap();
    let (id, _) = accepted(&*club, "alice", "bob", spec).await;
    let hint = Command::Practice(club::MatchRef::id(id), PracticeOp::Hint);
    // When alice's first hint holds gnubg's one turn
    let first = {
        let (club, hint) = (Arc::clone(&club), hint.clone());
        tokio::spawn(async move { club.execute(&who("alice"), hint).await })
    };
    tokio::time::sleep(Duration::from_millis(400)).await;
    // And she asks again
    let before = store.fingerprint().await.unwrap();
    let asked = std::time::Instant::now();
    let e = club.execute(&who("alice"), hint.clone()).await.unwrap_err();
    // Then she is told gnubg is busy, after the wait and not much longer
    assert!(
        matches!(
            e,
            ClubError::Refused(club::Refusal::Practice(PracticeRefusal::GnubgBusy { .. }))
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "GNU Backgammon is busy giving other hints (waited 1 second for it): try /hint again \
         in a moment; this one was not counted"
    );
    let waited = asked.elapsed();
    assert!(
        waited >= Duration::from_millis(200) && waited < Duration::from_millis(1500),
        "{waited:?}"
    );
    // And nothing changed
    assert_eq!(store.fingerprint().await.unwrap(), before);
    // The first hint ends when gnubg is stopped; the busy one was not counted: a third
    // is still allowed (the second of the hour) and reaches gnubg
    let e = first.await.unwrap().unwrap_err();
    assert!(e.to_string().contains("could not give a hint"), "{e}");
    let e = club.execute(&who("alice"), hint).await.unwrap_err();
    assert!(e.to_string().contains("could not give a hint"), "{e}");
}
