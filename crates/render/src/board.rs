//! The board as a PNG: 800 x 600, drawn from the viewer's side.
//!
//! The parts that never change (frame, points, numbers, the Welsh quarter names and the
//! stream) are drawn once per ruleset and copied; each picture then adds the men, the
//! trays, the cube, the dice, the last play and the players' lines.
//!
//! Every edge is anti-aliased with four levels of coverage only, so a board has a few
//! hundred colours at most and is written as an indexed PNG: a third of the bytes of
//! the same picture in RGB.

use std::sync::LazyLock;

use image::{Rgb, RgbImage};

use crate::board_text::{prompt_words, target_words, team_cube_words};
use crate::kit::encode::Indexed;
use crate::kit::{
    BACKGROUND, Canvas, HIGHLIGHT, MUTED, Mask, Paletted, RenderError, TEXT, blend, encode, fill,
    palette_over, text, text_centred, text_width, triangle, write_indexed,
};
use crate::scene::{CubeView, DiceView, LastPlay, Scene};
use engine::welsh::{has_full_spread, protected_spikes};
use engine::{Board, Ruleset, Side};

/// Width of a board picture.
pub const WIDTH: u32 = 800;
/// Height of a board picture.
pub const HEIGHT: u32 = 600;

pub(crate) const FRAME: Rgb<u8> = Rgb([93, 64, 55]);
const BAR: Rgb<u8> = Rgb([78, 52, 46]);
pub(crate) const FELT: Rgb<u8> = Rgb([40, 84, 96]);
const TRAY: Rgb<u8> = Rgb([30, 62, 72]);
pub(crate) const POINT_LIGHT: Rgb<u8> = Rgb([222, 196, 150]);
pub(crate) const POINT_DARK: Rgb<u8> = Rgb([150, 88, 60]);
const NUMBER: Rgb<u8> = Rgb([245, 230, 200]);
const STREAM: Rgb<u8> = Rgb([120, 190, 235]);

/// A side's men: fill, rim, and the colour of text written on them. X light, O dark, on
/// every board, so the contrast is one of lightness and not of hue.
pub(crate) fn colours(side: Side) -> (Rgb<u8>, Rgb<u8>, Rgb<u8>) {
    match side {
        Side::X => (Rgb([245, 241, 230]), Rgb([70, 70, 70]), Rgb([20, 20, 20])),
        Side::O => (
            Rgb([33, 40, 52]),
            Rgb([176, 190, 197]),
            Rgb([250, 250, 250]),
        ),
    }
}

// Geometry: the playing field of two halves of six points, the bar between, the cube column
// on the left and the trays for men borne off on the right.
const FIELD_TOP: i32 = 64;
const FIELD_BOTTOM: i32 = 536;
const MID_Y: i32 = (FIELD_TOP + FIELD_BOTTOM) / 2;
const POINT_W: i32 = 46;
const LEFT_X: i32 = 66;
const BAR_X: i32 = LEFT_X + 6 * POINT_W;
const BAR_W: i32 = 56;
const RIGHT_X: i32 = BAR_X + BAR_W;
const TRAY_X: i32 = RIGHT_X + 6 * POINT_W + 8;
const POINT_H: i32 = 196;
const R: i32 = 22;
/// Men drawn on one stack; a taller stack shows its count on the last one drawn.
const STACK: usize = 5;
/// From one man's centre to the next on a stack: they overlap by two pixels, so five
/// leave a band in the middle of the board for the dice.
const STEP: i32 = 2 * R - 2;

/// Coverage masks (0-255) drawn once: a man, his rim, the highlight ring, a die's pip.
struct Masks {
    disc: Mask,
    inner: Mask,
    ring: Mask,
    /// Where a man left: a thin ring.
    ghost: Mask,
    pip: Mask,
    /// The colour chip beside a player's name.
    chip: Mask,
    chip_inner: Mask,
}

