//! `.mat` export of money sessions with beavers and raccoons: gnubg imports the file and
//! reads every game as the engine played it (the same actions, winner and points), then
//! stands at the same position and Match ID.
//!
//! Seed 001 ("Beavers and raccoons"): a beaver turns the cube an extra notch and keeps it
//! on the beaverer's side; the original doubler may then drop, "paying you the value on
//! the cube before you beavered".

use std::path::Path;

use engine::{Action, Event, Match, MatchRules, Phase, Side, export_mat};
use serde_json::{Value, json};
use testkit::{run_gnubg, scratch};

use super::gnubg_mat::random_match;

/// Money play with beavers and raccoons.
fn animals() -> MatchRules {
    MatchRules {
        beavers: true,
        raccoons: true,
        ..MatchRules::money()
    }
}

/// gnubg's python names the left column (our O, its player 0) "X" and the right one "O".
fn letter(side: Side) -> &'static str {
    match side {
        Side::O => "X",
        Side::X => "O",
    }
}

/// The games of `log` as the engine plays them, in the shape `import_mat_games.py` writes:
/// each game's starting score (left column first), its actions (who, what, the dice of a
/// move), its winner and points.
fn our_games(rules: MatchRules, log: &[(Side, Action)]) -> Value {
    let mut m = Match::new(rules).unwrap();
    let game = |s: [u32; 2]| {
        json!({
            "score": [s[Side::O.index()], s[Side::X.index()]],
            "winner": null,
            "points": null,
            "actions": [],
        })
    };
    let mut games = vec![game(m.score())];
    for (side, action) in log {
        let (next, events) = m.apply(*side, action).unwrap();
        for e in events {
            let step = match e {
                Event::GameStarted { .. } => {
                    games.push(game(next.score()));
                    None
                }
                Event::Played { by, dice, .. } | Event::NoLegalPlay { by, dice } => {
                    Some(json!([letter(by), "move", [dice.high(), dice.low()]]))
                }
                Event::Doubled { by, .. }
                | Event::Beavered { by, .. }
                | Event::Raccooned { by, .. } => Some(json!([letter(by), "double"])),
                Event::Taken { by, .. } => Some(json!([letter(by), "take"])),
                Event::Dropped { by } => Some(json!([letter(by), "drop"])),
                Event::GameOver(r) => {
                    let game = games.last_mut().unwrap();
                    game["winner"] = json!(letter(r.winner));
                    game["points"] = json!(r.points);
                    None
                }
                _ => None,
            };
            if let Some(step) = step {
                let game = games.last_mut().unwrap();
                game["actions"].as_array_mut().unwrap().push(step);
            }
        }
        m = next;
    }
    Value::Array(games)
}

/// What gnubg reads of `mat`: its JSON (`import_mat_games.py`) and what it printed.
fn gnubg_reads(name: &str, mat: &str) -> (Value, String) {
    let dir = scratch(name);
    let (inp, out) = (dir.join("match.mat"), dir.join("out.json"));
    std::fs::write(&inp, mat).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/import_mat_games.py");
    let said = run_gnubg(&script, &[("GAMMONBOT_IN", &inp), ("GAMMONBOT_OUT", &out)]);
    let text = std::fs::read_to_string(out).unwrap();
    let read = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}\n{said}"));
    (read, said)
}

/// What gnubg read differently from the engine, if anything: the games one by one, its
/// complaints while importing, the position and the Match ID at the end.
fn difference(name: &str, m: &Match, log: &[(Side, Action)]) -> Option<String> {
    let mat = export_mat(m.rules(), ["olive", "xavier"], log).unwrap();
    let (read, said) = gnubg_reads(name, &mat);
    let ours = our_games(*m.rules(), log);
    let empty = Vec::new();
    let theirs = read["games"].as_array().unwrap_or(&empty);
    let games = ours.as_array().unwrap();
    for (i, (a, b)) in games.iter().zip(theirs).enumerate() {
        if a != b {
            return Some(format!("game {}: ours {a}\ngnubg {b}\n{mat}", i + 1));
        }
    }
    let complaints: Vec<&str> = said
        .lines()
        .filter(|l| {
            ["WARNING", "doesn't follow", "Unrecognised", "nvalid"]
                .iter()
                .any(|w| l.contains(w))
        })
        .collect();
    if games.len() != theirs.len() || !complaints.is_empty() {
        return Some(format!(
            "{} games, gnubg {}; gnubg said {complaints:?}\n{mat}",
            games.len(),
            theirs.len()
        ));
    }
    let ids = (m.position_id(), m.match_id().encode());
    let got = (
        read["position_id"].as_str().unwrap_or_default().to_string(),
        read["match_id"].as_str().unwrap_or_default().to_string(),
    );
    (ids != got).then(|| format!("Position ID, Match ID: ours {ids:?}, gnubg {got:?}\n{mat}"))
}

/// Applies `action` for `side` and logs it.
fn act(m: &mut Match, log: &mut Vec<(Side, Action)>, side: Side, action: Action) {
    *m = m.apply(side, &action).unwrap().0;
    log.push((side, action));
}

/// The side on roll throws `high`-`low` and makes its first legal play.
fn roll_and_play(m: &mut Match, log: &mut Vec<(Side, Action)>, high: u8, low: u8) {
    let Phase::ToRoll(side) = m.phase() else {
        panic!("nobody on roll: {:?}", m.phase())
    };
    act(
        m,
        log,
        side,
        Action::Roll(engine::Dice::new(high, low).unwrap()),
    );
    play_first(m, log);
}

