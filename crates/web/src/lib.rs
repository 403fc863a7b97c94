//! The web companion (`docs/web.md`): an HTTP server in the bot's process, over the club,
//! that serves a match's page to whoever holds its unguessable link: the replay board by
//! board, the move list, the downloads, and the fair dice checked in the browser.
//!
//! An adapter like the Discord and console ones: it reads through the club (and draws
//! with the renderer), holds no rules and writes nothing but the link tokens the club
//! makes. Every answer carries a strict Content-Security-Policy (scripts and styles are
//! this server's own files; no inline script or style), `X-Content-Type-Options:
//! nosniff` and `Referrer-Policy: no-referrer`; every word a player typed is escaped
//! (`html`).
//!
//! | file | holds |
//! |---|---|
//! | `lib.rs` | the router, the headers, gzip, starting the server |
//! | `serve.rs` | the accept loop and what sheds abuse: timeouts, the connection cap, the rate limit, the render slots |
//! | `routes.rs` | the handlers: pages, boards, files, the version poll |
//! | `html.rs` | the one way text reaches a page: escaped |
//! | `match_page.rs` | the match page, the dice page, the page of a link that finds nothing |
//! | `player_page.rs` | the player page |
//! | `league_page.rs`, `league_routes.rs` | the league, leaderboard and public pages and their handlers |
//! | `chouette_page.rs` | the chouette page |
//! | `kept.rs` | what is kept besides pages: replays by stamp, boards, rating charts by version |
//! | `page_cache.rs` | pages already rendered, kept while their stamp in the database is the same |
//! | `respond.rs` | what every handler shares: the answers (a page, not found, failed), a picture's name, gzip accepted |
//! | `static/` | the stylesheet and the two scripts (replay and live poll; dice check) |

mod chouette_page;
mod html;
mod kept;
mod league_page;
mod league_routes;
mod match_page;
mod page_cache;
mod player_page;
mod respond;
mod routes;
mod serve;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use club::Club;

pub use chouette_page::ENDED as CHOUETTE_ENDED;
pub use html::escape;
pub use match_page::score_words;
pub use serve::Limits;

/// The Content-Security-Policy of every answer: nothing but this server's own scripts,
/// styles and images, no inline script or style, no frames, no forms, no plugins.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The web companion's state: the club, the replays, boards, charts and pages already
/// read or drawn, and the render slots.
pub struct Web {
    club: Arc<Club>,
    boards: kept::BoardCache,
    replays: kept::Replays,
    charts: kept::ChartCache,
    pages: page_cache::PageCache,
    renders: Arc<serve::Renders>,
}

/// The router of every page under the default [`Limits`], with the security headers on
/// every answer, gzipped when the client accepts it.
pub fn router(club: Arc<Club>) -> Router {
    let limits = Limits::default();
    let renders = Arc::new(serve::Renders::new(&limits));
    router_with(club, &limits, &serve::limiter(&limits), renders)
}

/// The router under `limits`, its rate limit counted by `limiter`, rendering in
/// `renders`' slots.
fn router_with(
    club: Arc<Club>,
    limits: &Limits,
    limiter: &Arc<serve::Limiter>,
    renders: Arc<serve::Renders>,
) -> Router {
    let web = Arc::new(Web {
        club,
        boards: kept::BoardCache::default(),
        replays: kept::Replays::default(),
        charts: kept::ChartCache::default(),
        pages: page_cache::PageCache::default(),
        renders,
    });
    routes::routes()
        .with_state(web)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(limiter),
            serve::rate_limit,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .layer(axum::middleware::map_response(secure))
        // gzip for whoever accepts it: pages, JSON, the stylesheet and the scripts (not
        // the PNGs, already compressed, nor answers under 32 bytes).
        .layer(tower_http::compression::CompressionLayer::new())
}

/// Adds the security headers to an answer.
async fn secure(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    res
}

/// The server, listening: its address and the task serving it.
pub struct Running {
    /// The address it listens on (with the port the system chose for port 0).
    pub addr: SocketAddr,
    /// The task serving it; abort it to stop.
    pub task: tokio::task::JoinHandle<()>,
    renders: Arc<serve::Renders>,
}

impl Running {
    /// How many renders it has run (a page's replay or markup, a board's, chart's or
    /// bracket's drawing, a download or export read): what its caches did not spare.
    #[must_use]
    pub fn renders(&self) -> u64 {
        self.renders.taken()
    }
}

/// Listens on `addr` and serves the pages of `club` on the runtime it is called on,
/// under the default [`Limits`].
///
/// # Errors
/// The address cannot be listened on (taken, not this machine's, not allowed).
pub async fn start(club: Arc<Club>, addr: SocketAddr) -> std::io::Result<Running> {
    start_with(club, addr, Limits::default()).await
}

/// [`start`] under `limits`.
///
/// # Errors
/// As for [`start`].
pub async fn start_with(
    club: Arc<Club>,
    addr: SocketAddr,
    limits: Limits,
) -> std::io::Result<Running> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let limiter = serve::limiter(&limits);
    let renders = Arc::new(serve::Renders::new(&limits));
    let app = router_with(club, &limits, &limiter, Arc::clone(&renders));
    let task = tokio::spawn(serve::serve(listener, app, limits, limiter));
    Ok(Running {
        addr,
        task,
        renders,
    })
}

/// The address of player page `token` under `base` (`PUBLIC_URL`, or the local address).
#[must_use]
pub fn player_url(base: &str, token: &str) -> String {
    format!("{}/p/{token}", base.trim_end_matches('/'))
}

/// The address of match page `token` under `base` (`PUBLIC_URL`, or the local address).
#[must_use]
pub fn match_url(base: &str, token: &str) -> String {
    format!("{}/m/{token}", base.trim_end_matches('/'))
}

/// The address of league page `token` under `base` (`PUBLIC_URL`, or the local address).
#[must_use]
pub fn league_url(base: &str, token: &str) -> String {
    format!("{}/l/{token}", base.trim_end_matches('/'))
}

/// The address of leaderboard page `token` under `base`.
#[must_use]
pub fn leaderboard_url(base: &str, token: &str) -> String {
    format!("{}/r/{token}", base.trim_end_matches('/'))
}

/// The address of the public pages of the server whose public key is `key`, under
/// `base`.
#[must_use]
pub fn public_url(base: &str, key: &str) -> String {
    format!("{}/s/{key}", base.trim_end_matches('/'))
}

/// The address of the page `page` names, whose token is `token`, under `base`.
#[must_use]
pub fn web_page_url(base: &str, page: club::WebPage, token: &str) -> String {
    match page {
        club::WebPage::League(_) => league_url(base, token),
        club::WebPage::Leaderboard(_) => leaderboard_url(base, token),
    }
}

/// The address of chouette page `token` under `base` (`PUBLIC_URL`, or the local address).
#[must_use]
pub fn chouette_url(base: &str, token: &str) -> String {
    format!("{}/c/{token}", base.trim_end_matches('/'))
}

/// The address of the page `link` leads to, under `base`.
#[must_use]
pub fn page_url(base: &str, link: &club::PageLink) -> String {
    match link.kind {
        club::PageKind::Match => match_url(base, &link.token),
        club::PageKind::Chouette => chouette_url(base, &link.token),
        club::PageKind::Player => player_url(base, &link.token),
        club::PageKind::League => league_url(base, &link.token),
        club::PageKind::Leaderboard => leaderboard_url(base, &link.token),
    }
}
