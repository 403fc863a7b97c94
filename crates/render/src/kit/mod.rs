//! The drawing kit every picture is drawn with: a canvas ([`canvas`]), anti-aliased
//! shapes ([`shapes`]), text ([`text`]) in a chain of fonts ([`font`]) put in visual order
//! ([`script`]), the shared colours ([`colours`]) and the PNG writer ([`encode`]).
//!
//! WHY-HAND-WRITTEN

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
