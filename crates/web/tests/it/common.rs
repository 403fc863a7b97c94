//! What the web tests share: a club on a test's store with provably fair dice, its pages
//! served on a free local port, a plain HTTP/1.1 GET, and moves made through the club.

use std::net::SocketAddr;
use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Choice, Club, Command, Look, MatchNo, MatchOp, MatchRef,
    RngDice,
};
use clubkit::{Fixture, START, run};
use testkit::store_url;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A name that is an HTML payload (a script).
pub const SCRIPT_NAME: &str = "<script>alert(1)</script>";
/// A name that is an HTML payload (an attribute break-out).
pub const IMG_NAME: &str = "\"><img src=x onerror=alert(1)>";

/// A club on a fresh store with provably fair dice, and its pages served.
pub struct Served {
    pub fixture: Fixture,
    pub addr: SocketAddr,
    pub running: web::Running,
}

impl Served {
    pub fn club(&self) -> &Arc<Club> {
        &self.fixture.club
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.running.task.abort();
    }
}

/// A club on a fresh store named `name`, with fair dice seeded by 7, served on
/// 127.0.0.1 at a port the system chooses.
pub async fn served(name: &str) -> Served {
    served_at(&store_url(name).await).await
}

/// [`served`] on the store at `url` (a suite that names the testkit's `store_url` itself
/// runs again on PostgreSQL in `scripts/test.sh`).
pub async fn served_at(url: &str) -> Served {
    served_with(url, web::Limits::default()).await
}

/// [`served_at`] under `limits`.
pub async fn served_with(url: &str, limits: web::Limits) -> Served {
    let fixture = Fixture::open(url, Arc::new(RngDice::fair_seeded(7)), START).await;
    let running = web::start_with(
        Arc::clone(&fixture.club),
        "127.0.0.1:0".parse().unwrap(),
        limits,
    )
    .await
    .unwrap();
    Served {
        fixture,
        addr: running.addr,
        running,
    }
}

/// An answer: status, headers (names in lower case) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// `GET path` over HTTP/1.1 (the connection closed after the answer).
pub async fn get(addr: SocketAddr, path: &str) -> Answer {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    read_answer(s).await
}

/// `GET path` saying the client accepts gzip (the body as it came over the wire).
pub async fn get_gzip(addr: SocketAddr, path: &str) -> Answer {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    read_answer(s).await
}

/// The answer read from `s`: up to its `Content-Length`, else until it closes.
pub async fn read_answer(mut s: tokio::net::TcpStream) -> Answer {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let split = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = s.read(&mut buf).await.unwrap();
        assert!(n > 0, "the answer ended before its headers");
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok());
    match length {
        Some(len) => {
            while raw.len() < split + 4 + len {
                let n = s.read(&mut buf).await.unwrap();
                assert!(n > 0, "the answer ended before its body");
                raw.extend_from_slice(&buf[..n]);
            }
        }
        None => {
            s.read_to_end(&mut raw).await.unwrap();
        }
    }
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = unchunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

/// A chunked body, joined.
fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let end = raw.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&raw[..end]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[end + 2..end + 2 + size]);
        raw = &raw[end + 2 + size + 2..];
    }
}

/// `a` challenges `b` to a `length`-point match and `b` accepts: its id.
pub async fn accepted(club: &Club, a: &str, b: &str, length: u32) -> MatchNo {
    clubkit::accepted(club, a, b, ChallengeSpec::standard(Some(length)))
        .await
        .0
}

/// Makes the next decision of match `id` through the club: a roll, or the first legal
/// play. Answers whether there was one.
pub async fn step(club: &Club, id: MatchNo, watcher: &str) -> bool {
    let m = MatchRef::id(id);
    let Some(next) = run(club, watcher, Command::Look(Look::Board(m))).await.next else {
        return false;
    };
    let who = Actor::local(&next.name);
    let cmd = if next
        .choices
        .iter()
        .any(|c| matches!(c, Choice::OpeningRoll | Choice::Roll))
    {
        Command::Match(m, MatchOp::Roll)
    } else {
        let plays = club.legal_moves(&who, m).await.unwrap();
        let Some(first) = plays.first() else {
            return false;
        };
        Command::Match(m, MatchOp::Move(first.clone()))
    };
    club.execute(&who, cmd).await.unwrap();
    true
}

/// `POST path` with a JSON body over HTTP/1.1 (the connection closed after the answer).
pub async fn post_json(addr: SocketAddr, path: &str, body: &str) -> Answer {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    read_answer(s).await
}

/// A 1-point match accepted between two Discord players, Dora and Eve (ids
/// 812345678901234567 and ...568, on server 900000000000000001): its id.
pub async fn discord_match(club: &Club) -> MatchNo {
    let discord = |id: &str, name: &str| Actor {
        platform: "discord".into(),
        user_id: id.into(),
        display_name: name.into(),
        community_id: "900000000000000001".into(),
        community_name: "A server".into(),
        channel: "700000000000000001".into(),
        identity: club::Identity::Account,
        reply_chars: None,
    };
    let dora = discord("812345678901234567", "Dora");
    let eve = discord("812345678901234568", "Eve");
    club.execute(&eve, Command::Look(Look::Games))
        .await
        .unwrap();
    let out = club
        .execute(
            &dora,
            Command::Challenge(ChallengeOp::New {
                opponent: "812345678901234568".into(),
                spec: ChallengeSpec::standard(Some(1)),
            }),
        )
        .await
        .unwrap();
    let m = out.match_id.unwrap();
    club.execute(
        &eve,
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(m))),
    )
    .await
    .unwrap();
    m
}
