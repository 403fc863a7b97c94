//! League settings that belong to their formats, tables that count matches, and what a
//! league says (issue 51, items 3, 5 and 6): a setting a format does not use is refused
//! with the reason, the same way for every format; a bye in a bracket is no match played;
//! joining during a check-in checks the player in; the start counts what its log counts;
//! a league's words are the club's, in no chat platform's syntax.

use club::{ChallengeSpec, Command, Format, LeagueCommand, LeagueOp, Outcome};
use clubkit::{Fixture, refused, run, who};
use testkit::store_url;

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

fn set(name: &str, key: &str, value: &str) -> Command {
    league(
        name,
        LeagueOp::Set {
            key: key.into(),
            value: value.into(),
        },
    )
}

/// League `name` of `format` created by `org`, `players` joined.
async fn create(f: &Fixture, name: &str, format: Format, players: &[&str]) -> Outcome {
    let out = run(
        f,
        "org",
        league(
            name,
            LeagueOp::Create {
                name: name.into(),
                format,
                spec: ChallengeSpec::standard(Some(1)),
            },
        ),
    )
    .await;
    for p in players {
        run(f, p, league(name, LeagueOp::Join)).await;
    }
    out
}

async fn start(f: &Fixture, name: &str, players: &[&str]) -> Outcome {
    let order = players.iter().map(|s| s.to_string()).collect();
    run(
        f,
        "org",
        league(name, LeagueOp::Start { order: Some(order) }),
    )
    .await
}

/// Decides every match now playing in the league, the first named player winning; the
/// lines said.
async fn decide_playing(f: &Fixture, name: &str) -> Vec<String> {
    let mut said = Vec::new();
    for b in f
        .club
        .league_bracket(&who("org"), Some(name))
        .await
        .unwrap()
    {
        if b.status != "playing" {
            continue;
        }
        let out = run(
            f,
            "org",
            league(
                name,
                LeagueOp::Result {
                    match_id: b.match_id.unwrap(),
                    winner: b.names[0].clone().unwrap(),
                    reason: "test".into(),
                },
            ),
        )
        .await;
        said.extend(out.lines);
    }
    said
}

#[tokio::test]
async fn a_setting_a_format_does_not_use_is_refused_with_the_reason_for_every_format() {
    let f = Fixture::seeded(&store_url("league_settings_per_format").await, 3).await;
    for (name, format) in [
        ("Robin", Format::RoundRobin),
        ("Twice", Format::DoubleRoundRobin),
        ("Cup", Format::Knockout),
        ("Ladder", Format::Divisions),
        ("Dub", Format::DoubleElimination),
        ("Open", Format::Swiss),
    ] {
        create(&f, name, format, &[]).await;
    }
    let before = f.store.fingerprint().await.unwrap();
    for (l, k, v, says) in [
        (
            "Open",
            "reset",
            "off",
            "reset applies to double-elimination leagues only; Open is a Swiss system",
        ),
        (
            "Robin",
            "rounds",
            "3",
            "rounds applies to Swiss leagues only; Robin is a round robin",
        ),
        (
            "Robin",
            "movers",
            "9",
            "movers applies to divisions leagues only; Robin is a round robin",
        ),
        (
            "Dub",
            "division-size",
            "4",
            "division-size applies to divisions leagues only; Dub is a double elimination",
        ),
        (
            "Ladder",
            "checkin",
            "2h",
            "checkin applies to knockouts only; Ladder is a divisions league",
        ),
        (
            "Cup",
            "recur",
            "7d",
            "recur applies to divisions leagues only; Cup is a knockout",
        ),
        (
            "Twice",
            "reset",
            "on",
            "reset applies to double-elimination leagues only; Twice is a double round robin",
        ),
        (
            "Cup",
            "withdrawal",
            "void",
            "withdrawal:void applies to leagues with a table only",
        ),
    ] {
        let e = refused(&f, "org", set(l, k, v)).await;
        assert!(e.to_string().contains(says), "{l} {k}:{v}: {e}");
    }
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // Each where it applies is taken.
    for (l, k, v) in [
        ("Open", "rounds", "3"),
        ("Dub", "reset", "off"),
        ("Ladder", "movers", "1"),
        ("Ladder", "division-size", "4"),
        ("Cup", "checkin", "2h"),
        ("Robin", "withdrawal", "void"),
        ("Cup", "withdrawal", "forfeit"),
    ] {
        run(&f, "org", set(l, k, v)).await;
    }
}

#[tokio::test]
async fn a_divisions_league_is_called_a_divisions_league() {
    let f = Fixture::seeded(&store_url("league_divisions_words").await, 3).await;
    let out = create(&f, "Ladder", Format::Divisions, &[]).await;
    let text = out.lines.join("\n");
    assert!(
        text.contains("created by org: a divisions league,"),
        "{text}"
    );
}

