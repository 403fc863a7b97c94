//! Ratings for people: a leaderboard (PNG, text for the terminal chat, alt text) and a
//! player's rating history as a chart (PNG and alt text). Drawn from plain data, in the
//! board's colours and font.

use std::fmt::Write as _;

use image::{Rgb, RgbImage};

use crate::kit::{
    BACKGROUND, HIGHLIGHT, MUTED, RenderError, TEXT, ZEBRA, encode, fill, fit, fit_chars, segment,
    text, text_centred, text_right,
};
use engine::Ruleset;
use engine::rating::{START_RATING, format_rating};

/// At most this many rows are shown on a leaderboard; more are left off.
pub const LEADERBOARD_ROWS: usize = 20;

/// One player's line on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// 1 for the best rating.
    pub rank: u32,
    pub name: String,
    /// Full precision; shown with two decimals.
    pub rating: f64,
    pub experience: u32,
    /// Rated matches won and lost.
    pub won: u32,
    pub lost: u32,
    /// PR over the player's last analysed matches and half the width of its 95%
    /// interval (`None`: too few analysed matches). A board with none has no PR column.
    pub pr: Option<(f64, f64)>,
}

/// A PR cell: `6.3 ±3.2`.
fn pr_cell(pr: Option<(f64, f64)>) -> String {
    pr.map_or_else(|| "-".into(), |(p, h)| format!("{p:.1} \u{b1}{h:.1}"))
}

/// Whether any row shown has a PR (the board then has its column).
fn has_pr(rows: &[LeaderboardRow]) -> bool {
    rows.iter().any(|r| r.pr.is_some())
}

/// A community's ratings for one ruleset, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The server (community) name, shown as the title.
    pub server: String,
    pub ruleset: Ruleset,
    /// Best first; rows after the [`LEADERBOARD_ROWS`]th are not shown.
    pub rows: Vec<LeaderboardRow>,
}

/// One player's rating after each of his rated matches, oldest first (he started at
/// 1500 before the first).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingHistory {
    pub name: String,
    pub ruleset: Ruleset,
    pub ratings: Vec<f64>,
}

/// The plot area of the history chart, in pixels: match 0 (the start, 1500) is on the
/// left edge, the last match on the right edge; the lowest axis value on the bottom edge,
/// the highest on the top edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotArea {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
}

/// Size of the history chart.
pub const HISTORY_WIDTH: u32 = 720;
pub const HISTORY_HEIGHT: u32 = 440;
/// Where the history chart plots its line.
pub const HISTORY_PLOT: PlotArea = PlotArea {
    left: 84,
    top: 104,
    right: 692,
    bottom: 374,
};

/// Width of the leaderboard; its height is 128 + 36 per row shown (one row when empty).
pub const LEADERBOARD_WIDTH: u32 = 600;
/// Width of a leaderboard with a PR column.
pub const LEADERBOARD_PR_WIDTH: u32 = 700;
/// The PR column's right edge (where the record's is without it).
const PR_RIGHT: i32 = LEADERBOARD_WIDTH as i32 - BOARD_MARGIN - 8;
const BOARD_MARGIN: i32 = 20;
const TABLE_TOP: i32 = 116;
const ROW_H: i32 = 36;
const ROW_TEXT: f32 = 22.0;
const GRID: Rgb<u8> = Rgb([58, 74, 82]);

// Leaderboard columns: right edges of the numbers, left edge of the name.
const RANK_RIGHT: i32 = 52;
const NAME_LEFT: i32 = 66;
const RATING_RIGHT: i32 = 386;
const EXP_RIGHT: i32 = 466;
/// The widest rating drawn ("9999.99", 86 px) and a gap leave this much for the name.
const NAME_MAX: i32 = RATING_RIGHT - 112 - NAME_LEFT;

fn ruleset_name(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Standard => "Standard",
        Ruleset::Welsh => "Welsh",
    }
}

fn game_name(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Standard => "backgammon",
        Ruleset::Welsh => "Welsh backgammon",
    }
}

fn shown(board: &Leaderboard) -> &[LeaderboardRow] {
    &board.rows[..board.rows.len().min(LEADERBOARD_ROWS)]
}