static MASKS: LazyLock<Masks> = LazyLock::new(|| Masks {
    disc: Mask::annulus(2 * R + 2, 0.0, R as f32 - 0.5),
    inner: Mask::annulus(2 * R + 2, R as f32 - 3.0, R as f32 - 0.5),
    ring: Mask::annulus(2 * R + 10, R as f32 + 0.5, R as f32 + 4.0),
    ghost: Mask::annulus(2 * R + 2, R as f32 - 2.0, R as f32 - 0.5),
    pip: Mask::annulus(10, 0.0, 3.6),
    chip: Mask::annulus(24, 0.0, 10.5),
    chip_inner: Mask::annulus(24, 0.0, 8.5),
});

/// The left edge of the column of viewer's point `p` (1-24), and whether it hangs from the
/// top edge. His home board is bottom right: 1 at the far right, 12 far left bottom, 13
/// far left top, 24 far right top.
fn point_x(p: usize) -> (i32, bool) {
    let p = p as i32;
    match p {
        1..=6 => (RIGHT_X + (6 - p) * POINT_W, false),
        7..=12 => (LEFT_X + (12 - p) * POINT_W, false),
        13..=18 => (LEFT_X + (p - 13) * POINT_W, true),
        _ => (RIGHT_X + (p - 19) * POINT_W, true),
    }
}

/// The centre of the k-th man (0 = at the edge) of the stack on viewer's point `p`.
fn man_centre(p: usize, k: usize) -> (i32, i32) {
    let (x, top) = point_x(p);
    let k = k.min(STACK - 1) as i32;
    let cx = x + POINT_W / 2;
    if top {
        (cx, FIELD_TOP + R + 1 + k * STEP)
    } else {
        (cx, FIELD_BOTTOM - R - 1 - k * STEP)
    }
}

/// The centre of the k-th man on the bar (roof): the viewer's below the middle, the
/// opponent's above.
fn bar_centre(viewer_side: bool, k: usize) -> (i32, i32) {
    let k = k.min(STACK - 1) as i32;
    let cx = BAR_X + BAR_W / 2;
    if viewer_side {
        (cx, MID_Y + 28 + R + k * STEP)
    } else {
        (cx, MID_Y - 28 - R - k * STEP)
    }
}

fn background(ruleset: Ruleset) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, BACKGROUND);
    fill(&mut img, 8, 44, 784, 512, FRAME);
    let field_h = (FIELD_BOTTOM - FIELD_TOP) as u32;
    for x in [LEFT_X, RIGHT_X] {
        fill(&mut img, x, FIELD_TOP, 6 * POINT_W as u32, field_h, FELT);
    }
    fill(
        &mut img,
        BAR_X + 4,
        FIELD_TOP,
        BAR_W as u32 - 8,
        field_h,
        BAR,
    );
    fill(&mut img, 14, FIELD_TOP, 46, field_h, BAR);
    fill(&mut img, TRAY_X, FIELD_TOP, 102, 232, TRAY);
    fill(&mut img, TRAY_X, MID_Y + 4, 102, 232, TRAY);
    for p in 1..=24usize {
        let (x, top) = point_x(p);
        let colour = if p % 2 == 0 { POINT_LIGHT } else { POINT_DARK };
        let (base, tip) = if top {
            (FIELD_TOP, FIELD_TOP + POINT_H)
        } else {
            (FIELD_BOTTOM - 1, FIELD_BOTTOM - 1 - POINT_H)
        };
        let (x0, x1) = ((x + 1) as f32, (x + POINT_W - 1) as f32);
        let base = if top { base as f32 } else { (base + 1) as f32 };
        triangle(
            &mut img,
            (x0, x1, base),
            ((x0 + x1) / 2.0, tip as f32),
            colour,
        );
        let label = p.to_string();
        let y = if top { 45 } else { 538 };
        text_centred(&mut img, x + POINT_W / 2, y, 16.0, true, NUMBER, &label);
    }
    let bar_label = match ruleset {
        Ruleset::Standard => "BAR",
        Ruleset::Welsh => "ROOF",
    };
    text_centred(
        &mut img,
        BAR_X + BAR_W / 2,
        MID_Y - 8,
        12.0,
        true,
        NUMBER,
        bar_label,
    );
    if ruleset == Ruleset::Welsh {
        // The quarter-boards by name, and the stream between the far and near outer boards.
        // In the band no stack reaches (five men at most are drawn), by the outer edge of
        // each half, clear of the dice.
        for (x, label, above) in [
            (LEFT_X + 6, "FAR OUTER", true),
            (LEFT_X + 6, "NEAR OUTER", false),
            (RIGHT_X + 6, "BACK", true),
            (RIGHT_X + 6, "HOME", false),
        ] {
            let y = if above { MID_Y - 16 } else { MID_Y + 4 };
            text(&mut img, x, y, 11.0, true, MUTED, label);
        }
        for x in LEFT_X..LEFT_X + 6 * POINT_W {
            let dy = (2.0 * ((x - LEFT_X) as f32 / 6.0).sin()).round() as i32;
            fill(&mut img, x, MID_Y - 1 + dy, 1, 3, STREAM);
        }
    }
    img
}

