//! The drawing kit every picture is drawn with: a canvas ([`canvas`]), anti-aliased
//! shapes ([`shapes`]), text ([`text`]) in a chain of fonts ([`font`]) put in visual order
//! ([`script`]), the shared colours ([`colours`]) and the PNG writer ([`encode`]).
//!
//! ## Why hand-written, and not imageproc
//!
//! The kit was measured against imageproc 0.25 (`benches/kit_vs_imageproc.rs`): the same
//! mid-game board drawn with imageproc's filled rectangles, anti-aliased filled polygons
//! (the points), filled and hollow circles (men, pips, rings) and `draw_text_mut` with
//! ab_glyph, and with the kit, looked at side by side and enlarged four times. Release
//! build, 2-core machine:
//!
//! | | the kit | imageproc |
//! |---|---|---|
//! | draw one board | 152 µs | 1.29 ms (8.5x) |
//! | draw and encode one board | 258 µs | 1.75 ms (6.8x) |
//! | colours in the board | 136 | 1391 |
//! | PNG bytes | 36,409 (indexed) | 79,139 (the image crate's default encoder, the smallest; it cannot be indexed) |
//!
//! What each part of the kit does that imageproc does not:
//! - **Edges at four levels of coverage** ([`canvas::quantise`]): every anti-aliased edge
//!   blends at 1/4, 1/2 or 3/4, so a board has 136 colours and is written as an indexed
//!   PNG. imageproc blends text and polygon edges at any weight (1391 colours), and the
//!   PNG is 2.2 times the bytes at best.
//! - **Discs and rings** ([`shapes::Mask`]): anti-aliased, computed once and stamped by
//!   runs. imageproc's `draw_filled_circle_mut` is not anti-aliased (the men's edges are
//!   stair steps at 4x), and a ring drawn as hollow circles of successive radii leaves
//!   unlit pixels between them (a speckled highlight).
//! - **Points** ([`shapes::triangle`]): looks the same as `draw_antialiased_polygon_mut`
//!   (an aliased fill with Wu-line edges) but keeps to the four levels above.
//! - **Thick lines** ([`shapes::segment`], the rating chart): imageproc's anti-aliased line
//!   is one pixel wide.
//! - **Text** ([`text`], [`font`], [`script`]): a chain of fonts (DejaVu, then Unifont for
//!   the scripts DejaVu lacks), right-to-left runs and joined Arabic forms, and each text's
//!   coverage kept between boards. `draw_text_mut` draws one font (a Chinese name comes
//!   out as empty boxes), in typed order, outlining every glyph on every board.
//! - **The canvas** ([`canvas::Canvas`], [`encode::Paletted`]): a board is drawn straight
//!   into palette indices over its indexed background: drawing in RGB and then encoding
//!   it as an indexed PNG costs 152 + 605 µs, drawing into indices and writing them
//!   258 µs.
//! - **Rectangles** ([`canvas::fill`]): the same pixels as `draw_filled_rect_mut`, but they
//!   draw into palette indices too.
//! - **PNG writing** ([`encode`]): the png crate writes the file; the kit only finds the
//!   palette (neither png nor image builds one: image's one quantiser is lossy). Encoding
//!   the kit's board from RGB: indexed, 605 µs and 36,409 bytes; the png crate in RGB
//!   with the same settings, 338 µs and 119,978 bytes; the image crate's default
//!   encoder, 722 µs and 95,953 bytes. A third of the bytes is worth the 0.3 ms, and a
//!   board drawn into indices skips the indexing altogether.
//!
//! So imageproc is used nowhere (it would also add 18 packages, nalgebra among them, to
//! the build); it stays a dev-dependency of the comparison bench.

pub(crate) mod canvas;
pub(crate) mod colours;
pub(crate) mod encode;
pub(crate) mod font;
pub(crate) mod script;
pub(crate) mod shapes;
pub(crate) mod text;

pub(crate) use canvas::{Canvas, blend, fill};
pub(crate) use colours::{BACKGROUND, HIGHLIGHT, MUTED, TEXT, ZEBRA};
pub(crate) use encode::{Paletted, RenderError, encode, palette_over, write_indexed};
pub(crate) use shapes::{Mask, segment, triangle};
pub(crate) use text::{fit, fit_chars, text, text_centred, text_right, text_width, wrap};
