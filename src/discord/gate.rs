//! The commands being answered, by channel ([`Gate`]): the bot's decisions posted in a
//! channel wait until no answer is under way there (`bot`), and a match moved into its
//! thread meanwhile is posted there.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

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
    pub(super) fn channel_of(&self, id: i64, channel: serenity::ChannelId) -> serenity::ChannelId {
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