static BACKGROUNDS: LazyLock<[RgbImage; 2]> =
    LazyLock::new(|| [background(Ruleset::Standard), background(Ruleset::Welsh)]);

/// Draws one man with his rim; `label` is written on him (a stack's count).
fn man(img: &mut impl Canvas, (cx, cy): (i32, i32), side: Side, label: Option<&str>) {
    let (fill_c, rim, ink) = colours(side);
    MASKS.disc.paint(img, cx, cy, fill_c);
    MASKS.inner.paint(img, cx, cy, rim);
    if let Some(s) = label {
        text_centred(img, cx, cy - 11, 19.0, true, ink, s);
    }
}

/// Draws a stack: `n` men of `side` at the centres `at(k)`, the count on the last one
/// drawn when they do not all fit.
fn stack(img: &mut impl Canvas, n: usize, side: Side, at: impl Fn(usize) -> (i32, i32)) {
    for k in 0..n.min(STACK) {
        let label = (n > STACK && k == STACK - 1).then(|| n.to_string());
        man(img, at(k), side, label.as_deref());
    }
}

fn die(img: &mut impl Canvas, cx: i32, cy: i32, value: u8, side: Side, marked: bool) {
    let (face, rim, ink) = colours(side);
    let s = 40;
    let (x, y) = (cx - s / 2, cy - s / 2);
    let border = if marked { HIGHLIGHT } else { rim };
    fill(img, x - 3, y - 3, (s + 6) as u32, (s + 6) as u32, border);
    fill(img, x, y, s as u32, s as u32, face);
    let o = 11;
    let spots: &[(i32, i32)] = match value {
        1 => &[(0, 0)],
        2 => &[(-o, -o), (o, o)],
        3 => &[(-o, -o), (0, 0), (o, o)],
        4 => &[(-o, -o), (o, -o), (-o, o), (o, o)],
        5 => &[(-o, -o), (o, -o), (0, 0), (-o, o), (o, o)],
        _ => &[(-o, -o), (o, -o), (-o, 0), (o, 0), (-o, o), (o, o)],
    };
    for &(dx, dy) in spots {
        MASKS.pip.paint(img, cx + dx, cy + dy, ink);
    }
}

/// A cube face with its value at (cx, cy).
fn cube(img: &mut impl Canvas, cx: i32, cy: i32, value: u64, marked: bool) {
    cube_sized(img, cx, cy, 42, value, marked);
}

/// A cube face `s` pixels wide with its value at (cx, cy).
fn cube_sized(img: &mut impl Canvas, cx: i32, cy: i32, s: i32, value: u64, marked: bool) {
    let border = if marked { HIGHLIGHT } else { Rgb([60, 60, 60]) };
    fill(
        img,
        cx - s / 2 - 3,
        cy - s / 2 - 3,
        (s + 6) as u32,
        (s + 6) as u32,
        border,
    );
    fill(
        img,
        cx - s / 2,
        cy - s / 2,
        s as u32,
        s as u32,
        Rgb([250, 250, 245]),
    );
    let label = value.to_string();
    let size = (if label.len() > 2 { 16.0 } else { 22.0 }) * s as f32 / 42.0;
    text_centred(
        img,
        cx,
        cy - (size as i32) * 6 / 10,
        size,
        true,
        Rgb([20, 20, 20]),
        &label,
    );
}

