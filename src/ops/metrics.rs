//! The metrics a scrape of `/metrics` shows, in the OpenMetrics text format Prometheus
//! reads, every name prefixed `gammonbot_`: the club's counters (commands by kind and
//! outcome, their duration, refusals by reason: `club::ClubMetrics`), the gauges read at
//! each scrape (live matches, the analysis and bot queues), Discord's REST responses by
//! status and serenity's rate-limit waits (`discord::rest_count`), the database errors
//! of this process, and the build (version, git revision). And the health check of
//! `/healthz`: the database takes a write.

use std::sync::Arc;
use std::time::Duration;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;

use club::Club;

/// The git revision the binary was built from, when the build said
/// (`GAMMONBOT_GIT_REVISION=$(git rev-parse --short HEAD) cargo build --release`).
pub const REVISION: &str = match option_env!("GAMMONBOT_GIT_REVISION") {
    Some(r) => r,
    None => "unknown",
};

/// How long the health check waits for its write before it says the database cannot be
/// written (SQLite waits up to 10 s for another process's lock).
pub const HEALTH_WAIT: Duration = Duration::from_secs(3);

/// The registry of one bot process and the club it reads.
pub struct Metrics {
    registry: Registry,
    club: Arc<Club>,
    live_matches: Gauge,
    analysis_queue: Gauge,
    bot_queue: Gauge,
    /// The health check's write while it is under way (`health`).
    check: tokio::sync::Mutex<Option<tokio::task::JoinHandle<Result<(), String>>>>,
}

impl Metrics {
    /// The metrics of `club` (and of this process's Discord calls and database).
    #[must_use]
    pub fn new(club: Arc<Club>) -> Metrics {
        let mut registry = Registry::with_prefix("gammonbot");
        club.metrics().register(&mut registry);
        let (live_matches, analysis_queue, bot_queue) =
            (Gauge::default(), Gauge::default(), Gauge::default());
        registry.register("live_matches", "Matches being played", live_matches.clone());
        registry.register(
            "analysis_queue",
            "Analysis jobs waiting or running",
            analysis_queue.clone(),
        );
        registry.register(
            "bot_queue",
            "Matches where the bot player has a decision waiting or under way",
            bot_queue.clone(),
        );
        crate::discord::rest_count::register(&mut registry);
        registry.register_collector(Box::new(DatabaseErrors));
        registry.register(
            "build",
            "The program's version and the git revision it was built from",
            Info::new([
                ("version", env!("CARGO_PKG_VERSION")),
                ("revision", REVISION),
            ]),
        );
        Metrics {
            registry,
            club,
            live_matches,
            analysis_queue,
            bot_queue,
            check: tokio::sync::Mutex::new(None),
        }
    }

    /// The text of a scrape: the gauges read now (left as last read when the database
    /// cannot be read; the error is counted), then every metric.
    pub async fn text(&self) -> String {
        match self.club.gauges().await {
            Ok(g) => {
                self.live_matches.set(g.live_matches);
                self.analysis_queue.set(g.analysis_queue);
                self.bot_queue.set(g.bot_queue);
            }
            Err(e) => tracing::warn!(error = %e, "metrics: the gauges cannot be read"),
        }
        let mut text = String::new();
        // Writing into a String does not fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }

    /// Whether the database takes a write now (within [`HEALTH_WAIT`]). One write at a
    /// time: while a write that outlasted its check is still waiting for the database,
    /// the next check waits on that one instead of starting another, so that probes of a
    /// stuck database do not take up the pool's connections.
    ///
    /// # Errors
    /// What went wrong, in words.
    pub async fn health(&self) -> Result<(), String> {
        let mut slot = self.check.lock().await;
        let mut write = match slot.take() {
            Some(w) if !w.is_finished() => w,
            _ => {
                let club = Arc::clone(&self.club);
                tokio::spawn(async move {
                    club.store()
                        .check_writable(club.now())
                        .await
                        .map_err(|e| format!("the database cannot be written: {e}"))
                })
            }
        };
        match tokio::time::timeout(HEALTH_WAIT, &mut write).await {
            Ok(Ok(result)) => result,
            Ok(Err(e)) => Err(format!("the health check failed: {e}")),
            Err(_) => {
                *slot = Some(write);
                Err(format!(
                    "the database did not take a write within {} s",
                    HEALTH_WAIT.as_secs()
                ))
            }
        }
    }
}

/// The database errors this process has met (`store::database_errors`).
#[derive(Debug)]
struct DatabaseErrors;

impl Collector for DatabaseErrors {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let counter = ConstCounter::new(store::database_errors());
        let metric = encoder.encode_descriptor(
            "database_errors",
            "Database errors met by this process (commands, sweep, workers, health checks)",
            None,
            counter.metric_type(),
        )?;
        counter.encode(metric)
    }
}
