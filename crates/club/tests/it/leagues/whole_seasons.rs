//! Whole leagues played to their end: a round robin, a Welsh knockout with byes, two
//! divisions over two seasons.

use super::fixtures::{
    START, TableRow, league, match_of, one_point, open, resign, until_to_act, who,
};
use club::{ChallengeOp, ChallengeSpec, Command, DAY, Format, LeagueOp, Look, MatchRef};
use clubkit::{assert_match_rebuilds, refused, run};
use store::MatchStatus;
use testkit::store_url;

#[tokio::test]
async fn round_robin_of_five_to_its_end_with_clock_forfeit_ruling_and_withdrawal() {
    let f = open(&store_url("league_rr5").await, 5, START).await;
    let l = "Spring";
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
    for p in ["alice", "bob", "carol", "dave", "erin"] {
        run(&f, p, league(l, LeagueOp::Join)).await;
    }
    let order: Vec<String> = ["alice", "bob", "carol", "dave", "erin"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let out = run(
        &f,
        "alice",
        league(l, LeagueOp::Start { order: Some(order) }),
    )
    .await;
    assert!(
        out.lines[0].contains("5 players, 10 matches"),
        "{:?}",
        out.lines
    );
    assert!(
        out.lines
            .iter()
            .filter(|l| l.starts_with("Match #"))
            .count()
            == 10
    );
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("alice v bob") || l.contains("bob v alice"))
    );
    // Every pair has exactly one match, all accepted with a clock running.
    let fixtures = f.club.league_bracket(&who("bob"), Some(l)).await.unwrap();
    assert_eq!(fixtures.len(), 10);
    for fx in &fixtures {
        let m = f
            .store
            .load_match(fx.match_id.unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(m.status, MatchStatus::Active);
        assert!(m.deadline_at.is_some());
        assert_match_rebuilds(&f.store, m.id).await;
    }

    // Played: erin beats dave, alice beats bob, bob beats carol, carol beats alice, alice
    // beats dave.
    for (w, lo) in [
        ("erin", "dave"),
        ("alice", "bob"),
        ("bob", "carol"),
        ("carol", "alice"),
        ("alice", "dave"),
    ] {
        let m = match_of(&f, l, w, lo).await;
        let out = resign(&f, m, w, lo).await;
        assert!(
            out.lines
                .iter()
                .any(|x| x.contains(&format!("{w} won the match"))),
            "{:?}",
            out.lines
        );
        assert_match_rebuilds(&f.store, m).await;
    }
    // A player cannot change a league match's terms: there is no challenge to answer.
    let m = match_of(&f, l, "bob", "dave").await;
    let e = refused(
        &f,
        "dave",
        Command::Challenge(ChallengeOp::Decline(MatchRef::id(m))),
    )
    .await;
    assert!(e.to_string().contains("only a challenge waiting"), "{e}");
    // Erin withdraws: her three unplayed matches are forfeited to her opponents.
    let out = run(&f, "erin", league(l, LeagueOp::Withdraw)).await;
    assert!(
        out.lines[0].contains("3 matches forfeited"),
        "{:?}",
        out.lines
    );
    // The organiser awards bob v dave to bob by forfeit, with the reason.
    let out = run(
        &f,
        "alice",
        league(
            l,
            LeagueOp::Forfeit {
                match_id: m,
                loser: "dave".into(),
                reason: "no reply for two weeks".into(),
            },
        ),
    )
    .await;
    assert!(
        out.lines[0].contains("bob won by forfeit"),
        "{:?}",
        out.lines
    );
    let row = f.store.load_match(m).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert!(row.result.unwrap().contains("no reply for two weeks"));
    // Carol v dave: dave runs out of time.
    let m = match_of(&f, l, "carol", "dave").await;
    until_to_act(&f, m, "dave").await;
    f.clock.advance(8 * DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.text.contains("Spring season 1 is over: alice wins")),
        "{:?}",
        notices.iter().map(|n| &n.text).collect::<Vec<_>>()
    );
    let row = f.store.load_match(m).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);

    // The table, number by number: A, B, C on 3 points, equal on head to head (a cycle)
    // and Sonneborn-Berger (4 each); difference puts alice (+1) first; bob and carol (0)
    // go by seed. Erin (withdrawn) 1 point, dave 0.
    let t = f.club.league_table(&who("bob"), Some(l), 1).await.unwrap();
    let got: Vec<TableRow<'_>> = t
        .iter()
        .map(|t| {
            let r = &t.row;
            (
                t.name.as_str(),
                r.played,
                r.won,
                r.lost,
                r.forfeit_wins,
                r.forfeit_losses,
                r.points,
                r.head_to_head,
                r.sonneborn_berger,
                r.difference,
                r.withdrawn,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("alice", 4, 3, 1, 1, 0, 3, 1, 4, 1, false),
            ("bob", 4, 3, 1, 2, 0, 3, 1, 4, 0, false),
            ("carol", 4, 3, 1, 2, 0, 3, 1, 4, 0, false),
            ("erin", 4, 1, 3, 0, 3, 1, 0, 0, 1, true),
            ("dave", 4, 0, 4, 0, 2, 0, 0, 0, -2, false),
        ]
    );
    let out = run(
        &f,
        "dave",
        league(l, LeagueOp::Standings { division: None }),
    )
    .await;
    let text = out.lines.join("\n");
    assert!(text.contains("2+1f"), "{text}");
    assert!(text.contains("erin(w)"), "{text}");
    // The league is over; its log has every step.
    let e = refused(&f, "alice", league(l, LeagueOp::Start { order: None })).await;
    assert!(e.to_string().contains("finished"), "{e}");
    let id = f.store.find_league(1, l).await.unwrap().unwrap().id;
    let log = f.store.league_actions(id).await.unwrap();
    let kinds: Vec<String> = log
        .iter()
        .map(|(_, _, _, e)| serde_json::from_str::<serde_json::Value>(e).unwrap()["t"].to_string())
        .collect();
    for k in [
        "create",
        "join",
        "start",
        "result",
        "withdraw",
        "ruling",
        "season_end",
    ] {
        assert!(kinds.contains(&format!("\"{k}\"")), "no {k} in {kinds:?}");
    }
}

