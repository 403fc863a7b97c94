//! `.mat` export: files the engine writes import into real gnubg and replay to the same
//! position, Match ID and score.

use std::path::Path;

use engine::{Action, Match, MatchRules, Phase, RuleError, Side, export_mat};
use testkit::{Rng, run_gnubg, scratch};

/// Plays a match with random plays and cube actions (beavers and raccoons where the rules
/// allow them); stops after `max_actions` or at the end.
pub(super) fn random_match(
    rules: MatchRules,
    seed: u64,
    max_actions: usize,
) -> (Match, Vec<(Side, Action)>) {
    let mut rng = Rng::new(seed);
    let mut m = Match::new(rules).unwrap();
    let mut log = Vec::new();
    while log.len() < max_actions {
        let (side, action) = match m.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Opening => (
                Side::X,
                Action::OpeningRoll {
                    x: rng.die(),
                    o: rng.die(),
                },
            ),
            Phase::ToRoll(s) if m.cube().value < 8 && m.may_double(s).is_ok() && rng.chance(8) => {
                (s, Action::Double)
            }
            Phase::ToRoll(s) => (s, Action::Roll(rng.dice())),
            Phase::CubeOffered(o) if m.rules().beavers && o.notches == 0 && rng.chance(50) => {
                (o.responder, Action::Beaver)
            }
            Phase::CubeOffered(o)
                if m.rules().raccoons && o.notches > 0 && o.value < 64 && rng.chance(30) =>
            {
                (o.responder, Action::Raccoon)
            }
            Phase::CubeOffered(o) if rng.chance(30) => (o.responder, Action::Drop),
            Phase::CubeOffered(o) => (o.responder, Action::Take),
            Phase::ToPlay { side, .. } => {
                let plays = m.legal_plays();
                (side, Action::Play(plays[rng.below(plays.len())].play))
            }
        };
        let (side, action, next) = match m.apply(side, &action) {
            Ok((next, _)) => (side, action, next),
            Err(RuleError::MustTake) => {
                (side, Action::Take, m.apply(side, &Action::Take).unwrap().0)
            }
            Err(e) => panic!("self-play action refused: {e}"),
        };
        // Ties at the opening are not written in a .mat file; they change nothing here.
        if next != m {
            log.push((side, action));
        }
        m = next;
    }
    (m, log)
}

