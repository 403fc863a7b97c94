//! The drawing kit against imageproc: the same board (the `render` bench's mid-game)
//! drawn with imageproc's primitives (filled rectangles, anti-aliased filled polygons for
//! the points, filled and hollow circles for the men, dice and rings, `draw_text_mut`
//! with ab_glyph for the text) and with the kit; and the kit's indexed PNG against the
//! png crate's RGB encoding and the image crate's default PNG encoder.
//!
//! Besides the timings it prints each picture's colours and PNG bytes and writes the
//! pictures to look at: `/tmp/board_kit.png`, `/tmp/board_imageproc.png`, the two side
//! by side (`/tmp/board_side_by_side.png`) and a corner of each enlarged four times
//! (`/tmp/board_zoom.png`). Run with
//! `cargo bench -p gammonbot-render --bench kit_vs_imageproc`.

use std::collections::HashSet;
use std::hint::black_box;

use ab_glyph::{FontRef, PxScale};
use criterion::{Criterion, criterion_group, criterion_main};
use engine::{Ruleset, Side, Step, Xgid};
use image::{ImageEncoder, Rgb, RgbImage};
use imageproc::drawing::{
    draw_antialiased_polygon_mut, draw_filled_circle_mut, draw_filled_rect_mut,
    draw_hollow_circle_mut, draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;
use imageproc::point::Point;
use imageproc::rect::Rect;
use render::{LastPlay, Scene, encode, prompt_words, render_image, render_png};

/// The `render` bench's board: men on the bar, a stack of seven, an owned cube, dice and
/// a last play with a hit.
fn mid_game() -> Scene {
    let x: Xgid = "XGID=-b--A-G-B---dC---d-caa--AA:1:-1:1:63:2:3:0:7:10"
        .parse()
        .expect("XGID");
    let mut scene = Scene::from_xgid(&x, Ruleset::Standard, Some(Side::X));
    scene.names = ["alice".into(), "bob".into()];
    scene.last_play = Some(LastPlay {
        side: Side::O,
        steps: vec![Step { from: 13, to: 8 }, Step { from: 6, to: 4 }],
        hits: vec![4],
        text: "13/8 6/4*".into(),
    });
    scene
}

// The board's geometry and colours, as in the renderer.
const BACKGROUND: Rgb<u8> = Rgb([38, 50, 56]);
const FRAME: Rgb<u8> = Rgb([93, 64, 55]);
const BAR: Rgb<u8> = Rgb([78, 52, 46]);
const FELT: Rgb<u8> = Rgb([40, 84, 96]);
const TRAY: Rgb<u8> = Rgb([30, 62, 72]);
const POINT_LIGHT: Rgb<u8> = Rgb([222, 196, 150]);
const POINT_DARK: Rgb<u8> = Rgb([150, 88, 60]);
const NUMBER: Rgb<u8> = Rgb([245, 230, 200]);
const TEXT: Rgb<u8> = Rgb([236, 239, 241]);
const MUTED: Rgb<u8> = Rgb([176, 196, 204]);
const HIGHLIGHT: Rgb<u8> = Rgb([255, 179, 0]);
const FIELD_TOP: i32 = 64;
const FIELD_BOTTOM: i32 = 536;
const MID_Y: i32 = 300;
const POINT_W: i32 = 46;
const LEFT_X: i32 = 66;
const BAR_X: i32 = LEFT_X + 6 * POINT_W;
const BAR_W: i32 = 56;
const RIGHT_X: i32 = BAR_X + BAR_W;
const TRAY_X: i32 = RIGHT_X + 6 * POINT_W + 8;
const POINT_H: i32 = 196;
const R: i32 = 22;
const STEP: i32 = 2 * R - 2;

fn colours(side: Side) -> (Rgb<u8>, Rgb<u8>, Rgb<u8>) {
    match side {
        Side::X => (Rgb([245, 241, 230]), Rgb([70, 70, 70]), Rgb([20, 20, 20])),
        Side::O => (
            Rgb([33, 40, 52]),
            Rgb([176, 190, 197]),
            Rgb([250, 250, 250]),
        ),
    }
}

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

fn fonts() -> Fonts {
    Fonts {
        regular: FontRef::try_from_slice(include_bytes!("../../../fonts/DejaVuSans.ttf"))
            .expect("font"),
        bold: FontRef::try_from_slice(include_bytes!("../../../fonts/DejaVuSans-Bold.ttf"))
            .expect("font"),
    }
}

fn rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, c: Rgb<u8>) {
    draw_filled_rect_mut(img, Rect::at(x, y).of_size(w as u32, h as u32), c);
}

