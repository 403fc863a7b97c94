//! A stand-in for Discord on 127.0.0.1, written for the tests: an HTTP/1.1 server for the
//! REST API (through serenity's API proxy setting) and a websocket gateway that sends
//! HELLO, READY and the interactions a test pushes. Every request the bot makes is kept.
//!
//! It is strict like Discord: a request without `Authorization: Bot <token>` gets 401, an
//! unknown route 404, a second acknowledgement of an interaction 400 (40060), a message
//! over Discord's limits 400 (50035 Invalid Form Body), and so on. Whatever Discord would
//! refuse is answered as Discord answers it AND recorded as a violation, because serenity
//! may swallow the error: [`FakeDiscord::finish`] fails the test on any violation, and a
//! fake dropped without `finish()` fails the test too.
//!
//! It also keeps who sees what ([`FakeDiscord::shown`]), the way Discord decides it: a
//! reply (type 4) is seen by everyone unless flagged ephemeral (64); a deferred reply
//! (type 5) shows a placeholder whose visibility is fixed by the deferral's flags, and the
//! first followup (or an edit of `@original`) fills that placeholder, keeping its
//! visibility whatever the followup's flags say; after a deferred update (type 6, buttons)
//! every followup is a new message with its own flags. An ephemeral followup that turns
//! public that way, or a deferral left thinking, is a violation.
//!
//! What Discord does that is not the bot's fault can be staged: a player who refuses
//! direct messages ([`FakeDiscord::refuse_dms`], 403 50007) and a rate limit on a route
//! ([`FakeDiscord::rate_limit`], 429 with `Retry-After`), a slow answer on a route
//! ([`FakeDiscord::slow`]), and the gateway connection lost ([`FakeDiscord::drop_gateway`];
//! the bot may RESUME its session).

mod form_checks;
mod routes;
mod self_test;
mod sockets;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

use routes::reason;
use sockets::{read_request, session};

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 800_000_000_000_000_001;
/// A second guild, on the other shard of two: [`GUILD`] is on shard 1 of 2
/// (`(GUILD >> 22) % 2`), this one on shard 0.
pub const GUILD_B: u64 = 800_000_000_004_194_305;
/// The guilds the bot is in (listed in READY, each on the shard it belongs to).
pub const GUILDS: [u64; 2] = [GUILD, GUILD_B];
pub const CHANNEL: u64 = 700_000_000_000_000_001;
/// The bot token the tests give the bot; the fake wants `Authorization: Bot fake-token`.
pub const TOKEN: &str = "fake-token";
/// The GUILDS gateway intent (1 << 0), the only one the bot may ask for.
pub const GUILDS_INTENT: u64 = 1;

/// A request the bot made, with the fake's answer.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub content_type: String,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The status the fake answered.
    pub status: u16,
    /// The JSON the fake answered (null for 204).
    pub response: Value,
    /// When the fake received it.
    pub at: std::time::Instant,
}

impl Request {
    /// The value of header `name` (any case).
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The path without its query.
    #[must_use]
    pub fn route(&self) -> &str {
        self.path.split('?').next().unwrap_or("")
    }

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

/// An interaction sent to the bot.
struct Sent {
    token: String,
    /// 2 slash command, 3 button click, 4 autocomplete.
    kind: u64,
    acknowledged: bool,
    /// Who sent it.
    user: u64,
    /// The acknowledgement's type (4 to 9), once acknowledged.
    answer: Option<u64>,
    /// Who sees the original response (`None`: everyone), once there is one.
    original: Option<Option<u64>>,
    /// A deferred reply (type 5) whose placeholder is still "thinking".
    thinking: bool,
}

/// A message someone can see, as Discord shows it.
#[derive(Clone, Debug)]
pub struct Shown {
    /// Who sees it: `None` everyone in the channel, `Some(user)` that user only.
    pub to: Option<u64>,
    pub content: String,
    /// The request that made (or last changed) it: method and path.
    pub via: String,
    /// The interaction token whose original response it is, if it is one.
    pub original_of: Option<String>,
    pub deleted: bool,
}

/// The events of one shard: the sender, the receiver until a session takes it, and the
/// shard's sequence number.
struct Queue {
    tx: mpsc::UnboundedSender<Value>,
    rx: Option<mpsc::UnboundedReceiver<Value>>,
    seq: u64,
}

impl Queue {
    fn new() -> Queue {
        let (tx, rx) = mpsc::unbounded_channel();
        Queue {
            tx,
            rx: Some(rx),
            seq: 1,
        }
    }
}

/// The shard Discord sends a guild's events to.
#[must_use]
pub fn shard_of(guild: u64, total: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(total)).unwrap()
}

