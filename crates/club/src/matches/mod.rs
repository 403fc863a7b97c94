//! A match between two players: its log and the state it folds into, the commands played on it, the boards and views, prompts and choices, deadlines and the sweep's time-outs, money play's ledger and sessions.

pub(crate) mod choices;
pub(crate) mod deadlines;
pub(crate) mod event_words;
pub(crate) mod loaded;
pub(crate) mod log;
pub(crate) mod low_time;
pub(crate) mod money;
pub(crate) mod op;
pub(crate) mod play;
pub(crate) mod prompts;
pub(crate) mod session;
pub(crate) mod snapshot;
pub(crate) mod views;
pub(crate) mod which_match;
pub(crate) mod work;

pub use choices::{Choice, Subject, choices_words};
pub use log::{Entry, LastMove, Ruling, Settlement, standard_rules};
pub use low_time::DEFAULT_LOW_TIME;
pub use op::MatchOp;
pub use prompts::{next_choices, next_words};
pub use snapshot::{Snapshot, rebuild};