fn text(
    img: &mut RgbImage,
    f: &Fonts,
    (x, y): (i32, i32),
    size: f32,
    bold: bool,
    c: Rgb<u8>,
    s: &str,
) {
    let font = if bold { &f.bold } else { &f.regular };
    draw_text_mut(img, c, x, y, PxScale::from(size), font, s);
}

fn width(f: &Fonts, size: f32, bold: bool, s: &str) -> i32 {
    let font = if bold { &f.bold } else { &f.regular };
    text_size(PxScale::from(size), font, s).0 as i32
}

fn centred(
    img: &mut RgbImage,
    f: &Fonts,
    (cx, y): (i32, i32),
    size: f32,
    bold: bool,
    c: Rgb<u8>,
    s: &str,
) {
    let w = width(f, size, bold, s);
    text(img, f, (cx - w / 2, y), size, bold, c, s);
}

fn point_x(p: usize) -> (i32, bool) {
    let p = p as i32;
    match p {
        1..=6 => (RIGHT_X + (6 - p) * POINT_W, false),
        7..=12 => (LEFT_X + (12 - p) * POINT_W, false),
        13..=18 => (LEFT_X + (p - 13) * POINT_W, true),
        _ => (RIGHT_X + (p - 19) * POINT_W, true),
    }
}

fn man_centre(p: usize, k: usize) -> (i32, i32) {
    let (x, top) = point_x(p);
    let k = k.min(4) as i32;
    let cx = x + POINT_W / 2;
    if top {
        (cx, FIELD_TOP + R + 1 + k * STEP)
    } else {
        (cx, FIELD_BOTTOM - R - 1 - k * STEP)
    }
}

fn bar_centre(viewer: bool, k: usize) -> (i32, i32) {
    let k = k.min(4) as i32;
    let cx = BAR_X + BAR_W / 2;
    if viewer {
        (cx, MID_Y + 28 + R + k * STEP)
    } else {
        (cx, MID_Y - 28 - R - k * STEP)
    }
}

fn ring(
    img: &mut RgbImage,
    (cx, cy): (i32, i32),
    radii: std::ops::RangeInclusive<i32>,
    c: Rgb<u8>,
) {
    for r in radii {
        draw_hollow_circle_mut(img, (cx, cy), r, c);
    }
}

fn stack(img: &mut RgbImage, f: &Fonts, n: usize, side: Side, at: impl Fn(usize) -> (i32, i32)) {
    let (face, rim, ink) = colours(side);
    for k in 0..n.min(5) {
        let (cx, cy) = at(k);
        draw_filled_circle_mut(img, (cx, cy), R, rim);
        draw_filled_circle_mut(img, (cx, cy), R - 3, face);
        if n > 5 && k == 4 {
            centred(img, f, (cx, cy - 11), 19.0, true, ink, &n.to_string());
        }
    }
}

fn die(img: &mut RgbImage, cx: i32, value: u8, side: Side) {
    let (face, rim, ink) = colours(side);
    rect(img, cx - 23, MID_Y - 23, 46, 46, rim);
    rect(img, cx - 20, MID_Y - 20, 40, 40, face);
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
        draw_filled_circle_mut(img, (cx + dx, MID_Y + dy), 3, ink);
    }
}

