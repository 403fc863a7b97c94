//! Seasons that start by themselves and tournament operations: a recurring divisions
//! league's next season after its sign-up window (a restart during the window loses
//! nothing), a knockout's check-in (the absent dropped, the draw from the rest), and GNU
//! Backgammon's match-winning chances suggested for an unfinished match (gnubg run
//! directly is the oracle).

use std::process::Command as Process;
use std::sync::Arc;

use club::{
    ChallengeSpec, Command, DAY, Format, LeagueCommand, LeagueOp, Look, MatchOp, MatchRef, Snapshot,
};
use clubkit::{Fixture, START, ScriptDice, match_of, refused, run, who};
use engine::{AnyMatch, Phase, ResignLevel, Side};
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

async fn create(f: &Fixture, name: &str, format: Format, spec: ChallengeSpec, players: &[&str]) {
    run(
        f,
        "org",
        league(
            name,
            LeagueOp::Create {
                name: name.into(),
                format,
                spec,
            },
        ),
    )
    .await;
    for p in players {
        run(f, p, league(name, LeagueOp::Join)).await;
    }
}

/// The league's row as stored.
async fn row(f: &Fixture, name: &str) -> store::LeagueRow {
    f.store.find_league(1, name).await.unwrap().unwrap()
}

/// Names of a division's table, sorted.
async fn division(f: &Fixture, name: &str, d: i64) -> Vec<String> {
    let mut names: Vec<String> = f
        .club
        .league_table(&who("org"), Some(name), d)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    names.sort();
    names
}

/// A divisions league (size 4, one mover, `recur:7d`) whose first season (a, b, c over
/// d, e, g) is played out, the lower seed winning every match; the last result's outcome.
async fn first_season_played(f: &Fixture) -> club::Outcome {
    create(
        f,
        "Ladder",
        Format::Divisions,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d", "e", "g"],
    )
    .await;
    for (k, v) in [("division-size", "4"), ("movers", "1"), ("recur", "7d")] {
        run(f, "org", set("Ladder", k, v)).await;
    }
    let order = ["a", "b", "c", "d", "e", "g"].map(String::from).to_vec();
    run(
        f,
        "org",
        league("Ladder", LeagueOp::Start { order: Some(order) }),
    )
    .await;
    let mut last = None;
    for (w, lo) in [
        ("c", "a"),
        ("c", "b"),
        ("b", "a"),
        ("g", "d"),
        ("g", "e"),
        ("e", "d"),
    ] {
        let m = match_of(f, "Ladder", w, lo).await;
        run(
            f,
            lo,
            Command::Match(MatchRef::id(m), MatchOp::Resign(ResignLevel::Single)),
        )
        .await;
        last = Some(run(f, w, Command::Match(MatchRef::id(m), MatchOp::AcceptResign)).await);
    }
    last.unwrap()
}

#[tokio::test]
async fn a_recurring_league_starts_its_next_season_after_the_window_with_those_signed_up() {
    let f = Fixture::seeded(&store_url("recur_next").await, 3).await;
    let out = first_season_played(&f).await;
    // The season's end opens the next sign-up, said with the result.
    let text = out.lines.join("\n");
    assert!(
        text.contains("Sign-up for season 2 of Ladder is open")
            && text.contains("starts by itself in 7 days"),
        "{text}"
    );
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 7 * DAY));
    // During the window a newcomer joins and a player leaves.
    run(&f, "h", league("Ladder", LeagueOp::Join)).await;
    run(&f, "d", league("Ladder", LeagueOp::Leave)).await;
    f.clock.advance(7 * DAY - 60);
    let notices = f.club.sweep().await.unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(row(&f, "Ladder").await.status, "signup");
    // Once the window has closed the sweep starts season 2, announced in the channel.
    f.clock.advance(60);
    let notices = f.club.sweep().await.unwrap();
    let announced = notices
        .iter()
        .find(|n| n.user_id.is_empty())
        .expect("an announcement");
    assert!(
        announced
            .text
            .contains("League Ladder season 2 starts: 6 players, 6 matches"),
        "{}",
        announced.text
    );
    assert!(
        announced
            .text
            .contains("g goes up from division 2 to division 1"),
        "{}",
        announced.text
    );
    assert!(
        announced
            .text
            .contains("a goes down from division 1 to division 2"),
        "{}",
        announced.text
    );
    assert!(announced.text.contains("h enters in division 2"));
    // Each player is told of his matches: 6 matches, 2 players each.
    assert_eq!(notices.iter().filter(|n| n.match_id > 0).count(), 12);
    let r = row(&f, "Ladder").await;
    assert_eq!(
        (r.status.as_str(), r.season, r.start_at),
        ("running", 2, None)
    );
    assert_eq!(division(&f, "Ladder", 1).await, ["b", "c", "g"]);
    assert_eq!(division(&f, "Ladder", 2).await, ["a", "e", "h"]);
    // A second sweep starts nothing more.
    f.clock.advance(60);
    f.club.sweep().await.unwrap();
    assert_eq!(row(&f, "Ladder").await.season, 2);
}

