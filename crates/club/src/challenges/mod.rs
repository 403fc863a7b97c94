//! Challenges: making one (one only when it is sent again, `retry`), its terms checked,
//! answering it, expiry, blocking.
//!
//! Entry points, on [`Club`]: `block`, `unblock`, `check_blocks_join` (`block`);
//! `opponent`, `challenge`, `answer_challenge` (`challenge`); `expire` (`expiry`).

mod asked;
mod block;
mod challenge;
pub(crate) mod expiry;
mod refusal;
mod retry;
pub(crate) mod terms;

pub(crate) use expiry::DEFAULT_CHALLENGE_EXPIRY;

pub use block::{challenge_refused, join_refused};
pub use challenge::spec_words;
pub use refusal::BlockRefusal;
pub use terms::{ChallengeOption, ChallengeOptions, TermsError, TermsRefusal};

use crate::Actor;
use crate::ChallengeSpec;
use crate::Club;
use crate::ClubError;
use crate::Entry;
use crate::MatchRef;
use crate::Notice;
use crate::Outcome;
use crate::matches::loaded::Loaded;
use store::PlayerRow;

impl Club {
    // block
    /// `/block [player]`: block him, or (no one named) list whom I block.
    pub(crate) async fn block(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        who: Option<&str>,
    ) -> Result<Outcome, ClubError> {
        block::block(self, actor, me, who).await
    }

    /// `/unblock <player>`.
    pub(crate) async fn unblock(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        who: &str,
    ) -> Result<Outcome, ClubError> {
        block::unblock(self, actor, me, who).await
    }

    /// Refuses `me` joining chouette `session` when one of its `members` blocks him.
    pub(crate) async fn check_blocks_join(
        &self,
        me: i64,
        session: i64,
        members: &[i64],
    ) -> Result<(), ClubError> {
        block::check_blocks_join(self, me, session, members).await
    }

    // challenge
    pub(crate) async fn opponent(&self, actor: &Actor, who: &str) -> Result<PlayerRow, ClubError> {
        challenge::opponent(self, actor, who).await
    }

    pub(crate) async fn challenge(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        opponent: &str,
        spec: ChallengeSpec,
    ) -> Result<Outcome, ClubError> {
        challenge::challenge(self, actor, me, community, opponent, spec).await
    }

    pub(crate) async fn answer_challenge(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        entry: Entry,
    ) -> Result<Outcome, ClubError> {
        challenge::answer_challenge(self, me, community, m, entry).await
    }

    // expiry
    /// Expires the challenge `l` if its time has come: one versioned change with the
    /// expiry in its log, and a notice for each player. Nothing if it was answered in the
    /// meantime (the version moved on).
    pub(crate) async fn expire(&self, l: &Loaded, now: i64) -> Result<Vec<Notice>, ClubError> {
        expiry::expire(self, l, now).await
    }
}
