//! `gammonbot legal`: the line format other tools read.

use gammonbot::cli::legal;

fn run(input: &str, notation: bool) -> (String, bool) {
    let mut out = Vec::new();
    let ok = legal(input.as_bytes(), &mut out, notation).unwrap();
    (String::from_utf8(out).unwrap(), ok)
}

#[test]
fn legal_writes_count_and_sorted_resulting_position_ids() {
    let (out, ok) = run("4HPwATDgc/ABMA 6 5\n", false);
    assert!(ok);
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!(fields[0], "4HPwATDgc/ABMA 6 5");
    assert_eq!(fields[1], "7");
    let ids: Vec<&str> = fields[2].split(',').collect();
    assert_eq!(ids.len(), 7);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted");
}

#[test]
fn legal_notation_lists_move_text() {
    let (out, _) = run("4HPwATDgc/ABMA 6 5\n", true);
    assert_eq!(
        out,
        "4HPwATDgc/ABMA 6 5\t7\t13/2 | 13/7 8/3 | 13/8 13/7 | 24/13 | 24/18 13/8 | 24/18 8/3 | 8/3 8/2\n"
    );
}

#[test]
fn legal_no_play_counts_as_one_unchanged_position() {
    // The player on roll is on the bar against a closed board.
    let (out, _) = run("27YBBwAA8P8DQA 6 6\n", false);
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!(fields[1], "1");
    assert_eq!(fields[2], "27YBBwAA8P8DQA");
}

#[test]
fn legal_bad_line_is_answered_with_the_reason() {
    let (out, ok) = run("nonsense 7 1\n4HPwATDgc/ABMA 3 1\n", false);
    assert!(!ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("nonsense 7 1\tERROR\t"));
    assert!(lines[1].starts_with("4HPwATDgc/ABMA 3 1\t16\t"));
}

/// FNV-1a, 64 bits: a fingerprint of the whole output.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn legal_output_over_the_contact_set_and_21_rolls_is_byte_for_byte_unchanged() {
    // Given the contact set x the 21 rolls (21,000 lines), in the benchmark's order.
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/contact.txt"
    ))
    .unwrap();
    let mut input = String::new();
    for id in set.lines().filter(|l| !l.is_empty()) {
        for a in 1..=6 {
            for b in a..=6 {
                input.push_str(&format!("{id} {a} {b}\n"));
            }
        }
    }
    // When `legal` lists them.
    let (out, ok) = run(&input, false);
    // Then every line is read, the plays are gnubg's count (404,313), and the bytes are
    // those the String-per-ID writer gave (fingerprint taken from it).
    assert!(ok);
    assert_eq!(out.lines().count(), 21_000);
    let plays: usize = out
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(plays, 404_313);
    assert_eq!(out.len(), 6_517_783);
    assert_eq!(fnv1a(out.as_bytes()), 0x7ca5_2749_0de7_c856);
    // Each ID reads back as the board it was written from, and the IDs are sorted.
    for line in out.lines().take(500) {
        let ids: Vec<&str> = line.split('\t').nth(2).unwrap().split(',').collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{line}");
        for id in ids {
            let board = engine::board_from_position_id(id).unwrap();
            assert_eq!(engine::position_id(&board), id);
        }
    }
}

#[test]
fn legal_reads_crlf_lines_and_skips_blank_ones() {
    let (out, ok) = run("4HPwATDgc/ABMA 6 5\r\n\n   \n4HPwATDgc/ABMA 6 5", false);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    assert!(
        lines[0].starts_with("4HPwATDgc/ABMA 6 5\t7\t"),
        "{}",
        lines[0]
    );
}
