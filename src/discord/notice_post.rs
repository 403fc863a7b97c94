//! A notice or a direct message as Discord takes it, for the outbox's poster and for the
//! answers posted at once when the outbox could not be written: the message made, the
//! direct message sent (with its row's nonce when there is one), a refused one said once
//! in the channel, and what a failed request means for the row.

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use super::context::{DmRefused, MESSAGE_CHARS};
use club::{Delivery, Notice, Posted};

/// At most Discord's 2,000 characters.
pub(super) fn clip(text: &str) -> String {
    if text.chars().count() <= MESSAGE_CHARS {
        return text.to_string();
    }
    let mut s: String = text.chars().take(1990).collect();
    s.push_str("...");
    s
}

/// What a failed request means for the row: tried again, or never.
pub(super) fn failure(e: &serenity::Error) -> Posted {
    if super::transient::transient(e) {
        Posted::Later(e.to_string())
    } else {
        Posted::Never(e.to_string())
    }
}

/// The message with `d`'s nonce, which Discord enforces: a post sent again is not made twice.
pub(super) fn nonced(m: serenity::CreateMessage, d: &Delivery) -> serenity::CreateMessage {
    m.nonce(serenity::Nonce::String(d.nonce.clone()))
        .enforce_nonce(true)
}

/// A notice as a message in its channel: mentioning its player, or for everyone there;
/// why not, when its channel or player is no Discord one.
pub(super) fn notice_message(
    n: &Notice,
) -> Result<(serenity::ChannelId, serenity::CreateMessage), String> {
    let Ok(id) = n.channel.parse::<u64>() else {
        return Err(format!("no Discord channel: {}", n.channel));
    };
    let channel = serenity::ChannelId::new(id);
    if n.user_id.is_empty() {
        return Ok((channel, Answer::text(clip(&n.text)).message()));
    }
    let Ok(user) = n.user_id.parse::<u64>() else {
        return Err(format!("no Discord user: {}", n.user_id));
    };
    let user = serenity::UserId::new(user);
    let msg = serenity::CreateMessage::new()
        .content(clip(&format!("<@{user}> {}", n.text)))
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([user]));
    Ok((channel, msg))
}

/// Sends notice `n` to its player by direct message (with `d`'s nonce when it is owed
/// from the outbox); refused for good (403), it is said once in the notice's channel.
pub(super) async fn direct(
    http: &serenity::Http,
    refused: &DmRefused,
    n: &Notice,
    d: Option<&Delivery>,
) -> Posted {
    let Ok(user) = n.user_id.parse::<u64>() else {
        return Posted::Never(format!("no Discord user: {}", n.user_id));
    };
    let to = serenity::UserId::new(user);
    let dm = match retry_transient!(to.create_dm_channel(http).await) {
        Ok(dm) => dm,
        Err(e) => return failure(&e),
    };
    let mut msg = serenity::CreateMessage::new().content(clip(&n.text));
    if let Some(d) = d {
        msg = nonced(msg, d);
    }
    match retry_transient!(dm.id.send_message(http, msg.clone()).await) {
        Ok(m) => Posted::Done(m.id.to_string()),
        Err(e) => {
            let how = failure(&e);
            if matches!(how, Posted::Never(_)) {
                if let Ok(c) = n.channel.parse::<u64>() {
                    direct_message_refused(http, refused, serenity::ChannelId::new(c), user).await;
                }
            }
            how
        }
    }
}

/// Says once per player in `channel`, mentioning him, that Discord refuses the bot's
/// direct messages to him.
pub(super) async fn direct_message_refused(
    http: &serenity::Http,
    refused: &DmRefused,
    channel: serenity::ChannelId,
    user: u64,
) {
    let first = refused
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(user);
    if !first {
        return;
    }
    let to = serenity::UserId::new(user);
    let msg = serenity::CreateMessage::new()
        .content(format!(
            "<@{user}> I cannot send you direct messages (Discord refuses them). Allow direct \
             messages from this server's members, or turn them off with `/settings dm:false`; \
             you will be told here."
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([to]));
    if let Err(e) = retry_transient!(channel.send_message(http, msg.clone()).await) {
        tracing::warn!(error = %e, "direct-message refusal not reported");
    }
}
