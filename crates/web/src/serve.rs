//! Serving, and shedding abuse (`docs/web.md`, "Abuse"): the web port shares the bot's
//! process, its runtime and its file handles with the chat, so whatever the port
//! receives must not starve them.
//!
//! - every connection must send a request's headers within `header_timeout` (hyper's
//!   header-read timeout: the first request's and each next one's on a kept-alive
//!   connection, so an idle connection is closed too), a handler answers within
//!   `request_timeout` (tower-http, else 408), and no connection lives longer than
//!   `connection_age` (then it is closed gracefully); a connection buffers at most 16 KB
//!   of headers (431 past it);
//! - at most `max_connections` at once: past them a new connection is closed at once (its
//!   handle is given back, not held);
//! - each client address (IPv6 by its /64) gets `per_second` requests a second, in bursts
//!   of `burst` (governor's GCRA); past it, 429 with `Retry-After`. Behind the proxy every
//!   request comes from loopback: then the address is the last one the proxy added to
//!   `X-Forwarded-For`;
//! - a page, board or chart is rendered (a replay, a drawing) holding one of `renders`
//!   slots ([`Renders`]); a request that waits `render_wait` for one is answered 503 with
//!   `Retry-After`. Pages and boards already kept are served without a slot.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::pin::pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{Semaphore, SemaphorePermit};
use tower::ServiceExt;

use crate::respond::answer;

/// What the server allows before it sheds (`docs/web.md`, "Abuse"); [`Limits::default`]
/// is what the bot serves with.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a connection may take to send a request's headers (the first, or the
    /// next on a kept-alive connection): past it, it is closed.
    pub header_timeout: Duration,
    /// How long a handler may take to answer: past it, 408.
    pub request_timeout: Duration,
    /// How long a connection may live: then it is closed (gracefully; a client
    /// reconnects).
    pub connection_age: Duration,
    /// How many connections are served at once; past it, a new one is closed at once.
    pub max_connections: usize,
    /// Requests a second a client address may make, on average.
    pub per_second: NonZeroU32,
    /// Requests a client address may make at once.
    pub burst: NonZeroU32,
    /// How many renders (a page's replay, a board's or chart's drawing) run at once.
    pub renders: usize,
    /// How long a request waits for a render slot before it is answered 503.
    pub render_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Limits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            connection_age: Duration::from_secs(300),
            max_connections: 256,
            per_second: NonZeroU32::new(20).unwrap_or(NonZeroU32::MIN),
            burst: NonZeroU32::new(120).unwrap_or(NonZeroU32::MIN),
            // Half the cores: the chat's commands keep the rest of the runtime.
            renders: cores.div_ceil(2),
            render_wait: Duration::from_secs(5),
        }
    }
}

/// The render slots: a page, board or chart is rendered holding one.
pub(crate) struct Renders {
    slots: Semaphore,
    wait: Duration,
    /// How many slots were taken: the renders the caches did not spare.
    taken: AtomicU64,
}

impl Renders {
    pub(crate) fn new(limits: &Limits) -> Renders {
        Renders {
            slots: Semaphore::new(limits.renders),
            wait: limits.render_wait,
            taken: AtomicU64::new(0),
        }
    }

    /// How many slots were taken so far.
    pub(crate) fn taken(&self) -> u64 {
        self.taken.load(Ordering::Relaxed)
    }

    /// A slot, or the answer that none freed in time (503, `Retry-After: 1`).
    pub(crate) async fn slot(&self) -> Result<SemaphorePermit<'_>, Response> {
        match tokio::time::timeout(self.wait, self.slots.acquire()).await {
            Ok(Ok(permit)) => {
                self.taken.fetch_add(1, Ordering::Relaxed);
                Ok(permit)
            }
            _ => {
                let mut r = answer(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "text/plain; charset=utf-8",
                    "no-store",
                    "The server is busy: try again in a moment.",
                );
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                Err(r)
            }
        }
    }
}

/// The client address a connection came from (put in each request's extensions).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer(pub(crate) SocketAddr);

/// The per-address rate limiter.
pub(crate) type Limiter = DefaultKeyedRateLimiter<IpAddr>;

