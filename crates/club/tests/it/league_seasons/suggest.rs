//! GNU Backgammon's match-winning chances suggested for an unfinished league match
//! (`/league suggest`): during a game, between games (the match equity table at the score,
//! before, in and after the Crawford game), and refused where it cannot judge (gnubg run
//! directly is the oracle).

use std::process::Command as Process;
use std::sync::Arc;

use club::{ChallengeSpec, Command, DAY, Format, LeagueOp, Look, MatchOp, MatchRef, Snapshot};
use clubkit::{Fixture, START, ScriptDice, match_of, refused, run, who};
use engine::{AnyMatch, Phase, ResignLevel, Side};
use testkit::store_url;

use super::{create, league, set};

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
