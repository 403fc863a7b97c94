//! A player's PR over time as a chart (PNG and alt text), in the rating history's style:
//! x = analysed matches in the order they ended, y = PR (lower is better). Each match's
//! own PR is a dot; the PR over the last matches up to each one (the figure `/stats`
//! shows) is the highlighted line, its 95% interval the shaded band around it. The
//! figures come computed (the club's `analysis::pr`); this file only draws.

use std::fmt::Write as _;

use image::{Rgb, RgbImage};

use crate::kit::{
    BACKGROUND, HIGHLIGHT, MUTED, RenderError, TEXT, encode, fill, fit, segment, text,
    text_centred, text_right,
};
use crate::rating::{HISTORY_HEIGHT, HISTORY_PLOT, HISTORY_WIDTH, PlotArea};

/// One analysed match on the chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrPoint {
    /// The player's PR in this match.
    pub pr: f64,
    /// The PR over the last matches up to this one (weighted by decisions).
    pub rolling: f64,
    /// Its 95% interval (`None` while there is one match).
    pub band: Option<(f64, f64)>,
}

/// A player's analysed matches, oldest first, with the window the rolling PR covers.
#[derive(Clone, Debug, PartialEq)]
pub struct PrHistory {
    pub name: String,
    /// How many last matches the rolling PR covers.
    pub window: usize,
    pub points: Vec<PrPoint>,
}

const GRID: Rgb<u8> = Rgb([58, 74, 82]);
/// The interval's band: the highlight, dimmed over the background.
const BAND: Rgb<u8> = Rgb([92, 80, 44]);
/// A match's own PR.
const DOT: Rgb<u8> = Rgb([144, 202, 249]);

