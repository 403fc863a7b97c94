//! Leagues end to end through the club on a real SQLite file: a round robin played to its
//! end with a clock forfeit, an organiser's forfeit and a withdrawal, the table checked
//! number by number; a Welsh knockout with byes to the grand final and its jack-pot; two
//! divisions over two seasons; refusals that change nothing; a restart between a match's
//! end and the next knockout round.

use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, Club, ClubError, Command, DAY, Format, LeagueCommand, LeagueOp,
    ManualClock, MatchRef, Outcome, RngDice,
};
use engine::ResignLevel;
use store::{LeagueReport, MatchChange, MatchStatus, Store};

use testkit::{assert_match_rebuilds, store_url};

const START: i64 = 1_800_000_000;

/// Name, played, won, lost, forfeit wins, forfeit losses, points, head to head,
/// Sonneborn-Berger, difference, withdrawn.
type TableRow<'a> = (&'a str, u32, u32, u32, u32, u32, i64, i64, i64, i64, bool);

struct Fixture {
    club: Arc<Club>,
    clock: Arc<ManualClock>,
    store: Store,
}

async fn open(url: &str, seed: u64, at: i64) -> Fixture {
    open_with(url, RngDice::seeded(seed), at).await
}

async fn open_with(url: &str, dice: RngDice, at: i64) -> Fixture {
    let store = Store::open(url).await.unwrap();
    let clock = Arc::new(ManualClock::new(at));
    let club = Arc::new(Club::new(store.clone(), Arc::new(dice), clock.clone()));
    Fixture { club, clock, store }
}

fn who(name: &str) -> Actor {
    Actor::local(name)
}

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

async fn run(f: &Fixture, name: &str, cmd: Command) -> Outcome {
    match f.club.execute(&who(name), cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{name}: {cmd:?} refused: {e}"),
    }
}

async fn refused(f: &Fixture, name: &str, cmd: Command) -> ClubError {
    match f.club.execute(&who(name), cmd.clone()).await {
        Ok(o) => panic!("{name}: {cmd:?} was accepted: {:?}", o.lines),
        Err(e) => e,
    }
}

/// The match of a pair in the league's current season.
async fn match_of(f: &Fixture, name: &str, a: &str, b: &str) -> i64 {
    let lines = f
        .club
        .league_bracket(&who("alice"), Some(name))
        .await
        .unwrap();
    lines
        .iter()
        .find(|l| {
            let n: Vec<&str> = l.names.iter().flatten().map(String::as_str).collect();
            n.len() == 2 && n.contains(&a) && n.contains(&b)
        })
        .and_then(|l| l.match_id)
        .unwrap_or_else(|| panic!("no match {a} v {b} in {name}"))
}

/// A standard league match ended by the loser resigning and the winner accepting.
async fn resign(f: &Fixture, m: i64, winner: &str, loser: &str) -> Outcome {
    run(
        f,
        loser,
        Command::Resign(MatchRef::id(m), ResignLevel::Single),
    )
    .await;
    run(f, winner, Command::AcceptResign(MatchRef::id(m))).await
}

/// Plays on in match `m` until `name` must act (the other plays his first legal play).
async fn until_to_act(f: &Fixture, m: i64, name: &str) {
    for _ in 0..20 {
        let out = run(f, name, Command::Board(MatchRef::id(m))).await;
        let next = out.next.expect("someone must act");
        if next.name == name {
            return;
        }
        let cmd = if next.what.starts_with("move") {
            let moves = f
                .club
                .legal_moves(&who(&next.name), MatchRef::id(m))
                .await
                .unwrap();
            Command::Move(MatchRef::id(m), moves[0].clone())
        } else {
            Command::Roll(MatchRef::id(m))
        };
        run(f, &next.name, cmd).await;
    }
    panic!("{name} never came to act in #{m}");
}

fn one_point() -> ChallengeSpec {
    ChallengeSpec::standard(Some(1))
}

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
            .any(|l| l.contains("@alice") && l.contains("@bob"))
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
    let e = refused(&f, "dave", Command::Decline(MatchRef::id(m))).await;
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
            .any(|x| x.contains("@s1 v @s4") && x.contains("semi-final")),
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
    let board = run(&f, "s1", Command::Board(MatchRef::id(fin))).await;
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
        Command::Challenge {
            opponent: "bob".into(),
            spec: one_point(),
        },
    )
    .await;
    let outside = out.match_id.unwrap();
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
    run(&f, "carol", Command::Games).await;
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
async fn sixty_four_players_start_and_standings_timed() {
    // Fair dice as in production: each match's chain is made when it starts.
    let f = open_with(
        &store_url("league_64").await,
        RngDice::fair_seeded(1),
        START,
    )
    .await;
    let l = "Big";
    run(
        &f,
        "org",
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
    for i in 0..64 {
        run(&f, &format!("p{i}"), league(l, LeagueOp::Join)).await;
    }
    let t0 = std::time::Instant::now();
    let out = run(&f, "org", league(l, LeagueOp::Start { order: None })).await;
    let start = t0.elapsed();
    assert!(
        out.lines[0].contains("64 players, 2016 matches"),
        "{:?}",
        out.lines
    );
    let t0 = std::time::Instant::now();
    let t = f.club.league_table(&who("org"), Some(l), 1).await.unwrap();
    let table = t0.elapsed();
    assert_eq!(t.len(), 64);
    eprintln!("64-player round robin: start {start:?}, standings {table:?} (this build)");
}

#[tokio::test]
async fn the_local_chat_runs_a_league_with_spaces_in_its_name() {
    use gammonbot::console::run_line;
    let f = open(&store_url("league_chat").await, 6, START).await;
    let lines = [
        "alice: /league create name:Autumn Cup format:knockout length:1",
        "alice: /league join league:Autumn Cup",
        "bob: /league join",
        "carol: /league join",
        "alice: /league start order:carol,bob,alice",
        "bob: /league bracket",
        "dave: /league standings league:Autumn Cup",
    ];
    let mut all = String::new();
    for l in lines {
        let (text, refused) = run_line(&f.club, l, None).await;
        assert!(!refused, "{l}: {text}");
        all.push_str(&text);
    }
    assert!(
        all.contains("League Autumn Cup (#1) created by alice: a knockout"),
        "{all}"
    );
    assert!(all.contains("3 players, 1 matches"), "{all}");
    assert!(all.contains("carol (bye)"), "{all}");
    let (text, refused) = run_line(&f.club, "bob: /league start", None).await;
    assert!(refused && text.contains("only the organiser"), "{text}");
    let (text, refused) = run_line(&f.club, "bob: /league result #1 reason:x", None).await;
    assert!(refused && text.contains("winner:"), "{text}");
    let (text, _) = run_line(&f.club, "bob: /help", None).await;
    assert!(text.contains("/league create"), "{text}");
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
        Command::Challenge {
            opponent: "alice".into(),
            spec: long,
        },
    ] {
        // Then the refusal speaks of no chat platform's own syntax
        let e = refused(&f, "bob", cmd).await.to_string();
        for adapter_word in ["Discord", "money:true", "Manage Server"] {
            assert!(!e.contains(adapter_word), "{e}");
        }
    }
}
