//! Chouettes: their log, operations, sessions, views and commands.

pub(crate) mod commands;
pub(crate) mod log;
pub(crate) mod ops;
pub(crate) mod session;
pub(crate) mod view;

pub use log::{ChouetteEntry, ChouetteSpec, chouette_words, rebuild_chouette};
pub use ops::{ChouetteOp, ChouetteRef};
