//! A stand-in for Discord on 127.0.0.1, written for the tests: an HTTP/1.1 server for the
//! REST API (through serenity's API proxy setting) and a websocket gateway that sends
//! HELLO, READY and the interactions a test pushes. Every request the bot makes is kept.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 800_000_000_000_000_001;
pub const CHANNEL: u64 = 700_000_000_000_000_001;

/// A request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Request {
    /// The JSON body (of a multipart request: its `payload_json` part).
    #[must_use]
    pub fn json(&self) -> Value {
        if self.content_type.starts_with("multipart/form-data") {
            for (headers, body) in self.parts() {
                if headers.contains("name=\"payload_json\"") {
                    return serde_json::from_slice(&body).unwrap_or(Value::Null);
                }
            }
            return Value::Null;
        }
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// The parts of a multipart body: (headers, content).
    #[must_use]
    pub fn parts(&self) -> Vec<(String, Vec<u8>)> {
        let Some(b) = self.content_type.split("boundary=").nth(1) else {
            return Vec::new();
        };
        let boundary = format!("--{}", b.trim_matches('"'));
        let body = &self.body;
        let mut out = Vec::new();
        let mut starts = Vec::new();
        let bb = boundary.as_bytes();
        let mut i = 0;
        while i + bb.len() <= body.len() {
            if &body[i..i + bb.len()] == bb {
                starts.push(i);
                i += bb.len();
            } else {
                i += 1;
            }
        }
        for w in starts.windows(2) {
            let part = &body[w[0] + bb.len()..w[1]];
            let part = part.strip_prefix(b"\r\n").unwrap_or(part);
            let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
                continue;
            };
            let headers = String::from_utf8_lossy(&part[..split]).to_string();
            let mut content = part[split + 4..].to_vec();
            if content.ends_with(b"\r\n") {
                content.truncate(content.len() - 2);
            }
            out.push((headers, content));
        }
        out
    }

    /// The files attached: (file name, bytes).
    #[must_use]
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        self.parts()
            .into_iter()
            .filter_map(|(h, body)| {
                let name = h
                    .split("filename=\"")
                    .nth(1)?
                    .split('"')
                    .next()?
                    .to_string();
                Some((name, body))
            })
            .collect()
    }
}

pub struct FakeDiscord {
    pub api: String,
    requests: Arc<Mutex<Vec<Request>>>,
    arrived: Arc<Notify>,
    events: mpsc::UnboundedSender<Value>,
    seq: std::sync::atomic::AtomicU64,
}

async fn read_request(r: &mut BufReader<TcpStream>) -> Option<Request> {
    let mut line = String::new();
    if r.read_line(&mut line).await.ok()? == 0 {
        return None;
    }
    let mut it = line.split_whitespace();
    let method = it.next()?.to_string();
    let path = it.next()?.to_string();
    let mut length = 0usize;
    let mut chunked = false;
    let mut content_type = String::new();
    loop {
        let mut h = String::new();
        r.read_line(&mut h).await.ok()?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':')?;
        let v = v.trim();
        match k.to_ascii_lowercase().as_str() {
            "content-length" => length = v.parse().ok()?,
            "transfer-encoding" => chunked = v.eq_ignore_ascii_case("chunked"),
            "content-type" => content_type = v.to_string(),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).await.ok()?;
            let n = usize::from_str_radix(size.trim(), 16).ok()?;
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).await.ok()?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
    } else {
        body.resize(length, 0);
        r.read_exact(&mut body).await.ok()?;
    }
    Some(Request {
        method,
        path,
        content_type,
        body,
    })
}

/// A message object as Discord returns it.
#[must_use]
pub fn message(id: u64, channel: &str, content: &str) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel,
        "author": user(BOT_ID, "gammonbot"),
        "content": content,
        "timestamp": "2026-11-22T10:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": []
    })
}

/// A user object.
#[must_use]
pub fn user(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": id == BOT_ID,
    })
}