/// What the fake knows and what it saw.
#[derive(Default)]
struct State {
    requests: Vec<Request>,
    /// Everything Discord would have refused, in order.
    violations: Vec<String>,
    /// Interactions sent to the bot, by id.
    interactions: HashMap<String, Sent>,
    /// Threads the bot opened.
    threads: HashSet<u64>,
    /// The DM channel of each user the bot opened one with.
    dms: HashMap<u64, u64>,
    /// The last IDENTIFY payload's `d`.
    identify: Option<Value>,
    /// Every RESUME payload's `d`, in order.
    resumes: Vec<Value>,
    /// Every IDENTIFY payload's `d`, in order.
    identifies: Vec<Value>,
    /// The shard count of the first IDENTIFY (every session must agree).
    total_shards: Option<u32>,
    /// Each shard's gateway queue: events for it wait here until a session holds it.
    gateway: HashMap<u32, Queue>,
    /// What players see.
    shown: Vec<Shown>,
    /// Users who do not take direct messages from the bot.
    refuse_dms: HashSet<u64>,
    /// Staged rate limits: (method, route suffix, seconds, times left).
    rate_limits: Vec<(String, String, f64, usize)>,
    /// Staged slow answers: (method, route suffix, how long before the answer).
    slow: Vec<(String, String, Duration)>,
    /// Staged failures: (method, route suffix, status, times left).
    failures: Vec<(String, String, u16, usize)>,
    /// The first message made with each nonce sent with `enforce_nonce`.
    nonces: HashMap<String, Value>,
    /// The nonce of every message made with one, in order (a nonce sent again with
    /// `enforce_nonce` makes no new message).
    created_nonces: Vec<String>,
    /// The nonce (or nothing) of each request a staged slowness held, as it arrived.
    slowed: Vec<String>,
}

struct Shared {
    token: String,
    ws_url: String,
    /// Bumped to drop every gateway connection open ([`FakeDiscord::drop_gateway`]).
    drops: tokio::sync::watch::Sender<u64>,
    state: Mutex<State>,
    arrived: Notify,
}