#[tokio::test]
async fn a_restart_during_the_sign_up_window_loses_nothing() {
    let url = store_url("recur_restart").await;
    let f = Fixture::seeded(&url, 3).await;
    first_season_played(&f).await;
    run(&f, "h", league("Ladder", LeagueOp::Join)).await;
    drop(f);
    // The bot comes back three days later, then the window closes.
    let f = Fixture::open(
        &url,
        std::sync::Arc::new(club::RngDice::seeded(4)),
        START + 3 * DAY,
    )
    .await;
    f.club.sweep().await.unwrap();
    assert_eq!(row(&f, "Ladder").await.status, "signup");
    f.clock.advance(4 * DAY);
    f.club.sweep().await.unwrap();
    let r = row(&f, "Ladder").await;
    assert_eq!((r.status.as_str(), r.season), ("running", 2));
    assert_eq!(division(&f, "Ladder", 2).await, ["a", "d", "e", "h"]);
}

#[tokio::test]
async fn a_recurring_window_with_too_few_signed_up_opens_again() {
    let f = Fixture::seeded(&store_url("recur_few").await, 3).await;
    first_season_played(&f).await;
    for p in ["a", "b", "c", "d"] {
        run(&f, p, league("Ladder", LeagueOp::Leave)).await;
    }
    f.clock.advance(7 * DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().any(|n| n.user_id.is_empty()
            && n.text.contains("only 2 signed up for season 2")
            && n.text.contains("starts by itself in 7 days")),
        "{notices:?}"
    );
    let r = row(&f, "Ladder").await;
    assert_eq!(
        (r.status.as_str(), r.start_at),
        ("signup", Some(START + 14 * DAY))
    );
}

