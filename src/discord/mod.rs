//! Discord: slash commands, buttons, autocomplete and notifications (poise on serenity),
//! thin over the club. Every command becomes a club [`club::Command`]; every refusal is an
//! ephemeral reply with the club's message; boards go out as PNG attachments with their
//! alt text.
//!
//! | file | holds |
//! |---|---|
//! | `context.rs` | what every handler reaches: [`Data`], [`Context`], [`Error`], the actor |
//! | `reply.rs` | answering a command or a click (refusals stay private, even when the club is slow), announcements, direct messages, notices |
//! | `answer.rs` | an answer for everyone built from an outcome (text, files, buttons, mentions) |
//! | `buttons.rs` | the buttons of an answer and the command a click stands for |
//! | `clicker.rs` | a private answer to the one who clicked (a followup once deferred) |
//! | `client.rs` | building and running the client: the framework, its check and handlers, what starts once ready |
//! | `commands/` | the slash commands; `league.rs`, `analysis.rs` and `drill.rs` those with files of their own |
//! | `drill.rs` | `/drill`: the card privately, its select menu or buttons, the answer to a pick |
//! | `puzzle.rs` | the position of the day: the daily post (board, menu or buttons), `/puzzle`, a pick answered privately |
//! | `league_posts.rs`, `web_page.rs` | a season's matches posted; the league and leaderboard pages' links |
//! | `gate.rs`, `outbox.rs`, `transient.rs` | the answers under way by channel; the outbox's poster (every message owed: notices, direct messages, the bot's decisions), with nonces; which failures are tried again |
//! | `limit.rs`, `stopping.rs`, `shards.rs`, `rest_count.rs` | the rate limit, the graceful stop, the shards, the REST counts |

mod analysis;
mod answer;
mod buttons;
mod clicker;
mod client;
mod commands;
mod context;
mod drill;
mod gate;
mod league;
mod league_posts;
mod limit;
mod puzzle;
pub mod rest_count;
pub mod shards;
pub mod stopping;
mod transient;
mod web_page;

use std::time::Duration;

pub use answer::outcome_content;
pub use buttons::{button_command, button_of, buttons};
pub use client::{
    Connection, client, client_for, client_limited, client_stoppable, client_with, run_bot,
    run_shards, run_until, waiting_links,
};
pub use commands::commands;
pub use context::{Context, Data, DmRefused, Error, MESSAGE_CHARS};
pub use drill::{components as drill_components, drill_command};
pub use limit::{Limited, Limiter, RateLimit};
pub use puzzle::{components as puzzle_components, puzzle_command, puzzle_message};
pub use shards::Shards;
pub use stopping::{STOPPING_WORDS, Stopping};

/// Sends with `$send` again after a transient failure: a 429 (rate limit), a 5xx (Discord
/// failing) or a request that did not complete (a timeout, a dropped connection), waiting
/// [`RETRIES_429`] in turn (serenity's rate limiter, on against Discord, already waits out
/// a 429 on the routes it knows, as long as `Retry-After` says; this covers what reaches
/// the bot anyway); anything else (a 403, a 404: a permanent refusal) at once.
macro_rules! retry_transient {
    ($send:expr) => {{
        let mut waits = $crate::discord::RETRIES_429.iter();
        loop {
            match $crate::discord::rest_count::counted($send) {
                Err(e) if $crate::discord::transient(&e) => match waits.next() {
                    Some(wait) => {
                        if $crate::discord::rate_limited(&e) {
                            tracing::warn!(error = %e, "rate limited (429); trying again");
                        } else {
                            tracing::warn!(error = %e, "Discord failed (transient); trying again");
                        }
                        tokio::time::sleep(*wait).await;
                    }
                    None => break Err(e),
                },
                other => break other,
            }
        }
    }};
}

pub(crate) use transient::{rate_limited, transient};

/// How often, and after how long, a post refused with 429 is tried again.
const RETRIES_429: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

// After `retry_transient!`, which they use.
mod notice_post;
mod outbox;
mod reply;