/// The rate limiter of `limits`.
pub(crate) fn limiter(limits: &Limits) -> Arc<Limiter> {
    let quota = Quota::per_second(limits.per_second).allow_burst(limits.burst);
    Arc::new(RateLimiter::keyed(quota))
}

/// The address a request is counted against: the connection's peer; behind a proxy on
/// this machine (a loopback peer), the last address of `X-Forwarded-For` (the one the
/// proxy added). An IPv6 address counts by its /64 (one host's share).
fn client(peer: Option<SocketAddr>, headers: &HeaderMap) -> IpAddr {
    let peer = peer.map_or(IpAddr::from([0, 0, 0, 0]), |p| p.ip().to_canonical());
    let ip = if peer.is_loopback() {
        headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok())
            .map_or(peer, |ip| ip.to_canonical())
    } else {
        peer
    };
    match ip {
        IpAddr::V6(v6) => IpAddr::from(std::net::Ipv6Addr::from(
            u128::from(v6) & !((1u128 << 64) - 1),
        )),
        v4 @ IpAddr::V4(_) => v4,
    }
}

/// The rate limit: a request over its address's quota is answered 429 with
/// `Retry-After` (whole seconds, at least 1).
pub(crate) async fn rate_limit(
    State(limiter): State<Arc<Limiter>>,
    req: Request,
    next: Next,
) -> Response {
    let peer = req.extensions().get::<Peer>().map(|p| p.0);
    let ip = client(peer, req.headers());
    match limiter.check_key(&ip) {
        Ok(()) => next.run(req).await,
        Err(not_until) => {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            let mut r = answer(
                StatusCode::TOO_MANY_REQUESTS,
                "text/plain; charset=utf-8",
                "no-store",
                "Too many requests: try again in a moment.",
            );
            if let Ok(v) = HeaderValue::from_str(&secs.max(1).to_string()) {
                r.headers_mut().insert(header::RETRY_AFTER, v);
            }
            r
        }
    }
}

/// How many bytes of a request's headers a connection buffers (hyper's default is about
/// 400 KB): past it, the request is refused (431). A GET of these pages sends well under
/// a kilobyte; capped connections holding partial headers hold a few megabytes at most.
const HEADERS_KEPT: usize = 16 * 1024;

/// Serves `app` on `listener` under `limits` until the task is aborted; `limiter` (the
/// app's) forgets the addresses it no longer needs every minute.
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
    limiter: Arc<Limiter>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let mut forget = tokio::time::interval(Duration::from_secs(60));
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = forget.tick() => {
                limiter.retain_recent();
                limiter.shrink_to_fit();
                continue;
            }
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of handles, most likely: wait for some to be given back.
                tracing::warn!(error = %e, "the web server could not accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            // Shed: closed at once, its handle given back.
            drop(stream);
            continue;
        };
        let app = app.clone();
        let limits = limits.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let service = hyper::service::service_fn(move |mut req: Request<_>| {
                req.extensions_mut().insert(Peer(peer));
                app.clone().oneshot(req.map(axum::body::Body::new))
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .max_buf_size(HEADERS_KEPT);
            let mut conn = pin!(builder.serve_connection(TokioIo::new(stream), service));
            tokio::select! {
                _ = conn.as_mut() => {}
                () = tokio::time::sleep(limits.connection_age) => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(limits.header_timeout, conn).await;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_the_peer_or_behind_a_loopback_proxy_the_last_forwarded_address() {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "10.0.0.9, 203.0.113.7".parse().unwrap());
        let remote: SocketAddr = "198.51.100.2:4000".parse().unwrap();
        let local: SocketAddr = "127.0.0.1:4000".parse().unwrap();
        assert_eq!(client(Some(remote), &h), remote.ip(), "not trusted");
        assert_eq!(
            client(Some(local), &h),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client(Some(local), &HeaderMap::new()), local.ip());
        let v6: SocketAddr = "[2001:db8:1:2:3:4:5:6]:80".parse().unwrap();
        assert_eq!(
            client(Some(v6), &HeaderMap::new()),
            "2001:db8:1:2::".parse::<IpAddr>().unwrap(),
            "an IPv6 host counts by its /64"
        );
    }
}
