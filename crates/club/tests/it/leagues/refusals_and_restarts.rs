//! Bad league input refused with nothing changed, in the club's own words; a restart between
//! a result and the next round.

use super::fixtures::{START, league, match_of, one_point, open, resign, who};
use club::{ChallengeOp, ChallengeSpec, Command, Format, LeagueOp, Look};
use clubkit::{refused, run};
use store::{LeagueReport, MatchChange, MatchStatus};
use testkit::store_url;

#[tokio::test]
async fn bad_input_is_refused_and_changes_nothing() {
    let f = open(&store_url("league_bad").await, 4, START).await;
    let l = "Autumn";
    run(
        &f,
        "alice",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::RoundRobin,
                spec: one_point(),
            },
        ),
    )
    .await;
    run(&f, "alice", league(l, LeagueOp::Join)).await;
    run(&f, "bob", league(l, LeagueOp::Join)).await;
    // A match outside the league.
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: one_point(),
        }),
    )
    .await;
    let outside = out.match_id.unwrap().get();
    let create = |name: &str| {
        league(
            name,
            LeagueOp::Create {
                name: name.into(),
                format: Format::Knockout,
                spec: one_point(),
            },
        )
    };
    let ten_kb = "x".repeat(10_000);
    // Carol has spoken before (a first command records her; that is not a league change).
    run(&f, "carol", Command::Look(Look::Games)).await;
    let cases: Vec<(&str, Command, &str)> = vec![
        ("bob", league(l, LeagueOp::Join), "already joined"),
        (
            "alice",
            league(l, LeagueOp::Start { order: None }),
            "at least 3 players",
        ),
        (
            "bob",
            league(l, LeagueOp::Start { order: None }),
            "only the organiser",
        ),
        (
            "bob",
            league(
                l,
                LeagueOp::Result {
                    match_id: outside,
                    winner: "bob".into(),
                    reason: "x".into(),
                },
            ),
            "only the organiser",
        ),
        (
            "alice",
            league(
                l,
                LeagueOp::Result {
                    match_id: outside,
                    winner: "bob".into(),
                    reason: "because".into(),
                },
            ),
            "not a match of league Autumn",
        ),
        ("carol", create(&ten_kb), "too long"),
        ("carol", create("Cup\u{202E}rtl"), "U+202E"),
        ("carol", create("Zero\u{200B}width"), "U+200B"),
        ("carol", create("   "), "needs a name"),
        ("carol", create("autumn"), "already a league called"),
        ("carol", league(&ten_kb, LeagueOp::Join), "too long"),
        ("carol", league("Nope", LeagueOp::Join), "no league called"),
        (
            "alice",
            league(
                l,
                LeagueOp::Set {
                    key: "colour".into(),
                    value: "red".into(),
                },
            ),
            "no league setting",
        ),
        ("carol", league(l, LeagueOp::Leave), "have not joined"),
        (
            "carol",
            league(l, LeagueOp::Withdraw),
            "no season under way",
        ),
        (
            "alice",
            league(
                "Money",
                LeagueOp::Create {
                    name: "Money".into(),
                    format: Format::RoundRobin,
                    spec: ChallengeSpec::standard(None),
                },
            ),
            "money play",
        ),
    ];
    for (name, cmd, want) in cases {
        let before = f.store.fingerprint().await.unwrap();
        let e = refused(&f, name, cmd.clone()).await;
        assert!(
            e.to_string().contains(want),
            "{cmd:?}: `{e}` lacks `{want}`"
        );
        assert_eq!(
            f.store.fingerprint().await.unwrap(),
            before,
            "{cmd:?} changed something"
        );
    }
    // A result for a match outside the league once it runs, and a ruling with no reason.
    run(&f, "carol", league(l, LeagueOp::Join)).await;
    run(&f, "alice", league(l, LeagueOp::Start { order: None })).await;
    let inside = match_of(&f, l, "alice", "bob").await;
    for (cmd, want) in [
        (
            league(
                l,
                LeagueOp::Result {
                    match_id: outside,
                    winner: "bob".into(),
                    reason: "because".into(),
                },
            ),
            "not a match of league Autumn",
        ),
        (
            league(
                l,
                LeagueOp::Result {
                    match_id: inside,
                    winner: "bob".into(),
                    reason: "  ".into(),
                },
            ),
            "needs its reason",
        ),
        (
            league(
                l,
                LeagueOp::Result {
                    match_id: inside,
                    winner: "carol".into(),
                    reason: "why not".into(),
                },
            ),
            "not in match",
        ),
        (league(l, LeagueOp::Join), "is running"),
    ] {
        let before = f.store.fingerprint().await.unwrap();
        let e = refused(&f, "alice", cmd.clone()).await;
        assert!(
            e.to_string().contains(want),
            "{cmd:?}: `{e}` lacks `{want}`"
        );
        assert_eq!(f.store.fingerprint().await.unwrap(), before);
    }
}