/// The header (top player) or footer (viewer) line: colour chip, name, score, pips, men
/// off, the Welsh nominate card and triangle, and what he must do now.
fn player_line(img: &mut impl Canvas, scene: &Scene, side: Side, y: i32) {
    let (fill_c, rim, _) = colours(side);
    MASKS.chip.paint(img, 26, y + 11, rim);
    MASKS.chip_inner.paint(img, 26, y + 11, fill_c);
    let mut x = 44;
    let name = scene.name(side);
    text(img, x, y, 19.0, true, TEXT, name);
    x += text_width(19.0, true, name) + 12;
    let p = &scene.position;
    let standing = scene.chouette_role(side).map_or_else(
        || format!("score {}", scene.score.score[side.index()]),
        str::to_string,
    );
    let stats = format!("{standing}   pips {}   off {}", p.pips(side), p.off(side));
    text(img, x, y + 2, 16.0, false, MUTED, &stats);
    x += text_width(16.0, false, &stats) + 12;
    if let Some(w) = &scene.welsh {
        if w.nominates_left[side.index()] {
            fill(img, x, y - 1, 20, 24, HIGHLIGHT);
            fill(img, x + 2, y + 1, 16, 20, Rgb([250, 250, 245]));
            text_centred(img, x + 10, y + 2, 14.0, true, Rgb([20, 20, 20]), "N");
            x += 28;
        }
        let view = scene.position.view(side);
        if has_full_spread(&view) {
            text(img, x, y + 2, 16.0, true, HIGHLIGHT, "full spread");
            x += text_width(16.0, true, "full spread") + 12;
        }
        if w.triangle == Some(side) {
            text(img, x, y + 2, 16.0, true, HIGHLIGHT, "triangle");
            x += text_width(16.0, true, "triangle") + 12;
        }
    }
    if scene.to_act == Some(side) {
        let doing = prompt_words(scene, side);
        text(
            img,
            x,
            y + 2,
            16.0,
            true,
            HIGHLIGHT,
            &format!("\u{25B6} {doing}"),
        );
    }
}

/// A chouette's team cubes in the cube column, one under another in line order: each
/// member's cube at its own value, his name under it and its state ("his", "box's",
/// "offered 4", "out +2"); an offered cube is ringed, a cube out of the game greyed.
fn team_cubes(img: &mut impl Canvas, scene: &Scene, cx: i32) {
    const SLOT: i32 = 62;
    let shown = scene.team_cubes.len().min(7);
    let n = i32::try_from(shown).unwrap_or(7);
    let top = MID_Y - n * SLOT / 2;
    let fit = |size: f32, bold: bool, s: &str| -> String {
        let mut t: String = s.to_string();
        while text_width(size, bold, &t) > 48 && t.chars().count() > 1 {
            t.pop();
        }
        t
    };
    for (i, c) in scene.team_cubes.iter().take(shown).enumerate() {
        let y = top + i32::try_from(i).unwrap_or(0) * SLOT + 16;
        let out = c.state.starts_with("out");
        let offered = c.state.starts_with("offered");
        cube_sized(img, cx, y, 26, c.value, offered);
        if out {
            // Greyed: the cube no longer counts in this game.
            for yy in y - 13..y + 13 {
                for xx in cx - 13..cx + 13 {
                    blend(img, xx, yy, BACKGROUND, 150);
                }
            }
        }
        let name = fit(11.0, true, &c.name);
        text_centred(img, cx, y + 17, 11.0, true, TEXT, &name);
        let state = fit(10.0, false, &c.state);
        let colour = if offered { HIGHLIGHT } else { MUTED };
        text_centred(img, cx, y + 31, 10.0, false, colour, &state);
    }
}

/// Draws the board `scene` describes.
#[must_use]
pub fn render_image(scene: &Scene) -> RgbImage {
    let mut img = BACKGROUNDS[usize::from(scene.ruleset == Ruleset::Welsh)].clone();
    draw(&mut img, scene);
    img
}

/// Draws the board `scene` describes over its background, already in `img`.
fn draw(img: &mut impl Canvas, scene: &Scene) {
    let board = scene.board();
    if scene.ruleset == Ruleset::Welsh {
        full_spreads(img, &board);
    }
    men(img, &board, scene.viewer);
    trays(img, &board, scene.viewer);
    cube_column(img, scene);
    if let Some(d) = scene.dice {
        dice(img, d, scene.viewer);
    }
    if let Some(last) = &scene.last_play {
        last_play(img, last, &board, scene.viewer);
    }
    match_lines(img, scene);
}

