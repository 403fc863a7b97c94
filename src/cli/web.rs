//! Starting the web companion beside the Discord bot or the local chat (`docs/web.md`):
//! where it listens (`WEB_ADDR`) and the address its links are made with (`PUBLIC_URL`).

use std::sync::Arc;

use crate::config::{Config, DEFAULT_WEB_ADDR, WebAddr};

/// The web pages, running: the address links start with, and the server.
pub struct WebPages {
    /// `PUBLIC_URL`, else `http://` and the address it listens on.
    pub base: String,
    pub running: web::Running,
}

/// Starts the web pages for the local chat: on `WEB_ADDR`, else on [`DEFAULT_WEB_ADDR`];
/// none with `WEB_ADDR=off`. An address that cannot be listened on is said, and the chat
/// goes on without the pages.
pub(super) async fn start_local(config: &Config, club: &Arc<club::Club>) -> Option<WebPages> {
    let addr = match config.web_addr {
        WebAddr::Off => return None,
        WebAddr::At(a) => a,
        WebAddr::Unset => DEFAULT_WEB_ADDR.parse().ok()?,
    };
    match web::start(Arc::clone(club), addr).await {
        Ok(running) => {
            let base = config
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{}", running.addr));
            println!(
                "Match pages (replays, the dice checked in the browser): each board names its link, under {base}/m/"
            );
            Some(WebPages { base, running })
        }
        Err(e) => {
            println!(
                "The web pages are off: {addr} cannot be listened on ({e}). Set WEB_ADDR to a free address, like WEB_ADDR=127.0.0.1:8081, or WEB_ADDR=off."
            );
            None
        }
    }
}

/// Starts the web pages beside the Discord bot when `WEB_ADDR` is set.
///
/// # Errors
/// `WEB_ADDR` cannot be listened on.
pub(super) async fn start_discord(
    config: &Config,
    club: &Arc<club::Club>,
) -> std::io::Result<Option<WebPages>> {
    let WebAddr::At(addr) = config.web_addr else {
        return Ok(None);
    };
    let running = web::start(Arc::clone(club), addr).await.map_err(|e| {
        std::io::Error::other(format!("WEB_ADDR {addr} cannot be listened on: {e}"))
    })?;
    tracing::info!(addr = %running.addr, "web pages listening");
    let base = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", running.addr));
    Ok(Some(WebPages { base, running }))
}