/// The board drawn with imageproc's primitives only.
fn imageproc_board(scene: &Scene, f: &Fonts) -> RgbImage {
    let mut img = RgbImage::from_pixel(800, 600, BACKGROUND);
    let img = &mut img;
    rect(img, 8, 44, 784, 512, FRAME);
    let field_h = FIELD_BOTTOM - FIELD_TOP;
    for x in [LEFT_X, RIGHT_X] {
        rect(img, x, FIELD_TOP, 6 * POINT_W, field_h, FELT);
    }
    rect(img, BAR_X + 4, FIELD_TOP, BAR_W - 8, field_h, BAR);
    rect(img, 14, FIELD_TOP, 46, field_h, BAR);
    rect(img, TRAY_X, FIELD_TOP, 102, 232, TRAY);
    rect(img, TRAY_X, MID_Y + 4, 102, 232, TRAY);
    for p in 1..=24usize {
        let (x, top) = point_x(p);
        let colour = if p % 2 == 0 { POINT_LIGHT } else { POINT_DARK };
        let (base, tip) = if top {
            (FIELD_TOP, FIELD_TOP + POINT_H)
        } else {
            (FIELD_BOTTOM - 1, FIELD_BOTTOM - 1 - POINT_H)
        };
        let poly = [
            Point::new(x + 1, base),
            Point::new(x + POINT_W - 2, base),
            Point::new(x + POINT_W / 2, tip),
        ];
        draw_antialiased_polygon_mut(img, &poly, colour, interpolate);
        let y = if top { 45 } else { 538 };
        centred(
            img,
            f,
            (x + POINT_W / 2, y),
            16.0,
            true,
            NUMBER,
            &p.to_string(),
        );
    }
    centred(
        img,
        f,
        (BAR_X + BAR_W / 2, MID_Y - 8),
        12.0,
        true,
        NUMBER,
        "BAR",
    );

    let board = scene.board();
    let b = board.points();
    let me = scene.viewer;
    let them = me.opponent();
    for (p, &count) in b.iter().enumerate().take(25).skip(1) {
        let n = usize::from(count.unsigned_abs());
        let side = if count > 0 { me } else { them };
        stack(img, f, n, side, |k| man_centre(p, k));
    }
    stack(img, f, usize::from(board.mine(25)), me, |k| {
        bar_centre(true, k)
    });
    stack(img, f, usize::from(board.theirs(0)), them, |k| {
        bar_centre(false, k)
    });

    // The cube (bob's, at 2) and the dice.
    let (cx, cy) = (37, FIELD_TOP + 30);
    rect(img, cx - 24, cy - 24, 48, 48, Rgb([60, 60, 60]));
    rect(img, cx - 21, cy - 21, 42, 42, Rgb([250, 250, 245]));
    centred(img, f, (cx, cy - 13), 22.0, true, Rgb([20, 20, 20]), "2");
    if let Some(d) = scene.dice {
        let cx = RIGHT_X + 3 * POINT_W;
        die(img, cx - 27, d.values[0], d.side);
        die(img, cx + 27, d.values[1], d.side);
    }

    // The last play: rings where the men now stand, thin rings where they left.
    if let Some(last) = &scene.last_play {
        for s in &last.steps {
            let (from, to) = (25 - usize::from(s.from), 25 - usize::from(s.to));
            let n = usize::from(b[from].unsigned_abs());
            ring(img, man_centre(from, n), R - 2..=R - 1, HIGHLIGHT);
            let n = usize::from(b[to].unsigned_abs());
            ring(
                img,
                man_centre(to, n.saturating_sub(1)),
                R + 1..=R + 4,
                HIGHLIGHT,
            );
        }
        ring(img, bar_centre(true, 0), R + 1..=R + 4, HIGHLIGHT);
    }

    // The players' lines and the match.
    for (side, y) in [(them, 10), (me, 568)] {
        let (face, rim, _) = colours(side);
        draw_filled_circle_mut(img, (26, y + 11), 10, rim);
        draw_filled_circle_mut(img, (26, y + 11), 8, face);
        let name = scene.name(side);
        text(img, f, (44, y), 19.0, true, TEXT, name);
        let mut x = 44 + width(f, 19.0, true, name) + 12;
        let p = &scene.position;
        let stats = format!(
            "score {}   pips {}   off {}",
            scene.score.score[side.index()],
            p.pips(side),
            p.off(side)
        );
        text(img, f, (x, y + 2), 16.0, false, MUTED, &stats);
        x += width(f, 16.0, false, &stats) + 12;
        if scene.to_act == Some(side) {
            let doing = format!("\u{25B6} {}", prompt_words(scene, side));
            text(img, f, (x, y + 2), 16.0, true, HIGHLIGHT, &doing);
        }
    }
    let target = "7-point match";
    let w = width(f, 15.0, false, target);
    text(img, f, (788 - w, 12), 15.0, false, MUTED, target);
    let last = "last: bob 13/8 6/4*";
    let w = width(f, 15.0, false, last);
    text(img, f, (788 - w, 570), 15.0, false, MUTED, last);
    img.clone()
}