/// Full spreads standing (Welsh rule 11): an outline round the quarter-board.
fn full_spreads(img: &mut impl Canvas, board: &Board) {
    let theirs = protected_spikes(board);
    let mine = protected_spikes(&board.swapped());
    let mut spikes = theirs;
    for p in 1..=24 {
        if mine & (1 << p) != 0 {
            spikes |= 1 << (25 - p);
        }
    }
    for q in 0..4 {
        let first = 6 * q + 1;
        if spikes & (1 << first) != 0 {
            let xs = (first..first + 6).map(|p| point_x(p).0);
            let (x0, x1) = (
                xs.clone().min().unwrap_or(0),
                xs.max().unwrap_or(0) + POINT_W,
            );
            let top = point_x(first).1;
            let y0 = if top { FIELD_TOP } else { MID_Y + 4 };
            let h = (MID_Y - FIELD_TOP - 4) as u32;
            let w = (x1 - x0) as u32;
            fill(img, x0, y0, w, 3, HIGHLIGHT);
            fill(img, x0, y0 + h as i32 - 3, w, 3, HIGHLIGHT);
            fill(img, x0, y0, 3, h, HIGHLIGHT);
            fill(img, x1 - 3, y0, 3, h, HIGHLIGHT);
        }
    }
}

/// The men on the points and on the bar (roof).
fn men(img: &mut impl Canvas, board: &Board, me: Side) {
    let them = me.opponent();
    for (p, &count) in board.points().iter().enumerate().take(25).skip(1) {
        let n = usize::from(count.unsigned_abs());
        if n > 0 {
            let side = if count > 0 { me } else { them };
            stack(img, n, side, |k| man_centre(p, k));
        }
    }
    stack(img, usize::from(board.mine(25)), me, |k| {
        bar_centre(true, k)
    });
    stack(img, usize::from(board.theirs(0)), them, |k| {
        bar_centre(false, k)
    });
}

/// The men borne off: the opponent's in the top tray, the viewer's in the bottom one.
fn trays(img: &mut impl Canvas, board: &Board, me: Side) {
    let them = me.opponent();
    for (side, off, top) in [
        (them, board.theirs_off(), true),
        (me, board.mine_off(), false),
    ] {
        let (fill_c, rim, _) = colours(side);
        for k in 0..i32::from(off) {
            let y = if top {
                FIELD_TOP + 6 + k * 14
            } else {
                FIELD_BOTTOM - 6 - 11 - k * 14
            };
            fill(img, TRAY_X + 8, y, 58, 11, rim);
            fill(img, TRAY_X + 9, y + 1, 56, 9, fill_c);
        }
        if off > 0 {
            let y = if top {
                FIELD_TOP + 8
            } else {
                FIELD_BOTTOM - 30
            };
            text(img, TRAY_X + 72, y, 20.0, true, TEXT, &off.to_string());
        }
    }
}

/// The cube in its column (centred, or on its owner's side), an offered cube in the
/// offerer's half, or a chouette's team cubes.
fn cube_column(img: &mut impl Canvas, scene: &Scene) {
    let me = scene.viewer;
    let column_x = 37;
    match scene.cube {
        // A chouette: each team member's own cube there instead.
        _ if !scene.team_cubes.is_empty() => team_cubes(img, scene, column_x),
        CubeView::Centred(v) => cube(img, column_x, MID_Y, if v == 1 { 64 } else { v }, false),
        CubeView::Owned { value, owner } => {
            let y = if owner == me {
                FIELD_BOTTOM - 30
            } else {
                FIELD_TOP + 30
            };
            cube(img, column_x, y, value, false);
        }
        CubeView::Welsh { value, right } => {
            let y = match right {
                None => MID_Y,
                Some(s) if s == me => FIELD_BOTTOM - 30,
                Some(_) => FIELD_TOP + 30,
            };
            cube(img, column_x, y, u64::from(value), false);
        }
        CubeView::Offered { value, by }
        | CubeView::Beavered { value, by }
        | CubeView::Raccooned { value, by } => {
            let cx = if by == me {
                RIGHT_X + 3 * POINT_W
            } else {
                LEFT_X + 3 * POINT_W
            };
            let badge = match scene.cube {
                CubeView::Beavered { .. } => "beavered",
                CubeView::Raccooned { .. } => "raccooned",
                _ => "doubled",
            };
            cube(img, cx, MID_Y, value, true);
            text_centred(img, cx, MID_Y + 28, 14.0, true, HIGHLIGHT, badge);
        }
        CubeView::Unavailable => {
            text_centred(img, column_x, MID_Y - 16, 10.0, true, MUTED, "Crawford");
            text_centred(img, column_x, MID_Y, 10.0, true, MUTED, "no cube");
        }
    }
}

