//! The fonts every picture's text is drawn in, as one chain: DejaVu Sans (regular or bold)
//! first, then GNU Unifont for the Basic Multilingual Plane and Unifont Upper for the planes
//! above it (emoji, historic scripts). A character DejaVu lacks (Chinese, Japanese, Korean,
//! Devanagari, Thai, Ethiopic, ...) is drawn from the first font of the chain that has it, so
//! a player's name in any script reads as letters, not as empty boxes.
//!
//! Unifont is a bitmap font of 16-pixel cells drawn as outlines: at text sizes up to about
//! 22 pixels its em is 16 pixels (a whole multiple of 16 above, where near one) and its
//! glyphs sit on whole pixels, so they stay crisp beside DejaVu. It has no bold: bold is
//! the glyph drawn twice, a pixel apart.
//!
//! There is no shaper: right-to-left runs are put in visual order, Arabic letters take
//! their joined forms and Indic vowel signs written before their consonant are moved before
//! it in [`super::script`], but Indic conjuncts are drawn as letter and virama, and Thai
//! and other marks as the font places them (legible letters, not correct typesetting).

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, Glyph, GlyphId, PxScale, ScaleFont, point};

use super::script::{is_pre_base, strip_bidi_controls, visual_order};

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../../../fonts/DejaVuSans.ttf"))
        .expect("vendored font")
});
static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../../../fonts/DejaVuSans-Bold.ttf"))
        .expect("vendored font")
});
static UNIFONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../../../fonts/unifont.otf")).expect("vendored font")
});
static UNIFONT_UPPER: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../../../fonts/unifont_upper.otf"))
        .expect("vendored font")
});

/// Unifont's cell: its glyphs are drawn on a grid of this many pixels to the em.
const UNIFONT_CELL: f32 = 16.0;

/// The first font of the chain for the given weight.
fn primary(bold: bool) -> &'static FontRef<'static> {
    if bold { &BOLD } else { &REGULAR }
}

/// The font of the chain that draws `ch`, with its glyph, and whether it is the primary
/// font; a character no font has is drawn as the primary font's missing-glyph box.
fn pick(ch: char, bold: bool) -> (&'static FontRef<'static>, GlyphId, bool) {
    let first = primary(bold);
    let id = first.glyph_id(ch);
    if id.0 != 0 {
        return (first, id, true);
    }
    for fallback in [&*UNIFONT, &*UNIFONT_UPPER] {
        let id = fallback.glyph_id(ch);
        if id.0 != 0 {
            return (fallback, id, false);
        }
    }
    (first, id, true)
}

/// The characters of `s` that no font of the chain has (drawn as empty boxes).
#[must_use]
pub fn missing_glyphs(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&ch| !ch.is_control() && pick(ch, false).1.0 == 0)
        .collect()
}

/// The em in pixels Unifont is drawn at beside a primary font of em `em`: its 16-pixel cell
/// (never smaller: a smaller Chinese character is a blur) or a whole multiple of it, so
/// its pixels fall on the picture's; at sizes between two multiples, `em` itself.
fn unifont_em(em: f32) -> f32 {
    let cells = em / UNIFONT_CELL;
    if cells < 1.25 {
        UNIFONT_CELL
    } else if (cells - cells.round()).abs() < 0.15 {
        UNIFONT_CELL * cells.round()
    } else {
        em
    }
}

/// The pixel scale that gives a font an em of `em` pixels.
fn scale_for_em(font: &FontRef<'static>, em: f32) -> PxScale {
    let upem = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(em * font.height_unscaled() / upem)
}

