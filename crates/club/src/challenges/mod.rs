//! Challenges: making one, its terms checked, answering it, expiry, blocking.

pub(crate) mod block;
pub(crate) mod challenge;
pub(crate) mod expiry;
pub(crate) mod terms;

pub use block::{challenge_refused, join_refused};
pub use challenge::spec_words;
pub use terms::{ChallengeOption, ChallengeOptions, TermsError};
