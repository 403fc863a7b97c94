//! What every room uses: the clock and the dice, spans of time and their words, a match's cause of ending, the club's errors, the metrics, stopping, the low-priority thread.

pub(crate) mod cause;
pub(crate) mod clock;
pub(crate) mod dice;
pub(crate) mod duration;
pub(crate) mod error;
pub(crate) mod low_priority;
pub(crate) mod metrics;
pub(crate) mod phrases;
pub(crate) mod stopping;

pub use clock::{Clock, ManualClock, SystemClock};
pub use dice::{DiceSource, RngDice};
pub use duration::{Span, SpanError};
pub use error::ClubError;
pub use metrics::{ClubMetrics, Gauges};
pub use phrases::duration_words;
