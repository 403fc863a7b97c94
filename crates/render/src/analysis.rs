//! The worst decisions of an analysed match, as pictures: the board before the decision
//! from the mover's side (the dice, the play made drawn on it), and below it, in words,
//! the play made, the best play and the equity lost. Drawn from plain data.

use image::{Rgb, RgbImage};

use super::scene::Scene;
use super::{HEIGHT, WIDTH, render_image};
use crate::kit::{BACKGROUND, HIGHLIGHT, MUTED, RenderError, TEXT, encode, fill, text};

/// Height of the band of words under the board.
pub const BLUNDER_BAND: u32 = 96;

/// One decision of an analysed match, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct BlunderBoard {
    /// The board before the decision, seen by the player who made it (his dice shown,
    /// his play as the last play).
    pub scene: Scene,
    /// `Game 2, alice to play 6-6` or `Game 1, bob: cube decision`.
    pub title: String,
    /// What he did (`21/15 20/14 15/9 14/8`, `no double`, `take`).
    pub played: String,
    /// What gnubg prefers.
    pub best: String,
    /// Equity lost, in gnubg's normalised equity (EMG).
    pub loss: f64,
}

/// The picture of one decision.
#[must_use]
pub fn blunder_image(b: &BlunderBoard) -> RgbImage {
    let board = render_image(&b.scene);
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT + BLUNDER_BAND, BACKGROUND);
    image::imageops::replace(&mut img, &board, 0, 0);
    let y = HEIGHT as i32;
    fill(&mut img, 0, y, WIDTH, 2, MUTED);
    let title = format!("{}: lost {:.3}", b.title, b.loss);
    text(&mut img, 16, y + 8, 20.0, true, HIGHLIGHT, &title);
    let played: Rgb<u8> = Rgb([239, 154, 154]);
    text(
        &mut img,
        16,
        y + 38,
        18.0,
        false,
        played,
        &format!("Played: {}", b.played),
    );
    text(
        &mut img,
        16,
        y + 64,
        18.0,
        false,
        TEXT,
        &format!("Best:   {}", b.best),
    );
    img
}

/// The picture of one decision as PNG bytes.
///
/// # Errors
/// As [`super::render_png`].
pub fn blunder_png(b: &BlunderBoard) -> Result<Vec<u8>, RenderError> {
    encode(&blunder_image(b))
}

/// The decision in words, for screen readers.
#[must_use]
pub fn blunder_alt_text(b: &BlunderBoard) -> String {
    format!(
        "{}. Played {}; best {}; equity lost {:.3}.",
        b.title, b.played, b.best, b.loss
    )
}
