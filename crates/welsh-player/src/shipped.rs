//! The weights shipped with gammonbot (`weights/welsh.bin`), and how they were made
//! (`weights/welsh.txt`: the command, the seed and the git revision).

use std::sync::OnceLock;

use crate::net::Net;

/// The shipped weights file, as bytes.
pub const SHIPPED_WEIGHTS: &[u8] = include_bytes!("../weights/welsh.bin");

/// How the shipped weights were made: the command, seed and git revision.
pub const SHIPPED_PROVENANCE: &str = include_str!("../weights/welsh.txt");

/// The shipped network, read once.
///
/// # Examples
/// ```
/// let net = welsh_player::shipped();
/// assert!(net.hidden() > 0);
/// ```
pub fn shipped() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(SHIPPED_WEIGHTS).expect("the shipped weights file reads"))
}
