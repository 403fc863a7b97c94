//! The disk fills up under the SQLite file: the database on a small filesystem of its own
//! (`GAMMONBOT_SMALL_FS`, a folder on a tmpfs of a few megabytes that
//! `scripts/faults/disk_full.sh` mounts and unmounts; mounting needs root, hence the
//! script and `#[ignore]`). Challenges and their acceptances run through the club while a
//! ballast file takes every free block. Then:
//!
//! * a command that cannot be saved is refused with words that say so ("the bot cannot
//!   save right now (no room left on its disk); nothing changed"), and nothing of it is
//!   stored (a refused acceptance leaves the match at version 1);
//! * when the ballast goes, the same club saves again by itself (no restart);
//! * every acknowledged command is in the file, which passes `integrity_check`, and every
//!   match rebuilds from its log.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, MatchRef, RngDice, SystemClock,
};
use clubkit::assert_match_rebuilds;
use store::{Fault, Store};
use testkit::raw_pool;

fn actor(id: u64) -> Actor {
    Actor {
        identity: club::Identity::Account,
        reply_chars: Some(2000),
        platform: "discord".into(),
        user_id: id.to_string(),
        display_name: format!("p{id}"),
        community_id: "1".into(),
        community_name: "guild".into(),
        channel: "2".into(),
    }
}

/// A challenge between a new pair and its acceptance: the match and whether each was
/// saved (`Err`: the refusal's fault and words).
async fn challenge_and_accept(
    club: &Club,
    n: u64,
) -> (Option<i64>, Vec<Result<(), (Fault, String)>>) {
    let (a, b) = (actor(2 * n), actor(2 * n + 1));
    let refused = |e: ClubError| {
        let f = match &e {
            ClubError::Store(s) => s.fault(),
            _ => Fault::Other,
        };
        (f, e.to_string())
    };
    let mut said = Vec::new();
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: b.user_id.clone(),
        spec: ChallengeSpec::standard(Some(1)),
    });
    let id = match club.execute(&a, challenge).await {
        Ok(out) => out.match_id.unwrap().get(),
        Err(e) => {
            said.push(Err(refused(e)));
            return (None, said);
        }
    };
    said.push(Ok(()));
    let accept = MatchRef {
        id: Some(id.into()),
        version: Some(1),
    };
    said.push(
        club.execute(&b, Command::Challenge(ChallengeOp::Accept(accept)))
            .await
            .map(|_| ())
            .map_err(refused),
    );
    (Some(id), said)
}