/// The dice, in the thrower's half: the viewer's on the right, the opponent's left.
fn dice(img: &mut impl Canvas, d: DiceView, me: Side) {
    let cx = if d.side == me {
        RIGHT_X + 3 * POINT_W
    } else {
        LEFT_X + 3 * POINT_W
    };
    if d.values[1] == 0 {
        die(img, cx, MID_Y, d.values[0], d.side, d.nominated);
    } else {
        die(img, cx - 27, MID_Y, d.values[0], d.side, d.nominated);
        die(img, cx + 27, MID_Y, d.values[1], d.side, d.nominated);
    }
    if d.nominated {
        text_centred(img, cx, MID_Y + 26, 13.0, true, HIGHLIGHT, "NOMINATED");
    }
}

/// The last play: a ring round each man that moved where he now stands, a faint ring
/// where he left, a double ring where he hit.
fn last_play(img: &mut impl Canvas, last: &LastPlay, board: &Board, me: Side) {
    let b = board.points();
    let flip = |p: u8| -> usize {
        let p = usize::from(p);
        if last.side == me || p == 0 || p == 25 {
            p
        } else {
            25 - p
        }
    };
    let mine = last.side == me;
    let tos: Vec<usize> = last.steps.iter().map(|s| flip(s.to)).collect();
    for s in &last.steps {
        let from = flip(s.from);
        if from == 25 || tos.contains(&from) {
            continue;
        }
        let n = usize::from(b[from].unsigned_abs());
        let at = man_centre(from, n);
        if n < STACK {
            MASKS.ghost.paint(img, at.0, at.1, HIGHLIGHT);
        }
    }
    for (i, s) in last.steps.iter().enumerate() {
        let to = tos[i];
        if to == 0 || to == 25 || tos[..i].contains(&to) {
            continue;
        }
        let n = usize::from(b[to].unsigned_abs());
        if n == 0 {
            continue;
        }
        let at = man_centre(to, n - 1);
        MASKS.ring.paint(img, at.0, at.1, HIGHLIGHT);
        if last.hits.contains(&s.to) {
            // The man hit now waits on the bar: ring him too.
            let on_bar = if mine {
                board.theirs(0)
            } else {
                board.mine(25)
            };
            if on_bar > 0 {
                let at = bar_centre(!mine, usize::from(on_bar) - 1);
                MASKS.ring.paint(img, at.0, at.1, HIGHLIGHT);
            }
        }
    }
    if last.steps.iter().any(|s| s.to == 0) {
        let y = if mine { MID_Y + 4 } else { FIELD_TOP };
        fill(img, TRAY_X, y, 102, 3, HIGHLIGHT);
    }
}

