//! A league's standings: a table as a PNG, as text for the terminal chat, and in words
//! for screen readers. Drawn from plain data (the league code fills [`StandingsTable`]),
//! in the board's colours and font and the leaderboard's table style.

use std::fmt::Write as _;

use image::{Rgb, RgbImage};

use super::rating::plural;
use crate::kit::{
    BACKGROUND, HIGHLIGHT, MUTED, RenderError, TEXT, ZEBRA, encode, fill, fit, fit_chars, text,
    text_right, text_width, wrap,
};

/// Width of the standings picture. Its height is [`standings_height`].
pub const STANDINGS_WIDTH: u32 = 720;

const MARGIN: i32 = 20;
const TABLE_TOP: i32 = 116;
const ROW_H: i32 = 36;
const ROW_TEXT: f32 = 22.0;
const HEAD_TEXT: f32 = 16.0;
const TAG_TEXT: f32 = 15.0;
const FOOT_TEXT: f32 = 16.0;
const FOOT_LINE: i32 = 24;

/// The promotion zone: green, and an upward triangle for those who cannot tell the hues.
pub(super) const PROMOTE: Rgb<u8> = Rgb([102, 187, 106]);
/// The relegation zone: red, and a downward triangle.
pub(super) const RELEGATE: Rgb<u8> = Rgb([239, 83, 80]);

// Columns: right edges of the figures, left edge of the name.
const RANK_RIGHT: i32 = 80;
const NAME_LEFT: i32 = 94;
const PLAYED_RIGHT: i32 = 376;
const WON_RIGHT: i32 = 420;
const LOST_RIGHT: i32 = 464;
const FORFEIT_RIGHT: i32 = 534;
const POINTS_RIGHT: i32 = 600;
const TIEBREAK_RIGHT: i32 = STANDINGS_WIDTH as i32 - MARGIN - 8;
/// The name (and its withdrawn or void tag) stops 52 px short of the played column.
const NAME_MAX: i32 = PLAYED_RIGHT - 52 - NAME_LEFT;
/// A tie-break figure is cut to this width.
const TIEBREAK_MAX: i32 = TIEBREAK_RIGHT - POINTS_RIGHT - 16;

/// Where a player stands in a division's promotion and relegation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zone {
    /// Neither promoted nor relegated.
    #[default]
    Neither,
    /// Goes up a division at the end of the season (marked ▲ in green).
    Promotion,
    /// Goes down a division at the end of the season (marked ▼ in red).
    Relegation,
}

/// Whether a player is still in the league.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EntryStatus {
    /// Plays on.
    #[default]
    Active,
    /// Left the league; his results stand. Drawn in grey, tagged "withdrawn".
    Withdrawn,
    /// Left the league and his results were struck out. Drawn in grey, struck through,
    /// tagged "void"; the league code decides what figures to show (usually zeros).
    Voided,
}

/// One player's line in the standings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsRow {
    /// Position in the table, 1 for the leader; equal ranks may repeat.
    pub rank: u32,
    /// The player's display name; cut with an ellipsis where it does not fit.
    pub name: String,
    /// Matches played (forfeits included).
    pub played: u32,
    /// Matches won, wins by forfeit included.
    pub won: u32,
    /// Matches lost, losses by forfeit included.
    pub lost: u32,
    /// Of `won`, how many were won by the opponent's forfeit.
    pub forfeit_wins: u32,
    /// Of `lost`, how many were lost by forfeit.
    pub forfeit_losses: u32,
    /// League points.
    pub points: u32,
    /// The first tie-break figure as shown, e.g. "+12" or "14.5"; may be empty. Keep it
    /// short: it is cut to about six characters in the picture, ten in the text.
    pub tiebreak: String,
    /// Still playing, withdrawn or voided.
    pub status: EntryStatus,
    /// Promotion or relegation zone.
    pub zone: Zone,
}

/// A division's standings for one season, in table order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsTable {
    /// The league's name, shown as the title.
    pub title: String,
    /// Season and division, e.g. "Season 2 · Division 1"; may be empty.
    pub subtitle: String,
    /// The heading of the tie-break column, e.g. "Diff" or "SB"; short (4 characters or
    /// so).
    pub tiebreak_header: String,
    /// The rows in table order (all of them are shown).
    pub rows: Vec<StandingsRow>,
    /// A note under the table, e.g. "Ties: points, head to head, match-point difference";
    /// may be empty; wrapped to the width.
    pub footnote: String,
}

fn status_tag(status: EntryStatus) -> Option<&'static str> {
    match status {
        EntryStatus::Active => None,
        EntryStatus::Withdrawn => Some("withdrawn"),
        EntryStatus::Voided => Some("void"),
    }
}

