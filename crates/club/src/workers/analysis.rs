//! The analysis queue's runner: `ANALYSIS_WORKERS` tasks, each queueing the automatic
//! jobs of the matches finished since ([`Club::queue_finished_analyses`]), then taking the
//! next queued job and running it to its end ([`Club::run_next_analysis`]), waiting
//! between jobs for the next one or the stop.

use std::sync::Arc;
use std::time::Duration;

use crate::Club;

/// Starts the analysis workers (`ANALYSIS_WORKERS` of them), after queueing again the
/// jobs a stopped bot left running. Each runs gnubg on a blocking thread. They end
/// when the club is stopped ([`Club::stop`]): a job under way then is stopped and
/// queued again (its attempt not counted).
#[must_use]
pub(super) fn spawn_analysis(club: Arc<Club>) -> Vec<tokio::task::JoinHandle<()>> {
    let workers = club.analyst.settings.workers.max(1);
    let first = Arc::clone(&club);
    let requeued = Arc::new(tokio::sync::OnceCell::new());
    (0..workers)
        .map(|_| {
            let club = Arc::clone(&first);
            let requeued = Arc::clone(&requeued);
            tokio::spawn(async move {
                requeued
                    .get_or_init(|| async {
                        if let Err(e) = club.store.requeue_analyses().await {
                            tracing::warn!(error = %e, "analyses not requeued");
                        }
                        // The drill cards of analyses stored before (or not yet read).
                        if let Err(e) = club.card_analyses().await {
                            tracing::warn!(error = %e, "drill cards not made");
                        }
                    })
                    .await;
                let stop = Arc::clone(&club.stop);
                // Between jobs: the next job, or the stop, whichever comes first.
                while !stop.asked() {
                    // The matches finished since the last look get their automatic jobs.
                    if let Err(e) = club.queue_finished_analyses().await {
                        tracing::warn!(error = %e, "finished matches not queued for analysis");
                    }
                    let pause = match club.run_next_analysis().await {
                        Ok(Some(_)) => {
                            // Its drill cards, at once (else at the next /drill).
                            if let Err(e) = club.card_analyses().await {
                                tracing::warn!(error = %e, "drill cards not made");
                            }
                            continue;
                        }
                        Ok(None) => Duration::from_secs(5),
                        Err(e) => {
                            tracing::warn!(error = %e, "analysis job failed");
                            Duration::from_secs(5)
                        }
                    };
                    tokio::select! {
                        _ = tokio::time::timeout(pause, club.analyst.wake.notified()) => {}
                        () = stop.wait() => {}
                    }
                }
            })
        })
        .collect()
}
