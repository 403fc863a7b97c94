//! Perft-style gate: distinct legal plays over the shared position sets, as gnubg counts them.

use engine::{Dice, board_from_position_id, legal_plays, position_id};

fn count(file: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let (mut doubles, mut others) = (0, 0);
    for id in text.lines().filter(|l| !l.is_empty()) {
        let board = board_from_position_id(id).unwrap();
        assert_eq!(position_id(&board), id, "Position ID round trip");
        for dice in Dice::all_rolls() {
            let n = legal_plays(&board, dice).len();
            if dice.is_double() {
                doubles += n;
            } else {
                others += n;
            }
        }
    }
    (doubles, others)
}

#[test]
fn perft_contact_set_404313_plays() {
    assert_eq!(count("contact.txt"), (218_356, 185_957));
}

#[test]
fn perft_race_set_263290_plays() {
    assert_eq!(count("race.txt"), (140_720, 122_570));
}

#[test]
fn perft_start_position_447_plays_per_roll() {
    let start = board_from_position_id("4HPwATDgc/ABMA").unwrap();
    let expected = [
        (11, 42),
        (12, 15),
        (13, 16),
        (14, 14),
        (15, 8),
        (16, 10),
        (22, 75),
        (23, 17),
        (24, 18),
        (25, 8),
        (26, 14),
        (33, 73),
        (34, 17),
        (35, 9),
        (36, 14),
        (44, 52),
        (45, 9),
        (46, 14),
        (55, 4),
        (56, 7),
        (66, 11),
    ];
    let mut total = 0;
    for (roll, n) in expected {
        let dice = Dice::new(roll / 10, roll % 10).unwrap();
        assert_eq!(legal_plays(&start, dice).len(), n, "roll {roll}");
        // The order of the dice does not change the set.
        let swapped = Dice::new(roll % 10, roll / 10).unwrap();
        assert_eq!(legal_plays(&start, swapped).len(), n, "roll {roll} swapped");
        total += n;
    }
    assert_eq!(total, 447);
}
