//! Players: who sends a command, names, settings, ratings, head-to-head, the Welsh record, vacations, the daily digest, the matches waiting on a player.

pub(crate) mod acting_player;
pub(crate) mod digest;
pub(crate) mod h2h;
pub(crate) mod names;
pub(crate) mod player_key;
pub(crate) mod rating;
pub(crate) mod settings;
pub(crate) mod vacation;
pub(crate) mod waiting;
pub(crate) mod welsh_record;

pub use digest::DigestOptions;
pub use rating::{RATING_CHANGES_SHOWN, change_line};
pub use vacation::{DEFAULT_VACATION_DAYS, VacationOp, days_taken};
pub use waiting::{PlaceLink, WaitingLinks, WebAddress};
