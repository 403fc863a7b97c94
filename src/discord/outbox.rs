//! The outbox's poster on Discord: every message the club owes (notices, announcements,
//! direct messages, the bot's decisions) posted from the store, in order within each
//! lane, each with its nonce and `enforce_nonce` so that a post tried again after a
//! restart is not shown twice, and marked with Discord's message id (`club::outbox`).
//!
//! A decision of the bot answers a player's command, and the bot is quick: its move could
//! reach the channel before the reply to the command it answers. So a command being
//! answered in a channel is counted ([`Gate`]), and the bot's posts in that channel wait
//! until no answer is under way there (at most [`WAIT_FOR_ANSWERS`]). A match the
//! answer moved into its own thread meanwhile (`/server threads:true`) is posted there,
//! though the bot decided while it was still in the channel.
//!
//! Failures: a 429, a 5xx or a request cut short is tried again at once a few times
//! (`retry_transient!`), then later with backoff (the club's `outbox_done`); a 4xx is
//! final and recorded with its reason. A direct message refused (403) is said once per
//! player in the match's channel, mentioning him.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::answer::{Answer, outcome_files};
use super::context::DmRefused;
use super::gate::Gate;
use super::notice_post::{direct, failure, nonced, notice_message};
use club::{Club, Delivery, Notice, Owed, Posted};

/// The longest a decision of the bot waits for the answers under way in its channel.
pub const WAIT_FOR_ANSWERS: Duration = Duration::from_secs(30);

/// How many messages one claim takes (one per lane at most).
const CLAIM: i64 = 50;

/// How long the poster sleeps when nothing is owed, unless rung.
const IDLE: Duration = Duration::from_secs(2);

/// What the poster needs: the club, Discord, the players who refused direct messages, the
/// answers under way, and the web pages' public address (for a board's link button).
pub(super) struct Poster {
    pub club: Arc<Club>,
    pub http: Arc<serenity::Http>,
    pub refused: DmRefused,
    pub gate: Arc<Gate>,
    pub web: Option<String>,
}

/// Starts the bot's worker and the outbox's poster. The poster ends once the worker has
/// (the club stopped) and nothing postable is left: whatever is still owed then (a post
/// waiting out its backoff) stays in the store for the next start.
pub(super) fn spawn_poster(p: Poster) -> tokio::task::JoinHandle<()> {
    let p = Arc::new(p);
    tokio::spawn(async move {
        // What a stopped bot left, before its worker starts a batch.
        p.club.outbox_recover().await;
        let worker = Arc::clone(&p.club).spawn_bot();
        tokio::pin!(worker);
        let mut worker_done = false;
        loop {
            let claimed_at = tokio::time::Instant::now();
            let batch = match p.club.outbox_claim(CLAIM).await {
                Ok(b) => b,
                Err(e) => {
                    tracing::warn!(error = %e, "the outbox could not be read");
                    Vec::new()
                }
            };
            if batch.is_empty() {
                if worker_done && p.club.is_stopping() {
                    return;
                }
                tokio::select! {
                    () = p.club.outbox_wait(IDLE) => {}
                    _ = &mut worker, if !worker_done => worker_done = true,
                }
                continue;
            }
            // One message per lane: the lanes are posted side by side, and how they went
            // is written in one transaction.
            let mut posts = tokio::task::JoinSet::new();
            for d in batch {
                let p = Arc::clone(&p);
                posts.spawn(async move {
                    let how = post(&p, &d).await;
                    (d, how)
                });
            }
            let mut done = Vec::new();
            while let Some(r) = posts.join_next().await {
                if let Ok(r) = r {
                    done.push(r);
                }
            }
            if let Err(e) = p.club.outbox_done_all(&done).await {
                tracing::warn!(error = %e, "posts not marked; tried again after their lease");
            }
            // A busy outbox is taken in batches (`club::CLAIM_EVERY`).
            tokio::time::sleep_until(claimed_at + club::CLAIM_EVERY).await;
        }
    })
}

/// Posts `msg` in `channel` with `d`'s nonce, tried again on transient failures.
async fn send(
    p: &Poster,
    channel: serenity::ChannelId,
    msg: serenity::CreateMessage,
    d: &Delivery,
) -> Posted {
    let msg = nonced(msg, d);
    match retry_transient!(channel.send_message(&p.http, msg.clone()).await) {
        Ok(m) => Posted::Done(m.id.to_string()),
        Err(e) => failure(&e),
    }
}

/// Posts one message owed.
async fn post(p: &Poster, d: &Delivery) -> Posted {
    match &d.what {
        Owed::Notice(n) => post_notice(p, d, n).await,
        Owed::Direct(n) => post_direct(p, d, n).await,
        Owed::LeagueThreads { channel, posts } => {
            let Ok(id) = channel.parse::<u64>() else {
                return Posted::Never(format!("no Discord channel: {channel}"));
            };
            super::league_posts::post_league_matches(
                &p.http,
                &p.club,
                posts,
                serenity::ChannelId::new(id),
                true,
                super::league_posts::Mover::Sweep,
            )
            .await;
            Posted::Done(format!("threads of {} matches", posts.len()))
        }
        Owed::Analysis(r) => {
            let Ok(id) = r.channel.parse::<u64>() else {
                return Posted::Never(format!("no Discord channel: {}", r.channel));
            };
            let msg = super::analysis::report_message(r).await;
            send(p, serenity::ChannelId::new(id), msg, d).await
        }
        Owed::Puzzle(puzzle) => {
            let Ok(id) = puzzle.channel.parse::<u64>() else {
                return Posted::Never(format!("no Discord channel: {}", puzzle.channel));
            };
            let msg = super::puzzle::puzzle_message(puzzle).await;
            send(p, serenity::ChannelId::new(id), msg, d).await
        }
        Owed::Bot {
            match_id,
            channel,
            outcome,
        } => {
            let Ok(id) = channel.parse::<u64>() else {
                return Posted::Never(format!("no Discord channel: {channel}"));
            };
            let channel = serenity::ChannelId::new(id);
            p.gate.idle(channel, WAIT_FOR_ANSWERS).await;
            let channel = p.gate.channel_of(match_id.get(), channel);
            let answer = Answer::linked(
                outcome,
                outcome_files(outcome).await,
                &p.club,
                p.web.as_deref(),
            )
            .await;
            // (The next player's direct message was written with the decision.)
            send(p, channel, answer.message(), d).await
        }
    }
}

/// A notice in its channel: mentioning its player, or for everyone there.
async fn post_notice(p: &Poster, d: &Delivery, n: &Notice) -> Posted {
    match notice_message(n) {
        Ok((channel, msg)) => send(p, channel, msg, d).await,
        Err(why) => Posted::Never(why),
    }
}

/// A direct message owed.
async fn post_direct(p: &Poster, d: &Delivery, n: &Notice) -> Posted {
    direct(&p.http, &p.refused, n, Some(d)).await
}