/// Lays out `s` on one line from x = 0 with the top of the primary font's ascent at
/// y = 0, calling `f` with each glyph positioned and the font that draws it; returns the
/// caret after the last glyph.
pub(crate) fn place(
    size: f32,
    bold: bool,
    s: &str,
    mut f: impl FnMut(&'static FontRef<'static>, Glyph),
) -> f32 {
    let first = primary(bold);
    let scale = PxScale::from(size);
    let scaled = first.as_scaled(scale);
    let ascent = scaled.ascent();
    let em = size * first.units_per_em().unwrap_or(1000.0) / first.height_unscaled();
    let cell = unifont_em(em);
    let mut caret = 0.0;
    let mut prev: Option<GlyphId> = None;
    // A bidirectional control draws nothing (the order is `visual_order`'s).
    for ch in visual_order(&strip_bidi_controls(s)).chars() {
        let (font, id, is_primary) = pick(ch, bold);
        if is_primary {
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            f(
                font,
                id.with_scale_and_position(scale, point(caret, ascent)),
            );
            caret += scaled.h_advance(id);
            prev = Some(id);
        } else {
            let fallback_scale = scale_for_em(font, cell);
            caret = caret.round();
            let mut origin = point(caret, ascent.round());
            let mut advance = font.as_scaled(fallback_scale).h_advance(id).round();
            if advance == 0.0 && is_pre_base(ch) {
                // Unifont draws a vowel sign written before its consonant over the cell
                // before it; moved before the consonant by `visual_order`, it takes its
                // own place.
                let ink = font
                    .outline_glyph(id.with_scale_and_position(fallback_scale, origin))
                    .map(|g| g.px_bounds());
                if let Some(ink) = ink {
                    origin.x += caret - ink.min.x;
                    advance = (ink.max.x - ink.min.x).round();
                }
            }
            f(font, id.with_scale_and_position(fallback_scale, origin));
            // No bold Unifont: bold is the glyph drawn again a pixel to the right.
            if bold {
                let right = point(origin.x + 1.0, origin.y);
                f(font, id.with_scale_and_position(fallback_scale, right));
            }
            caret += advance + if bold && advance > 0.0 { 1.0 } else { 0.0 };
            prev = None;
        }
    }
    caret
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name in each script the issue lists, and a few more a Discord user may have.
    const NAMES: [(&str, &str); 12] = [
        ("Chinese", "李雷"),
        ("Japanese", "さくら サクラ 桜"),
        ("Korean", "김민준"),
        ("Cyrillic", "Дмитрий Шостакович"),
        ("Greek", "Αλέξανδρος"),
        ("Arabic", "محمد عبد الله"),
        ("Hebrew", "דוד בן גוריון"),
        ("Devanagari", "अमिताभ"),
        ("Thai", "สมชาย"),
        ("Armenian and Georgian", "Արամ ნინო"),
        ("Ethiopic and Tamil", "አበበ தமிழ்"),
        ("emoji", "bob 🎲😀"),
    ];

    #[test]
    fn a_name_in_every_listed_script_has_a_glyph_for_each_character() {
        for (script, name) in NAMES {
            assert_eq!(missing_glyphs(name), Vec::<char>::new(), "{script}: {name}");
            let drawn = visual_order(name);
            assert_eq!(
                missing_glyphs(&drawn),
                Vec::<char>::new(),
                "{script}: {drawn}"
            );
        }
    }

    #[test]
    fn a_name_in_another_script_draws_outlines_not_empty_boxes() {
        for (script, name) in NAMES {
            let mut outlined = 0;
            let mut notdef = 0;
            place(19.0, true, name, |font, g| {
                if g.id.0 == 0 {
                    notdef += 1;
                }
                if font.outline_glyph(g).is_some() {
                    outlined += 1;
                }
            });
            let letters = visual_order(name)
                .chars()
                .filter(|c| !c.is_whitespace())
                .count();
            assert_eq!(notdef, 0, "{script}: {name}");
            assert!(outlined >= letters, "{script}: {outlined} of {letters}");
        }
    }

    #[test]
    fn a_character_no_font_has_is_reported_missing() {
        // A private-use character: no font of the chain draws it.
        assert_eq!(missing_glyphs("a\u{F0000}b"), vec!['\u{F0000}']);
    }

    #[test]
    fn latin_text_is_laid_out_by_dejavu_alone() {
        let mut fonts = Vec::new();
        place(19.0, false, "alice 5 - 3", |font, _| {
            fonts.push(std::ptr::eq(font, &*REGULAR));
        });
        assert!(fonts.iter().all(|&d| d));
    }
}
