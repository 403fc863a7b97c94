//! Records that say what happened (issue 29, items 9 and 10): every ended match carries
//! its true cause (the clock, the organiser's ruling with its reason, a withdrawal, a
//! resignation, a dropped cube, an adjudication) and every view that mentions it says that
//! cause; the league log reads as sentences with names and times, its JSON kept for
//! `/league log export`.

use club::{
    ChallengeSpec, Command, DAY, Format, LeagueCommand, LeagueOp, Look, MatchOp, MatchRef, Outcome,
};
use engine::ResignLevel;
use store::EndCause;

use clubkit::{Fixture, match_of, run, who};
use testkit::store_url;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 29).await
}

fn league(op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some("Autumn"), op))
}

/// Plays on in match `m` until `name` must act.
async fn until_to_act(f: &Fixture, m: i64, name: &str) {
    for _ in 0..20 {
        let out = run(f, name, Command::Look(Look::Board(MatchRef::id(m)))).await;
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
            Command::Match(MatchRef::id(m), MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(MatchRef::id(m), MatchOp::Roll)
        };
        run(f, &next.name, cmd).await;
    }
    panic!("{name} never came to act in #{m}");
}

/// A round robin of alice (the organiser), bob, carol, dave and erin at 1 point, where:
/// bob resigns to alice; the organiser awards carol v dave to carol ("no reply for a
/// week"); erin withdraws (her matches forfeited); alice v dave ends on the clock.
async fn season_of_every_cause(f: &Fixture) {
    run(
        f,
        "alice",
        league(LeagueOp::Create {
            name: "Autumn".into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await;
    for p in ["alice", "bob", "carol", "dave", "erin"] {
        run(f, p, league(LeagueOp::Join)).await;
    }
    let order = ["alice", "bob", "carol", "dave", "erin"]
        .map(String::from)
        .to_vec();
    run(f, "alice", league(LeagueOp::Start { order: Some(order) })).await;
    let m = match_of(f, "Autumn", "alice", "bob").await;
    run(
        f,
        "bob",
        Command::Match(MatchRef::id(m), MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(
        f,
        "alice",
        Command::Match(MatchRef::id(m), MatchOp::AcceptResign),
    )
    .await;
    let m = match_of(f, "Autumn", "carol", "dave").await;
    run(
        f,
        "alice",
        league(LeagueOp::Forfeit {
            match_id: m,
            loser: "dave".into(),
            reason: "no reply for a week".into(),
        }),
    )
    .await;
    run(f, "erin", league(LeagueOp::Withdraw)).await;
    let m = match_of(f, "Autumn", "alice", "dave").await;
    until_to_act(f, m, "dave").await;
}

fn rating(player: &str) -> Command {
    Command::Look(Look::Rating {
        player: Some(player.into()),
        ruleset: None,
        vs: None,
    })
}

/// The `/rating` line of match `m`.
fn line_of(out: &Outcome, m: i64) -> String {
    out.lines
        .iter()
        .find(|l| l.contains(&format!("match #{m},")))
        .unwrap_or_else(|| panic!("no line for #{m} in {:?}", out.lines))
        .clone()
}

#[tokio::test]
async fn item9_each_ended_match_stores_its_true_cause() {
    // Given a season where matches end by resignation, organiser forfeit, withdrawal
    let f = open("causes_stored").await;
    season_of_every_cause(&f).await;
    // When the clock runs out on dave
    let ad = match_of(&f, "Autumn", "alice", "dave").await;
    f.clock.advance(8 * DAY);
    f.club.sweep().await.unwrap();
    // Then each finished match keeps the cause it really ended by
    let cause = |m: i64| {
        let store = f.store.clone();
        async move { store.load_match(m).await.unwrap().unwrap().cause }
    };
    assert_eq!(
        cause(match_of(&f, "Autumn", "alice", "bob").await).await,
        Some(EndCause::Resigned)
    );
    assert_eq!(
        cause(match_of(&f, "Autumn", "carol", "dave").await).await,
        Some(EndCause::Forfeit("no reply for a week".into()))
    );
    assert_eq!(
        cause(match_of(&f, "Autumn", "bob", "erin").await).await,
        Some(EndCause::Withdrawal(
            "erin withdrew from league Autumn".into()
        ))
    );
    assert_eq!(cause(ad).await, Some(EndCause::Clock));
}

#[tokio::test]
async fn item9_rating_history_says_organiser_forfeit_withdrawal_resignation_and_clock() {
    // Given a season where matches end by each cause
    let f = open("causes_rating").await;
    season_of_every_cause(&f).await;
    let ad = match_of(&f, "Autumn", "alice", "dave").await;
    f.clock.advance(8 * DAY);
    f.club.sweep().await.unwrap();
    // When dave and erin read their rating history
    let dave = run(&f, "dave", rating("dave")).await;
    let erin = run(&f, "erin", rating("erin")).await;
    let carol = run(&f, "carol", rating("carol")).await;
    let alice = run(&f, "alice", rating("alice")).await;
    // Then the organiser's forfeit says it was the organiser's ruling, with its reason
    let cd = line_of(&dave, match_of(&f, "Autumn", "carol", "dave").await);
    assert!(
        cd.contains("forfeit by the organiser's ruling: no reply for a week"),
        "{cd}"
    );
    assert!(!cd.contains("out of time"), "{cd}");
    let cd = line_of(&carol, match_of(&f, "Autumn", "carol", "dave").await);
    assert!(
        cd.contains("forfeit by the organiser's ruling: no reply for a week"),
        "{cd}"
    );
    // and a withdrawal says who withdrew, on both sides
    let ce = line_of(&erin, match_of(&f, "Autumn", "carol", "erin").await);
    assert!(
        ce.contains("forfeit: erin withdrew from league Autumn"),
        "{ce}"
    );
    assert!(!ce.contains("out of time"), "{ce}");
    let ce = line_of(&carol, match_of(&f, "Autumn", "carol", "erin").await);
    assert!(
        ce.contains("forfeit: erin withdrew from league Autumn"),
        "{ce}"
    );
    // and a resignation is told as one
    let ab = line_of(&alice, match_of(&f, "Autumn", "alice", "bob").await);
    assert!(ab.contains("bob resigned"), "{ab}");
    // and the clock is still the clock
    let a = line_of(&alice, ad);
    assert!(a.contains("forfeit: opponent out of time"), "{a}");
    let d = line_of(&dave, ad);
    assert!(d.contains("forfeit: out of time"), "{d}");
}

#[tokio::test]
async fn item9_games_fixtures_standings_and_board_say_the_cause() {
    // Given the organiser's forfeit and a withdrawal
    let f = open("causes_views").await;
    season_of_every_cause(&f).await;
    let cd = match_of(&f, "Autumn", "carol", "dave").await;
    let be = match_of(&f, "Autumn", "bob", "erin").await;
    // When dave lists his games and anyone reads the fixtures and the final boards
    let games = run(&f, "dave", Command::Look(Look::Games))
        .await
        .lines
        .join("\n");
    let fixtures = run(&f, "bob", league(LeagueOp::Fixtures))
        .await
        .lines
        .join("\n");
    let standings = run(&f, "bob", league(LeagueOp::Standings { division: None }))
        .await
        .lines
        .join("\n");
    let board = run(&f, "carol", Command::Look(Look::Board(MatchRef::id(cd)))).await;
    let board_be = run(&f, "bob", Command::Look(Look::Board(MatchRef::id(be)))).await;
    // Then each says the organiser's ruling with its reason, or the withdrawal
    assert!(
        games.contains("carol won by forfeit by the organiser's ruling: no reply for a week"),
        "{games}"
    );
    let fixture = |m: i64| {
        fixtures
            .lines()
            .find(|l| l.contains(&format!(" #{m}: ")))
            .unwrap_or_else(|| panic!("no #{m} in {fixtures}"))
            .to_string()
    };
    assert!(
        fixture(cd)
            .ends_with(": carol won by forfeit by the organiser's ruling: no reply for a week"),
        "{fixtures}"
    );
    assert!(
        fixture(be).ends_with(": bob won by forfeit: erin withdrew from league Autumn"),
        "{fixtures}"
    );
    assert!(
        standings.contains(&format!(
            "#{cd} carol v dave: carol won by forfeit by the organiser's ruling: no reply for a week"
        )) || standings.contains(&format!(
            "#{cd} dave v carol: carol won by forfeit by the organiser's ruling: no reply for a week"
        )),
        "{standings}"
    );
    assert!(
        standings.contains("bob won by forfeit: erin withdrew from league Autumn"),
        "{standings}"
    );
    let result = |o: &Outcome| o.board.as_ref().and_then(|s| s.result.clone());
    assert_eq!(
        result(&board).as_deref(),
        Some("carol won by forfeit by the organiser's ruling: no reply for a week")
    );
    assert_eq!(
        result(&board_be).as_deref(),
        Some("bob won by forfeit: erin withdrew from league Autumn")
    );
}

#[tokio::test]
async fn item10_league_log_reads_as_sentences_and_export_keeps_the_json() {
    // Given a season with joins, a start, a result, a ruling and a withdrawal
    let f = open("causes_log").await;
    season_of_every_cause(&f).await;
    // When the log is read
    let log = run(&f, "bob", league(LeagueOp::Log)).await.lines;
    let text = log.join("\n");
    // Then each entry is a sentence with names and a time, and no JSON or numeric id
    assert!(!text.contains("{\""), "{text}");
    assert!(!text.contains("\"t\""), "{text}");
    assert!(text.contains("2027-01-15 08:00 UTC"), "{text}");
    assert!(text.contains("bob joined"), "{text}");
    assert!(text.contains("alice created league Autumn"), "{text}");
    assert!(
        text.contains("carol won by forfeit by the organiser's ruling: no reply for a week"),
        "{text}"
    );
    assert!(text.contains("erin withdrew"), "{text}");
    assert!(text.contains("alice won"), "{text}");
    // And the export keeps every entry as its JSON, one a line
    let out = run(&f, "bob", league(LeagueOp::LogExport)).await;
    let export: Vec<String> = out
        .attachment
        .expect("the log as a file")
        .text
        .lines()
        .map(str::to_string)
        .collect();
    let json: Vec<serde_json::Value> = export
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert!(json.len() >= 9, "{export:?}");
    assert!(json.iter().any(|v| v["entry"]["t"] == "join"), "{export:?}");
    assert!(json.iter().all(|v| v["at"].is_i64()), "{export:?}");
}

#[test]
fn item10_the_local_chat_reads_league_log_export() {
    // Given the local chat's line for the export
    let line = "bob: /league log export league:Autumn";
    // When it is read
    let (name, cmd) = gammonbot::console::parse_line(line).unwrap().unwrap();
    // Then it asks for the log as stored, of that league
    assert_eq!(name, "bob");
    assert_eq!(
        cmd,
        Command::League(LeagueCommand::local(Some("Autumn"), LeagueOp::LogExport))
    );
    let (_, cmd) = gammonbot::console::parse_line("bob: /league log")
        .unwrap()
        .unwrap();
    assert_eq!(
        cmd,
        Command::League(LeagueCommand::local(None, LeagueOp::Log))
    );
}