fn import(name: &str, mat: &str) -> Vec<String> {
    let dir = scratch(name);
    let (inp, out) = (dir.join("match.mat"), dir.join("out.txt"));
    std::fs::write(&inp, mat).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/import_mat.py");
    run_gnubg(&script, &[("GAMMONBOT_IN", &inp), ("GAMMONBOT_OUT", &out)]);
    std::fs::read_to_string(out)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn finished_match_exported_as_mat_replays_in_gnubg_to_the_same_score() {
    // Given a whole 7-point match with doubles, takes and drops
    let (m, log) = random_match(MatchRules::match_to(7), 11, 100_000);
    let Phase::MatchOver { .. } = m.phase() else {
        panic!("the match did not finish")
    };
    assert!(
        log.iter().any(|(_, a)| *a == Action::Double),
        "the match used the cube"
    );
    // When gnubg imports its .mat file
    let mat = export_mat(m.rules(), ["olive", "xavier"], &log).unwrap();
    let got = import("mat-finished", &mat);
    // Then gnubg counts the same games and the same final score
    let score = m.score();
    assert_eq!(got[2], m.game_number().to_string(), "games\n{mat}");
    assert_eq!(
        got[3],
        score[Side::O.index()].to_string(),
        "O's score\n{mat}"
    );
    assert_eq!(
        got[4],
        score[Side::X.index()].to_string(),
        "X's score\n{mat}"
    );
}

#[test]
fn running_match_exported_as_mat_replays_in_gnubg_to_the_same_position_and_match_id() {
    for (seed, actions) in [(3u64, 181usize), (5, 120), (8, 77)] {
        // Given a match stopped in the middle of a game, after a play
        let mut n = actions;
        let (m, log) = loop {
            let (m, log) = random_match(MatchRules::match_to(25), seed, n);
            assert!(
                log.len() == n,
                "seed {seed}: the match ended before {n} actions"
            );
            if matches!(m.phase(), Phase::ToRoll(_)) {
                break (m, log);
            }
            n += 1;
        };
        // When gnubg imports the .mat file
        let mat = export_mat(m.rules(), ["olive", "xavier"], &log).unwrap();
        let got = import(&format!("mat-running-{seed}"), &mat);
        // Then it stands at the same position with the same Match ID
        assert_eq!(got[0], m.position_id(), "Position ID, seed {seed}\n{mat}");
        assert_eq!(
            got[1],
            m.match_id().encode(),
            "Match ID, seed {seed}\n{mat}"
        );
    }
}

#[test]
fn money_game_with_a_beaver_exported_as_mat_replays_in_gnubg_to_the_same_cube() {
    let rules = MatchRules {
        beavers: true,
        ..MatchRules::money()
    };
    // (Seeds whose sessions hold a beaver that is taken; dropped beavers and whole sessions
    // are checked game by game in `gnubg_mat_money`.)
    for seed in [2u64, 9, 13] {
        // Given a money session stopped after a beaver, at the next roll
        let (_, full) = random_match(rules, seed, 5000);
        let mut m = Match::new(rules).unwrap();
        let mut beavered = false;
        let mut log = Vec::new();
        for (side, action) in full {
            m = m.apply(side, &action).unwrap().0;
            beavered |= action == Action::Beaver;
            log.push((side, action));
            if beavered && matches!(m.phase(), Phase::ToRoll(_)) && m.cube().value >= 4 {
                break;
            }
        }
        assert!(beavered, "seed {seed}: no beaver in 5000 actions");
        // When gnubg imports the .mat file
        let mat = export_mat(m.rules(), ["olive", "xavier"], &log).unwrap();
        let got = import(&format!("mat-beaver-{seed}"), &mat);
        // Then it stands at the same position with the same cube and owner (the Match ID)
        assert_eq!(got[0], m.position_id(), "Position ID, seed {seed}\n{mat}");
        assert_eq!(
            got[1],
            m.match_id().encode(),
            "Match ID, seed {seed}\n{mat}"
        );
    }
}

#[test]
fn analysis_after_a_beaver_values_decisions_at_the_beavered_cube_owned_by_the_beaverer() {
    let rules = MatchRules {
        beavers: true,
        ..MatchRules::money()
    };
    // Given a money game with a beaver, stopped a few actions later in the same game
    let (_, full) = random_match(rules, 2, 5000);
    let mut m = Match::new(rules).unwrap();
    let mut beaverer = None;
    let mut after = 0;
    let mut log = Vec::new();
    for (side, action) in full {
        let game = m.game_number();
        m = m.apply(side, &action).unwrap().0;
        if beaverer.is_some() && m.game_number() != game {
            break;
        }
        log.push((side, action));
        if action == Action::Beaver {
            beaverer = Some(side);
        }
        if beaverer.is_some() && matches!(m.phase(), Phase::ToRoll(_)) {
            after += 1;
            if after == 4 {
                break;
            }
        }
    }
    let beaverer = beaverer.expect("a beaver");
    let dir = scratch("beaver-analysis");
    let (mat, out) = (dir.join("match.mat"), dir.join("out.json"));
    std::fs::write(
        &mat,
        export_mat(m.rules(), ["olive", "xavier"], &log).unwrap(),
    )
    .unwrap();
    // When the analysis script reviews it at 0 plies
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gnubg/src/analyse.py");
    run_gnubg(
        &script,
        &[
            ("GAMMONBOT_MAT", &mat),
            ("GAMMONBOT_OUT", &out),
            ("GAMMONBOT_PLIES", Path::new("0")),
        ],
    );
    let review: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    // Then the decisions made after the beaver are valued at the cube of 4, which the
    // beaverer holds (the .mat file's left column, O here, is gnubg's "X")
    let letter = if beaverer == Side::O { "X" } else { "O" };
    let game = m.game_number();
    let last: Vec<&serde_json::Value> = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["game"] == game)
        .collect();
    let at_four: Vec<_> = last.iter().filter(|d| d["cube"] == 4).collect();
    assert!(
        !at_four.is_empty(),
        "no decision after the beaver: {last:#?}"
    );
    for d in at_four {
        assert_eq!(d["owner"], letter, "{d:#}");
    }
    assert!(last.iter().all(|d| d["cube"].as_u64().unwrap() <= 4));
}

#[test]
fn mat_export_headers_name_the_players_event_date_and_rules_and_gnubg_reads_them() {
    // Given a whole 5-point match exported with its event, date and rating
    let (m, log) = random_match(MatchRules::match_to(5), 21, 100_000);
    assert!(matches!(m.phase(), Phase::MatchOver { .. }));
    let info = engine::MatInfo {
        event: "gammonbot match #7".into(),
        began: Some(1_800_000_000),
        rated: Some(false),
    };
    let mat = engine::export_mat_with(m.rules(), ["olive", "xavier"], &log, &info).unwrap();
    // The header lines gnubg writes, and the last game won the match
    for line in [
        "; [Player 1 \"xavier\"]",
        "; [Player 2 \"olive\"]",
        "; [Event \"gammonbot match #7\"]",
        "; [EventDate \"2027.01.15\"]",
        "; [EventTime \"08.00\"]",
        "; [Variation \"Backgammon\"]",
        "; [Unrated \"On\"]",
        "; [Crawford \"On\"]",
    ] {
        assert!(mat.contains(line), "no {line}\n{mat}");
    }
    let last_win = mat.lines().rev().find(|l| l.contains("Wins")).unwrap();
    assert!(last_win.ends_with("and the match"), "{last_win}");
    assert_eq!(mat.matches("and the match").count(), 1, "{mat}");
    // When gnubg imports it, it reads the players, the event and the date
    let dir = scratch("mat-info");
    let (inp, out) = (dir.join("match.mat"), dir.join("out.txt"));
    std::fs::write(&inp, &mat).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/import_mat_info.py");
    run_gnubg(&script, &[("GAMMONBOT_IN", &inp), ("GAMMONBOT_OUT", &out)]);
    let read = std::fs::read_to_string(out).unwrap();
    for want in [
        "event=gammonbot match #7",
        "date=(15, 1, 2027)",
        "xavier",
        "olive",
    ] {
        assert!(read.contains(want), "gnubg read no {want}:\n{read}\n{mat}");
    }
}
