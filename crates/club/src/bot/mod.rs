//! The bot player: its levels, identities, events, worker, decisions in a match (GNU Backgammon's and the Welsh player's), the terms it accepts and the record against it.

pub(crate) mod event;
pub(crate) mod level;
pub(crate) mod player;
pub(crate) mod record;
pub(crate) mod terms;
pub(crate) mod turn;
pub(crate) mod welsh;

pub use event::BotEvent;
pub use level::{BotLevel, UnknownBotLevel, WELSH_LEVELS};
