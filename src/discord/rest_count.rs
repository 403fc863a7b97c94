//! Discord's REST responses as the bot sees them, for the metrics endpoint: every answer
//! the bot's own calls get (posts, replies, followups, direct messages; each try of
//! `retry_transient!` on its own, so a 429 that is waited out and tried again counts as a 429
//! and then as what came next), by status (`2xx` for a success, whose exact code
//! serenity does not hand back, `none` when no answer came), and each wait serenity's
//! rate limiter makes (before a call it knows would be refused, or after a 429 it tries
//! again itself). Counted for the whole process: the counters are shared by every client.

use std::sync::LazyLock;

use poise::serenity_prelude as serenity;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;

/// A response's status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Status {
    status: String,
}

/// A rate-limit wait's scope.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Scope {
    global: bool,
}

/// The responses by status.
static RESPONSES: LazyLock<Family<Status, Counter>> = LazyLock::new(Family::default);
/// serenity's rate-limit waits.
static WAITS: LazyLock<Family<Scope, Counter>> = LazyLock::new(Family::default);

/// Registers the counters: `discord_responses` (status) and `discord_rate_limit_waits`
/// (global).
pub fn register(registry: &mut Registry) {
    registry.register(
        "discord_responses",
        "Discord REST responses to the bot's calls, by status (2xx: success; none: no answer)",
        RESPONSES.clone(),
    );
    registry.register(
        "discord_rate_limit_waits",
        "Waits of serenity's rate limiter (a call held back, or a 429 waited out and tried again)",
        WAITS.clone(),
    );
}

/// Counts the answer to one REST call (a result that is not a REST answer is not counted).
pub fn count<T>(result: &Result<T, serenity::Error>) {
    let status = match result {
        Ok(_) => "2xx".to_string(),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => {
            r.status_code.as_u16().to_string()
        }
        Err(serenity::Error::Http(serenity::HttpError::Request(_))) => "none".to_string(),
        Err(_) => return,
    };
    RESPONSES.get_or_create(&Status { status }).inc();
}

/// The result of one REST call, counted (serenity's own result, passed through as it is).
#[allow(clippy::result_large_err)]
pub fn counted<T>(result: Result<T, serenity::Error>) -> Result<T, serenity::Error> {
    count(&result);
    result
}

/// How many responses with `status` this process has counted.
#[must_use]
pub fn responses(status: &str) -> u64 {
    RESPONSES
        .get(&Status {
            status: status.to_string(),
        })
        .map_or(0, |c| c.get())
}

/// Counts serenity's rate-limit waits (serenity calls it when its limiter waits).
pub struct Waits;

#[serenity::async_trait]
impl serenity::EventHandler for Waits {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        WAITS
            .get_or_create(&Scope {
                global: data.global,
            })
            .inc();
    }
}