/// The players' lines, the match (or a chouette's cubes), the last play in words, the
/// board's reference and, once it is over, the result.
fn match_lines(img: &mut impl Canvas, scene: &Scene) {
    let me = scene.viewer;
    let them = me.opponent();
    player_line(img, scene, them, 10);
    player_line(img, scene, me, 568);
    let mut target = target_words(scene);
    let chouette = match &scene.standings {
        Some(s) => Some(format!("standings: {s}")),
        None => team_cube_words(scene),
    };
    if let Some(cubes) = chouette {
        // A chouette: the team's cubes (between games: the standings) instead, shortened
        // to the space there is.
        target = cubes;
        if text_width(15.0, false, &target) > 430 {
            let mut t: Vec<char> = target.chars().collect();
            let fits = |t: &[char]| {
                let s: String = t.iter().collect();
                text_width(15.0, false, &format!("{s}\u{2026}")) <= 430
            };
            while t.len() > 4 && !fits(&t) {
                t.pop();
            }
            target = t.into_iter().collect::<String>() + "\u{2026}";
        }
    }
    let w = text_width(15.0, false, &target);
    text(img, WIDTH as i32 - 12 - w, 12, 15.0, false, MUTED, &target);
    if let Some(last) = &scene.last_play {
        let s = format!("last: {} {}", scene.name(last.side), last.text);
        let w = text_width(15.0, false, &s);
        text(img, WIDTH as i32 - 12 - w, 570, 15.0, false, MUTED, &s);
    }
    if let Some(r) = &scene.reference {
        let s = format!("board {r}");
        let w = text_width(12.0, false, &s);
        text(img, WIDTH as i32 - 12 - w, 29, 12.0, false, MUTED, &s);
    }
    if let Some(result) = &scene.result {
        // The match is over: who won, across the middle of the board.
        let w = text_width(24.0, true, result);
        let x = (LEFT_X + TRAY_X) / 2;
        fill(
            img,
            x - w / 2 - 14,
            MID_Y - 22,
            (w + 28) as u32,
            44,
            BACKGROUND,
        );
        text_centred(img, x, MID_Y - 14, 24.0, true, HIGHLIGHT, result);
    }
}

/// The board as PNG bytes.
///
/// # Errors
/// Only if the encoder fails, which writing to memory does not do in practice.
pub fn render_png(scene: &Scene) -> Result<Vec<u8>, RenderError> {
    let k = usize::from(scene.ruleset == Ruleset::Welsh);
    let mut canvas = Paletted::new(INDEXED_BACKGROUNDS[k].clone(), WIDTH, HEIGHT);
    draw(&mut canvas, scene);
    match canvas.finish() {
        Some(indexed) => write_indexed(WIDTH, HEIGHT, indexed),
        // More than 256 colours (no board has): drawn again in RGB.
        None => encode(&render_image(scene)),
    }
}

/// The two backgrounds, indexed once: a board is drawn straight into a copy of its
/// background's indices, each colour it lays down looked up (or added) in the palette.
static INDEXED_BACKGROUNDS: LazyLock<[Indexed; 2]> = LazyLock::new(|| {
    [0, 1].map(|k| palette_over(&BACKGROUNDS[k]).expect("a background has few colours"))
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_the_viewer_numbering_home_board_bottom_right() {
        assert_eq!(point_x(1), (RIGHT_X + 5 * POINT_W, false));
        assert_eq!(point_x(6), (RIGHT_X, false));
        assert_eq!(point_x(7), (LEFT_X + 5 * POINT_W, false));
        assert_eq!(point_x(12), (LEFT_X, false));
        assert_eq!(point_x(13), (LEFT_X, true));
        assert_eq!(point_x(24), (RIGHT_X + 5 * POINT_W, true));
    }

    /// WCAG relative luminance.
    fn luminance(c: Rgb<u8>) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
    }

    fn contrast(a: Rgb<u8>, b: Rgb<u8>) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// The two sides differ in lightness, not hue, so no kind of colour blindness merges
    /// them; the highlight and the text stand out from the felt and the frame.
    #[test]
    fn colours_part_by_lightness_for_colour_blind_players() {
        let (x, x_rim, x_ink) = colours(Side::X);
        let (o, o_rim, o_ink) = colours(Side::O);
        assert!(contrast(x, o) >= 7.0, "{}", contrast(x, o));
        assert!(contrast(x, x_ink) >= 7.0 && contrast(o, o_ink) >= 7.0);
        assert!(contrast(x, x_rim) >= 3.0 && contrast(o, o_rim) >= 3.0);
        for ground in [FELT, BAR, POINT_DARK] {
            assert!(contrast(HIGHLIGHT, ground) >= 3.0, "{ground:?}");
        }
        assert!(contrast(TEXT, BACKGROUND) >= 7.0);
        assert!(contrast(NUMBER, FRAME) >= 4.5);
    }

    #[test]
    fn a_man_mask_is_opaque_inside_and_clear_outside() {
        let m = &MASKS.disc;
        let c = m.size / 2;
        assert_eq!(m.data[(c * m.size + c) as usize], 255);
        assert_eq!(m.data[0], 0);
    }
}
