//! The signals that stop the bot gracefully: SIGTERM (what `systemctl stop` and
//! `docker stop` send) and SIGINT (Ctrl-C).

/// Returns when SIGTERM or SIGINT arrives. Should the handlers not install, it waits for
/// Ctrl-C alone (and, failing that too, forever: the process is then stopped by force).
pub async fn stop_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let Ok(mut term) = signal(SignalKind::terminate()) else {
        tracing::warn!("SIGTERM cannot be handled; only Ctrl-C stops gracefully");
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        return;
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM"),
        r = tokio::signal::ctrl_c() => match r {
            Ok(()) => tracing::info!("SIGINT"),
            Err(_) => {
                term.recv().await;
            }
        },
    }
}