/// The leaderboard as a picture: the server's name, the ruleset, then one row per player
/// (rank, name, rating with two decimals, experience, PR with its 95% interval when a
/// row has one, won-lost), at most 20.
#[must_use]
pub fn leaderboard_image(board: &Leaderboard) -> RgbImage {
    let rows = shown(board);
    let lines = rows.len().max(1) as i32;
    let height = (TABLE_TOP + ROW_H * lines + 12) as u32;
    let with_pr = has_pr(rows);
    let width = if with_pr {
        LEADERBOARD_PR_WIDTH
    } else {
        LEADERBOARD_WIDTH
    };
    let record_right = width as i32 - BOARD_MARGIN - 8;
    let mut img = RgbImage::from_pixel(width, height, BACKGROUND);
    let inner = width as i32 - 2 * BOARD_MARGIN;
    let title = fit(&board.server, 26.0, true, inner);
    text(&mut img, BOARD_MARGIN, 16, 26.0, true, TEXT, &title);
    let sub = format!("{} ratings", capitalise(game_name(board.ruleset)));
    text(&mut img, BOARD_MARGIN, 52, 18.0, false, MUTED, &sub);
    let head_y = 88;
    text_right(&mut img, RANK_RIGHT, head_y, 16.0, true, MUTED, "#");
    text(&mut img, NAME_LEFT, head_y, 16.0, true, MUTED, "Player");
    text_right(&mut img, RATING_RIGHT, head_y, 16.0, true, MUTED, "Rating");
    text_right(&mut img, EXP_RIGHT, head_y, 16.0, true, MUTED, "Exp");
    if with_pr {
        text_right(
            &mut img,
            PR_RIGHT,
            head_y,
            16.0,
            true,
            MUTED,
            "PR \u{b1}95%",
        );
    }
    text_right(
        &mut img,
        record_right,
        head_y,
        16.0,
        true,
        MUTED,
        "W\u{2013}L",
    );
    fill(
        &mut img,
        BOARD_MARGIN,
        TABLE_TOP - 4,
        inner as u32,
        2,
        HIGHLIGHT,
    );
    if rows.is_empty() {
        text(
            &mut img,
            NAME_LEFT,
            TABLE_TOP + 6,
            ROW_TEXT,
            false,
            MUTED,
            "No rated matches yet",
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let y = TABLE_TOP + ROW_H * i as i32;
        if i % 2 == 1 {
            fill(&mut img, BOARD_MARGIN, y, inner as u32, ROW_H as u32, ZEBRA);
        }
        let ty = y + 5;
        let rank_colour = if row.rank == 1 { HIGHLIGHT } else { MUTED };
        let rank = row.rank.to_string();
        text_right(&mut img, RANK_RIGHT, ty, ROW_TEXT, true, rank_colour, &rank);
        let name = fit(&row.name, ROW_TEXT, false, NAME_MAX);
        text(&mut img, NAME_LEFT, ty, ROW_TEXT, false, TEXT, &name);
        let rating = format_rating(row.rating);
        text_right(&mut img, RATING_RIGHT, ty, ROW_TEXT, true, TEXT, &rating);
        let exp = row.experience.to_string();
        text_right(&mut img, EXP_RIGHT, ty, ROW_TEXT, false, MUTED, &exp);
        if with_pr {
            let pr = pr_cell(row.pr);
            text_right(&mut img, PR_RIGHT, ty, ROW_TEXT, false, TEXT, &pr);
        }
        let record = format!("{}\u{2013}{}", row.won, row.lost);
        text_right(&mut img, record_right, ty, ROW_TEXT, false, TEXT, &record);
    }
    img
}

/// The leaderboard as PNG bytes.
///
/// # Errors
/// Only if the encoder fails.
pub fn leaderboard_png(board: &Leaderboard) -> Result<Vec<u8>, RenderError> {
    encode(&leaderboard_image(board))
}

/// The leaderboard for the terminal chat: a title line, a header and one aligned line per
/// player (names cut to 20 characters with an ellipsis).
#[must_use]
pub fn leaderboard_text(board: &Leaderboard) -> String {
    let mut s = format!(
        "{}: {} ratings\n",
        board.server,
        ruleset_name(board.ruleset)
    );
    let rows = shown(board);
    if rows.is_empty() {
        s.push_str("No rated matches yet.\n");
        return s;
    }
    let names: Vec<String> = rows.iter().map(|r| fit_chars(&r.name, 20)).collect();
    let name_w = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max("Player".len());
    let records: Vec<String> = rows
        .iter()
        .map(|r| format!("{}-{}", r.won, r.lost))
        .collect();
    let record_w = records.iter().map(String::len).max().unwrap_or(0).max(3);
    // The PR column, when a row has one: `6.3 ±3.2` (`-`: too few analysed matches).
    let prs: Vec<String> = if has_pr(rows) {
        rows.iter()
            .map(|r| format!("  {:>9}", pr_cell(r.pr)))
            .collect()
    } else {
        vec![String::new(); rows.len()]
    };
    let pr_head = if has_pr(rows) {
        format!("  {:>9}", "PR \u{b1}95%")
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "{:>2}  {:<name_w$}  {:>7}  {:>5}{pr_head}  {:>record_w$}",
        "#", "Player", "Rating", "Exp", "W-L"
    );
    for (((row, name), record), pr) in rows.iter().zip(&names).zip(&records).zip(&prs) {
        let pad = name_w - name.chars().count();
        let _ = writeln!(
            s,
            "{:>2}  {name}{:pad$}  {:>7}  {:>5}{pr}  {record:>record_w$}",
            row.rank,
            "",
            format_rating(row.rating),
            row.experience,
        );
    }
    s
}

/// The leaderboard in words, for screen readers.
#[must_use]
pub fn leaderboard_alt_text(board: &Leaderboard) -> String {
    let rows = shown(board);
    let mut s = format!(
        "{} ratings leaderboard of {}",
        capitalise(game_name(board.ruleset)),
        board.server
    );
    if rows.is_empty() {
        s.push_str(": no rated matches yet.");
        return s;
    }
    let _ = write!(
        s,
        ", top {} of {} player{}:",
        rows.len(),
        board.rows.len(),
        plural(board.rows.len())
    );
    for (i, row) in rows.iter().enumerate() {
        let _ = write!(
            s,
            "{} {}. {}, {}, experience {}, {} won {} lost",
            if i == 0 { "" } else { ";" },
            row.rank,
            row.name,
            format_rating(row.rating),
            row.experience,
            row.won,
            row.lost
        );
        if let Some((p, h)) = row.pr {
            let _ = write!(s, ", PR {p:.1} plus or minus {h:.1}");
        }
    }
    s.push('.');
    s
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The rating axis: the lowest and highest values and the step between labelled lines.
/// Steps divide 1500, so the 1500 line always has a label; the lowest and highest
/// ratings stay off the frame.
fn rating_axis(values: &[f64]) -> (f64, f64, f64) {
    let lo = values.iter().copied().fold(START_RATING, f64::min);
    let hi = values.iter().copied().fold(START_RATING, f64::max);
    let intervals = |step: f64| (hi / step).ceil() - (lo / step).floor();
    let step = [10.0, 20.0, 25.0, 50.0, 100.0, 250.0, 500.0]
        .into_iter()
        .find(|&step| intervals(step) <= 8.0)
        .unwrap_or_else(|| 500.0 * ((hi - lo) / 4000.0).ceil());
    let mut bottom = (lo / step).floor() * step;
    let mut top = (hi / step).ceil() * step;
    // No point on the frame: a step more where one would touch it.
    if bottom >= lo {
        bottom -= step;
    }
    if top <= hi {
        top += step;
    }
    (bottom, top, step)
}

/// The step between labelled match numbers: 1, 2, 5, 10, 20, 50 ... with at most ten.
fn match_step(matches: usize) -> usize {
    let mut step = 1;
    loop {
        for k in [1, 2, 5] {
            if matches <= 10 * k * step {
                return k * step;
            }
        }
        step *= 10;
    }
}

/// The rating history as a chart: x = rated matches played (0 is the start at 1500), y =
/// rating; labelled axes, a dashed 1500 line, the player's line in the highlight colour
/// with a dot per match when there are few.
#[must_use]
pub fn history_image(history: &RatingHistory) -> RgbImage {
    let mut img = RgbImage::from_pixel(HISTORY_WIDTH, HISTORY_HEIGHT, BACKGROUND);
    let PlotArea {
        left,
        top,
        right,
        bottom,
    } = HISTORY_PLOT;
    let inner = HISTORY_WIDTH as i32 - 40;
    let title = format!("{}: {} rating", history.name, ruleset_name(history.ruleset));
    text(
        &mut img,
        20,
        14,
        24.0,
        true,
        TEXT,
        &fit(&title, 24.0, true, inner),
    );
    text(
        &mut img,
        20,
        46,
        17.0,
        false,
        MUTED,
        &history_summary(&history.ratings),
    );

    let (lo, hi, step) = rating_axis(&history.ratings);
    let y_of = |v: f64| bottom as f32 - ((v - lo) / (hi - lo)) as f32 * (bottom - top) as f32;
    let n = history.ratings.len();
    let x_of = |i: usize| left as f32 + i as f32 / n.max(1) as f32 * (right - left) as f32;

    // Grid and labels of the rating axis.
    let mut v = lo;
    while v <= hi + 1e-9 {
        let y = y_of(v).round() as i32;
        fill(&mut img, left, y, (right - left + 1) as u32, 1, GRID);
        let label = format!("{v:.0}");
        let colour = if v == START_RATING { TEXT } else { MUTED };
        text_right(&mut img, left - 10, y - 9, 15.0, false, colour, &label);
        v += step;
    }
    text(&mut img, 20, 76, 15.0, true, MUTED, "rating");
    // Match numbers.
    let mstep = match_step(n);
    for i in (0..=n.max(1)).step_by(mstep) {
        let x = x_of(i).round() as i32;
        fill(&mut img, x, bottom + 1, 1, 5, MUTED);
        text_centred(&mut img, x, bottom + 9, 15.0, false, MUTED, &i.to_string());
    }
    text_centred(
        &mut img,
        (left + right) / 2,
        bottom + 34,
        15.0,
        true,
        MUTED,
        "rated matches",
    );
    // Axes.
    fill(&mut img, left, top, 1, (bottom - top + 1) as u32, MUTED);
    fill(&mut img, left, bottom, (right - left + 1) as u32, 1, MUTED);
    // The 1500 line, dashed.
    let y1500 = y_of(START_RATING).round() as i32;
    let mut x = left;
    while x < right {
        fill(&mut img, x, y1500 - 1, 8.min(right - x) as u32, 2, MUTED);
        x += 14;
    }

    if n == 0 {
        text_centred(
            &mut img,
            (left + right) / 2,
            y1500 - 40,
            18.0,
            false,
            MUTED,
            "No rated matches yet",
        );
        return img;
    }
    let points: Vec<(f32, f32)> = std::iter::once(START_RATING)
        .chain(history.ratings.iter().copied())
        .enumerate()
        .map(|(i, v)| (x_of(i), y_of(v)))
        .collect();
    for w in points.windows(2) {
        segment(&mut img, w[0], w[1], 3.0, HIGHLIGHT);
    }
    if n <= 50 {
        for &p in &points {
            segment(&mut img, p, p, 9.0, HIGHLIGHT);
        }
    }
    img
}

fn history_summary(ratings: &[f64]) -> String {
    let Some(&now) = ratings.last() else {
        return format!("{} (no rated matches yet)", format_rating(START_RATING));
    };
    let best = ratings.iter().copied().fold(f64::MIN, f64::max);
    let low = ratings.iter().copied().fold(f64::MAX, f64::min);
    format!(
        "{} after {} rated match{}   best {}   lowest {}",
        format_rating(now),
        ratings.len(),
        if ratings.len() == 1 { "" } else { "es" },
        format_rating(best),
        format_rating(low)
    )
}

/// The rating history as PNG bytes.
///
/// # Errors
/// Only if the encoder fails.
pub fn history_png(history: &RatingHistory) -> Result<Vec<u8>, RenderError> {
    encode(&history_image(history))
}

/// The rating history in words, for screen readers: where it ends, its best and lowest,
/// and the ratings after the last (up to) 20 matches.
#[must_use]
pub fn history_alt_text(history: &RatingHistory) -> String {
    let mut s = format!(
        "{} rating history of {}",
        capitalise(game_name(history.ruleset)),
        history.name
    );
    let r = &history.ratings;
    let Some(&now) = r.last() else {
        let _ = write!(
            s,
            ": no rated matches yet, rating {}.",
            format_rating(START_RATING)
        );
        return s;
    };
    let (mut best, mut low) = (0, 0);
    for (i, &v) in r.iter().enumerate() {
        if v > r[best] {
            best = i;
        }
        if v < r[low] {
            low = i;
        }
    }
    let _ = write!(
        s,
        ": {} rated match{} from {} to {}; best {} after match {}, lowest {} after match {}.",
        r.len(),
        if r.len() == 1 { "" } else { "es" },
        format_rating(START_RATING),
        format_rating(now),
        format_rating(r[best]),
        best + 1,
        format_rating(r[low]),
        low + 1
    );
    let from = r.len().saturating_sub(20);
    let list: Vec<String> = r[from..].iter().map(|&v| format_rating(v)).collect();
    let which = if from == 0 {
        "each match"
    } else {
        "each of the last 20 matches"
    };
    let _ = write!(s, " Rating after {which}: {}.", list.join(", "));
    s
}