#[tokio::test]
async fn recur_and_checkin_belong_to_their_formats_and_bad_values_change_nothing() {
    let f = Fixture::seeded(&store_url("recur_refusals").await, 3).await;
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &[],
    )
    .await;
    create(
        &f,
        "Ladder",
        Format::Divisions,
        ChallengeSpec::standard(Some(1)),
        &[],
    )
    .await;
    run(&f, "a", league("Ladder", LeagueOp::List)).await;
    let before = f.store.fingerprint().await.unwrap();
    for (l, k, v, says) in [
        ("Cup", "recur", "7d", "recur is for a divisions league"),
        ("Ladder", "checkin", "24h", "checkin is for a knockout"),
        ("Ladder", "recur", "200d", "a number of days from 1 to 90"),
        ("Cup", "checkin", "soon", "a number of hours from 1 to 168"),
    ] {
        let e = refused(&f, "org", set(l, k, v)).await;
        assert!(e.to_string().contains(says), "{e}");
    }
    let e = refused(&f, "a", set("Ladder", "recur", "7d")).await;
    assert!(e.to_string().contains("only the organiser"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

#[tokio::test]
async fn a_check_in_drops_the_absent_and_draws_from_the_rest() {
    let f = Fixture::seeded(&store_url("checkin_draw").await, 5).await;
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d", "e"],
    )
    .await;
    run(&f, "org", set("Cup", "checkin", "24h")).await;
    run(&f, "zed", league("Cup", LeagueOp::List)).await;
    let before = f.store.fingerprint().await.unwrap();
    let e = refused(&f, "a", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("no check-in open"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // The organiser's start opens the check-in instead of drawing.
    let out = run(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    assert!(
        out.lines[0].contains("the check-in is open for 1 day"),
        "{:?}",
        out.lines
    );
    assert_eq!(row(&f, "Cup").await.status, "signup");
    for p in ["a", "b", "c", "d"] {
        let out = run(&f, p, league("Cup", LeagueOp::Checkin)).await;
        assert!(out.lines[0].contains(&format!("{p} checks in to Cup")));
    }
    // Refusals: clear, private, nothing changed.
    let before = f.store.fingerprint().await.unwrap();
    for (who_, says) in [
        ("zed", "you have not joined Cup"),
        ("a", "you have already checked in"),
    ] {
        let e = refused(&f, who_, league("Cup", LeagueOp::Checkin)).await;
        assert!(e.to_string().contains(says), "{e}");
    }
    let e = refused(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    assert!(e.to_string().contains("already open"), "{e}");
    f.clock.advance(DAY);
    let e = refused(&f, "e", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("closed"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // The sweep closes it: e is dropped and told; the draw is of the four others.
    let notices = f.club.sweep().await.unwrap();
    let told = notices
        .iter()
        .find(|n| n.user_id == "e")
        .expect("e is told");
    assert!(
        told.text.contains("you did not check in to Cup"),
        "{}",
        told.text
    );
    let announced = notices.iter().find(|n| n.user_id.is_empty()).unwrap();
    assert!(
        announced
            .text
            .contains("Cup season 1 starts: 4 players, 2 matches")
            && announced.text.contains("Dropped for not checking in: e"),
        "{}",
        announced.text
    );
    let entrants = f
        .store
        .league_entrants(row(&f, "Cup").await.id)
        .await
        .unwrap();
    let mut names: Vec<&str> = entrants
        .iter()
        .map(|e| e.player.display_name.as_str())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["a", "b", "c", "d"]);
    let bracket = f.club.league_bracket(&who("a"), Some("Cup")).await.unwrap();
    assert!(
        bracket
            .iter()
            .all(|b| !b.names.iter().flatten().any(|n| n == "e"))
    );
    let e = refused(&f, "a", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("no check-in open"), "{e}");
}

#[tokio::test]
async fn a_season_the_sweep_starts_where_matches_get_threads_owes_each_match_a_thread() {
    // Given a server that keeps a thread per match and a knockout whose check-in closes
    let f = Fixture::seeded(&store_url("sweep_start_threads").await, 5).await;
    assert!(f.club.match_threads(&who("org"), Some(true)).await.unwrap());
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d"],
    )
    .await;
    run(&f, "org", set("Cup", "checkin", "24h")).await;
    run(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    for p in ["a", "b", "c", "d"] {
        run(&f, p, league("Cup", LeagueOp::Checkin)).await;
    }
    assert!(f.club.take_league_posts_owed().await.unwrap().is_empty());
    f.clock.advance(DAY);
    // When the sweep draws it
    let notices = f.club.sweep().await.unwrap();
    // Then the draw is announced in the league's channel, nobody is mentioned there one
    // by one (no player asked for direct messages), and each match is owed a thread
    let announced = notices.iter().find(|n| n.user_id.is_empty()).unwrap();
    assert!(
        announced
            .text
            .contains("Cup season 1 starts: 4 players, 2 matches"),
        "{}",
        announced.text
    );
    assert!(notices.iter().all(|n| n.user_id.is_empty()), "{notices:?}");
    let owed = f.club.take_league_posts_owed().await.unwrap();
    assert_eq!(owed.len(), 2, "{owed:?}");
    let mut players: Vec<String> = owed.iter().flat_map(|p| p.user_ids.clone()).collect();
    players.sort();
    assert_eq!(players, ["a", "b", "c", "d"]);
    assert!(
        owed.iter()
            .all(|p| p.channel == announced.channel && p.league == "Cup")
    );
    // Taken once
    assert!(f.club.take_league_posts_owed().await.unwrap().is_empty());
    // A match moved into its thread; moved again (no longer in the league's channel):
    // refused, nothing changed
    let m = owed[0].match_id.get();
    f.club
        .move_owed_league_match(m.into(), "thread-1")
        .await
        .unwrap();
    assert_eq!(
        f.store.load_match(m).await.unwrap().unwrap().channel,
        "thread-1"
    );
    let before = f.store.fingerprint().await.unwrap();
    let e = f
        .club
        .move_owed_league_match(m.into(), "thread-2")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("no league match waiting"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

/// The snapshot of match `m` as stored.
async fn snapshot(f: &Fixture, m: i64) -> Snapshot {
    let row = f.store.load_match(m).await.unwrap().unwrap();
    serde_json::from_str(row.state.as_deref().unwrap()).unwrap()
}

/// Plays on in match `m` (first legal plays) until a player is on roll after `plays`
/// plays, so that the position is one of the game's middle, not its start.
async fn until_on_roll(f: &Fixture, m: i64, plays: usize) -> engine::Match {
    let mut made = 0;
    for _ in 0..(4 * plays + 8) {
        let AnyMatch::Standard(game) = snapshot(f, m).await.game else {
            panic!("a standard match");
        };
        if made >= plays && matches!(game.phase(), Phase::ToRoll(_)) {
            return game;
        }
        let next = run(f, "org", Command::Look(Look::Board(MatchRef::id(m))))
            .await
            .next
            .expect("someone must act");
        let cmd = if next.what.starts_with("move") {
            let moves = f
                .club
                .legal_moves(&who(&next.name), MatchRef::id(m))
                .await
                .unwrap();
            made += 1;
            Command::Match(MatchRef::id(m), MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(MatchRef::id(m), MatchOp::Roll)
        };
        run(f, &next.name, cmd).await;
    }
    panic!("nobody came to roll in #{m}");
}

/// gnubg's own cubeful match-winning chance for the player on roll (in per cent), the
/// program run directly on the match's Match ID and Position ID at world class (2 plies,
/// pruned): the best of no double and double (the opponent's better answer).
fn gnubg_oracle(game: &engine::Match) -> f64 {
    let commands = format!(
        "set evaluation cubedecision evaluation plies 2\n\
         set evaluation cubedecision evaluation prune on\n\
         set evaluation cubedecision evaluation cubeful on\n\
         new match {}\nset matchid {}\nset board {}\nset output mwc on\neval\n",
        game.rules().length.unwrap(),
        game.match_id().encode(),
        game.position_id()
    );
    let mut child = Process::new("/usr/games/gnubg")
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("gnubg runs");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(commands.as_bytes())
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let pct = |label: &str| -> f64 {
        let line = out
            .lines()
            .find(|l| l.contains(label))
            .unwrap_or_else(|| panic!("no `{label}` in gnubg's answer:\n{out}"));
        let at = line.find(label).unwrap() + label.len();
        line[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('%')
            .parse()
            .unwrap()
    };
    let (nd, dp, dt) = (pct("No double"), pct("Double, pass"), pct("Double, take"));
    nd.max(dp.min(dt))
}

#[tokio::test]
async fn suggest_gives_gnubgs_match_winning_chances_and_refuses_what_it_cannot_judge() {
    let f = Fixture::seeded(&store_url("suggest_chances").await, 11).await;
    create(
        &f,
        "Open",
        Format::RoundRobin,
        ChallengeSpec::standard(Some(7)),
        &["ann", "ben", "cat"],
    )
    .await;
    run(&f, "org", set("Open", "season-days", "1")).await;
    run(&f, "org", league("Open", LeagueOp::Start { order: None })).await;
    let m = match_of(&f, "Open", "ann", "ben").await;
    // A first game lost with a gammon, so the score is not level.
    let first = until_on_roll(&f, m, 1).await;
    let Phase::ToRoll(loser) = first.phase() else {
        unreachable!()
    };
    let ids = f.store.load_match(m).await.unwrap().unwrap().players;
    let [l, w] = [loser, loser.opponent()].map(|s| ids[s.index()]);
    let l = f.store.player_by_id(l).await.unwrap().display_name;
    let w = f.store.player_by_id(w).await.unwrap().display_name;
    run(
        &f,
        &l,
        Command::Match(MatchRef::id(m), MatchOp::Resign(ResignLevel::Gammon)),
    )
    .await;
    run(
        &f,
        &w,
        Command::Match(MatchRef::id(m), MatchOp::AcceptResign),
    )
    .await;
    let game = until_on_roll(&f, m, 7).await;
    assert_eq!(game.score()[loser.opponent().index()], 2);
    let suggest = || league("Open", LeagueOp::Suggest { match_id: m });
    let before = f.store.fingerprint().await.unwrap();
    // Before the deadline, and by a player: refused.
    let e = refused(&f, "org", suggest()).await;
    assert!(
        e.to_string().contains("the season deadline of Open is in"),
        "{e}"
    );
    f.clock.advance(DAY + 60);
    let e = refused(&f, "ann", suggest()).await;
    assert!(e.to_string().contains("only the organiser"), "{e}");
    // At the deadline: gnubg's numbers, which gnubg run directly gives too.
    let out = run(&f, "org", suggest()).await;
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    let text = out.lines.join("\n");
    let Phase::ToRoll(side) = game.phase() else {
        unreachable!()
    };
    let players = f.store.load_match(m).await.unwrap().unwrap().players;
    let name = |s: Side| {
        let store = f.store.clone();
        let id = players[s.index()];
        async move { store.player_by_id(id).await.unwrap().display_name }
    };
    let on_roll = name(side).await;
    let oracle = gnubg_oracle(&game);
    let said = text
        .split(&format!("{on_roll} wins "))
        .nth(1)
        .and_then(|r| r.split('%').next())
        .unwrap_or_else(|| panic!("{text}"))
        .parse::<f64>()
        .unwrap();
    assert!(
        (said - oracle).abs() <= 0.06,
        "said {said}%, gnubg {oracle}%: {text}"
    );
    eprintln!("suggested {said}%, gnubg run directly {oracle}%: {text}");
    let ahead = if oracle >= 50.0 {
        on_roll.clone()
    } else {
        name(side.opponent()).await
    };
    assert!(
        text.contains(&format!("Suggestion: award the match to {ahead}")),
        "{text}"
    );
    assert!(text.contains(&format!("{on_roll} on roll")), "{text}");
    // A finished match: nothing to suggest.
    let m2 = match_of(&f, "Open", "ann", "cat").await;
    run(
        &f,
        "org",
        league(
            "Open",
            LeagueOp::Forfeit {
                match_id: m2,
                loser: "cat".into(),
                reason: "gone".into(),
            },
        ),
    )
    .await;
    let before = f.store.fingerprint().await.unwrap();
    let e = refused(
        &f,
        "org",
        league("Open", LeagueOp::Suggest { match_id: m2 }),
    )
    .await;
    assert!(e.to_string().contains("already decided"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

#[tokio::test]
async fn suggest_is_refused_for_a_welsh_match() {
    let f = Fixture::seeded(&store_url("suggest_welsh").await, 11).await;
    create(
        &f,
        "Cymru",
        Format::RoundRobin,
        ChallengeSpec::welsh(25),
        &["ann", "ben", "cat"],
    )
    .await;
    run(&f, "org", league("Cymru", LeagueOp::Start { order: None })).await;
    let m = match_of(&f, "Cymru", "ann", "ben").await;
    f.clock.advance(29 * DAY);
    let before = f.store.fingerprint().await.unwrap();
    let e = refused(
        &f,
        "org",
        league("Cymru", LeagueOp::Suggest { match_id: m }),
    )
    .await;
    assert!(
        e.to_string().contains("GNU Backgammon does not play Welsh"),
        "{e}"
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

/// gnubg's own match equity before a game, in per cent, for a player `away` points from
/// victory against one `other` away, read from the table gnubg prints (`show
/// matchequitytable`): the pre-Crawford table (row the player, column the other) up to and
/// in the Crawford game, after it the post-Crawford table (the trailer's chance against a
/// player 1-away).
fn gnubg_met_oracle(length: u32, away: u32, other: u32, post_crawford: bool) -> f64 {
    let out = Process::new("/usr/games/gnubg")
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(format!("show matchequitytable {length}\n").as_bytes())?;
            child.wait_with_output()
        })
        .expect("gnubg runs");
    let out = String::from_utf8(out.stdout).unwrap();
    let (heading, row, column) = if post_crawford {
        ("Post-Crawford table for player 0", 1, away.max(other))
    } else {
        ("Pre-Crawford table:", away, other)
    };
    let table = out
        .split(heading)
        .nth(1)
        .unwrap_or_else(|| panic!("no `{heading}` in gnubg's answer:\n{out}"));
    let line = table
        .lines()
        .find(|l| {
            let mut w = l.split_whitespace();
            w.next() == Some(&format!("{row}-away"))
                && w.next().is_some_and(|c| c.parse::<f64>().is_ok())
        })
        .unwrap_or_else(|| panic!("no row {row}-away:\n{table}"));
    let cell: f64 = line
        .split_whitespace()
        .nth(column as usize)
        .unwrap()
        .parse()
        .unwrap();
    match (post_crawford, away) {
        (true, 1) => 100.0 - cell,
        _ => cell,
    }
}

/// The percentage `name` is said to win in a suggestion's text.
fn said_chance(text: &str, name: &str) -> f64 {
    text.split(&format!("{name} wins "))
        .nth(1)
        .and_then(|r| r.split('%').next())
        .unwrap_or_else(|| panic!("no chance of {name}: {text}"))
        .parse()
        .unwrap()
}

#[tokio::test]
async fn suggest_between_games_gives_gnubgs_match_equity_at_the_score_before_in_and_after_the_crawford_game()
 {
    // Given a 5-point knockout of three (one match: cat has a bye) on scripted dice:
    // each game opened with a throw that is no tie, ended by a resignation, and the next
    // game's opening throw then tied (4-4) as long as the club throws it again by itself,
    // so that the match waits between games at the score.
    let ties = [4u8; 128];
    let mut dice = vec![3, 1];
    dice.extend(ties);
    dice.extend([2, 5]);
    dice.extend(ties);
    dice.extend([6, 1]);
    let url = store_url("suggest_between_games").await;
    let f = Fixture::open(&url, Arc::new(ScriptDice::new(&dice)), START).await;
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(5)),
        &["ann", "ben", "cat"],
    )
    .await;
    run(&f, "org", set("Cup", "season-days", "1")).await;
    let order = ["cat", "ann", "ben"].map(String::from).to_vec();
    run(
        &f,
        "org",
        league("Cup", LeagueOp::Start { order: Some(order) }),
    )
    .await;
    f.clock.advance(DAY + 60);
    let m = match_of(&f, "Cup", "ann", "ben").await;
    let ids = f.store.load_match(m).await.unwrap().unwrap().players;
    let mut names = Vec::new();
    for id in ids {
        names.push(f.store.player_by_id(id).await.unwrap().display_name);
    }
    let (x, o) = (names[0].clone(), names[1].clone());
    let suggest = || league("Cup", LeagueOp::Suggest { match_id: m });
    // `loser` resigns the game in play at `level` (the opening throw made), the other accepts.
    let resign = |loser: &str, level: ResignLevel| {
        let (loser, winner) = if loser == x { (&x, &o) } else { (&o, &x) };
        let f = &f;
        async move {
            run(
                f,
                loser,
                Command::Match(MatchRef::id(m), MatchOp::Resign(level)),
            )
            .await;
            run(
                f,
                winner,
                Command::Match(MatchRef::id(m), MatchOp::AcceptResign),
            )
            .await;
        }
    };
    // Each state: X's score, O's score, whether after the Crawford game, the game to come
    // is the Crawford game.
    let states = [
        (2, 0, false, false),
        (4, 0, false, true),
        (4, 1, true, false),
    ];
    for (i, (sx, so, post, crawford)) in states.into_iter().enumerate() {
        match i {
            0 => resign(&o, ResignLevel::Gammon).await,
            1 => resign(&o, ResignLevel::Gammon).await,
            _ => resign(&x, ResignLevel::Single).await,
        }
        let AnyMatch::Standard(game) = snapshot(&f, m).await.game else {
            panic!("a standard match");
        };
        assert_eq!(game.phase(), Phase::Opening, "between games");
        assert_eq!(game.score(), [sx, so]);
        assert_eq!(game.is_crawford_game(), crawford);
        let before = f.store.fingerprint().await.unwrap();
        let out = run(&f, "org", suggest()).await;
        assert_eq!(
            f.store.fingerprint().await.unwrap(),
            before,
            "nothing written"
        );
        let text = out.lines.join("\n");
        assert!(
            text.contains("its match equity table at the score, before the next game"),
            "{text}"
        );
        assert!(
            text.contains(&format!("{x} {sx} - {o} {so} (to 5)")),
            "{text}"
        );
        let oracle = gnubg_met_oracle(5, 5 - sx, 5 - so, post);
        let said = said_chance(&text, &x);
        assert!(
            (said - oracle).abs() <= 0.06,
            "{x} at {sx}-{so}: said {said}%, gnubg's table {oracle}%: {text}"
        );
        eprintln!("{x} at {sx}-{so}: suggested {said}%, gnubg's table {oracle}%");
        assert!(
            (said + said_chance(&text, &o) - 100.0).abs() <= 0.11,
            "{text}"
        );
        let ahead = if said >= 50.0 { &x } else { &o };
        assert!(
            text.contains(&format!("Suggestion: award the match to {ahead}")),
            "{text}"
        );
        // The next game's opening throw, by a player's /roll.
        if i < 2 {
            let next = run(&f, "org", Command::Look(Look::Board(MatchRef::id(m))))
                .await
                .next
                .expect("someone to roll");
            run(
                &f,
                &next.name,
                Command::Match(MatchRef::id(m), MatchOp::Roll),
            )
            .await;
        }
    }
}
