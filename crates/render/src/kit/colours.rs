//! The colours every picture shares: the background, text, muted text, the highlight and
//! the shade of every other table row. A picture's own colours live in its file.

use image::Rgb;

/// Behind every picture.
pub(crate) const BACKGROUND: Rgb<u8> = Rgb([38, 50, 56]);
/// Names, figures and titles.
pub(crate) const TEXT: Rgb<u8> = Rgb([236, 239, 241]);
/// What is said beside the main text: headings, notes, the match line.
pub(crate) const MUTED: Rgb<u8> = Rgb([176, 196, 204]);
/// The last play, the player to act, offers: amber reads apart from both men's colours
/// for every common kind of colour blindness.
pub(crate) const HIGHLIGHT: Rgb<u8> = Rgb([255, 179, 0]);
/// Every other row of a table, a shade lighter than the background.
pub(crate) const ZEBRA: Rgb<u8> = Rgb([48, 63, 70]);
