//! The web port sheds abuse (issue 48): a connection that does not send its headers in
//! time is closed (idle, partial, or kept alive after an answer), connections past the
//! cap are closed at once, an address past its rate gets 429 with `Retry-After`, and a
//! render waits for a slot (503 when none frees).

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{accepted, get, read_answer, served_with};

/// Generous: a closed connection must be seen closed well within it.
const WITHIN: Duration = Duration::from_secs(10);

/// Whether the server closes `s` (EOF or reset) within [`WITHIN`], whatever it sends
/// first.
async fn closed(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 1024];
    let read_to_end = async {
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(WITHIN, read_to_end).await.is_ok()
}

fn limits() -> web::Limits {
    web::Limits {
        header_timeout: Duration::from_secs(1),
        ..web::Limits::default()
    }
}

#[tokio::test]
async fn a_connection_without_its_headers_in_time_is_closed() {
    let s = served_with(&testkit::store_url("web-header-timeout").await, limits()).await;
    // Nothing sent.
    let mut idle = TcpStream::connect(s.addr).await.unwrap();
    // Headers begun, never ended.
    let mut partial = TcpStream::connect(s.addr).await.unwrap();
    partial
        .write_all(b"GET /static/web.css HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .await
        .unwrap();
    // Kept alive after an answer, then silent.
    let mut kept = TcpStream::connect(s.addr).await.unwrap();
    kept.write_all(b"GET /static/icon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 4096];
    let n = kept.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "answered first");
    assert!(closed(&mut idle).await, "an idle connection is closed");
    assert!(closed(&mut partial).await, "partial headers: closed");
    assert!(
        closed(&mut kept).await,
        "a kept-alive idle connection is closed"
    );
}

#[tokio::test]
async fn headers_past_16_kb_are_refused() {
    let s = served_with(&testkit::store_url("web-header-size").await, limits()).await;
    let mut c = TcpStream::connect(s.addr).await.unwrap();
    let big = "a".repeat(32 * 1024);
    let req = format!("GET /static/web.css HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\n\r\n");
    // The server may stop reading (and close) before all is written.
    let _ = c.write_all(req.as_bytes()).await;
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(WITHIN, c.read_to_end(&mut raw)).await;
    let head = String::from_utf8_lossy(&raw[..raw.len().min(12)]).into_owned();
    assert!(
        raw.is_empty() || head.starts_with("HTTP/1.1 431"),
        "refused: {head:?}"
    );
}

#[tokio::test]
async fn connections_past_the_cap_are_closed_at_once_and_served_again_after() {
    let limits = web::Limits {
        max_connections: 2,
        header_timeout: Duration::from_secs(600),
        ..web::Limits::default()
    };
    let s = served_with(&testkit::store_url("web-connection-cap").await, limits).await;
    let first = TcpStream::connect(s.addr).await.unwrap();
    let _second = TcpStream::connect(s.addr).await.unwrap();
    let mut third = TcpStream::connect(s.addr).await.unwrap();
    assert!(closed(&mut third).await, "past the cap: closed");
    drop(first);
    // The first's slot is given back once its task sees it closed.
    let served = async {
        loop {
            if let Some(status) = try_get(s.addr, "/static/web.css").await {
                return status;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    assert_eq!(tokio::time::timeout(WITHIN, served).await, Ok(200));
}

/// `GET path`'s status, or `None` if the connection is closed before an answer.
async fn try_get(addr: SocketAddr, path: &str) -> Option<u16> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.ok()?;
    std::str::from_utf8(raw.get(9..12)?).ok()?.parse().ok()
}

/// `GET path` as the proxy on this machine forwards it for `client`.
async fn get_for(addr: SocketAddr, path: &str, client: &str) -> crate::common::Answer {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {client}\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    read_answer(s).await
}

#[tokio::test]
async fn an_address_past_its_rate_gets_429_with_retry_after() {
    let limits = web::Limits {
        per_second: NonZeroU32::new(1).unwrap(),
        burst: NonZeroU32::new(3).unwrap(),
        ..web::Limits::default()
    };
    let s = served_with(&testkit::store_url("web-rate-limit").await, limits).await;
    for _ in 0..3 {
        assert_eq!(get(s.addr, "/static/web.css").await.status, 200);
    }
    let over = get(s.addr, "/static/web.css").await;
    assert_eq!(over.status, 429);
    let wait: u64 = over.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=2).contains(&wait), "{wait}");
    assert_eq!(over.header("x-content-type-options"), Some("nosniff"));
    // Behind the proxy: each client its own count (the last address the proxy added).
    for _ in 0..3 {
        let a = get_for(s.addr, "/static/web.css", "198.51.100.1, 203.0.113.7").await;
        assert_eq!(a.status, 200);
    }
    assert_eq!(
        get_for(s.addr, "/static/web.css", "203.0.113.7")
            .await
            .status,
        429
    );
    assert_eq!(
        get_for(s.addr, "/static/web.css", "203.0.113.8")
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn a_render_without_a_free_slot_answers_503_and_kept_files_are_served() {
    let limits = web::Limits {
        renders: 0,
        render_wait: Duration::from_millis(200),
        ..web::Limits::default()
    };
    let s = served_with(&testkit::store_url("web-render-slots").await, limits).await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    let token = club.web().match_link(id).await.unwrap();
    for tail in ["", "/board/0.png", "/dice", "/dice.json", "/file"] {
        let a = get(s.addr, &format!("/m/{token}{tail}")).await;
        assert_eq!(a.status, 503, "{tail}");
        assert_eq!(a.header("retry-after"), Some("1"), "{tail}");
    }
    assert_eq!(
        get(s.addr, &format!("/m/{token}/version.json"))
            .await
            .status,
        200
    );
    assert_eq!(get(s.addr, "/static/web.css").await.status, 200);
}
