//! Shapes with anti-aliased edges: discs and rings as coverage masks drawn once and
//! stamped, a board's point (a triangle), a thick line segment.

use image::{Rgb, RgbImage};

use super::canvas::{Canvas, blend, fill, quantise};

/// A disc or a ring as coverage (0-255) on a square of pixels, drawn once and stamped
/// wherever it is needed.
pub(crate) struct Mask {
    /// Its width and height in pixels.
    pub(crate) size: i32,
    /// Coverage by row, then column.
    pub(crate) data: Vec<u8>,
    /// The runs of non-zero coverage: row, first column, one past the last column, and
    /// whether the whole run is opaque (then it is filled at once).
    runs: Vec<(i32, i32, i32, bool)>,
}

impl Mask {
    /// An anti-aliased annulus between radii `inner` and `outer` (a disc when `inner` is 0).
    pub(crate) fn annulus(size: i32, inner: f32, outer: f32) -> Mask {
        let c = size as f32 / 2.0;
        let mut data = Vec::with_capacity((size * size) as usize);
        for y in 0..size {
            for x in 0..size {
                let d = ((x as f32 + 0.5 - c).powi(2) + (y as f32 + 0.5 - c).powi(2)).sqrt();
                let out = (outer + 0.5 - d).clamp(0.0, 1.0);
                let inn = if inner > 0.0 {
                    (d - inner + 0.5).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                data.push(quantise(out * inn));
            }
        }
        let mut runs = Vec::new();
        for y in 0..size {
            let row = &data[(y * size) as usize..((y + 1) * size) as usize];
            let mut x = 0;
            while x < size {
                if row[x as usize] == 0 {
                    x += 1;
                    continue;
                }
                let start = x;
                let opaque = row[x as usize] == 255;
                while x < size && row[x as usize] != 0 && (row[x as usize] == 255) == opaque {
                    x += 1;
                }
                runs.push((y, start, x, opaque));
            }
        }
        Mask { size, data, runs }
    }

    /// Blends `colour` into `img` centred on (cx, cy).
    pub(crate) fn paint(&self, img: &mut impl Canvas, cx: i32, cy: i32, colour: Rgb<u8>) {
        let x0 = cx - self.size / 2;
        let y0 = cy - self.size / 2;
        for &(y, from, to, opaque) in &self.runs {
            if opaque {
                fill(img, x0 + from, y0 + y, (to - from) as u32, 1, colour);
                continue;
            }
            for x in from..to {
                let a = self.data[(y * self.size + x) as usize];
                blend(img, x0 + x, y0 + y, colour, a);
            }
        }
    }
}

/// A point of the board: a triangle with its base on row `base` from `x0` to `x1` and its
/// tip at (`tip_x`, `tip_y`), side edges anti-aliased.
pub(crate) fn triangle(
    img: &mut impl Canvas,
    (x0, x1, base): (f32, f32, f32),
    (tip_x, tip_y): (f32, f32),
    c: Rgb<u8>,
) {
    let (top, bottom) = (base.min(tip_y), base.max(tip_y));
    for y in top as i32..bottom.ceil() as i32 {
        let t = ((y as f32 + 0.5) - base).abs() / (tip_y - base).abs();
        let left = x0 + (tip_x - x0) * t;
        let right = x1 + (tip_x - x1) * t;
        if right <= left {
            continue;
        }
        let (l, r) = (left.floor() as i32, right.floor() as i32);
        if l == r {
            blend(img, l, y, c, quantise(right - left));
            continue;
        }
        blend(img, l, y, c, quantise(l as f32 + 1.0 - left));
        for x in l + 1..r {
            blend(img, x, y, c, 255);
        }
        blend(img, r, y, c, quantise(right - r as f32));
    }
}

/// An anti-aliased thick segment (a disc when both ends are the same point).
pub(crate) fn segment(
    img: &mut RgbImage,
    (x0, y0): (f32, f32),
    (x1, y1): (f32, f32),
    width: f32,
    c: Rgb<u8>,
) {
    let half = width / 2.0;
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len2 = dx * dx + dy * dy;
    let xa = (x0.min(x1) - half - 1.0).floor() as i32;
    let xb = (x0.max(x1) + half + 1.0).ceil() as i32;
    let ya = (y0.min(y1) - half - 1.0).floor() as i32;
    let yb = (y0.max(y1) + half + 1.0).ceil() as i32;
    for y in ya..=yb {
        for x in xa..=xb {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let t = if len2 > 0.0 {
                (((px - x0) * dx + (py - y0) * dy) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let d = ((px - x0 - t * dx).powi(2) + (py - y0 - t * dy).powi(2)).sqrt();
            blend(img, x, y, c, quantise(half + 0.5 - d));
        }
    }
}