fn forfeits(row: &StandingsRow) -> String {
    if row.forfeit_wins == 0 && row.forfeit_losses == 0 {
        "\u{2013}".to_owned()
    } else {
        format!("{}/{}", row.forfeit_wins, row.forfeit_losses)
    }
}

/// The legend under the table: only the marks the table uses.
fn legend(table: &StandingsTable) -> Vec<&'static str> {
    let mut parts = Vec::new();
    let rows = &table.rows;
    if rows.iter().any(|r| r.zone == Zone::Promotion) {
        parts.push("promotion");
    }
    if rows.iter().any(|r| r.zone == Zone::Relegation) {
        parts.push("relegation");
    }
    if rows
        .iter()
        .any(|r| r.forfeit_wins > 0 || r.forfeit_losses > 0)
    {
        parts.push("FF");
    }
    parts
}

fn footer_lines(table: &StandingsTable) -> (bool, Vec<String>) {
    let inner = STANDINGS_WIDTH as i32 - 2 * MARGIN;
    (
        !legend(table).is_empty(),
        wrap(&table.footnote, FOOT_TEXT, false, inner),
    )
}

/// Height of the standings picture: 128 + 36 per row (one row when empty), plus 24 for
/// the legend when the table has zones or forfeits and 24 per line of the footnote, plus
/// 8 when there is either.
#[must_use]
pub fn standings_height(table: &StandingsTable) -> u32 {
    let (legend, notes) = footer_lines(table);
    let lines = i32::from(legend) + notes.len() as i32;
    let footer = if lines == 0 { 0 } else { 8 + FOOT_LINE * lines };
    (TABLE_TOP + ROW_H * table.rows.len().max(1) as i32 + 12 + footer) as u32
}

/// A filled triangle pointing up or down, `w` wide, its box's top-left at (x, y).
fn arrow(img: &mut RgbImage, x: i32, y: i32, w: i32, up: bool, c: Rgb<u8>) {
    let h = w * 7 / 8;
    for i in 0..h {
        // Row i from the apex: half-width grows with i.
        let half = (w * (i + 1)) / (2 * h);
        let yy = if up { y + i } else { y + h - 1 - i };
        let cx = x + w / 2;
        fill(img, cx - half, yy, (2 * half).max(1) as u32, 1, c);
    }
}