/// The PR axis: 0 at the bottom, the top a round step above the highest value drawn.
fn pr_axis(points: &[PrPoint]) -> (f64, f64) {
    let hi = points
        .iter()
        .flat_map(|p| [p.pr, p.rolling, p.band.map_or(0.0, |b| b.1)])
        .fold(10.0_f64, f64::max);
    let step = [2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
        .into_iter()
        .find(|&s| (hi / s).ceil() <= 8.0)
        .unwrap_or(200.0);
    (((hi / step).ceil() * step).max(step), step)
}

/// The chart: title, the latest figure, the band, the rolling line, the dots, the axes.
#[must_use]
pub fn pr_history_image(history: &PrHistory) -> RgbImage {
    let mut img = RgbImage::from_pixel(HISTORY_WIDTH, HISTORY_HEIGHT, BACKGROUND);
    let PlotArea {
        left,
        top,
        right,
        bottom,
    } = HISTORY_PLOT;
    let inner = HISTORY_WIDTH as i32 - 40;
    let title = format!("{}: PR over time", history.name);
    text(
        &mut img,
        20,
        14,
        24.0,
        true,
        TEXT,
        &fit(&title, 24.0, true, inner),
    );
    text(&mut img, 20, 46, 17.0, false, MUTED, &summary(history));

    let (hi, step) = pr_axis(&history.points);
    let y_of = |v: f64| bottom as f32 - (v.clamp(0.0, hi) / hi) as f32 * (bottom - top) as f32;
    let n = history.points.len();
    // Match 1 on the left edge, the last on the right (one match: in the middle).
    let x_of = |i: usize| {
        if n <= 1 {
            (left + right) as f32 / 2.0
        } else {
            left as f32 + i as f32 / (n - 1) as f32 * (right - left) as f32
        }
    };
    let mut v = 0.0;
    while v <= hi + 1e-9 {
        let y = y_of(v).round() as i32;
        fill(&mut img, left, y, (right - left + 1) as u32, 1, GRID);
        text_right(
            &mut img,
            left - 10,
            y - 9,
            15.0,
            false,
            MUTED,
            &format!("{v:.0}"),
        );
        v += step;
    }
    text(&mut img, 20, 76, 15.0, true, MUTED, "PR (lower is better)");
    let mstep = [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|s| n / s <= 10)
        .unwrap_or(1000);
    for i in (0..n).filter(|i| (i + 1) % mstep == 0 || *i == 0) {
        let x = x_of(i).round() as i32;
        fill(&mut img, x, bottom + 1, 1, 5, MUTED);
        text_centred(
            &mut img,
            x,
            bottom + 9,
            15.0,
            false,
            MUTED,
            &(i + 1).to_string(),
        );
    }
    text_centred(
        &mut img,
        (left + right) / 2,
        bottom + 34,
        15.0,
        true,
        MUTED,
        "analysed matches",
    );
    if n == 0 {
        text_centred(
            &mut img,
            (left + right) / 2,
            (top + bottom) / 2,
            18.0,
            false,
            MUTED,
            "No analysed matches yet",
        );
    }
    // The band: each pixel column between two matches filled between the interpolated
    // ends of the interval.
    for (i, w) in history.points.windows(2).enumerate() {
        let (Some(a), Some(b)) = (w[0].band, w[1].band) else {
            continue;
        };
        let (x0, x1) = (x_of(i).round() as i32, x_of(i + 1).round() as i32);
        for x in x0..=x1 {
            let t = if x1 == x0 {
                0.0
            } else {
                f64::from(x - x0) / f64::from(x1 - x0)
            };
            let lo = y_of(a.0 + (b.0 - a.0) * t).round() as i32;
            let up = y_of(a.1 + (b.1 - a.1) * t).round() as i32;
            fill(&mut img, x, up, 1, (lo - up + 1).max(1) as u32, BAND);
        }
    }
    // Axes over the band.
    fill(&mut img, left, top, 1, (bottom - top + 1) as u32, MUTED);
    fill(&mut img, left, bottom, (right - left + 1) as u32, 1, MUTED);
    let rolling: Vec<(f32, f32)> = history
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i), y_of(p.rolling)))
        .collect();
    for w in rolling.windows(2) {
        segment(&mut img, w[0], w[1], 3.0, HIGHLIGHT);
    }
    if n <= 100 {
        for (i, p) in history.points.iter().enumerate() {
            let at = (x_of(i), y_of(p.pr));
            segment(&mut img, at, at, 7.0, DOT);
        }
    }
    if let Some(&last) = rolling.last() {
        segment(&mut img, last, last, 9.0, HIGHLIGHT);
    }
    img
}

/// The latest figure in words.
fn summary(history: &PrHistory) -> String {
    let Some(last) = history.points.last() else {
        return "No analysed matches yet".into();
    };
    let n = history.points.len().min(history.window);
    let mut s = format!("PR {:.1}", last.rolling);
    if let Some((lo, hi)) = last.band {
        let _ = write!(s, " (95% interval {:.1}-{hi:.1})", lo.max(0.0));
    }
    if n == 1 {
        s.push_str(" over 1 analysed match");
    } else {
        let _ = write!(s, " over the last {n} analysed matches");
    }
    s
}

/// The chart as PNG bytes.
///
/// # Errors
/// Only if the encoder fails.
pub fn pr_history_png(history: &PrHistory) -> Result<Vec<u8>, RenderError> {
    encode(&pr_history_image(history))
}

/// The chart in words, for screen readers: the latest figure and the last (up to) 20
/// matches' own PRs.
#[must_use]
pub fn pr_history_alt_text(history: &PrHistory) -> String {
    let mut s = format!("PR history of {}: {}", history.name, summary(history));
    let last = &history.points[history.points.len().saturating_sub(20)..];
    if !last.is_empty() {
        s.push_str("; match by match, oldest first:");
        for (i, p) in last.iter().enumerate() {
            let _ = write!(s, "{} {:.1}", if i == 0 { "" } else { "," }, p.pr);
        }
    }
    s.push('.');
    s
}