/// Fills the filesystem of `dir` with a ballast file until no block is left.
fn fill(dir: &std::path::Path) -> u64 {
    let mut f = std::fs::File::create(dir.join("ballast")).unwrap();
    let block = vec![0x55u8; 16 * 1024];
    let mut written = 0u64;
    loop {
        match f.write(&block) {
            Ok(0) | Err(_) => break,
            Ok(n) => written += n as u64,
        }
    }
    let _ = f.sync_all();
    written
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs a small filesystem mounted by root: scripts/faults/disk_full.sh runs it"]
async fn the_disk_full_refuses_commands_plainly_loses_nothing_and_recovers_by_itself() {
    let dir = std::path::PathBuf::from(
        std::env::var("GAMMONBOT_SMALL_FS").expect("GAMMONBOT_SMALL_FS: a small filesystem"),
    );
    let db = dir.join("gammonbot.db");
    let _ = std::fs::remove_file(dir.join("ballast"));
    let db = db.to_str().unwrap().to_string();
    let store = Store::open(&db).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(6)),
        Arc::new(SystemClock),
    );
    // (acknowledged match -> its version then)
    let mut acked: Vec<(i64, i64)> = Vec::new();
    let mut n = 0u64;
    let mut play = async |acked: &mut Vec<(i64, i64)>, refusals: &mut Vec<(Fault, String)>| {
        n += 1;
        let (id, said) = challenge_and_accept(&club, n).await;
        let saved = said.iter().filter(|s| s.is_ok()).count();
        if let Some(id) = id {
            acked.push((id, i64::try_from(saved).unwrap()));
        }
        refusals.extend(said.into_iter().filter_map(Result::err));
        saved
    };
    // Given the players known, some matches saved while there is room, and challenges
    // waiting to be accepted
    for id in 0..1200u64 {
        let who = actor(id);
        club.introduce("discord", &who.user_id, &who.display_name)
            .await
            .unwrap();
    }
    let mut refusals = Vec::new();
    for _ in 0..20 {
        play(&mut acked, &mut refusals).await;
    }
    assert!(refusals.is_empty(), "{refusals:?}");
    let mut waiting = Vec::new();
    for n in 500..510u64 {
        let challenge = Command::Challenge(ChallengeOp::New {
            opponent: actor(2 * n + 1).user_id,
            spec: ChallengeSpec::standard(Some(1)),
        });
        let id = club
            .execute(&actor(2 * n), challenge)
            .await
            .unwrap()
            .match_id
            .unwrap()
            .get();
        acked.push((id, 1));
        waiting.push((n, id));
    }
    let accept = async |n: u64, id: i64| {
        let m = MatchRef {
            id: Some(id.into()),
            version: Some(1),
        };
        club.execute(
            &actor(2 * n + 1),
            Command::Challenge(ChallengeOp::Accept(m)),
        )
        .await
    };
    // When the disk fills up
    let ballast = fill(&dir);
    let mut tries = 0;
    let mut saved_full = 0;
    let mut in_a_row = 0;
    let mut accepts_refused = 0;
    while in_a_row < 20 {
        tries += 1;
        assert!(
            tries < 5000,
            "still saving after {tries} commands on a full disk"
        );
        let before = refusals.len();
        saved_full += play(&mut acked, &mut refusals).await;
        in_a_row = if refusals.len() > before {
            in_a_row + 1
        } else {
            0
        };
    }
    // (the acceptances waiting are refused too; each match stays at version 1)
    for &(n, id) in &waiting {
        let e = accept(n, id).await.expect_err("accepted on a full disk");
        let f = match &e {
            ClubError::Store(s) => s.fault(),
            _ => Fault::Other,
        };
        refusals.push((f, e.to_string()));
        accepts_refused += 1;
    }
    // Then the commands are refused, saying the disk is full and nothing changed
    for (f, words) in &refusals {
        assert_eq!(*f, Fault::Full, "{words}");
        assert!(
            words.contains("cannot save right now") && words.contains("nothing changed"),
            "{words}"
        );
    }
    // When room comes back
    std::fs::remove_file(dir.join("ballast")).unwrap();
    let freed = Instant::now();
    // Then the same club saves again by itself
    let mut after = 0;
    loop {
        after += 1;
        let mut late = Vec::new();
        if play(&mut acked, &mut late).await == 2 {
            break;
        }
        assert!(
            after < 100,
            "not saving again after room came back: {late:?}"
        );
    }
    let again = freed.elapsed();
    let (n, id) = waiting[0];
    accept(n, id).await.expect("accepted once room came back");
    acked.retain(|(m, _)| *m != id);
    acked.push((id, 2));
    store.close().await;
    // And every acknowledged command is stored, the refused ones not
    let reader = Store::open(&db).await.unwrap();
    for (id, v) in &acked {
        let row = reader.load_match(*id).await.unwrap().unwrap();
        assert_eq!(row.version, *v, "match #{id}: acknowledged at version {v}");
        assert_match_rebuilds(&reader, *id).await;
    }
    let pool = raw_pool(&db).await;
    let ok: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(ok, "ok");
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        stored,
        i64::try_from(acked.len()).unwrap(),
        "a refused challenge was stored"
    );
    pool.close().await;
    reader.close().await;
    println!(
        "disk full: ballast of {} KiB took the rest; {tries} pairs tried while full ({saved_full} \
         commands still saved into room SQLite had, {} refused ({accepts_refused} of them \
         acceptances), each saying {:?}); saving again {:.3} s after the ballast went \
         ({after} pair(s)); {} matches acknowledged and stored at their acknowledged version",
        ballast / 1024,
        refusals.len(),
        refusals.first().map(|r| r.1.as_str()),
        again.as_secs_f64(),
        acked.len(),
    );
}
