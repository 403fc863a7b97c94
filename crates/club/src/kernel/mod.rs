//! What every room uses: the clock and the dice, spans of time and their words, a match's
//! cause of ending, the club's errors, the metrics, stopping, the low-priority thread, the
//! per-player quotas.
//!
//! Entry points, on [`Club`]: `stop`, `is_stopping`, `stopping` (`stopping`).

pub(crate) mod cause;
mod clock;
mod dice;
mod duration;
pub(crate) mod error;
mod ids;
pub(crate) mod low_priority;
mod metrics;
pub(crate) mod phrases;
pub(crate) mod quotas;
mod stopping;

pub(crate) use stopping::Stop;

pub use clock::{Clock, ManualClock, SystemClock};
pub use dice::{DiceSource, RngDice};
pub use duration::{Span, SpanError};
pub use error::ClubError;
pub use ids::{CommunityId, MatchNo, PlayerId};
pub use metrics::{ClubMetrics, Gauges};
pub use phrases::duration_words;
pub use quotas::Quotas;

use crate::Club;

impl Club {
    // stopping
    /// Asks the workers (the deadline sweep, the analysis workers, the bot's worker) to
    /// stop at their next safe point; their tasks end then. Commands are still answered.
    pub fn stop(&self) {
        stopping::stop(self)
    }

    /// Whether [`Club::stop`] was called.
    #[must_use]
    pub fn is_stopping(&self) -> bool {
        stopping::is_stopping(self)
    }

    /// Returns once [`Club::stop`] is called (at once if it was).
    pub async fn stopping(&self) {
        stopping::stopping(self).await
    }
}
