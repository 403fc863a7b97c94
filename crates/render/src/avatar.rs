//! The bot's avatar: a light and a dark man over two points of the board, in the board's
//! colours, square (Discord shows it cut to a circle, so nothing sits in the corners).

use image::RgbImage;

use crate::board::{FELT, FRAME, POINT_DARK, POINT_LIGHT, colours};
use crate::kit::{Mask, RenderError, encode, fill, triangle};
use engine::Side;

/// Width and height of the avatar.
pub const AVATAR_SIZE: u32 = 512;

/// The avatar as a picture.
#[must_use]
pub fn avatar_image() -> RgbImage {
    let size = AVATAR_SIZE as i32;
    let mut img = RgbImage::from_pixel(AVATAR_SIZE, AVATAR_SIZE, FRAME);
    fill(&mut img, 24, 24, AVATAR_SIZE - 48, AVATAR_SIZE - 48, FELT);
    // A light point standing up from the bottom, a dark one hanging from the top.
    triangle(
        &mut img,
        (120.0, 232.0, (size - 24) as f32),
        (176.0, 150.0),
        POINT_LIGHT,
    );
    triangle(&mut img, (280.0, 392.0, 24.0), (336.0, 362.0), POINT_DARK);
    // Two men overlapping in the middle, each with its rim.
    let r = 100.0;
    let d = 2 * r as i32 + 4;
    let disc = Mask::annulus(d, 0.0, r - 0.5);
    let rim = Mask::annulus(d, r - 12.0, r - 0.5);
    for (side, (cx, cy)) in [(Side::O, (306, 214)), (Side::X, (206, 298))] {
        let (face, edge, _) = colours(side);
        disc.paint(&mut img, cx, cy, face);
        rim.paint(&mut img, cx, cy, edge);
    }
    img
}

/// The avatar as PNG bytes.
///
/// # Errors
/// As [`crate::encode`].
pub fn avatar_png() -> Result<Vec<u8>, RenderError> {
    encode(&avatar_image())
}
