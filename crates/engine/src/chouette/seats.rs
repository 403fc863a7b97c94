//! Who is who in a chouette: the players' ids and the sides the box and the team play.

use crate::side::Side;

/// A player of the session, as the application names him.
pub type PlayerId = u64;

/// The side the box plays on the board.
pub const BOX: Side = Side::X;
/// The side the team plays on the board.
pub const TEAM: Side = Side::O;