/// The standings as a picture: title, subtitle, a header (# Player P W L FF Pts and the
/// tie-break heading), one row per player in table order with every other row shaded,
/// zone marks at the left edge, then the legend and the footnote.
#[must_use]
pub fn standings_image(table: &StandingsTable) -> RgbImage {
    let height = standings_height(table);
    let mut img = RgbImage::from_pixel(STANDINGS_WIDTH, height, BACKGROUND);
    let inner = STANDINGS_WIDTH as i32 - 2 * MARGIN;
    let title = fit(&table.title, 26.0, true, inner);
    text(&mut img, MARGIN, 16, 26.0, true, TEXT, &title);
    let sub = fit(&table.subtitle, 18.0, false, inner);
    text(&mut img, MARGIN, 52, 18.0, false, MUTED, &sub);
    let head_y = 88;
    let head = |img: &mut RgbImage, right: i32, s: &str| {
        text_right(img, right, head_y, HEAD_TEXT, true, MUTED, s);
    };
    head(&mut img, RANK_RIGHT, "#");
    text(
        &mut img, NAME_LEFT, head_y, HEAD_TEXT, true, MUTED, "Player",
    );
    head(&mut img, PLAYED_RIGHT, "P");
    head(&mut img, WON_RIGHT, "W");
    head(&mut img, LOST_RIGHT, "L");
    head(&mut img, FORFEIT_RIGHT, "FF");
    head(&mut img, POINTS_RIGHT, "Pts");
    let tb_head = fit(&table.tiebreak_header, HEAD_TEXT, true, TIEBREAK_MAX);
    head(&mut img, TIEBREAK_RIGHT, &tb_head);
    fill(&mut img, MARGIN, TABLE_TOP - 4, inner as u32, 2, HIGHLIGHT);
    if table.rows.is_empty() {
        text(
            &mut img,
            NAME_LEFT,
            TABLE_TOP + 6,
            ROW_TEXT,
            false,
            MUTED,
            "No players yet",
        );
    }
    for (i, row) in table.rows.iter().enumerate() {
        let y = TABLE_TOP + ROW_H * i as i32;
        if i % 2 == 1 {
            fill(&mut img, MARGIN, y, inner as u32, ROW_H as u32, ZEBRA);
        }
        // A border between zones and the rest: a thin line in the zone's colour.
        let prev = i.checked_sub(1).map(|p| table.rows[p].zone);
        if i > 0 && prev != Some(row.zone) {
            let c = match (prev, row.zone) {
                (Some(Zone::Promotion), _) => PROMOTE,
                (_, Zone::Relegation) => RELEGATE,
                _ => MUTED,
            };
            fill(&mut img, MARGIN, y - 1, inner as u32, 2, c);
        }
        match row.zone {
            Zone::Neither => {}
            Zone::Promotion => {
                fill(&mut img, MARGIN, y, 5, ROW_H as u32, PROMOTE);
                arrow(&mut img, MARGIN + 9, y + 12, 15, true, PROMOTE);
            }
            Zone::Relegation => {
                fill(&mut img, MARGIN, y, 5, ROW_H as u32, RELEGATE);
                arrow(&mut img, MARGIN + 9, y + 12, 15, false, RELEGATE);
            }
        }
        let ty = y + 5;
        let out = row.status != EntryStatus::Active;
        let ink = if out { MUTED } else { TEXT };
        let rank_colour = if row.rank == 1 && !out {
            HIGHLIGHT
        } else {
            MUTED
        };
        text_right(
            &mut img,
            RANK_RIGHT,
            ty,
            ROW_TEXT,
            true,
            rank_colour,
            &row.rank.to_string(),
        );
        let tag = status_tag(row.status);
        let tag_w = tag.map_or(0, |t| text_width(TAG_TEXT, false, t) + 8);
        let name = fit(&row.name, ROW_TEXT, false, NAME_MAX - tag_w);
        let name_w = text_width(ROW_TEXT, false, &name);
        text(&mut img, NAME_LEFT, ty, ROW_TEXT, false, ink, &name);
        if let Some(t) = tag {
            text(
                &mut img,
                NAME_LEFT + name_w + 8,
                ty + 5,
                TAG_TEXT,
                false,
                MUTED,
                t,
            );
        }
        if row.status == EntryStatus::Voided {
            fill(
                &mut img,
                NAME_LEFT - 2,
                y + ROW_H / 2,
                (name_w + 4) as u32,
                2,
                MUTED,
            );
        }
        let cells = [
            (PLAYED_RIGHT, false, row.played.to_string()),
            (WON_RIGHT, false, row.won.to_string()),
            (LOST_RIGHT, false, row.lost.to_string()),
            (FORFEIT_RIGHT, false, forfeits(row)),
            (POINTS_RIGHT, true, row.points.to_string()),
            (
                TIEBREAK_RIGHT,
                false,
                fit(&row.tiebreak, ROW_TEXT, false, TIEBREAK_MAX),
            ),
        ];
        for (right, bold, s) in cells {
            let c = if right == FORFEIT_RIGHT { MUTED } else { ink };
            text_right(&mut img, right, ty, ROW_TEXT, bold, c, &s);
        }
    }
    let mut y = TABLE_TOP + ROW_H * table.rows.len().max(1) as i32 + 12 + 8;
    let parts = legend(table);
    if !parts.is_empty() {
        let mut x = MARGIN;
        for p in parts {
            let words = match p {
                "promotion" => {
                    arrow(&mut img, x, y + 3, 13, true, PROMOTE);
                    x += 19;
                    "promotion"
                }
                "relegation" => {
                    arrow(&mut img, x, y + 4, 13, false, RELEGATE);
                    x += 19;
                    "relegation"
                }
                _ => "FF: won/lost by forfeit",
            };
            text(&mut img, x, y, FOOT_TEXT, false, MUTED, words);
            x += text_width(FOOT_TEXT, false, words) + 24;
        }
        y += FOOT_LINE;
    }
    for line in footer_lines(table).1 {
        text(&mut img, MARGIN, y, FOOT_TEXT, false, MUTED, &line);
        y += FOOT_LINE;
    }
    img
}

/// The standings as PNG bytes.
///
/// # Errors
/// Only if the encoder fails.
pub fn standings_png(table: &StandingsTable) -> Result<Vec<u8>, RenderError> {
    encode(&standings_image(table))
}

