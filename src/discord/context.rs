//! What every command and event handler reaches: the bot's [`Data`], poise's [`Context`]
//! and [`Error`] over it, and the club's actor of an interaction.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use club::{Actor, Club};

use super::gate::Gate;
use super::limit::Limiter;

/// What every command and event handler can reach.
pub struct Data {
    pub club: Arc<Club>,
    /// Players whose direct messages Discord refused (said once in the channel).
    pub dm_refused: DmRefused,
    /// The per-player rate limit on commands (`limit`).
    pub limiter: Limiter,
    /// The commands being answered, by channel: the bot's moves wait for them (`bot`).
    pub answering: Arc<Gate>,
    /// The web pages' public address, for the link buttons of board messages.
    pub web: Option<String>,
}

/// The players (user ids) whose direct messages Discord refused, shared by the command
/// handlers and the notice task.
pub type DmRefused = Arc<std::sync::Mutex<std::collections::HashSet<u64>>>;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The most characters one Discord message holds.
pub const MESSAGE_CHARS: usize = 2000;

/// The actor of an interaction.
pub(super) fn actor_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Actor {
    let community = guild.map_or_else(|| "dm".to_string(), |g| g.to_string());
    Actor {
        identity: club::Identity::Account,
        reply_chars: Some(MESSAGE_CHARS),
        platform: "discord".into(),
        user_id: user.id.to_string(),
        display_name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        community_name: format!("guild {community}"),
        community_id: community,
        channel: channel.to_string(),
    }
}

pub(super) fn actor(ctx: Context<'_>) -> Actor {
    actor_of(ctx.author(), ctx.guild_id(), ctx.channel_id())
}
