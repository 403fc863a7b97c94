//! Text on a canvas: one line laid out in the font chain ([`super::font`]), its coverage
//! rounded to quarters and kept, then blended; its width; and the ways the pictures place
//! it (centred, right-aligned, cut to fit, wrapped).

use std::sync::LazyLock;

use ab_glyph::Font;
use image::{Rgb, RgbImage};

use super::canvas::{Canvas, blend, quantise};
use super::font;

const ELLIPSIS: char = '\u{2026}';

/// Lays out `s` on one line from x = 0, calling `f` with each outlined glyph.
fn layout(size: f32, bold: bool, s: &str, mut f: impl FnMut(ab_glyph::OutlinedGlyph)) -> f32 {
    font::place(size, bold, s, |font, glyph| {
        if let Some(g) = font.outline_glyph(glyph) {
            f(g);
        }
    })
}

/// Writes `s` with its top-left corner at (x, y).
pub(crate) fn text(
    img: &mut impl Canvas,
    x: i32,
    y: i32,
    size: f32,
    bold: bool,
    colour: Rgb<u8>,
    s: &str,
) {
    let key = (s.to_owned(), size.to_bits(), bold);
    let cached = TEXT_COVERAGE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&key)
        .cloned();
    let coverage = cached.unwrap_or_else(|| {
        let fresh = std::sync::Arc::new(coverage(size, bold, s));
        let mut cache = TEXT_COVERAGE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if cache.len() >= TEXT_CACHE_ENTRIES {
            cache.clear();
        }
        cache.insert(key, std::sync::Arc::clone(&fresh));
        fresh
    });
    for &(dx, dy, a) in coverage.iter() {
        blend(img, x + i32::from(dx), y + i32::from(dy), colour, a);
    }
}

/// The pixels a text covers relative to its top-left corner, with their opacity.
type Coverage = Vec<(i16, i16, u8)>;

/// How many distinct texts are kept rasterised.
const TEXT_CACHE_ENTRIES: usize = 4096;

/// Rasterised texts by (text, size, bold), shared by every rendering thread: the same
/// names, scores and counts come back on every board, and a glyph's outline costs more to
/// fill than to replay.
#[allow(clippy::type_complexity)]
static TEXT_COVERAGE: LazyLock<
    std::sync::Mutex<std::collections::HashMap<(String, u32, bool), std::sync::Arc<Coverage>>>,
> = LazyLock::new(Default::default);

/// The pixels `s` covers, relative to its top-left corner, with their opacity, in the
/// order they are blended (overlapping glyphs blend twice, as drawn).
fn coverage(size: f32, bold: bool, s: &str) -> Coverage {
    let mut out = Vec::new();
    layout(size, bold, s, |g| {
        let bb = g.px_bounds();
        let (gx, gy) = (bb.min.x as i32, bb.min.y as i32);
        g.draw(|px, py, cov| {
            let a = quantise(cov);
            if a != 0 {
                out.push(((gx + px as i32) as i16, (gy + py as i32) as i16, a));
            }
        });
    });
    out
}

/// The width of `s` on one line: the caret after its last glyph, as [`layout`] advances
/// it, without outlining the glyphs.
pub(crate) fn text_width(size: f32, bold: bool, s: &str) -> i32 {
    font::place(size, bold, s, |_, _| {}).ceil() as i32
}

/// Text centred on x, with its top at y.
pub(crate) fn text_centred(
    img: &mut impl Canvas,
    cx: i32,
    y: i32,
    size: f32,
    bold: bool,
    c: Rgb<u8>,
    s: &str,
) {
    let w = text_width(size, bold, s);
    text(img, cx - w / 2, y, size, bold, c, s);
}

/// Text with its right edge at `right` and its top at y.
pub(crate) fn text_right(
    img: &mut RgbImage,
    right: i32,
    y: i32,
    size: f32,
    bold: bool,
    c: Rgb<u8>,
    s: &str,
) {
    let w = text_width(size, bold, s);
    text(img, right - w, y, size, bold, c, s);
}

/// `s`, cut with an ellipsis to fit `max` pixels at this size.
pub(crate) fn fit(s: &str, size: f32, bold: bool, max: i32) -> String {
    if text_width(size, bold, s) <= max {
        return s.to_owned();
    }
    let mut chars: Vec<char> = s.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect::<String>().trim_end().to_owned() + "\u{2026}";
        if text_width(size, bold, &cut) <= max {
            return cut;
        }
    }
    ELLIPSIS.to_string()
}

/// `s`, cut with an ellipsis to at most `max` characters.
pub(crate) fn fit_chars(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let cut: String = s.chars().take(max - 1).collect();
    format!("{}{ELLIPSIS}", cut.trim_end())
}

/// `s` broken into lines at spaces, each at most `max` pixels wide (a word longer than
/// a line is cut with an ellipsis).
pub(crate) fn wrap(s: &str, size: f32, bold: bool, max: i32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(size, bold, &candidate) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = fit(word, size, bold, max);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn bidi_controls_draw_nothing() {
        let evil = "\u{202E}evil\u{2066}\u{200F}\u{061C}";
        let width = |s: &str| super::text_width(20.0, false, s);
        assert_eq!(width(evil), width("evil"), "drawn as if absent");
    }
}
