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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use super::answer::{Answer, outcome_files};
use super::{DmRefused, announce, direct_message};
use club::{BotEvent, Club};

/// The longest a decision of the bot waits for the answers under way in its channel.
pub const WAIT_FOR_ANSWERS: Duration = Duration::from_secs(30);

/// The commands being answered, by channel, and the matches moved into their thread.
#[derive(Debug, Default)]
pub struct Gate {
    answering: Mutex<HashMap<u64, usize>>,
    done: Notify,
    /// match id -> the thread it was moved to.
    moved: Mutex<HashMap<i64, u64>>,
}

/// A command being answered in a channel; dropped when its answer is posted (or not).
#[must_use]
pub struct Answering {
    gate: Arc<Gate>,
    channel: u64,
}

impl Gate {
    /// Counts a command being answered in `channel` until the guard is dropped.
    pub fn enter(self: &Arc<Self>, channel: serenity::ChannelId) -> Answering {
        let channel = channel.get();
        *self
            .answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(channel)
            .or_default() += 1;
        Answering {
            gate: Arc::clone(self),
            channel,
        }
    }

    /// Match `id` is played in `thread` from now on.
    pub fn moved(&self, id: i64, thread: serenity::ChannelId) {
        self.moved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, thread.get());
    }

    /// Where match `id`, said to be in `channel`, is played now.
    fn channel_of(&self, id: i64, channel: serenity::ChannelId) -> serenity::ChannelId {
        self.moved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .map_or(channel, |t| serenity::ChannelId::new(*t))
    }

    fn busy(&self, channel: u64) -> bool {
        self.answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&channel)
            .is_some_and(|n| *n > 0)
    }

    /// Waits until no command is being answered in `channel`, or `limit` has passed.
    pub async fn idle(&self, channel: serenity::ChannelId, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let done = self.done.notified();
            tokio::pin!(done);
            done.as_mut().enable();
            if !self.busy(channel.get()) {
                return;
            }
            if tokio::time::timeout_at(deadline, done).await.is_err() {
                tracing::warn!(
                    channel = channel.get(),
                    "the bot posts before an answer under way"
                );
                return;
            }
        }
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        let mut map = self
            .gate
            .answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = map.get_mut(&self.channel) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.channel);
            }
        }
        drop(map);
        self.gate.done.notify_waiters();
    }
}

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
        tracing::warn!(match_id = e.match_id, channel = %e.channel, "the bot's channel is no Discord channel");
        return;
    };
    let channel = serenity::ChannelId::new(id);
    gate.idle(channel, WAIT_FOR_ANSWERS).await;
    let channel = gate.channel_of(e.match_id, channel);
    let out = &e.outcome;
    let answer = Answer::linked(
        out,
        outcome_files(out).await,
        &link.club,
        link.web.as_deref(),
    )
    .await;
    let msg = answer.message();
    if let Err(err) = retry_429!(channel.send_message(http, msg.clone()).await) {
        tracing::warn!(match_id = e.match_id, error = %err, "the bot's decision not posted");
        return;
    }
    announce(http, channel, out).await;
    direct_message(http, refused, channel, out).await;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use poise::serenity_prelude::ChannelId;

    use super::Gate;

    #[tokio::test]
    async fn the_bot_waits_for_the_answers_under_way_in_its_channel_only() {
        let gate = Arc::new(Gate::default());
        let (here, there) = (ChannelId::new(1), ChannelId::new(2));
        let answering = gate.enter(here);
        let second = gate.enter(here);
        // Another channel is not held up.
        tokio::time::timeout(
            Duration::from_secs(60),
            gate.idle(there, Duration::from_secs(600)),
        )
        .await
        .expect("another channel waited");
        let waiting = tokio::spawn({
            let gate = Arc::clone(&gate);
            async move { gate.idle(here, Duration::from_secs(600)).await }
        });
        drop(answering);
        tokio::task::yield_now().await;
        assert!(
            !waiting.is_finished(),
            "went on with an answer still under way"
        );
        drop(second);
        tokio::time::timeout(Duration::from_secs(60), waiting)
            .await
            .expect("still waiting after the answers")
            .unwrap();
        assert!(!gate.busy(here.get()));
    }
}