/// The fake Discord of one test. Call [`FakeDiscord::finish`] at the end of the test: it
/// fails the test if the bot did anything Discord refuses.
pub struct FakeDiscord {
    pub api: String,
    shared: Arc<Shared>,
    finished: AtomicBool,
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

impl FakeDiscord {
    /// Starts the REST server and the gateway; the bot must use `token`.
    pub async fn start(token: &str) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api = format!("http://{}", http.local_addr().unwrap());
        let shared = Arc::new(Shared {
            token: token.to_string(),
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            drops: tokio::sync::watch::channel(0).0,
            state: Mutex::default(),
            arrived: Notify::new(),
        });
        let s = Arc::clone(&shared);
        tokio::spawn(async move {
            let mut ids = 500_000_000_000_000_000u64;
            while let Ok((sock, _)) = http.accept().await {
                let s = Arc::clone(&s);
                ids += 1000;
                let base = ids;
                tokio::spawn(async move {
                    let mut r = BufReader::new(sock);
                    let mut n = 0;
                    while let Some(mut req) = read_request(&mut r).await {
                        n += 1;
                        let slow =
                            s.state
                                .lock()
                                .unwrap()
                                .slow
                                .iter()
                                .find_map(|(m, suffix, d)| {
                                    (*m == req.method && req.route().ends_with(suffix.as_str()))
                                        .then_some(*d)
                                });
                        if let Some(d) = slow {
                            let nonce = req.json()["nonce"].as_str().unwrap_or("").to_string();
                            s.state.lock().unwrap().slowed.push(nonce);
                            s.arrived.notify_waiters();
                            tokio::time::sleep(d).await;
                        }
                        let (status, body, extra) = {
                            let mut st = s.state.lock().unwrap();
                            let (status, body, extra) = match st.take_rate_limit(&req) {
                                Some(secs) => (
                                    429,
                                    json!({"message": "You are being rate limited.",
                                           "retry_after": secs, "global": false}),
                                    format!(
                                        "retry-after: {secs}\r\nx-ratelimit-limit: 5\r\n\
                                         x-ratelimit-remaining: 0\r\n\
                                         x-ratelimit-reset-after: {secs}\r\n\
                                         x-ratelimit-scope: user\r\n"
                                    ),
                                ),
                                None => match st.take_failure(&req) {
                                    Some(status) => (
                                        status,
                                        json!({"message": "Internal Server Error", "code": 0}),
                                        String::new(),
                                    ),
                                    None => {
                                        let (status, body) = st.answer(&s, &req, base + n);
                                        (status, body, String::new())
                                    }
                                },
                            };
                            req.status = status;
                            req.response = body.clone();
                            st.requests.push(req);
                            (status, body, extra)
                        };
                        s.arrived.notify_waiters();
                        let text = if status == 204 {
                            String::new()
                        } else {
                            body.to_string()
                        };
                        let head = format!(
                            "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{extra}connection: keep-alive\r\n\r\n",
                            reason(status),
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
        let s = Arc::clone(&shared);
        tokio::spawn(async move {
            // One session per shard, as many as connect.
            while let Ok((sock, _)) = ws.accept().await {
                tokio::spawn(session(Arc::clone(&s), sock));
            }
        });
        FakeDiscord {
            api,
            shared,
            finished: AtomicBool::new(false),
        }
    }

    /// The gateway's address.
    #[must_use]
    pub fn ws_url(&self) -> String {
        self.shared.ws_url.clone()
    }

    /// Sends an interaction to the bot as an INTERACTION_CREATE event; it must be
    /// acknowledged exactly once.
    pub fn dispatch(&self, interaction: Value) {
        let id = interaction["id"].as_str().unwrap().to_string();
        let token = interaction["token"].as_str().unwrap().to_string();
        {
            let mut st = self.shared.state.lock().unwrap();
            assert!(
                !st.interactions.values().any(|s| s.token == token),
                "the test reuses the interaction token {token}"
            );
            let user = interaction["member"]["user"]["id"]
                .as_str()
                .or_else(|| interaction["user"]["id"].as_str())
                .and_then(|u| u.parse().ok())
                .unwrap_or(0);
            st.interactions.insert(
                id,
                Sent {
                    token,
                    kind: interaction["type"].as_u64().unwrap(),
                    acknowledged: false,
                    user,
                    answer: None,
                    original: None,
                    thinking: false,
                },
            );
        }
        // To the shard of the interaction's guild (direct messages: shard 0).
        let guild = interaction["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        let mut st = self.shared.state.lock().unwrap();
        let total = st.total_shards.unwrap_or(1);
        let shard = guild.map_or(0, |g| shard_of(g, total));
        let q = st.gateway.entry(shard).or_insert_with(Queue::new);
        q.seq += 1;
        let event = json!({"op": 0, "s": q.seq, "t": "INTERACTION_CREATE", "d": interaction});
        q.tx.send(event).unwrap();
    }

    /// Waits (up to 20 s) until no session holds `shard` (its process stopped), so that a
    /// new process may identify for it.
    pub async fn wait_shard_free(&self, shard: u32) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let free = self
                .shared
                .state
                .lock()
                .unwrap()
                .gateway
                .get(&shard)
                .is_none_or(|q| q.rx.is_some());
            if free {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "shard {shard} is still held by a session"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Every IDENTIFY payload (`d`) so far, in order (one per shard session).
    pub fn identifies(&self) -> Vec<Value> {
        self.shared.state.lock().unwrap().identifies.clone()
    }

    /// Every RESUME payload (`d`) so far, in order.
    pub fn resumes(&self) -> Vec<Value> {
        self.shared.state.lock().unwrap().resumes.clone()
    }

    /// Drops every gateway connection open now, as a network failure does: the TCP
    /// connection closes with no websocket close frame. Interactions sent meanwhile wait
    /// in their shard's queue for the next session (a RESUME gets them, as Discord
    /// replays missed events to a resumed session).
    pub fn drop_gateway(&self) {
        self.shared.drops.send_modify(|n| *n += 1);
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Request> {
        self.shared.state.lock().unwrap().requests.clone()
    }

    /// The last IDENTIFY payload (`d`) the bot sent, once it did.
    pub fn identify(&self) -> Option<Value> {
        self.shared.state.lock().unwrap().identify.clone()
    }

    /// Every message players saw so far (deleted ones marked).
    pub fn shown(&self) -> Vec<Shown> {
        self.shared.state.lock().unwrap().shown.clone()
    }

    /// The nonce of every message made with one, in order (Discord drops a message sent
    /// again with the same nonce and `enforce_nonce`).
    #[must_use]
    pub fn created_nonces(&self) -> Vec<String> {
        self.shared.state.lock().unwrap().created_nonces.clone()
    }

    /// The nonce (empty: none) of each request a staged slowness
    /// ([`FakeDiscord::slow`]) has held so far, as each arrived (before it is answered).
    #[must_use]
    pub fn slowed(&self) -> Vec<String> {
        self.shared.state.lock().unwrap().slowed.clone()
    }

    /// From now on `user` does not take direct messages: posting in his DM channel is
    /// answered 403 50007 (not a violation: the player's choice).
    pub fn refuse_dms(&self, user: u64) {
        self.shared.state.lock().unwrap().refuse_dms.insert(user);
    }

    /// Answers every `method` request to a route ending in `suffix` only after `wait`
    /// (Discord busy: a thread created slowly, say).
    pub fn slow(&self, method: &str, suffix: &str, wait: Duration) {
        self.shared
            .state
            .lock()
            .unwrap()
            .slow
            .push((method.to_string(), suffix.to_string(), wait));
    }

    /// The next `times` requests `method` to a route ending in `suffix` are answered 429
    /// with `Retry-After: seconds` (and `retry_after` in the body), as Discord does.
    pub fn rate_limit(&self, method: &str, suffix: &str, seconds: f64, times: usize) {
        self.shared.state.lock().unwrap().rate_limits.push((
            method.to_string(),
            suffix.to_string(),
            seconds,
            times,
        ));
    }

    /// The next `times` requests `method` to a route ending in `suffix` fail with
    /// `status` (a 500: Discord failing), as Discord answers when it is in trouble.
    pub fn fail(&self, method: &str, suffix: &str, status: u16, times: usize) {
        self.shared.state.lock().unwrap().failures.push((
            method.to_string(),
            suffix.to_string(),
            status,
            times,
        ));
    }

    /// The DM channel the bot opened with `user`, if it did.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.shared.state.lock().unwrap().dms.get(&user).copied()
    }

    /// The violations recorded so far, now forgiven (for the fake's own tests).
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.shared.state.lock().unwrap().violations)
    }

    /// Ends the test: waits until the bot has been quiet for 50 ms (at most 3 s), then
    /// fails if it did anything Discord refuses or left an interaction unacknowledged.
    pub async fn finish(&self) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        loop {
            let n = self.shared.state.lock().unwrap().requests.len();
            tokio::time::sleep(Duration::from_millis(50)).await;
            let m = self.shared.state.lock().unwrap().requests.len();
            if m == n || tokio::time::Instant::now() > deadline {
                break;
            }
        }
        self.finished.store(true, Ordering::SeqCst);
        let st = self.shared.state.lock().unwrap();
        let mut problems = st.violations.clone();
        // An interaction whose reply Discord itself failed (a staged 5xx) was never
        // acknowledged through no fault of the bot's.
        let failed_by_discord: HashSet<String> = st
            .requests
            .iter()
            .filter(|r| r.status >= 500 && r.route().ends_with("/callback"))
            .filter_map(|r| r.route().split('/').nth(4).map(str::to_string))
            .collect();
        let mut late: Vec<String> = st
            .interactions
            .iter()
            .filter(|(id, s)| !s.acknowledged && !failed_by_discord.contains(*id))
            .map(|(id, s)| {
                format!(
                    "interaction {id} (token {}) was never acknowledged",
                    s.token
                )
            })
            .collect();
        late.extend(
            st.interactions
                .iter()
                .filter(|(_, s)| s.thinking)
                .map(|(id, s)| {
                    format!(
                        "interaction {id} (token {}) was deferred and left thinking: Discord tells \
                 the player the application did not respond",
                        s.token
                    )
                }),
        );
        late.sort();
        problems.extend(late);
        drop(st);
        assert!(
            problems.is_empty(),
            "the bot did what Discord refuses:\n{}",
            problems.join("\n")
        );
    }

    /// Ends a test whose bot was stopped while interactions kept coming: fails if the bot
    /// did anything Discord refuses or left a deferral thinking, as [`FakeDiscord::finish`]
    /// does, but an interaction never acknowledged is no failure (it came as the bot
    /// disconnected, or after: Discord tells that player the application did not
    /// respond). Returns how many there were.
    pub async fn finish_stopped(&self) -> usize {
        self.finished.store(true, Ordering::SeqCst);
        let st = self.shared.state.lock().unwrap();
        let mut problems = st.violations.clone();
        problems.extend(
            st.interactions
                .iter()
                .filter(|(_, s)| s.thinking)
                .map(|(id, s)| format!("interaction {id} (token {}) left thinking", s.token)),
        );
        assert!(
            problems.is_empty(),
            "the bot did what Discord refuses:\n{}",
            problems.join("\n")
        );
        st.interactions.values().filter(|s| !s.acknowledged).count()
    }

    /// Waits for a request matching `pred` among those after the first `from`; panics with
    /// what the bot sent when none comes in 120 s (a guard against a hang, not a time the
    /// bot is held to: on a busy machine a gnubg move can take many seconds).
    pub async fn wait_for(&self, from: usize, pred: impl Fn(&Request) -> bool) -> Request {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
        loop {
            let notified = self.shared.arrived.notified();
            let found = {
                let st = self.shared.state.lock().unwrap();
                st.requests.iter().skip(from).find(|r| pred(r)).cloned()
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
                        format!("{} {} -> {} {body}", r.method, r.path, r.status)
                    })
                    .collect();
                panic!("no such request; the bot sent: {sent:#?}");
            }
        }
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        if std::thread::panicking() || self.finished.load(Ordering::SeqCst) {
            return;
        }
        let violations = self.shared.state.lock().unwrap().violations.clone();
        panic!(
            "the test ended without `fake.finish().await`, so the bot's requests were not checked \
             against Discord's rules; violations so far: {violations:#?}"
        );
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

/// A pick in a select menu (component type 3) of a message of the bot: `values` chosen.
#[must_use]
pub fn select(token: &str, who: (u64, &str), custom_id: &str, values: &[&str]) -> Value {
    let mut v = base(
        3,
        token,
        who,
        json!({"custom_id": custom_id, "component_type": 3, "values": values}),
    );
    v["message"] = message(300_000_000_000_000_001, &CHANNEL.to_string(), "drill");
    v
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
