//! The bot player: its levels, identities, events, worker, decisions in a match (GNU
//! Backgammon's and the Welsh player's), the terms it accepts and the record against it.
//!
//! Entry points, on [`Club`]: `set_bot_identity`, `bot_user_id`, `bot_events`,
//! `is_bot_user`, `run_bot_once` (`player`); `bot_record_lines` (`record`); `names_bot`,
//! `bot_row`, `refuse_as_bot` (`terms`); `bot_decides`, `bot_accepts` (`turn`).

mod event;
mod level;
mod player;
mod record;
mod refusal;
pub(crate) mod terms;
mod turn;
mod welsh;

pub(crate) use player::BotPlayer;

pub use event::BotEvent;
pub use level::{BotLevel, UnknownBotLevel, WELSH_LEVELS};
pub use refusal::BotRefusal;

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::Command;
use crate::Outcome;
pub(crate) use player::open_bot_match_ids;
use store::PlayerRow;
use tokio::sync::broadcast;

impl Club {
    // player
    /// Who the bot is on `platform`: its own user id and display name there (Discord: set
    /// when the gateway is ready). The local chat's bot needs no call: its user id is
    /// `bot` (so `/challenge bot` names it) and its name "gammonbot".
    pub fn set_bot_identity(&self, platform: &str, user_id: &str, name: &str) {
        player::set_bot_identity(self, platform, user_id, name)
    }

    /// The bot's user id on `platform`, if it is known there.
    #[must_use]
    pub fn bot_user_id(&self, platform: &str) -> Option<String> {
        player::bot_user_id(self, platform)
    }

    /// The bot's decisions (and why it could not make one), one event per batch of
    /// decisions, for the adapters to post in the match's channel.
    #[must_use]
    pub fn bot_events(&self) -> broadcast::Receiver<BotEvent> {
        player::bot_events(self)
    }

    /// Whether `user_id` on `platform` is the bot.
    pub(crate) fn is_bot_user(&self, platform: &str, user_id: &str) -> bool {
        player::is_bot_user(self, platform, user_id)
    }

    /// Makes every pending decision of the bot once: the challenges to it not yet
    /// accepted, and every open bot match whose next decision is the bot's. Returns the
    /// events (also sent to [`Club::bot_events`]). A decision that fails is told once and
    /// waits for the next call.
    ///
    /// # Errors
    /// A database error reading the open bot matches.
    pub async fn run_bot_once(&self) -> Result<Vec<BotEvent>, ClubError> {
        player::run_bot_once(self).await
    }

    // record
    /// `who`'s finished matches against the bot here, won-lost at each level played,
    /// GNU Backgammon's levels weakest first, then the Welsh player's: "against the bot
    /// (expert): 3-5", "against the Welsh bot (strong): 1-0".
    pub(crate) async fn bot_record_lines(
        &self,
        who: &PlayerRow,
        community: i64,
    ) -> Result<Vec<String>, ClubError> {
        record::bot_record_lines(self, who, community).await
    }

    // terms
    /// Whether `opponent`, as named in a command of `actor`, is the bot on the actor's
    /// platform.
    pub(crate) fn names_bot(&self, actor: &Actor, opponent: &str) -> bool {
        terms::names_bot(self, actor, opponent)
    }

    /// The bot's player row on the actor's platform, made (or renamed to the bot's name)
    /// as needed.
    ///
    /// # Errors
    /// The bot is not known there, or a database error.
    pub(crate) async fn bot_row(&self, actor: &Actor) -> Result<PlayerRow, ClubError> {
        terms::bot_row(self, actor).await
    }

    /// Refuses a command sent as the bot itself (the local chat lets anyone type as
    /// `bot`): it never sits in a chouette nor joins a league, and it makes its own moves.
    /// Looks are allowed.
    ///
    /// # Errors
    /// The refusal, with the reason.
    pub(crate) fn refuse_as_bot(&self, actor: &Actor, cmd: &Command) -> Result<(), ClubError> {
        terms::refuse_as_bot(self, actor, cmd)
    }

    // turn
    /// Makes the bot's pending decisions in match `id` (a batch, until the match waits on
    /// the human), sending the events to [`Club::bot_events`] and returning them.
    pub(crate) async fn bot_decides(&self, id: i64) -> Vec<BotEvent> {
        turn::bot_decides(self, id).await
    }

    /// The bot accepts the challenge `id` it was just sent: the challenge's `lines` and the
    /// acceptance in one outcome. Should the acceptance fail, the challenge's outcome
    /// names the bot as the one to answer, and the worker accepts it later.
    pub(crate) async fn bot_accepts(
        &self,
        bot: &store::PlayerRow,
        community: i64,
        id: i64,
        lines: Vec<String>,
    ) -> Outcome {
        turn::bot_accepts(self, bot, community, id, lines).await
    }
}
