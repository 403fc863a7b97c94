//! The PR chart (issue 49) and the leaderboard's PR column: drawn at the rating history's
//! size with the rolling PR in the highlight colour over its shaded interval; a board
//! with a PR gets the wider layout and its column, in the picture and the text.
//! `GAMMONBOT_SAMPLES=/some/dir cargo test -p gammonbot-render --test it pr_chart` writes
//! the pictures there to look at.

use engine::Ruleset;
use image::Rgb;
use render::{
    HISTORY_HEIGHT, HISTORY_WIDTH, LEADERBOARD_PR_WIDTH, Leaderboard, LeaderboardRow, PrHistory,
    PrPoint, leaderboard_png, leaderboard_text, pr_history_alt_text, pr_history_png,
};

const HIGHLIGHT: Rgb<u8> = Rgb([255, 179, 0]);
const BAND: Rgb<u8> = Rgb([92, 80, 44]);

fn save(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("GAMMONBOT_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).expect("write the sample");
    }
}

/// Twelve matches: the PRs wander, the rolling figure settles, the band narrows.
fn history() -> PrHistory {
    let prs = [9.0, 4.0, 12.5, 6.0, 7.5, 3.2, 8.8, 5.1, 6.6, 4.4, 7.0, 5.5];
    let mut points = Vec::new();
    for (i, &pr) in prs.iter().enumerate() {
        let seen = &prs[..=i];
        let mean = seen.iter().sum::<f64>() / seen.len() as f64;
        let half = 12.0 / (i as f64 + 1.0);
        points.push(PrPoint {
            pr,
            rolling: mean,
            band: (i > 0).then_some((mean - half, mean + half)),
        });
    }
    PrHistory {
        name: "alice".into(),
        window: 20,
        points,
    }
}

#[test]
fn the_pr_chart_draws_the_rolling_pr_over_its_band_and_says_it_in_words() {
    let png = pr_history_png(&history()).unwrap();
    save("pr_history.png", &png);
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!((img.width(), img.height()), (HISTORY_WIDTH, HISTORY_HEIGHT));
    let count = |c: Rgb<u8>| img.pixels().filter(|p| **p == c).count();
    assert!(count(HIGHLIGHT) > 500, "the rolling line");
    assert!(count(BAND) > 2000, "the interval's band");
    let alt = pr_history_alt_text(&history());
    assert!(
        alt.starts_with("PR history of alice: PR 6.6 (95% interval 5.6-7.6) over the last 12"),
        "{alt}"
    );
}

#[test]
fn a_leaderboard_with_a_pr_has_its_column() {
    let row = |rank, name: &str, pr| LeaderboardRow {
        rank,
        name: name.into(),
        rating: 1600.0 - f64::from(rank) * 20.0,
        experience: 40,
        won: 10,
        lost: 5,
        pr,
    };
    let board = Leaderboard {
        server: "Cardiff Backgammon".into(),
        ruleset: Ruleset::Standard,
        rows: vec![
            row(1, "alice", Some((5.25, 1.5))),
            row(2, "bob", None),
            row(3, "carol", Some((11.0, 4.25))),
        ],
    };
    let png = leaderboard_png(&board).unwrap();
    save("leaderboard_pr.png", &png);
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(img.width(), LEADERBOARD_PR_WIDTH);
    let text = leaderboard_text(&board);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].contains("PR \u{b1}95%"), "{text}");
    assert!(
        lines[2].contains("5.2 \u{b1}1.5") || lines[2].contains("5.3 \u{b1}1.5"),
        "{text}"
    );
    assert!(lines[3].contains("  -  "), "{text}");
}