fn colour_count(img: &RgbImage) -> usize {
    img.pixels().map(|p| p.0).collect::<HashSet<_>>().len()
}

/// PNG bytes as the png crate writes RGB with the kit's settings (fast deflate, "up").
fn png_rgb(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    let mut e = png::Encoder::new(&mut out, img.width(), img.height());
    e.set_color(png::ColorType::Rgb);
    e.set_depth(png::BitDepth::Eight);
    e.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    e.set_filter(png::Filter::Up);
    let mut w = e.write_header().expect("header");
    w.write_image_data(img.as_raw()).expect("data");
    w.finish().expect("finish");
    out
}

/// PNG bytes from the image crate's encoder at its defaults.
fn png_image_crate(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encodes");
    out
}

/// The two boards side by side, and the bottom-right corner of each (men, dice, text)
/// four times enlarged, one above the other.
fn save_pictures(kit: &RgbImage, ip: &RgbImage) {
    kit.save("/tmp/board_kit.png").expect("write");
    ip.save("/tmp/board_imageproc.png").expect("write");
    let mut both = RgbImage::from_pixel(1610, 600, BACKGROUND);
    image::imageops::replace(&mut both, kit, 0, 0);
    image::imageops::replace(&mut both, ip, 810, 0);
    both.save("/tmp/board_side_by_side.png").expect("write");
    let (x, y, w, h) = (330, 440, 220, 160);
    let mut zoom = RgbImage::from_pixel(4 * w, 8 * h + 8, BACKGROUND);
    for (k, img) in [kit, ip].into_iter().enumerate() {
        let crop = image::imageops::crop_imm(img, x, y, w, h).to_image();
        let big =
            image::imageops::resize(&crop, 4 * w, 4 * h, image::imageops::FilterType::Nearest);
        image::imageops::replace(&mut zoom, &big, 0, i64::from(k as u32 * (4 * h + 8)));
    }
    zoom.save("/tmp/board_zoom.png").expect("write");
}

fn bench(c: &mut Criterion) {
    let scene = mid_game();
    let f = fonts();
    let kit = render_image(&scene);
    let ip = imageproc_board(&scene, &f);
    save_pictures(&kit, &ip);
    println!(
        "colours: kit {}, imageproc {}",
        colour_count(&kit),
        colour_count(&ip)
    );
    println!(
        "PNG bytes, kit's board: kit indexed {}, png crate RGB (same settings) {}, image crate default {}",
        render_png(&scene).expect("png").len(),
        png_rgb(&kit).len(),
        png_image_crate(&kit).len()
    );
    println!(
        "PNG bytes, imageproc's board: kit's encode {}, png crate RGB {}, image crate default {}",
        encode(&ip).expect("png").len(),
        png_rgb(&ip).len(),
        png_image_crate(&ip).len()
    );
    let mut group = c.benchmark_group("board");
    group.bench_function("kit draw", |b| b.iter(|| render_image(black_box(&scene))));
    group.bench_function("imageproc draw", |b| {
        b.iter(|| imageproc_board(black_box(&scene), &f))
    });
    group.bench_function("kit draw+encode (indexed)", |b| {
        b.iter(|| render_png(black_box(&scene)))
    });
    group.bench_function("imageproc draw+encode (png RGB)", |b| {
        b.iter(|| png_rgb(&imageproc_board(black_box(&scene), &f)))
    });
    group.finish();
    let mut group = c.benchmark_group("encode the kit's board");
    group.bench_function("kit indexed (palette + png crate)", |b| {
        b.iter(|| encode(black_box(&kit)))
    });
    group.bench_function("png crate RGB, same settings", |b| {
        b.iter(|| png_rgb(black_box(&kit)))
    });
    group.bench_function("image crate default", |b| {
        b.iter(|| png_image_crate(black_box(&kit)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
