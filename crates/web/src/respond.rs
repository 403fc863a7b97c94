//! What the handlers of every page share (`routes`, `league_routes`, `page_cache`):
//! reading a request's picture name and whether it accepts gzip, and the answers (a page,
//! nothing found, a failure, any other). It names none of the handlers' modules.

use axum::body::Body;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;

use crate::match_page::not_found_html;

/// An answer with this status, type, caching and body.
pub(crate) fn answer(
    status: StatusCode,
    kind: &str,
    cache: &str,
    body: impl Into<Body>,
) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, kind)
        .header(header::CACHE_CONTROL, cache)
        .body(body.into())
        .unwrap_or_default()
}

/// How an answer under a token is cached: by no one. Private (a shared cache, a proxy,
/// must not keep it) and not stored (a revoked link's page is kept nowhere; a live match
/// changes).
pub(crate) const PRIVATE: &str = "private, no-store";

/// How a past board is cached: by the browser only (private), for a year (it never
/// changes).
pub(crate) const PRIVATE_IMMUTABLE: &str = "private, max-age=31536000, immutable";

/// A page (private, never stored).
pub(crate) fn html(body: String) -> Response {
    answer(StatusCode::OK, "text/html; charset=utf-8", PRIVATE, body)
}

/// The answer to an address or token that finds nothing.
pub(crate) fn not_found() -> Response {
    answer(
        StatusCode::NOT_FOUND,
        "text/html; charset=utf-8",
        "no-store",
        not_found_html(),
    )
}

/// The answer when the club (or a kept page) fails (logged; the page says no more).
pub(crate) fn failed(e: &dyn std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a web page failed");
    answer(
        StatusCode::INTERNAL_SERVER_ERROR,
        "text/plain; charset=utf-8",
        "no-store",
        "This page cannot be shown now.",
    )
}

/// What a picture's file name names (`12.png`: step 12; `welsh.png`: the ruleset).
pub(crate) fn png_name<T: std::str::FromStr>(file: &str) -> Option<T> {
    file.strip_suffix(".png")?.parse().ok()
}

/// Whether the request's `Accept-Encoding` accepts gzip (not with `q=0`).
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts.next().is_some_and(|c| c.eq_ignore_ascii_case("gzip"))
                && parts.all(|p| {
                    !p.strip_prefix("q=")
                        .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
                })
        })
}
