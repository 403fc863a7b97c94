//! The canvas: what every picture is drawn on, and the three ways a pixel is set (a run
//! of one colour, one pixel blended at a coverage, a rectangle).

use image::{Rgb, RgbImage};

/// Coverage rounded to quarters: the only blend levels any edge uses.
pub(crate) fn quantise(coverage: f32) -> u8 {
    match (coverage.clamp(0.0, 1.0) * 4.0).round() as u8 {
        0 => 0,
        1 => 64,
        2 => 128,
        3 => 191,
        _ => 255,
    }
}

/// `colour` over `under` with opacity `a` (0-255).
pub(crate) fn mix(under: [u8; 3], colour: Rgb<u8>, a: u8) -> [u8; 3] {
    let a = u16::from(a);
    let mut out = under;
    for k in 0..3 {
        out[k] = ((u16::from(under[k]) * (255 - a) + u16::from(colour.0[k]) * a + 127) / 255) as u8;
    }
    out
}

/// What a board, a chart or a table is drawn on: an RGB image, or (for a board) the
/// indices of a palette, so that the PNG is written without looking every pixel up again.
pub(crate) trait Canvas {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);
    /// Sets the pixels from `x0` up to `x1` (excluded) of row `y`, all inside, to `colour`.
    fn set_run(&mut self, y: u32, x0: u32, x1: u32, colour: Rgb<u8>);
    /// Blends `colour` over the pixel at (x, y), inside, with opacity `a` (1-254).
    fn blend_inside(&mut self, x: u32, y: u32, colour: Rgb<u8>, a: u8);
}

impl Canvas for RgbImage {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn set_run(&mut self, y: u32, x0: u32, x1: u32, colour: Rgb<u8>) {
        let w = self.width() as usize;
        let row = &mut self.as_mut()[3 * w * y as usize..3 * w * (y as usize + 1)];
        for px in row[3 * x0 as usize..3 * x1 as usize].chunks_exact_mut(3) {
            px.copy_from_slice(&colour.0);
        }
    }

    fn blend_inside(&mut self, x: u32, y: u32, colour: Rgb<u8>, a: u8) {
        let p = self.get_pixel_mut(x, y);
        p.0 = mix(p.0, colour, a);
    }
}

/// Blends `colour` over the pixel at (x, y) with opacity `a` (0-255); outside: nothing.
pub(crate) fn blend(img: &mut impl Canvas, x: i32, y: i32, colour: Rgb<u8>, a: u8) {
    let (w, h) = img.size();
    if a == 0 || x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
        return;
    }
    if a == 255 {
        img.set_run(y as u32, x as u32, x as u32 + 1, colour);
    } else {
        img.blend_inside(x as u32, y as u32, colour, a);
    }
}

/// Fills the rectangle of `w` x `h` pixels at (x, y) with `colour`; the part outside
/// the canvas is left off.
pub(crate) fn fill(img: &mut impl Canvas, x: i32, y: i32, w: u32, h: u32, colour: Rgb<u8>) {
    let (iw, ih) = img.size();
    let (iw, ih) = (iw as i32, ih as i32);
    let x0 = x.clamp(0, iw) as u32;
    let x1 = (x + w as i32).clamp(0, iw) as u32;
    let y0 = y.clamp(0, ih) as u32;
    let y1 = (y + h as i32).clamp(0, ih) as u32;
    if x1 > x0 {
        for yy in y0..y1 {
            img.set_run(yy, x0, x1, colour);
        }
    }
}
