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
