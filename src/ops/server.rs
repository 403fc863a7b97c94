//! The HTTP side of the operator's endpoint (hyper, HTTP/1.1): `GET /metrics` (the
//! text of [`Metrics::text`]) and `GET /healthz` (200 `ok`, or 503 with the reason when
//! the database cannot be written). Nothing else is served; it listens on an address of
//! its own (`METRICS_ADDR`), not meant for the public.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;

use super::metrics::Metrics;

/// The content type of the OpenMetrics text format.
const METRICS_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Listens on `addr` and serves `/metrics` and `/healthz` for `club` on a task of its
/// own; gives the address bound (its port, when `addr` asked for port 0).
///
/// # Errors
/// The address cannot be bound.
pub async fn start(addr: SocketAddr, club: Arc<club::Club>) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let metrics = Arc::new(Metrics::new(club));
    tracing::info!(address = %bound, "metrics and health endpoint listening");
    tokio::spawn(async move {
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::warn!(error = %e, "metrics endpoint: accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            };
            let metrics = Arc::clone(&metrics);
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let metrics = Arc::clone(&metrics);
                    async move { Ok::<_, Infallible>(answer(&metrics, &req).await) }
                });
                if let Err(e) = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await
                {
                    tracing::debug!(error = %e, "metrics endpoint: connection ended");
                }
            });
        }
    });
    Ok(bound)
}

/// The answer to one request.
async fn answer(metrics: &Metrics, req: &Request<Incoming>) -> Response<Full<Bytes>> {
    if req.method() != Method::GET {
        return plain(StatusCode::METHOD_NOT_ALLOWED, "only GET\n".into());
    }
    match req.uri().path() {
        "/metrics" => {
            let mut r = Response::new(Full::new(Bytes::from(metrics.text().await)));
            r.headers_mut().insert(
                hyper::header::CONTENT_TYPE,
                hyper::header::HeaderValue::from_static(METRICS_TYPE),
            );
            r
        }
        "/healthz" => match metrics.health().await {
            Ok(()) => plain(StatusCode::OK, "ok\n".into()),
            Err(e) => {
                tracing::warn!(error = %e, "health check failed");
                plain(StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n"))
            }
        },
        _ => plain(
            StatusCode::NOT_FOUND,
            "not found: /metrics or /healthz\n".into(),
        ),
    }
}

/// A plain-text answer.
fn plain(status: StatusCode, text: String) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(Bytes::from(text)));
    *r.status_mut() = status;
    r.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}