#[tokio::test]
async fn restart_between_a_result_and_the_next_round_loses_nothing() {
    let path = store_url("league_restart").await;
    let f = open(&path, 11, START).await;
    let l = "Open";
    run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::Knockout,
                spec: one_point(),
            },
        ),
    )
    .await;
    for p in ["p1", "p2", "p3", "p4"] {
        run(&f, p, league(l, LeagueOp::Join)).await;
    }
    let order = ["p1", "p2", "p3", "p4"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    run(&f, "org", league(l, LeagueOp::Start { order: Some(order) })).await;
    let a = match_of(&f, l, "p1", "p4").await;
    let b = match_of(&f, l, "p2", "p3").await;
    resign(&f, a, "p1", "p4").await;
    // Match b ends in a commit of its own, and the bot stops before anything follows
    // (what a crash between the two transactions leaves).
    let row = f.store.load_match(b).await.unwrap().unwrap();
    let change = MatchChange {
        id: b,
        community_id: row.community_id,
        players: row.players,
        expected_version: row.version,
        status: MatchStatus::Finished,
        state: row.state.clone(),
        bank: row.bank,
        winner: Some(row.players[0]),
        result: Some("p2 won".into()),
        now: START,
        league: Some(LeagueReport {
            forfeit: false,
            score: [1, 0],
            entry: "{\"t\":\"result\"}".into(),
        }),
        ..MatchChange::default()
    };
    f.store.commit(&change, &Default::default()).await.unwrap();
    f.store.close().await;
    drop(f);
    // Restart: the sweep creates the final.
    let f = open(&path, 12, START + 60).await;
    let t = f.club.league_table(&who("org"), Some(l), 1).await.unwrap();
    assert_eq!(
        t.iter().map(|r| r.row.won).sum::<u32>(),
        2,
        "both results kept"
    );
    f.club.sweep().await.unwrap();
    let fin = match_of(&f, l, "p1", "p2").await;
    let row = f.store.load_match(fin).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Active);
    // A second sweep changes nothing.
    let before = f.store.fingerprint().await.unwrap();
    f.club.sweep().await.unwrap();
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

#[tokio::test]
async fn club_refusals_name_no_chat_platform_syntax() {
    // Given a league organised by alice, and bob in it
    let f = open(&store_url("league_platform_words").await, 4, START).await;
    let l = "Autumn";
    run(
        &f,
        "alice",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::RoundRobin,
                spec: one_point(),
            },
        ),
    )
    .await;
    run(&f, "bob", league(l, LeagueOp::Join)).await;
    let mut long = one_point();
    long.length = Some(65);
    // When bob does what only an organiser may, and challenges to a 65-point match
    for cmd in [
        league(l, LeagueOp::Start { order: None }),
        Command::Challenge(ChallengeOp::New {
            opponent: "alice".into(),
            spec: long,
        }),
    ] {
        // Then the refusal speaks of no chat platform's own syntax
        let e = refused(&f, "bob", cmd).await.to_string();
        for adapter_word in ["Discord", "money:true", "Manage Server"] {
            assert!(!e.contains(adapter_word), "{e}");
        }
    }
}