fn play_first(m: &mut Match, log: &mut Vec<(Side, Action)>) {
    if let Phase::ToPlay { side, .. } = m.phase() {
        let play = m.legal_plays()[0].play;
        act(m, log, side, Action::Play(play));
    }
}

/// A session whose first game X opens (3-1) and O answers (6-4), then X, on roll, doubles
/// and O beavers: the cube stands at 4 on O's side, offered back to X.
fn x_doubles_and_o_beavers() -> (Match, Vec<(Side, Action)>) {
    let mut m = Match::new(animals()).unwrap();
    let mut log = Vec::new();
    act(
        &mut m,
        &mut log,
        Side::X,
        Action::OpeningRoll { x: 3, o: 1 },
    );
    play_first(&mut m, &mut log);
    roll_and_play(&mut m, &mut log, 6, 4);
    act(&mut m, &mut log, Side::X, Action::Double);
    act(&mut m, &mut log, Side::O, Action::Beaver);
    (m, log)
}

/// The next game: opened by O (5-2), then two more throws, stopping with X on roll.
fn next_game_to_x_on_roll(m: &mut Match, log: &mut Vec<(Side, Action)>) {
    act(m, log, Side::X, Action::OpeningRoll { x: 2, o: 5 });
    play_first(m, log);
    roll_and_play(m, log, 4, 4);
    roll_and_play(m, log, 2, 1);
    assert_eq!(m.phase(), Phase::ToRoll(Side::X));
}

#[test]
fn seed_001_a_beaver_dropped_by_the_doubler_costs_the_cube_before_the_beaver_and_gnubg_reads_the_same_games()
 {
    // Given X doubled to 2 and O beavered to 4
    let (mut m, mut log) = x_doubles_and_o_beavers();
    // When X, the original doubler, drops the beaver
    act(&mut m, &mut log, Side::X, Action::Drop);
    // Then O wins the value before the beaver, 2
    assert_eq!(m.score()[Side::O.index()], 2);
    assert_eq!(m.score()[Side::X.index()], 0);
    // And gnubg, importing the session played on into the next game, reads the same
    // games, the same position and the same Match ID
    next_game_to_x_on_roll(&mut m, &mut log);
    if let Some(d) = difference("mat-beaver-dropped", &m, &log) {
        panic!("{d}");
    }
}

#[test]
fn seed_001_a_beaver_taken_and_played_on_leaves_the_cube_at_4_with_the_beaverer_and_gnubg_reads_the_same_games()
 {
    // Given X doubled to 2 and O beavered to 4
    let (mut m, mut log) = x_doubles_and_o_beavers();
    // When X takes and the game goes on
    act(&mut m, &mut log, Side::X, Action::Take);
    assert_eq!((m.cube().value, m.cube().owner), (4, Some(Side::O)));
    roll_and_play(&mut m, &mut log, 5, 3);
    roll_and_play(&mut m, &mut log, 6, 2);
    roll_and_play(&mut m, &mut log, 2, 2);
    // Then gnubg reads the same game, position and Match ID
    if let Some(d) = difference("mat-beaver-taken", &m, &log) {
        panic!("{d}");
    }
}

#[test]
fn seed_001_a_raccoon_dropped_costs_the_beavered_cube_and_gnubg_reads_the_same_games() {
    // Given X doubled to 2, O beavered to 4, X raccooned to 8
    let (mut m, mut log) = x_doubles_and_o_beavers();
    act(&mut m, &mut log, Side::X, Action::Raccoon);
    // When O drops the raccoon
    act(&mut m, &mut log, Side::O, Action::Drop);
    // Then X wins the value before the raccoon, 4
    assert_eq!(m.score()[Side::X.index()], 4);
    // And gnubg reads the same games, position and Match ID
    next_game_to_x_on_roll(&mut m, &mut log);
    if let Some(d) = difference("mat-raccoon-dropped", &m, &log) {
        panic!("{d}");
    }
}

#[test]
fn money_sessions_with_beavers_and_raccoons_replay_in_gnubg_game_by_game() {
    let (mut dropped, mut taken, mut raccoons) = (0, 0, 0);
    let mut failures = Vec::new();
    for seed in 0u64..50 {
        // Given a seeded money session of some 300 actions, stopped with a side on roll
        let mut n = 300;
        let (m, log) = loop {
            let (m, log) = random_match(animals(), seed, n);
            if matches!(m.phase(), Phase::ToRoll(_)) {
                break (m, log);
            }
            n += 1;
        };
        for w in log.windows(2) {
            match (w[0].1, w[1].1) {
                (Action::Beaver, Action::Drop) => dropped += 1,
                (Action::Beaver, Action::Take) => taken += 1,
                (_, Action::Raccoon) => raccoons += 1,
                _ => {}
            }
        }
        // When gnubg imports its .mat file, then it reads every game as the engine played it
        if let Some(d) = difference(&format!("mat-money-{seed}"), &m, &log) {
            failures.push(format!("seed {seed}: {d}"));
        }
    }
    assert!(
        dropped >= 5 && taken >= 5 && raccoons >= 5,
        "too few animals: {dropped} beavers dropped, {taken} taken, {raccoons} raccoons"
    );
    assert!(
        failures.is_empty(),
        "{} of 50 sessions read differently:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
