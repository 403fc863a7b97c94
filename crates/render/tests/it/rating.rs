//! Rating pictures: the leaderboard (PNG, text, alt text) and a player's rating history
//! (PNG, alt text). Drawing is slow in debug builds, so there are few image tests.
//!
//! `GAMMONBOT_SAMPLES=/some/dir cargo test -p gammonbot-render --test it rating::` writes the pictures there
//! to look at.

use engine::Ruleset;
use image::{Rgb, RgbImage};
use render::{
    HISTORY_HEIGHT, HISTORY_PLOT, HISTORY_WIDTH, LEADERBOARD_WIDTH, Leaderboard, LeaderboardRow,
    RatingHistory, history_alt_text, history_image, history_png, leaderboard_alt_text,
    leaderboard_png, leaderboard_text,
};

const BACKGROUND: Rgb<u8> = Rgb([38, 50, 56]);
const ZEBRA: Rgb<u8> = Rgb([48, 63, 70]);
const HIGHLIGHT: Rgb<u8> = Rgb([255, 179, 0]);
const MUTED: Rgb<u8> = Rgb([176, 196, 204]);

fn row(rank: u32, name: &str, rating: f64, experience: u32, won: u32, lost: u32) -> LeaderboardRow {
    LeaderboardRow {
        rank,
        name: name.into(),
        rating,
        experience,
        won,
        lost,
        pr: None,
    }
}

fn small_board() -> Leaderboard {
    Leaderboard {
        server: "Cardiff Backgammon".into(),
        ruleset: Ruleset::Welsh,
        rows: vec![
            row(1, "alice", 1612.3449, 420, 30, 12),
            row(2, "Bartholomew Fitzwilliam-Jones", 1505.2915, 7, 1, 0),
            row(3, "bob", 1394.005, 1003, 101, 120),
        ],
    }
}

fn big_board() -> Leaderboard {
    let mut rows = vec![row(
        1,
        "Maximilian Alexander von Longname-Smythe",
        1987.654,
        4321,
        210,
        99,
    )];
    for i in 2..=25 {
        rows.push(row(
            i,
            &format!("player{i}"),
            1700.0 - 13.37 * f64::from(i),
            40 * i,
            i,
            i / 2,
        ));
    }
    Leaderboard {
        server: "The Very Long Server Name of the Backgammon Club of Somewhere".into(),
        ruleset: Ruleset::Standard,
        rows,
    }
}

fn history() -> RatingHistory {
    RatingHistory {
        name: "alice".into(),
        ruleset: Ruleset::Standard,
        ratings: vec![1510.0, 1490.0, 1520.0, 1480.0],
    }
}

fn save(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("GAMMONBOT_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).expect("write the sample");
    }
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory(png)
        .expect("a PNG that decodes")
        .to_rgb8()
}

/// 25 players: 20 rows shown, 600 x (128 + 36 * 20); every other row is shaded, an amber
/// rule under the header; a long name is cut before the rating column.
#[test]
fn leaderboard_png_shows_twenty_rows_zebra_shaded() {
    let png = leaderboard_png(&big_board()).expect("encodes");
    save("leaderboard.png", &png);
    let img = decode(&png);
    assert_eq!(
        (img.width(), img.height()),
        (LEADERBOARD_WIDTH, 128 + 36 * 20)
    );
    assert_eq!(LEADERBOARD_WIDTH, 600);
    // The rule under the header, rows 112-113.
    assert_eq!(*img.get_pixel(300, 112), HIGHLIGHT);
    assert_eq!(*img.get_pixel(300, 114), BACKGROUND);
    // Rows start at 116, 36 high: row 1 plain, row 2 shaded, ..., row 20 shaded.
    assert_eq!(*img.get_pixel(22, 116 + 2), BACKGROUND);
    assert_eq!(*img.get_pixel(22, 116 + 36 + 2), ZEBRA);
    assert_eq!(*img.get_pixel(22, 116 + 19 * 36 + 2), ZEBRA);
    assert_eq!(*img.get_pixel(22, 116 + 20 * 36 + 2), BACKGROUND);
    // Row 1's long name stops short of its rating: a clear gap of background.
    for x in 278..296 {
        for y in 116..116 + 36 {
            assert_eq!(*img.get_pixel(x, y), BACKGROUND, "({x}, {y})");
        }
    }
}