#[tokio::test]
async fn double_elimination_standings_count_no_bye_as_a_match() {
    let f = Fixture::seeded(&store_url("league_double_byes").await, 3).await;
    // Five entrants: a bracket of eight, byes in both brackets.
    let players = ["p1", "p2", "p3", "p4", "p5"];
    create(&f, "Dub", Format::DoubleElimination, &players).await;
    start(&f, "Dub", &players).await;
    while !decide_playing(&f, "Dub").await.is_empty() {}
    let bracket = f
        .club
        .league_bracket(&who("org"), Some("Dub"))
        .await
        .unwrap();
    assert!(bracket.iter().any(|b| b.status == "bye"), "{bracket:?}");
    let table = f
        .club
        .league_table(&who("org"), Some("Dub"), 1)
        .await
        .unwrap();
    for t in &table {
        let played: Vec<_> = bracket
            .iter()
            .filter(|b| b.status == "done" && b.names.contains(&Some(t.name.clone())))
            .collect();
        let won = played
            .iter()
            .filter(|b| b.winner.as_ref() == Some(&t.name))
            .count();
        assert_eq!(
            (t.row.played as usize, t.row.won as usize),
            (played.len(), won),
            "{}: {:?}",
            t.name,
            t.row
        );
    }
}

#[tokio::test]
async fn a_double_elimination_start_counts_its_matches_as_its_log_does() {
    let f = Fixture::seeded(&store_url("league_double_start_count").await, 3).await;
    let players = ["p1", "p2", "p3", "p4", "p5"];
    create(&f, "Dub", Format::DoubleElimination, &players).await;
    let out = start(&f, "Dub", &players).await;
    let log = run(&f, "org", league("Dub", LeagueOp::Log)).await.lines;
    let started = log
        .iter()
        .find(|l| l.contains("started season 1"))
        .expect("the start in the log");
    // The log's count of fixtures is the start's.
    let count = started
        .split(", ")
        .find(|p| p.ends_with(" fixtures"))
        .unwrap_or_else(|| panic!("a count of fixtures in {started}"));
    assert!(out.lines[0].contains(count), "{} / {started}", out.lines[0]);
    // And the matches that start now are said as such.
    let now = out
        .lines
        .iter()
        .filter(|l| l.starts_with("Match #"))
        .count();
    let said = if now == 1 {
        "1 match now".to_string()
    } else {
        format!("{now} matches now")
    };
    assert!(out.lines[0].contains(&said), "{}", out.lines[0]);
}

#[tokio::test]
async fn joining_during_a_check_in_checks_the_player_in() {
    let f = Fixture::seeded(&store_url("league_join_checkin").await, 5).await;
    create(&f, "Cup", Format::Knockout, &["a", "b", "c"]).await;
    run(&f, "org", set("Cup", "checkin", "24h")).await;
    run(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    for p in ["a", "b"] {
        run(&f, p, league("Cup", LeagueOp::Checkin)).await;
    }
    // A newcomer joins while the check-in is open: told that it counts.
    let out = run(&f, "late", league("Cup", LeagueOp::Join)).await;
    let text = out.lines.join("\n");
    assert!(
        text.contains("late joins Cup") && text.contains("checked in"),
        "{text}"
    );
    f.clock.advance(club::DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        !notices
            .iter()
            .any(|n| n.user_id == "late" && n.text.contains("did not check in")),
        "{notices:?}"
    );
    let bracket = f.club.league_bracket(&who("a"), Some("Cup")).await.unwrap();
    assert!(
        bracket
            .iter()
            .any(|b| b.names.iter().flatten().any(|n| n == "late")),
        "{bracket:?}"
    );
}

#[tokio::test]
async fn league_match_lines_name_the_players_without_chat_syntax() {
    let f = Fixture::seeded(&store_url("league_match_lines").await, 3).await;
    let players = ["a", "b", "c", "d"];
    create(&f, "Cup", Format::Knockout, &players).await;
    let out = start(&f, "Cup", &players).await;
    let said = decide_playing(&f, "Cup").await;
    let all: Vec<&String> = out.lines.iter().chain(&said).collect();
    assert!(
        all.iter().any(|l| l.contains("starts now")),
        "the final starts: {all:?}"
    );
    for l in &all {
        assert!(!l.contains('@') && !l.contains("match:"), "{l}");
    }
    assert!(
        out.lines
            .iter()
            .any(|l| l.starts_with("Match #") && l.contains(": a v d")),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn a_league_not_started_counts_its_entrants_in_english() {
    let f = Fixture::seeded(&store_url("league_entrants_words").await, 3).await;
    create(&f, "Cup", Format::RoundRobin, &["ann"]).await;
    let standings = LeagueOp::Standings { division: None };
    let one = run(&f, "ann", league("Cup", standings.clone())).await;
    assert_eq!(one.lines[0], "League Cup has not started; 1 entrant so far");
    run(&f, "bob", league("Cup", LeagueOp::Join)).await;
    let two = run(&f, "ann", league("Cup", standings)).await;
    assert_eq!(
        two.lines[0],
        "League Cup has not started; 2 entrants so far"
    );
}