fn respond(req: &Request, next_id: u64) -> (u16, Value) {
    let p = req.path.split('?').next().unwrap_or("");
    let seg: Vec<&str> = p.trim_start_matches("/api/v10/").split('/').collect();
    match (req.method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) => (200, Value::Null), // filled by the caller
        ("GET", ["users", "@me"]) => (200, user(BOT_ID, "gammonbot")),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let cmds = req.json();
            let list: Vec<Value> = cmds
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .enumerate()
                .map(|(i, mut c)| {
                    c["id"] = json!((600_000_000_000_000_000u64 + i as u64).to_string());
                    c["application_id"] = json!(APP_ID.to_string());
                    c["version"] = json!("1");
                    c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                    c
                })
                .collect();
            (200, Value::Array(list))
        }
        ("POST", ["interactions", _, _, "callback"]) => (204, Value::Null),
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            (200, message(next_id, &CHANNEL.to_string(), "followup"))
        }
        ("GET", ["webhooks", _, _, "messages", _]) => {
            (200, message(next_id, &CHANNEL.to_string(), "original"))
        }
        ("POST", ["channels", ch, "messages"]) => (200, message(next_id, ch, "posted")),
        ("POST", ["channels", _, "threads"]) => (
            201,
            json!({"id": next_id.to_string(), "type": 11, "guild_id": GUILD.to_string(),
                   "name": "thread", "parent_id": CHANNEL.to_string()}),
        ),
        ("POST", ["users", "@me", "channels"]) => {
            let to = req.json()["recipient_id"]
                .as_str()
                .unwrap_or("0")
                .to_string();
            let to: u64 = to.parse().unwrap_or(0);
            (
                200,
                json!({"id": next_id.to_string(), "type": 1, "recipients": [user(to, "player")]}),
            )
        }
        _ => (404, json!({"message": "Unknown route", "code": 0})),
    }
}

impl FakeDiscord {
    /// Starts the REST server and the gateway.
    pub async fn start() -> Arc<FakeDiscord> {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api = format!("http://{}", http.local_addr().unwrap());
        let ws_url = format!("ws://{}", ws.local_addr().unwrap());
        let (tx, rx) = mpsc::unbounded_channel();
        let fake = Arc::new(FakeDiscord {
            api,
            requests: Arc::default(),
            arrived: Arc::default(),
            events: tx,
            seq: std::sync::atomic::AtomicU64::new(2),
        });
        let f = Arc::clone(&fake);
        tokio::spawn(async move {
            let mut ids = 500_000_000_000_000_000u64;
            while let Ok((sock, _)) = http.accept().await {
                let f = Arc::clone(&f);
                let ws_url = ws_url.clone();
                ids += 1000;
                let base = ids;
                tokio::spawn(async move {
                    let mut r = BufReader::new(sock);
                    let mut n = 0;
                    while let Some(req) = read_request(&mut r).await {
                        n += 1;
                        let (status, mut body) = respond(&req, base + n);
                        if req.path.starts_with("/api/v10/gateway") {
                            body = json!({"url": ws_url});
                        }
                        f.requests.lock().unwrap().push(req);
                        f.arrived.notify_waiters();
                        let text = if status == 204 {
                            String::new()
                        } else {
                            body.to_string()
                        };
                        let reason = match status {
                            200 => "OK",
                            201 => "Created",
                            204 => "No Content",
                            _ => "Not Found",
                        };
                        let head = format!(
                            "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: keep-alive\r\n\r\n",
                            text.len()
                        );
                        let w = r.get_mut();
                        if w.write_all(head.as_bytes()).await.is_err()
                            || w.write_all(text.as_bytes()).await.is_err()
                        {
                            return;
                        }
                    }
                });
            }
        });
        tokio::spawn(async move {
            let mut rx = rx;
            // One bot, one session.
            let Ok((sock, _)) = ws.accept().await else {
                return;
            };
            let Ok(mut socket) = tokio_tungstenite::accept_async(sock).await else {
                return;
            };
            let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
            socket.send(Message::Text(hello.to_string())).await.unwrap();
            // IDENTIFY
            loop {
                match socket.next().await {
                    Some(Ok(Message::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).unwrap();
                        if v["op"] == 2 {
                            break;
                        }
                    }
                    Some(Ok(_)) => {}
                    _ => return,
                }
            }
            let ready = json!({"op": 0, "s": 1, "t": "READY", "d": {
                "v": 10,
                "user": user(BOT_ID, "gammonbot"),
                "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                "session_id": "fake-session",
                "resume_gateway_url": "ws://127.0.0.1:1",
                "application": {"id": APP_ID.to_string(), "flags": 0},
            }});
            socket.send(Message::Text(ready.to_string())).await.unwrap();
            loop {
                tokio::select! {
                    incoming = socket.next() => match incoming {
                        Some(Ok(Message::Text(t))) => {
                            let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                            if v["op"] == 1 {
                                let ack = json!({"op": 11});
                                let _ = socket.send(Message::Text(ack.to_string())).await;
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => return,
                    },
                    event = rx.recv() => match event {
                        Some(e) => {
                            if socket.send(Message::Text(e.to_string())).await.is_err() {
                                return;
                            }
                        }
                        None => return,
                    },
                }
            }
        });
        fake
    }

    /// Sends an interaction to the bot as an INTERACTION_CREATE event.
    pub fn dispatch(&self, interaction: Value) {
        let s = self.seq.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let event = json!({"op": 0, "s": s, "t": "INTERACTION_CREATE", "d": interaction});
        self.events.send(event).unwrap();
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }

    /// Waits (up to 20 s) for a request matching `pred` among those after the first `from`.
    pub async fn wait_for(&self, from: usize, pred: impl Fn(&Request) -> bool) -> Request {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.arrived.notified();
            let found = {
                let v = self.requests.lock().unwrap();
                v.iter().skip(from).find(|r| pred(r)).cloned()
            };
            if let Some(r) = found {
                return r;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let sent: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| {
                        let body: String =
                            String::from_utf8_lossy(&r.body).chars().take(300).collect();
                        format!("{} {} {body}", r.method, r.path)
                    })
                    .collect();
                panic!("no such request; the bot sent: {sent:#?}");
            }
        }
    }
}

