//! Who answers a challenge: the challenged player, asked to accept or decline it (a
//! leaf: a new challenge and one sent again both ask).

use crate::{Choice, NextUp};
use store::PlayerRow;

/// The challenged player, asked to accept or decline challenge `id`.
pub(super) fn to_answer(other: &PlayerRow, id: i64) -> NextUp {
    NextUp {
        dm: other.notify_dm,
        ..NextUp::new(
            id.into(),
            &other.platform_id,
            &other.display_name,
            vec![Choice::AcceptChallenge, Choice::DeclineChallenge],
        )
    }
}