/// The standings for the terminal chat: a title line, a header and one aligned line per
/// player (names cut to 20 characters; `^` marks the promotion zone, `v` the relegation
/// zone), then a legend of the marks used and the footnote.
#[must_use]
pub fn standings_text(table: &StandingsTable) -> String {
    let mut s = table.title.clone();
    if !table.subtitle.is_empty() {
        let _ = write!(s, ": {}", table.subtitle);
    }
    s.push('\n');
    if table.rows.is_empty() {
        s.push_str("No players yet.\n");
    } else {
        let names: Vec<String> = table
            .rows
            .iter()
            .map(|r| {
                let name = fit_chars(&r.name, 20);
                match status_tag(r.status) {
                    Some(t) => format!("{name} ({t})"),
                    None => name,
                }
            })
            .collect();
        let width = |v: &[String], min: usize| {
            v.iter()
                .map(|x| x.chars().count())
                .max()
                .unwrap_or(0)
                .max(min)
        };
        let name_w = width(&names, "Player".len());
        let ff: Vec<String> = table
            .rows
            .iter()
            .map(|r| forfeits(r).replace('\u{2013}', "-"))
            .collect();
        let ff_w = width(&ff, 2);
        let tbs: Vec<String> = table
            .rows
            .iter()
            .map(|r| fit_chars(&r.tiebreak, 10))
            .collect();
        let tb_head = fit_chars(&table.tiebreak_header, 10);
        let tb_w = width(&tbs, tb_head.chars().count());
        let nums = |f: fn(&StandingsRow) -> u32, min: usize| {
            table
                .rows
                .iter()
                .map(|r| f(r).to_string().len())
                .max()
                .unwrap_or(0)
                .max(min)
        };
        let (p_w, w_w, l_w, pts_w) = (
            nums(|r| r.played, 1),
            nums(|r| r.won, 1),
            nums(|r| r.lost, 1),
            nums(|r| r.points, 3),
        );
        let rank_w = nums(|r| r.rank, 1);
        let pad = |x: &str, w: usize| " ".repeat(w.saturating_sub(x.chars().count()));
        let _ = writeln!(
            s,
            "{:>rank_w$}    Player{}  {:>p_w$}  {:>w_w$}  {:>l_w$}  {:>ff_w$}  {:>pts_w$}  {}{tb_head}",
            "#",
            pad("Player", name_w),
            "P",
            "W",
            "L",
            "FF",
            "Pts",
            pad(&tb_head, tb_w),
        );
        for (((row, name), ff), tb) in table.rows.iter().zip(&names).zip(&ff).zip(&tbs) {
            let mark = match row.zone {
                Zone::Neither => ' ',
                Zone::Promotion => '^',
                Zone::Relegation => 'v',
            };
            let line = format!(
                "{:>rank_w$} {mark}  {name}{}  {:>p_w$}  {:>w_w$}  {:>l_w$}  {ff:>ff_w$}  {:>pts_w$}  {}{tb}",
                row.rank,
                pad(name, name_w),
                row.played,
                row.won,
                row.lost,
                row.points,
                pad(tb, tb_w),
            );
            s.push_str(line.trim_end());
            s.push('\n');
        }
    }
    let mut marks = Vec::new();
    for p in legend(table) {
        marks.push(match p {
            "promotion" => "^ promotion",
            "relegation" => "v relegation",
            _ => "FF: won/lost by forfeit",
        });
    }
    if !marks.is_empty() {
        let _ = writeln!(s, "{}", marks.join(", "));
    }
    if !table.footnote.is_empty() {
        let _ = writeln!(s, "{}", table.footnote);
    }
    s
}

/// The standings in words, for screen readers: every row with its figures and marks,
/// then the footnote.
#[must_use]
pub fn standings_alt_text(table: &StandingsTable) -> String {
    let mut s = format!("Standings of {}", table.title);
    if !table.subtitle.is_empty() {
        let _ = write!(s, ", {}", table.subtitle);
    }
    if table.rows.is_empty() {
        s.push_str(": no players yet.");
    } else {
        let n = table.rows.len();
        let _ = write!(s, ", {n} player{}:", plural(n));
        for (i, r) in table.rows.iter().enumerate() {
            let _ = write!(
                s,
                "{} {}. {}",
                if i == 0 { "" } else { ";" },
                r.rank,
                r.name
            );
            match r.status {
                EntryStatus::Active => {}
                EntryStatus::Withdrawn => s.push_str(" (withdrawn)"),
                EntryStatus::Voided => s.push_str(" (withdrawn, results void)"),
            }
            let _ = write!(s, ", {} played, {} won", r.played, r.won);
            if r.forfeit_wins > 0 {
                let _ = write!(s, " ({} by forfeit)", r.forfeit_wins);
            }
            let _ = write!(s, ", {} lost", r.lost);
            if r.forfeit_losses > 0 {
                let _ = write!(s, " ({} by forfeit)", r.forfeit_losses);
            }
            let _ = write!(s, ", {} point{}", r.points, plural(r.points as usize));
            if !r.tiebreak.is_empty() {
                let _ = write!(s, ", {} {}", table.tiebreak_header, r.tiebreak);
            }
            match r.zone {
                Zone::Neither => {}
                Zone::Promotion => s.push_str(", promotion zone"),
                Zone::Relegation => s.push_str(", relegation zone"),
            }
        }
        s.push('.');
    }
    if !table.footnote.is_empty() {
        let _ = write!(s, " {}", table.footnote);
    }
    s
}
