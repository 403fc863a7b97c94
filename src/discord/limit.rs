//! A per-player rate limit on Discord commands: at most `max` commands (slash commands
//! and button clicks) in any `window`; past it, a polite private refusal and nothing else
//! runs. Autocomplete is not counted. The club's clock tells the time, so tests move it.
//!
//! A slash subcommand (`/chouette roll`) passes poise's check once for each level of the
//! command tree; a command is counted once, by its interaction id.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

/// How many commands a player may send in how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Commands allowed in one window (at least 1).
    pub max: u32,
    /// The window (whole seconds, at least 1).
    pub window: Duration,
}

impl Default for RateLimit {
    /// 8 commands in 10 seconds.
    fn default() -> RateLimit {
        RateLimit {
            max: 8,
            window: Duration::from_secs(10),
        }
    }
}

/// The longest window a rate limit may have, in seconds: an hour.
pub const MAX_WINDOW: u64 = 3600;

impl RateLimit {
    /// Reads the setting `DISCORD_RATE_LIMIT`: `8/10s` (8 commands in 10 seconds; `8/10`
    /// and `8/1m` too), or `off` (no limit, `None`).
    ///
    /// # Errors
    /// The text is neither: the message says how to write it.
    pub fn parse(text: &str) -> Result<Option<RateLimit>, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("off") || t == "0" {
            return Ok(None);
        }
        let bad = || {
            format!(
                "DISCORD_RATE_LIMIT `{t}` is not a limit: write commands/seconds like 8/10s, or off"
            )
        };
        let (max, window) = t.split_once('/').ok_or_else(bad)?;
        let max: u32 = max.trim().parse().map_err(|_| bad())?;
        // The window is a duration as challenges write them (`10s`, `1m`), an hour at most.
        let seconds = window
            .trim()
            .parse::<club::Span>()
            .map_err(|_| bad())?
            .seconds();
        let seconds = u64::try_from(seconds).map_err(|_| bad())?;
        if max == 0 || seconds == 0 || seconds > MAX_WINDOW {
            return Err(bad());
        }
        Ok(Some(RateLimit {
            max,
            window: Duration::from_secs(seconds),
        }))
    }
}

/// A player went past the limit: wait this many seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "easy there: at most {max} commands in {window} seconds. Nothing was done; try again in {wait} s"
)]
pub struct Limited {
    pub max: u32,
    pub window: u64,
    pub wait: i64,
}

/// The commands each player sent within the window: (when, interaction id).
#[derive(Debug, Default)]
pub struct Limiter {
    limit: Option<RateLimit>,
    seen: Mutex<HashMap<u64, VecDeque<(i64, u64)>>>,
}

impl Limiter {
    /// A limiter with this limit (`None`: every command passes).
    #[must_use]
    pub fn new(limit: Option<RateLimit>) -> Limiter {
        Limiter {
            limit,
            seen: Mutex::default(),
        }
    }

    /// Counts the command `interaction` of `user` at `now()` (Unix seconds; asked only
    /// when there is a limit), unless it is past the limit; the same interaction is
    /// counted once.
    ///
    /// # Errors
    /// [`Limited`]: the user sent `max` commands within the window already.
    pub fn admit(
        &self,
        user: u64,
        interaction: u64,
        now: impl FnOnce() -> i64,
    ) -> Result<(), Limited> {
        let Some(limit) = self.limit else {
            return Ok(());
        };
        let now = now();
        let window = i64::try_from(limit.window.as_secs())
            .unwrap_or(i64::MAX)
            .max(1);
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if seen.len() > 10_000 {
            seen.retain(|_, q| q.back().is_some_and(|&(t, _)| now - t < window));
        }
        let q = seen.entry(user).or_default();
        while q.front().is_some_and(|&(t, _)| now - t >= window) {
            q.pop_front();
        }
        if q.iter().any(|&(_, id)| id == interaction) {
            return Ok(());
        }
        if q.len() >= limit.max as usize {
            let oldest = q.front().map_or(now, |&(t, _)| t);
            return Err(Limited {
                max: limit.max,
                window: limit.window.as_secs(),
                wait: (oldest + window - now).max(1),
            });
        }
        q.push_back((now, interaction));
        Ok(())
    }
}
