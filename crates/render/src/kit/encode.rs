//! PNG bytes: an image with at most 256 colours (every board, table and chart the kit
//! draws) written as an indexed PNG through the png crate, its palette found in one pass;
//! a canvas that draws straight into palette indices.

use image::{Rgb, RgbImage};
use thiserror::Error;

use super::canvas::{Canvas, mix};

/// Why a picture could not be encoded.
#[derive(Debug, Error)]
#[error("cannot encode the board as PNG: {0}")]
pub struct RenderError(#[from] png::EncodingError);

/// Slots of the open-addressing table that maps a colour to its palette index.
const SLOTS: usize = 1024;

/// An image's palette (RGB triples), one index per pixel, and the colour table that
/// built them, so that an image drawn over it can start from it.
#[derive(Clone)]
pub(crate) struct Indexed {
    keys: [u32; SLOTS],
    values: [u8; SLOTS],
    colours: Vec<u8>,
    indices: Vec<u8>,
}

fn key(px: [u8; 3]) -> u32 {
    u32::from(px[0]) << 16 | u32::from(px[1]) << 8 | u32::from(px[2])
}

/// The index of colour `key` (`px` its bytes), added to the palette if new; `None` when a
/// 257th colour would be needed.
fn lookup(t: &mut Indexed, key: u32, px: &[u8]) -> Option<u8> {
    let mut h = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
    loop {
        if t.keys[h] == key {
            return Some(t.values[h]);
        }
        if t.keys[h] == u32::MAX {
            if t.colours.len() == 3 * 256 {
                return None;
            }
            let index = (t.colours.len() / 3) as u8;
            t.keys[h] = key;
            t.values[h] = index;
            t.colours.extend_from_slice(px);
            return Some(index);
        }
        h = (h + 1) % SLOTS;
    }
}

/// A picture being drawn as palette indices over a copy of its background's. Blending
/// reads the colour under a pixel from the palette, so every pixel comes out as in the RGB
/// drawing.
pub(crate) struct Paletted {
    t: Indexed,
    width: u32,
    height: u32,
    /// The last colour looked up and its index.
    last: (u32, u8),
    /// A 257th colour was needed: the indices are incomplete.
    full: bool,
}

impl Paletted {
    /// A canvas of `width` x `height` pixels starting from `background`, indexed by
    /// [`palette_over`] from an image of that size.
    pub(crate) fn new(background: Indexed, width: u32, height: u32) -> Paletted {
        debug_assert_eq!(background.indices.len(), (width * height) as usize);
        Paletted {
            t: background,
            width,
            height,
            last: (u32::MAX, 0),
            full: false,
        }
    }

    /// The palette and indices drawn, or `None` when the picture needed more than 256
    /// colours (then it must be drawn again in RGB).
    pub(crate) fn finish(self) -> Option<Indexed> {
        (!self.full).then_some(self.t)
    }

    fn index(&mut self, px: [u8; 3]) -> u8 {
        let k = key(px);
        if k == self.last.0 {
            return self.last.1;
        }
        match lookup(&mut self.t, k, &px) {
            Some(i) => {
                self.last = (k, i);
                i
            }
            None => {
                self.full = true;
                0
            }
        }
    }
}

impl Canvas for Paletted {
    fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn set_run(&mut self, y: u32, x0: u32, x1: u32, colour: Rgb<u8>) {
        let i = self.index(colour.0);
        let row = (y * self.width) as usize;
        self.t.indices[row + x0 as usize..row + x1 as usize].fill(i);
    }

    fn blend_inside(&mut self, x: u32, y: u32, colour: Rgb<u8>, a: u8) {
        let at = (y * self.width + x) as usize;
        let under = 3 * usize::from(self.t.indices[at]);
        let c = &self.t.colours[under..under + 3];
        let i = self.index(mix([c[0], c[1], c[2]], colour, a));
        self.t.indices[at] = i;
    }
}

/// The colours of `img` as a palette and one index per pixel, or `None` when it has more
/// than 256 colours.
pub(crate) fn palette_over(img: &RgbImage) -> Option<Indexed> {
    let raw = img.as_raw();
    let mut t = Indexed {
        keys: [u32::MAX; SLOTS],
        values: [0; SLOTS],
        colours: Vec::with_capacity(3 * 256),
        indices: vec![0; raw.len() / 3],
    };
    let (mut last_key, mut last) = (u32::MAX, 0u8);
    for (j, px) in raw.chunks_exact(3).enumerate() {
        let key = key([px[0], px[1], px[2]]);
        if key != last_key {
            last = lookup(&mut t, key, px)?;
            last_key = key;
        }
        t.indices[j] = last;
    }
    Some(t)
}

/// PNG bytes of an image drawn by [`crate::render_image`] or another picture's
/// `*_image`: indexed colour when it has at most 256 colours (a board always has), RGB
/// otherwise; fast deflate.
///
/// # Errors
/// Only if the encoder fails, which writing to memory does not do in practice.
pub fn encode(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    match palette_over(img) {
        Some(indexed) => write_indexed(img.width(), img.height(), indexed),
        None => write(
            img.width(),
            img.height(),
            png::ColorType::Rgb,
            None,
            img.as_raw(),
        ),
    }
}

/// PNG bytes of a palette and its indices.
///
/// # Errors
/// As [`encode`].
pub(crate) fn write_indexed(
    width: u32,
    height: u32,
    indexed: Indexed,
) -> Result<Vec<u8>, RenderError> {
    let Indexed {
        colours, indices, ..
    } = indexed;
    write(
        width,
        height,
        png::ColorType::Indexed,
        Some(colours),
        &indices,
    )
}

/// PNG bytes of `data`. Each row is filtered against the one above ("up"): a board is
/// mostly rows equal to the last one here and there, which the fast deflate stores as runs
/// of zeros; trying every filter on every row ("adaptive") costs twice the time for a
/// file a tenth smaller.
fn write(
    width: u32,
    height: u32,
    colour: png::ColorType,
    palette: Option<Vec<u8>>,
    data: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    encoder.set_color(colour);
    if let Some(p) = palette {
        encoder.set_palette(p);
    }
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(data)?;
    writer.finish()?;
    Ok(out)
}