/// Ratings 1510, 1490, 1520, 1480 after matches 1-4: the axis runs 1470..1530 (steps of
/// 10, a step beyond the lowest and highest) over the plot rows 374 (bottom) .. 104
/// (top), 270 / 60 = 4.5 px per point; matches 0..4 over the columns 84 .. 692, 152 px
/// each. So match 1 (1510) is at (236, 374 - 40 * 4.5 = 194), match 2 (1490) at
/// (388, 284), match 3 (1520) at (540, 149), match 4 (1480) at (692, 329), and the 1500
/// line on row 374 - 30 * 4.5 = 239.
#[test]
fn history_chart_line_passes_through_each_rating() {
    let h = history();
    let png = history_png(&h).expect("encodes");
    save("history.png", &png);
    let img = decode(&png);
    assert_eq!((img.width(), img.height()), (HISTORY_WIDTH, HISTORY_HEIGHT));
    assert_eq!((HISTORY_WIDTH, HISTORY_HEIGHT), (720, 440));
    assert_eq!(
        (
            HISTORY_PLOT.left,
            HISTORY_PLOT.top,
            HISTORY_PLOT.right,
            HISTORY_PLOT.bottom
        ),
        (84, 104, 692, 374)
    );
    for (x, y) in [(236, 194), (388, 284), (540, 149), (692, 329)] {
        assert_eq!(*img.get_pixel(x, y), HIGHLIGHT, "the point ({x}, {y})");
    }
    // Halfway between matches 1 and 2: (312, 239).
    assert_eq!(*img.get_pixel(312, 239), HIGHLIGHT);
    // Nowhere near the line: below match 3's point.
    assert_ne!(*img.get_pixel(540, 200), HIGHLIGHT);
    // The dashed 1500 line on row 239 between matches 0 and 1, and nothing 10 rows above.
    let dashes = (174..204)
        .filter(|&x| *img.get_pixel(x, 239) == MUTED)
        .count();
    assert!(dashes >= 12, "{dashes} dash pixels");
    assert!((174..204).all(|x| *img.get_pixel(x, 229) == BACKGROUND));
    // The image the function draws is the PNG's.
    assert_eq!(history_image(&h), img);
}

#[test]
fn leaderboard_text_aligns_columns_and_cuts_long_names() {
    assert_eq!(
        leaderboard_text(&small_board()),
        "Cardiff Backgammon: Welsh ratings\n\
         \x20#  Player                 Rating    Exp      W-L\n\
         \x201  alice                 1612.34    420    30-12\n\
         \x202  Bartholomew Fitzwil\u{2026}  1505.29      7      1-0\n\
         \x203  bob                   1394.01   1003  101-120\n"
    );
    let empty = Leaderboard {
        rows: vec![],
        ..small_board()
    };
    assert_eq!(
        leaderboard_text(&empty),
        "Cardiff Backgammon: Welsh ratings\nNo rated matches yet.\n"
    );
}

#[test]
fn alt_texts_read_the_table_and_the_history() {
    assert_eq!(
        leaderboard_alt_text(&small_board()),
        "Welsh backgammon ratings leaderboard of Cardiff Backgammon, top 3 of 3 players: \
         1. alice, 1612.34, experience 420, 30 won 12 lost; \
         2. Bartholomew Fitzwilliam-Jones, 1505.29, experience 7, 1 won 0 lost; \
         3. bob, 1394.01, experience 1003, 101 won 120 lost."
    );
    assert_eq!(
        history_alt_text(&history()),
        "Backgammon rating history of alice: 4 rated matches from 1500.00 to 1480.00; \
         best 1520.00 after match 3, lowest 1480.00 after match 4. \
         Rating after each match: 1510.00, 1490.00, 1520.00, 1480.00."
    );
    let none = RatingHistory {
        ratings: vec![],
        ..history()
    };
    assert_eq!(
        history_alt_text(&none),
        "Backgammon rating history of alice: no rated matches yet, rating 1500.00."
    );
}

/// The pictures kept for review (`GAMMONBOT_SAMPLES` writes them out to look at): a
/// short leaderboard and an empty one, a long history under a long name, an empty one and
/// one of a single match. Each is drawn at its size: a leaderboard 600 wide with a row
/// per player (the empty one a row for its words, "No rated matches yet", in the muted
/// colour), a history 720 x 440 whatever it holds; the three histories differ.
#[test]
fn samples_for_review_are_drawn_at_their_sizes_and_the_empty_ones_say_so() {
    let sample = |name: &str, png: Vec<u8>| {
        save(name, &png);
        decode(&png)
    };
    let small = sample(
        "leaderboard_small.png",
        leaderboard_png(&small_board()).unwrap(),
    );
    assert_eq!(
        (small.width(), small.height()),
        (LEADERBOARD_WIDTH, 128 + 36 * 3)
    );
    let empty = sample(
        "leaderboard_empty.png",
        leaderboard_png(&Leaderboard {
            rows: vec![],
            ..small_board()
        })
        .unwrap(),
    );
    assert_eq!(
        (empty.width(), empty.height()),
        (LEADERBOARD_WIDTH, 128 + 36)
    );
    let words = (116..152)
        .flat_map(|y| (0..LEADERBOARD_WIDTH).map(move |x| (x, y)))
        .filter(|&(x, y)| *empty.get_pixel(x, y) == MUTED)
        .count();
    assert!(
        words > 50,
        "{words} pixels of words in the empty leaderboard's row"
    );
    let mut ratings = Vec::new();
    let mut r = 1500.0;
    for i in 0..137u32 {
        r += f64::from((i * 37 % 23) as i32 - 10) * 1.7 + 0.6;
        ratings.push(r);
    }
    let long = sample(
        "history_long.png",
        history_png(&RatingHistory {
            name: "Maximilian Alexander von Longname-Smythe the Third of Wales".into(),
            ruleset: Ruleset::Welsh,
            ratings,
        })
        .unwrap(),
    );
    let none = sample(
        "history_empty.png",
        history_png(&RatingHistory {
            ratings: vec![],
            ..history()
        })
        .unwrap(),
    );
    let one = sample(
        "history_one.png",
        history_png(&RatingHistory {
            ratings: vec![1517.32],
            ..history()
        })
        .unwrap(),
    );
    for img in [&long, &none, &one] {
        assert_eq!((img.width(), img.height()), (HISTORY_WIDTH, HISTORY_HEIGHT));
    }
    assert!(long != none && none != one && one != long);
}