/// A guild member object for `user`.
#[must_use]
pub fn member(id: u64, name: &str, permissions: &str) -> Value {
    json!({
        "user": user(id, name),
        "roles": [],
        "joined_at": "2026-01-01T00:00:00.000000+00:00",
        "deaf": false,
        "mute": false,
        "flags": 0,
        "permissions": permissions,
    })
}

static NEXT_INTERACTION: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(400_000_000_000_000_001);

fn base(kind: u8, token: &str, who: (u64, &str), data: Value) -> Value {
    let id = NEXT_INTERACTION.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD.to_string(),
        "channel_id": CHANNEL.to_string(),
        "member": member(who.0, who.1, "0"),
        "token": token,
        "version": 1,
        "app_permissions": "2147483647",
        "locale": "en-GB",
        "guild_locale": "en-GB",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
    })
}

/// A slash command from `who` with `options` (`[{"name", "type", "value"}]`) and
/// `resolved` users.
#[must_use]
pub fn slash(token: &str, who: (u64, &str), name: &str, options: Value, resolved: Value) -> Value {
    base(
        2,
        token,
        who,
        json!({"id": "600000000000000001", "name": name, "type": 1,
               "options": options, "resolved": resolved}),
    )
}

/// An autocomplete request: `focused` is the option being typed.
#[must_use]
pub fn autocomplete(token: &str, who: (u64, &str), name: &str, options: Value) -> Value {
    base(
        4,
        token,
        who,
        json!({"id": "600000000000000001", "name": name, "type": 1, "options": options}),
    )
}

/// A button click on a message of the bot.
#[must_use]
pub fn click(token: &str, who: (u64, &str), custom_id: &str) -> Value {
    let mut v = base(
        3,
        token,
        who,
        json!({"custom_id": custom_id, "component_type": 2}),
    );
    v["message"] = message(300_000_000_000_000_001, &CHANNEL.to_string(), "board");
    v
}
