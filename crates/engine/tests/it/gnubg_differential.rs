//! Differential test: legal plays and their move text against GNU Backgammon itself, on
//! positions from seeded self-play, for all 21 rolls.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use engine::{
    Board, Dice, apply_hops, board_from_position_id, format_play, legal_plays, parse_hops,
    position_id,
};
use testkit::{Rng, result_boards, run_gnubg, scratch, self_play_boards};

const POSITIONS: usize = 320;

/// How many gnubg processes share the lines.
const GNUBG_PROCESSES: usize = 8;

#[test]
fn legal_plays_agree_with_gnubg_on_self_play_positions() {
    // Given positions from seeded self-play, with checkers on the bar and borne off among them
    let mut rng = Rng::new(20261121);
    let mut seen = BTreeSet::new();
    let mut boards: Vec<Board> = Vec::new();
    for b in self_play_boards(&mut rng, 40) {
        if seen.insert(position_id(&b)) {
            boards.push(b);
        }
    }
    assert!(
        boards.len() >= POSITIONS,
        "self-play gave {} positions",
        boards.len()
    );
    let stride = boards.len() / POSITIONS;
    let boards: Vec<Board> = boards
        .iter()
        .step_by(stride)
        .take(POSITIONS)
        .copied()
        .collect();
    assert!(
        boards
            .iter()
            .filter(|b| b.mine(25) > 0 || b.theirs(0) > 0)
            .count()
            >= 10
    );
    assert!(
        boards
            .iter()
            .filter(|b| b.mine_off() > 0 || b.theirs_off() > 0)
            .count()
            >= 10
    );

    // When gnubg lists the plays of every position for every roll
    let dir = scratch("differential");
    let mut input = String::new();
    for b in &boards {
        for dice in Dice::all_rolls() {
            let [a, c] = dice.values();
            let _ = writeln!(input, "{} {a} {c}", position_id(b));
        }
    }
    // gnubg's hint waits about 10 ms a call while hardly using the processor, so the lines
    // are shared among several gnubg processes run at once.
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/legal.py");
    let lines: Vec<&str> = input.lines().collect();
    let parts: Vec<_> = lines
        .chunks(lines.len().div_ceil(GNUBG_PROCESSES))
        .enumerate()
        .map(|(k, chunk)| {
            let (inp, out) = (
                dir.join(format!("in{k}.txt")),
                dir.join(format!("out{k}.txt")),
            );
            std::fs::write(&inp, chunk.join("\n") + "\n").unwrap();
            (inp, out)
        })
        .collect();
    std::thread::scope(|s| {
        for (inp, out) in &parts {
            let script = &script;
            s.spawn(move || run_gnubg(script, &[("GAMMONBOT_IN", inp), ("GAMMONBOT_OUT", out)]));
        }
    });
    let answers: BTreeMap<String, Vec<String>> = parts
        .iter()
        .flat_map(|(_, out)| {
            std::fs::read_to_string(out)
                .unwrap()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .map(|l| {
            let mut f = l.split('\t');
            let key = f.next().unwrap().to_string();
            let _count = f.next();
            let moves = f.next().unwrap_or("");
            let moves = if moves.is_empty() {
                Vec::new()
            } else {
                moves.split('|').map(String::from).collect()
            };
            (key, moves)
        })
        .collect();
    assert_eq!(answers.len(), POSITIONS * 21, "gnubg answered every line");

    // Then the engine has the same plays: same count, same resulting positions, same text
    let mut failures = Vec::new();
    for line in input.lines() {
        let mut f = line.split(' ');
        let board = board_from_position_id(f.next().unwrap()).unwrap();
        let a: u8 = f.next().unwrap().parse().unwrap();
        let c: u8 = f.next().unwrap().parse().unwrap();
        let dice = Dice::new(a, c).unwrap();
        let theirs = &answers[line];
        let ours = legal_plays(&board, dice);
        let mut their_boards: Vec<[i8; 26]> = if theirs.is_empty() {
            vec![*board.points()]
        } else {
            theirs
                .iter()
                .map(|t| {
                    *apply_hops(&board, &parse_hops(t).unwrap())
                        .unwrap()
                        .points()
                })
                .collect()
        };
        their_boards.sort_unstable();
        let our_text: BTreeSet<String> = ours
            .iter()
            .map(|l| format_play(&board, &l.play))
            .filter(|t| !t.is_empty())
            .collect();
        let their_text: BTreeSet<String> = theirs.iter().cloned().collect();
        if result_boards(&board, dice) != their_boards || our_text != their_text {
            failures.push(format!(
                "{line}: ours {} {:?}, gnubg {} {:?}",
                ours.len(),
                our_text.difference(&their_text).collect::<Vec<_>>(),
                their_boards.len(),
                their_text.difference(&our_text).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
