//! The ids the club's callers hold: a match's number, a player's, a community's. Each is
//! the store's `i64` row id under a name of its own, so that one cannot be passed for
//! another; the store keeps the bare `i64` ([`MatchNo::get`] and `From<i64>` cross).

use std::cmp::Ordering;
use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

/// A match's number, as the players see it (`#12`): the store's row id of the match.
/// Displayed as the bare number (`12`); the words put the `#` before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchNo(i64);

/// A player of the club: the store's row id of the player (one per platform user and
/// community), not the platform's user id, which stays a `String`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(i64);

/// A community (a Discord server, the local chat): the store's row id of it, not the
/// platform's id, which stays a `String`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommunityId(i64);

/// What the three share: the number out (`get`) and in (`From<i64>`), and a comparison
/// with a bare `i64` either way round.
macro_rules! row_id {
    ($name:ident) => {
        impl $name {
            /// The store's row id.
            #[must_use]
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl From<i64> for $name {
            fn from(id: i64) -> $name {
                $name(id)
            }
        }

        impl PartialEq<i64> for $name {
            fn eq(&self, other: &i64) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<$name> for i64 {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialOrd<i64> for $name {
            fn partial_cmp(&self, other: &i64) -> Option<Ordering> {
                self.0.partial_cmp(other)
            }
        }
    };
}

row_id!(MatchNo);
row_id!(PlayerId);
row_id!(CommunityId);

impl fmt::Display for MatchNo {
    /// The bare number: `format!("#{id}")` writes `#12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for MatchNo {
    type Err = ParseIntError;

    /// The bare number a player types (`12`; the `#` is his words', taken off before).
    fn from_str(s: &str) -> Result<MatchNo, ParseIntError> {
        s.parse().map(MatchNo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_number_reads_as_before() {
        let id = MatchNo::from(12);
        assert_eq!(id.get(), 12);
        assert_eq!(format!("#{id}"), "#12");
        assert_eq!(format!("{id:>4}"), "  12");
        assert!(id == 12, "a number compares with its i64");
        assert!(12 == id, "and the other way round");
        assert!(id > 0 && id < 13);
        assert_eq!("12".parse::<MatchNo>(), Ok(id));
        assert!("#12".parse::<MatchNo>().is_err());
    }
}