#[tokio::test]
async fn welsh_knockout_of_six_with_byes_to_the_grand_final_and_the_jack_pot() {
    let path = store_url("league_ko6").await;
    let f = open(&path, 9, START).await;
    let l = "Cup";
    run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::Knockout,
                spec: ChallengeSpec::welsh(3),
            },
        ),
    )
    .await;
    let seeds = ["s1", "s2", "s3", "s4", "s5", "s6"];
    for p in seeds {
        run(&f, p, league(l, LeagueOp::Join)).await;
    }
    let order = seeds.iter().map(|s| s.to_string()).collect();
    let out = run(&f, "org", league(l, LeagueOp::Start { order: Some(order) })).await;
    assert!(
        out.lines[0].contains("6 players, 2 matches"),
        "{:?}",
        out.lines
    );
    assert!(
        out.lines.iter().any(|x| x.contains("60.00")),
        "{:?}",
        out.lines
    );
    // Byes to seeds 1 and 2; round 1 is 4 v 5 and 3 v 6.
    let b = f.club.league_bracket(&who("org"), Some(l)).await.unwrap();
    let byes: Vec<&str> = b
        .iter()
        .filter(|x| x.status == "bye")
        .filter_map(|x| x.winner.as_deref())
        .collect();
    assert_eq!(byes, vec!["s1", "s2"]);
    assert_eq!(b.iter().filter(|x| x.round == 3).count(), 1, "one final");
    // Entry fees in the ledger: each entrant paid 10.00 to the organiser who holds the pot.
    assert_eq!(
        f.store
            .balance(
                1,
                f.store
                    .find_player("local", "org")
                    .await
                    .unwrap()
                    .unwrap()
                    .id
            )
            .await
            .unwrap(),
        6000
    );
    // Round 1 by the organiser's adjudication; each semi-final starts once its feeder ends.
    let m45 = match_of(&f, l, "s4", "s5").await;
    let out = run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Result {
                match_id: m45,
                winner: "s4".into(),
                reason: "s5 conceded by message".into(),
            },
        ),
    )
    .await;
    assert!(
        out.lines
            .iter()
            .any(|x| x.contains("s1 v s4") && x.contains("semi-final")),
        "{:?}",
        out.lines
    );
    let m36 = match_of(&f, l, "s3", "s6").await;
    run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Result {
                match_id: m36,
                winner: "s6".into(),
                reason: "adjudicated at 2-0".into(),
            },
        ),
    )
    .await;
    let semi2 = match_of(&f, l, "s2", "s6").await;
    let semi1 = match_of(&f, l, "s1", "s4").await;
    // Nobody plays twice in a round: the semi-finalists are four different players.
    for (m, w) in [(semi1, "s1"), (semi2, "s6")] {
        run(
            &f,
            "org",
            league(
                l,
                LeagueOp::Result {
                    match_id: m,
                    winner: w.into(),
                    reason: "agreed result".into(),
                },
            ),
        )
        .await;
    }
    // The grand final, s1 v s6, ends on the clock.
    let fin = match_of(&f, l, "s1", "s6").await;
    let board = run(&f, "s1", Command::Look(Look::Board(MatchRef::id(fin)))).await;
    let loser = board.next.unwrap().name;
    let winner = if loser == "s1" { "s6" } else { "s1" };
    f.clock.advance(8 * DAY);
    let notices = f.club.sweep().await.unwrap();
    let all: Vec<&String> = notices.iter().map(|n| &n.text).collect();
    assert!(
        all.iter().any(|t| t.contains(&format!(
            "Cup season 1 is over: {winner} wins the grand final"
        ))),
        "{all:?}"
    );
    // The jack-pot: the organiser pays the winner the 6 entry fees, in the ledger.
    let w = f
        .store
        .find_player("local", winner)
        .await
        .unwrap()
        .unwrap()
        .id;
    let lines = f.store.ledger(1, w).await.unwrap();
    assert!(
        lines.iter().any(|r| r.amount == 6000
            && r.payer == "org"
            && r.reason.contains("jack-pot of league Cup")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|r| r.amount == 1000 && r.payee == "org"));
    let org = f
        .store
        .find_player("local", "org")
        .await
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(
        f.store.balance(1, org).await.unwrap(),
        0,
        "the organiser only held the pot"
    );
    let out = run(&f, "s3", league(l, LeagueOp::Bracket)).await;
    assert!(
        out.lines
            .iter()
            .any(|x| x.contains(&format!("{winner} wins"))),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn two_divisions_over_two_seasons_promote_relegate_and_place_a_newcomer() {
    let f = open(&store_url("league_div2").await, 3, START).await;
    let l = "Ladder";
    run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::Divisions,
                spec: one_point(),
            },
        ),
    )
    .await;
    for (k, v) in [("division-size", "4"), ("movers", "1")] {
        run(
            &f,
            "org",
            league(
                l,
                LeagueOp::Set {
                    key: k.into(),
                    value: v.into(),
                },
            ),
        )
        .await;
    }
    let six = ["a", "b", "c", "d", "e", "g"];
    for p in six {
        run(&f, p, league(l, LeagueOp::Join)).await;
    }
    let order = six.iter().map(|s| s.to_string()).collect();
    let out = run(&f, "org", league(l, LeagueOp::Start { order: Some(order) })).await;
    assert!(
        out.lines[0].contains("6 players, 6 matches"),
        "{:?}",
        out.lines
    );
    // Division 1: a, b, c; division 2: d, e, g. In each the lower seed wins every match.
    for (w, lo) in [
        ("c", "a"),
        ("c", "b"),
        ("b", "a"),
        ("g", "d"),
        ("g", "e"),
        ("e", "d"),
    ] {
        let m = match_of(&f, l, w, lo).await;
        resign(&f, m, w, lo).await;
    }
    let out = run(
        &f,
        "org",
        league(l, LeagueOp::Standings { division: Some(2) }),
    )
    .await;
    assert!(
        out.lines.iter().any(|x| x.contains(" g ")),
        "{:?}",
        out.lines
    );
    // Between seasons a newcomer joins; the next season is drawn from the tables.
    run(&f, "h", league(l, LeagueOp::Join)).await;
    let out = run(&f, "org", league(l, LeagueOp::Start { order: None })).await;
    let text = out.lines.join("\n");
    assert!(
        text.contains("g goes up from division 2 to division 1"),
        "{text}"
    );
    assert!(
        text.contains("a goes down from division 1 to division 2"),
        "{text}"
    );
    assert!(text.contains("h enters in division 2"), "{text}");
    let d1: Vec<String> = f
        .club
        .league_table(&who("org"), Some(l), 1)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    let d2: Vec<String> = f
        .club
        .league_table(&who("org"), Some(l), 2)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    let mut d1s = d1.clone();
    d1s.sort();
    let mut d2s = d2.clone();
    d2s.sort();
    assert_eq!(d1s, vec!["b", "c", "g"]);
    assert_eq!(d2s, vec!["a", "d", "e", "h"]);
    // Season 2: 3 + 6 matches.
    let b = f.club.league_bracket(&who("org"), Some(l)).await.unwrap();
    assert_eq!(b.len(), 9);
}
