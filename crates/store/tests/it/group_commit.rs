//! The group commit of match changes (`crates/store/src/group_commit.rs`): changes sent together
//! share transactions, yet each keeps its own version check, one failing change takes no
//! other with it, and every change that was answered `Ok` is on disk.

use engine::Ruleset;
use store::{LedgerEntry, MatchChange, MatchStatus, NewMatch, Store, StoreError};

use testkit::store_url;

const NOW: i64 = 1_800_000_000;
const MATCHES: usize = 40;

/// `n` challenged matches between two players; their ids and the players.
async fn matches(store: &Store, n: usize) -> (i64, [i64; 2], Vec<i64>) {
    let community = store.community("local", "here", "here").await.unwrap();
    let x = store.player("local", "ann", "ann", NOW).await.unwrap().id;
    let o = store.player("local", "bob", "bob", NOW).await.unwrap().id;
    let mut ids = Vec::new();
    for _ in 0..n {
        let m = NewMatch {
            community_id: community,
            channel: "here".into(),
            ruleset: Ruleset::Standard,
            terms: "{}".into(),
            players: [x, o],
            bank: 0,
            now: NOW,
            entry: "\"challenge\"".into(),
            fair: None,
            expires_at: None,
            waiting_on: Some(o),
        };
        ids.push(store.insert_match(&m).await.unwrap());
    }
    (community, [x, o], ids)
}

fn change(id: i64, community: i64, players: [i64; 2], version: i64, tag: &str) -> MatchChange {
    MatchChange {
        id,
        community_id: community,
        players,
        expected_version: version,
        status: MatchStatus::Active,
        state: Some(format!("\"{tag}\"")),
        now: NOW + 1,
        actions: vec![(Some(players[1]), format!("\"{tag}\""))],
        ..MatchChange::default()
    }
}

/// Given 40 matches at version 1, when two changes of each (both expecting version 1) are
/// committed at once, then exactly one of each pair is written and the other is `Stale`,
/// and after the file is closed and opened again every written change is there, with one
/// log entry after the challenge.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_commit_keeps_each_changes_version_check_and_durability() {
    let path = store_url("group-commit-race").await;
    let store = Store::open(&path).await.unwrap();
    let (community, players, ids) = matches(&store, MATCHES).await;
    let rates = engine::welsh::Rates::default();
    let mut tasks = Vec::new();
    for &id in &ids {
        for tag in ["first", "second"] {
            let store = store.clone();
            let c = change(id, community, players, 1, &format!("{tag}-{id}"));
            tasks.push(tokio::spawn(async move {
                (id, c.state.clone(), store.commit(&c, &rates).await)
            }));
        }
    }
    let mut won = std::collections::HashMap::new();
    let mut stale = 0;
    for t in tasks {
        let (id, state, result) = t.await.unwrap();
        match result {
            Ok(version) => {
                assert_eq!(version, 2);
                assert!(won.insert(id, state).is_none(), "match {id} written twice");
            }
            Err(StoreError::Stale) => stale += 1,
            Err(e) => panic!("match {id}: {e}"),
        }
    }
    assert_eq!(won.len(), MATCHES);
    assert_eq!(stale, MATCHES);
    store.close().await;

    let store = Store::open(&path).await.unwrap();
    for &id in &ids {
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(row.version, 2, "match {id}");
        assert_eq!(row.state, won[&id], "match {id}");
        let log = store.actions(id).await.unwrap();
        assert_eq!(log.len(), 2, "match {id}: the challenge and one change");
        assert_eq!(Some(log[1].entry.clone()), won[&id]);
    }
}

/// Given changes sent together, when one of them fails in the database (a ledger line for
/// a player who does not exist), then that one is refused with the database's error and
/// every other change is written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_commit_one_failing_change_takes_no_other_with_it() {
    let path = store_url("group-commit-failure").await;
    let store = Store::open(&path).await.unwrap();
    let (community, players, ids) = matches(&store, MATCHES).await;
    let rates = engine::welsh::Rates::default();
    let bad = ids[MATCHES / 2];
    let mut tasks = Vec::new();
    for &id in &ids {
        let store = store.clone();
        let mut c = change(id, community, players, 1, &format!("move-{id}"));
        if id == bad {
            c.ledger = vec![LedgerEntry {
                payer: 999_999,
                payee: players[0],
                amount: 100,
                reason: "nobody pays".into(),
            }];
        }
        tasks.push(tokio::spawn(
            async move { (id, store.commit(&c, &rates).await) },
        ));
    }
    for t in tasks {
        let (id, result) = t.await.unwrap();
        let row = store.load_match(id).await.unwrap().unwrap();
        if id == bad {
            assert!(matches!(result, Err(StoreError::Db(_))), "{result:?}");
            assert_eq!(row.version, 1, "the failed change wrote nothing");
            assert_eq!(store.actions(id).await.unwrap().len(), 1);
        } else {
            assert_eq!(result.unwrap(), 2, "match {id}");
            assert_eq!(row.version, 2, "match {id}");
        }
    }
    assert!(
        store
            .ledger(community, players[0])
            .await
            .unwrap()
            .is_empty()
    );
}
