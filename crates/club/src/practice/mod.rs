//! Practice: hints (standard and Welsh), the tutor and `/undo`.

pub(crate) mod hint;
pub(crate) mod tutor;
pub(crate) mod undo;
pub(crate) mod welsh_hint;

pub use tutor::TUTOR_THRESHOLD;
pub use undo::{Before, TutorNote};
