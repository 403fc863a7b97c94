//! The bot player (GNU Backgammon) on Discord: its worker started beside the analysis
//! workers, and each of its decisions posted in the match's channel as a reply to a
//! command is posted (the lines, the board's PNG with its alt text, the next player's
//! mention and buttons, a direct message when that player asked for them).
//!
//! A decision of the bot answers a player's command, and the bot is quick: its move could
//! reach the channel before the reply to the command it answers. So a command being
//! answered in a channel is counted ([`Gate`]), and the bot's posts in that channel wait
//! until no answer is under way there (at most [`WAIT_FOR_ANSWERS`]). A match the
//! answer moved into its own thread meanwhile (`/server threads:true`) is posted there,
//! though the bot decided while it was still in the channel.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use super::answer::{Answer, outcome_files};
use super::context::DmRefused;
use super::gate::Gate;
use super::reply::{announce, direct_message};
use club::{BotEvent, Club};

/// The longest a decision of the bot waits for the answers under way in its channel.
pub const WAIT_FOR_ANSWERS: Duration = Duration::from_secs(30);

/// Starts the bot's worker and posts each of its decisions in its match's channel, one
/// after the other. The task ends once the worker has (the club stopped): the decisions
/// it made last are posted first, so that none committed goes unposted.
pub(super) fn spawn_moves(
    club: &Arc<Club>,
    http: Arc<serenity::Http>,
    refused: DmRefused,
    gate: Arc<Gate>,
    web: Option<String>,
) -> tokio::task::JoinHandle<()> {
    // Listening before the worker starts, so that no decision is missed.
    let mut events = club.bot_events();
    let worker = Arc::clone(club).spawn_bot();
    let link = Link {
        club: Arc::clone(club),
        web,
    };
    tokio::spawn(async move {
        tokio::pin!(worker);
        loop {
            tokio::select! {
                e = events.recv() => match e {
                    Ok(e) => post_event(&http, &refused, &gate, &link, e).await,
                    Err(RecvError::Lagged(n)) => {
                        tracing::warn!(missed = n, "decisions of the bot not posted");
                    }
                    Err(RecvError::Closed) => return,
                },
                _ = &mut worker => break,
            }
        }
        loop {
            match events.try_recv() {
                Ok(e) => post_event(&http, &refused, &gate, &link, e).await,
                Err(TryRecvError::Lagged(n)) => {
                    tracing::warn!(missed = n, "decisions of the bot not posted");
                }
                Err(_) => return,
            }
        }
    })
}

/// What a board message's link button is made with: the club, and the web pages' public
/// address.
struct Link {
    club: Arc<Club>,
    web: Option<String>,
}

/// Posts a decision of the bot in its match's channel as a reply is posted.
async fn post_event(
    http: &serenity::Http,
    refused: &DmRefused,
    gate: &Gate,
    link: &Link,
    e: BotEvent,
) {
    let Ok(id) = e.channel.parse::<u64>() else {
        tracing::warn!(match_id = e.match_id.get(), channel = %e.channel, "the bot's channel is no Discord channel");
        return;
    };
    let channel = serenity::ChannelId::new(id);
    gate.idle(channel, WAIT_FOR_ANSWERS).await;
    let channel = gate.channel_of(e.match_id.get(), channel);
    let out = &e.outcome;
    let answer = Answer::linked(
        out,
        outcome_files(out).await,
        &link.club,
        link.web.as_deref(),
    )
    .await;
    let msg = answer.message();
    if let Err(err) = retry_transient!(channel.send_message(http, msg.clone()).await) {
        tracing::warn!(match_id = e.match_id.get(), error = %err, "the bot's decision not posted");
        return;
    }
    announce(http, channel, out).await;
    direct_message(http, refused, channel, out).await;
}
