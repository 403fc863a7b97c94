//! What the club counts for the operator's metrics endpoint: every command by kind and
//! outcome (`ok`, `refused`: the player's mistake or the game's rules, `error`: the
//! club's side failed), how long each took from arrival to outcome, and the refusals by
//! reason. Counted in one place, [`Club::execute`](crate::Club::execute), which every
//! command of every adapter passes; the gauges (live matches, the analysis and bot
//! queues) are read when the endpoint asks ([`Club::gauges`](crate::Club::gauges)). The
//! adapter that serves them registers these in its registry ([`ClubMetrics::register`]).

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::ClubError;
use store::StoreError;

/// A command's kind and outcome.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabels {
    kind: &'static str,
    outcome: &'static str,
}

/// A refusal's reason.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RefusalLabels {
    reason: &'static str,
}

/// The club's counters (cheap to clone: each is shared).
#[derive(Clone, Debug)]
pub struct ClubMetrics {
    commands: Family<CommandLabels, Counter>,
    seconds: Histogram,
    refusals: Family<RefusalLabels, Counter>,
}

impl Default for ClubMetrics {
    fn default() -> ClubMetrics {
        ClubMetrics {
            commands: Family::default(),
            // 1 ms to about 16 s, doubling.
            seconds: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            refusals: Family::default(),
        }
    }
}

impl ClubMetrics {
    /// Registers the counters in `registry` (names without a prefix; the registry's gives
    /// one): `commands` (kind, outcome), `command_duration_seconds`, `refusals` (reason).
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "commands",
            "Commands run by the club, by kind and outcome (ok, refused, error)",
            self.commands.clone(),
        );
        registry.register(
            "command_duration_seconds",
            "Time from a command's arrival at the club to its outcome or refusal",
            self.seconds.clone(),
        );
        registry.register(
            "refusals",
            "Commands refused, by reason",
            self.refusals.clone(),
        );
    }

    /// Counts one command of `kind` that took `took` and ended with `result`.
    pub(crate) fn record<T>(
        &self,
        kind: &'static str,
        result: &Result<T, ClubError>,
        took: Duration,
    ) {
        self.seconds.observe(took.as_secs_f64());
        let outcome = match result {
            Ok(_) => "ok",
            Err(e) if is_failure(e) => "error",
            Err(e) => {
                self.refusals
                    .get_or_create(&RefusalLabels { reason: reason(e) })
                    .inc();
                "refused"
            }
        };
        self.commands
            .get_or_create(&CommandLabels { kind, outcome })
            .inc();
    }
}

/// Whether `e` is the club's own failure (the database, a stored record it cannot read
/// or write) rather than a refusal of what the player asked.
fn is_failure(e: &ClubError) -> bool {
    matches!(
        e,
        ClubError::Store(StoreError::Db(_) | StoreError::Migrate(_))
            | ClubError::Corrupt(..)
            | ClubError::Encode(_)
    )
}

/// A refusal's reason, as a label ([`Refusal::reason`](crate::Refusal::reason)); the
/// database having moved on meanwhile is a stale board too.
fn reason(e: &ClubError) -> &'static str {
    match e {
        ClubError::Refused(r) => r.reason(),
        ClubError::Store(StoreError::Stale) => "stale",
        ClubError::Store(_) => "store",
        ClubError::Corrupt(..) => "corrupt",
        ClubError::Encode(_) => "encode",
    }
}

/// What the gauges read when the endpoint asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gauges {
    /// Matches being played.
    pub live_matches: i64,
    /// Analysis jobs waiting or running.
    pub analysis_queue: i64,
    /// Matches where the bot player has a decision waiting or under way.
    pub bot_queue: i64,
}

#[cfg(test)]
mod tests {
    use super::{is_failure, reason};
    use crate::{ClubError, LeagueRefusal, Refusal};
    use store::StoreError;

    #[test]
    fn a_refusal_is_counted_by_its_own_reason_and_a_database_that_moved_on_as_stale() {
        let refused = |r: Refusal| ClubError::Refused(r);
        assert_eq!(reason(&refused(Refusal::NoMatch)), "no_match");
        assert_eq!(reason(&refused(Refusal::SelfChallenge)), "self_challenge");
        assert_eq!(reason(&ClubError::Store(StoreError::Stale)), "stale");
        assert_eq!(reason(&refused(Refusal::Stale(3.into(), 7))), "stale");
        assert_eq!(
            reason(&ClubError::from(LeagueRefusal::NoLeagueHere)),
            "unknown_league"
        );
        // A refusal is not a failure of the club's; a stale store neither
        assert!(!is_failure(&refused(Refusal::NoMatch)));
        assert!(!is_failure(&ClubError::Store(StoreError::Stale)));
        assert!(is_failure(&ClubError::Encode("x".into())));
    }
}
