//! TEMPORARY STUB (adapters branch only; the lead drops this file and its `mod` line at
//! merge): the signatures of core's bot player (issue 32) so that the adapters compile
//! before core's branch is merged. No behaviour: no bot identity is kept, no event is
//! ever sent, the worker does nothing and there is never a decision to make.

use std::sync::Arc;

use crate::{BotEvent, Club, ClubError};

impl Club {
    /// STUB: the bot's own user id and name on `platform`.
    pub fn set_bot_identity(&self, platform: &str, user_id: &str, name: &str) {
        let _ = (platform, user_id, name);
    }

    /// STUB: the bot's user id on `platform`.
    #[must_use]
    pub fn bot_user_id(&self, platform: &str) -> Option<String> {
        (platform == "local").then(|| "bot".to_string())
    }

    /// STUB: the bot's decisions, as they are made (here: none; the channel is closed).
    #[must_use]
    pub fn bot_events(&self) -> tokio::sync::broadcast::Receiver<BotEvent> {
        tokio::sync::broadcast::channel(1).1
    }

    /// STUB: the bot's worker.
    pub fn spawn_bot(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async {})
    }

    /// STUB: every pending bot decision made once.
    ///
    /// # Errors
    /// None here.
    pub async fn run_bot_once(&self) -> Result<Vec<BotEvent>, ClubError> {
        Ok(Vec::new())
    }
}
