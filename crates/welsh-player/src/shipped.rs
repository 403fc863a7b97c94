//! The weights shipped with gammonbot (`weights/welsh.bin`), and how they were made
//! (`weights/welsh.txt`: the command, the seed and the git revision); the match equity
//! table made from their self-play (`weights/welsh-table.txt`, its command in its first
//! lines).

use std::sync::OnceLock;

use crate::match_table::MatchTable;
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

/// The shipped match equity table file, as text.
pub const SHIPPED_TABLE: &str = include_str!("../weights/welsh-table.txt");

/// The shipped match equity table, read once.
///
/// # Examples
/// ```
/// use welsh_player::match_table::Next;
///
/// let t = welsh_player::shipped_table();
/// // Needing one game against five, the side to start the next game is the favourite.
/// assert!(t.away(1, 5, Next::Me) > 0.5);
/// ```
pub fn shipped_table() -> &'static MatchTable {
    static TABLE: OnceLock<MatchTable> = OnceLock::new();
    TABLE.get_or_init(|| MatchTable::parse(SHIPPED_TABLE).expect("the shipped table reads"))
}
