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
//! ([`FakeDiscord::rate_limit`], 429 with `Retry-After`).

mod self_test;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

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
}

struct Shared {
    token: String,
    ws_url: String,
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
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        r.read_line(&mut h).await.ok()?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':')?;
        let (k, v) = (k.trim().to_ascii_lowercase(), v.trim());
        match k.as_str() {
            "content-length" => length = v.parse().ok()?,
            "transfer-encoding" => chunked = v.eq_ignore_ascii_case("chunked"),
            "content-type" => content_type = v.to_string(),
            _ => {}
        }
        headers.push((k, v.to_string()));
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
        headers,
        body,
        status: 0,
        response: Value::Null,
        at: std::time::Instant::now(),
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

/// One field Discord refuses: (dotted path in the body, error code, message).
type Problem = (String, &'static str, String);

fn problem(path: impl Into<String>, code: &'static str, message: impl Into<String>) -> Problem {
    (path.into(), code, message.into())
}

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn is(segment: &str, id: u64) -> bool {
    segment.parse::<u64>() == Ok(id)
}

/// The fields of a message body (create or edit) over Discord's limits: content at most
/// 2000 characters; at most 5 action rows of 1 to 5 buttons, each `custom_id` 1 to 100
/// characters and unique in the message, each label at most 80; attachment descriptions
/// at most 1024 characters.
fn message_problems(m: &Value, at: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let content = chars(&m["content"]);
    if content > 2000 {
        out.push(problem(
            format!("{at}content"),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 2000 or fewer in length ({content} given)."),
        ));
    }
    if let Some(rows) = m["components"].as_array() {
        if rows.len() > 5 {
            out.push(problem(
                format!("{at}components"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 5 or fewer in length ({} given).", rows.len()),
            ));
        }
        let mut ids = HashSet::new();
        for (i, row) in rows.iter().enumerate() {
            let here = format!("{at}components.{i}");
            if row["type"] != 1 {
                out.push(problem(
                    format!("{here}.type"),
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows (type 1).",
                ));
            }
            let items = row["components"].as_array().cloned().unwrap_or_default();
            if items.is_empty() || items.len() > 5 {
                out.push(problem(
                    format!("{here}.components"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 5 in length ({} given).", items.len()),
                ));
            }
            for (j, b) in items.iter().enumerate() {
                let here = format!("{here}.components.{j}");
                if b["type"] != 2 {
                    continue;
                }
                let style = b["style"].as_u64().unwrap_or(0);
                if !(1..=6).contains(&style) {
                    out.push(problem(
                        format!("{here}.style"),
                        "BASE_TYPE_CHOICES",
                        "Value must be one of {1, 2, 3, 4, 5, 6}.",
                    ));
                }
                if (1..=4).contains(&style) {
                    let n = chars(&b["custom_id"]);
                    if !(1..=100).contains(&n) {
                        out.push(problem(
                            format!("{here}.custom_id"),
                            "BASE_TYPE_BAD_LENGTH",
                            format!("Must be between 1 and 100 in length ({n} given)."),
                        ));
                    }
                    if let Some(id) = b["custom_id"].as_str()
                        && !ids.insert(id.to_string())
                    {
                        out.push(problem(
                            format!("{here}.custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            format!("Component custom id cannot be duplicated ({id})."),
                        ));
                    }
                }
                let label = chars(&b["label"]);
                if label > 80 {
                    out.push(problem(
                        format!("{here}.label"),
                        "BASE_TYPE_MAX_LENGTH",
                        format!("Must be 80 or fewer in length ({label} given)."),
                    ));
                }
            }
        }
    }
    for (k, a) in m["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let n = chars(&a["description"]);
        if n > 1024 {
            out.push(problem(
                format!("{at}attachments.{k}.description"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 1024 or fewer in length ({n} given)."),
            ));
        }
    }
    out
}

/// A message with nothing in it (Discord: 50006 Cannot send an empty message).
fn empty_message(m: &Value, req: &Request) -> bool {
    let none = |k: &str| match &m[k] {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    };
    none("content")
        && none("components")
        && none("embeds")
        && none("sticker_ids")
        && m["poll"].is_null()
        && req.files().is_empty()
}

/// Autocomplete choices over Discord's limits: at most 25, names 1 to 100 characters,
/// string values at most 100.
fn choice_problems(choices: &Value, at: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let Some(list) = choices.as_array() else {
        return vec![problem(at, "BASE_TYPE_REQUIRED", "This field is required")];
    };
    if list.len() > 25 {
        out.push(problem(
            at,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 25 or fewer in length ({} given).", list.len()),
        ));
    }
    for (i, c) in list.iter().enumerate() {
        let n = chars(&c["name"]);
        if !(1..=100).contains(&n) {
            out.push(problem(
                format!("{at}.{i}.name"),
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between 1 and 100 in length ({n} given)."),
            ));
        }
        if c["value"].is_string() && chars(&c["value"]) > 100 {
            out.push(problem(
                format!("{at}.{i}.value"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            ));
        }
    }
    out
}

/// Application commands over Discord's limits: at most 100; names 1 to 32 lower-case
/// letters, digits, `-` or `_`, unique; descriptions 1 to 100 characters; at most 25
/// options, required ones first; at most 25 choices.
fn command_problems(cmds: &Value) -> Vec<Problem> {
    fn name_ok(n: &str) -> bool {
        (1..=32).contains(&n.chars().count())
            && n.chars().all(|c| {
                c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
            })
    }
    fn options(list: &Value, at: &str, out: &mut Vec<Problem>) {
        let Some(list) = list.as_array() else { return };
        if list.len() > 25 {
            out.push(problem(
                at,
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            ));
        }
        let mut names = HashSet::new();
        let mut optional_seen = false;
        for (i, o) in list.iter().enumerate() {
            let here = format!("{at}.{i}");
            let name = o["name"].as_str().unwrap_or("");
            if !name_ok(name) || !names.insert(name.to_string()) {
                out.push(problem(
                    format!("{here}.name"),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    format!("Invalid or repeated option name {name:?}."),
                ));
            }
            let d = chars(&o["description"]);
            if !(1..=100).contains(&d) {
                out.push(problem(
                    format!("{here}.description"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 100 in length ({d} given)."),
                ));
            }
            let sub = matches!(o["type"].as_u64(), Some(1 | 2));
            if !sub {
                let required = o["required"].as_bool().unwrap_or(false);
                if required && optional_seen {
                    out.push(problem(
                        format!("{here}.required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options.",
                    ));
                }
                optional_seen |= !required;
            }
            if !o["choices"].is_null() {
                out.extend(choice_problems(&o["choices"], &format!("{here}.choices")));
            }
            options(&o["options"], &format!("{here}.options"), out);
        }
    }
    let mut out = Vec::new();
    let Some(list) = cmds.as_array() else {
        return vec![problem(
            "",
            "ARRAY_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        )];
    };
    if list.len() > 100 {
        out.push(problem(
            "",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    let mut names = HashSet::new();
    for (i, c) in list.iter().enumerate() {
        let kind = c["type"].as_u64().unwrap_or(1);
        let name = c["name"].as_str().unwrap_or("");
        let ok = if kind == 1 {
            name_ok(name)
        } else {
            (1..=32).contains(&name.chars().count())
        };
        if !ok || !names.insert((kind, name.to_string())) {
            out.push(problem(
                format!("{i}.name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Invalid or repeated command name {name:?}."),
            ));
        }
        if kind == 1 {
            let d = chars(&c["description"]);
            if !(1..=100).contains(&d) {
                out.push(problem(
                    format!("{i}.description"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 100 in length ({d} given)."),
                ));
            }
        }
        options(&c["options"], &format!("{i}.options"), &mut out);
    }
    out
}

/// Discord's `errors` object: the problems nested by their dotted paths.
fn form_errors(problems: &[Problem]) -> Value {
    let mut root = Value::Object(Map::new());
    for (path, code, message) in problems {
        let mut at = &mut root;
        for key in path.split('.').filter(|k| !k.is_empty()) {
            at = at
                .as_object_mut()
                .unwrap()
                .entry(key.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
        }
        let errs = at
            .as_object_mut()
            .unwrap()
            .entry("_errors".to_string())
            .or_insert_with(|| json!([]));
        errs.as_array_mut()
            .unwrap()
            .push(json!({"code": code, "message": message}));
    }
    root
}

impl State {
    /// Answers as Discord refuses (`status`, JSON error `code`) and records the violation.
    fn refuse(
        &mut self,
        req: &Request,
        status: u16,
        code: u64,
        message: &str,
        why: &str,
    ) -> (u16, Value) {
        self.violations.push(format!(
            "{status} {code} {message} -- {} {}: {why}",
            req.method, req.path
        ));
        (status, json!({"message": message, "code": code}))
    }

    /// Refuses with 400 50035 Invalid Form Body listing `problems`.
    fn invalid_form(&mut self, req: &Request, problems: &[Problem]) -> (u16, Value) {
        let why: Vec<String> = problems
            .iter()
            .map(|(p, c, m)| format!("{p}: {c} {m}"))
            .collect();
        let (status, mut body) = self.refuse(req, 400, 50035, "Invalid Form Body", &why.join("; "));
        body["errors"] = form_errors(problems);
        (status, body)
    }

    fn known_channel(&self, ch: u64) -> bool {
        ch == CHANNEL || self.threads.contains(&ch) || self.dms.values().any(|&d| d == ch)
    }

    /// The interaction whose webhook token is `token`, if it was acknowledged.
    fn acknowledged(&self, token: &str) -> bool {
        self.interactions
            .values()
            .any(|s| s.token == token && s.acknowledged)
    }

    /// Checks a message body to be created (or, `edit`, changed) and answers it.
    fn message(
        &mut self,
        req: &Request,
        body: &Value,
        edit: bool,
        channel: u64,
        id: u64,
    ) -> (u16, Value) {
        let problems = message_problems(body, "");
        if !problems.is_empty() {
            return self.invalid_form(req, &problems);
        }
        if !edit && empty_message(body, req) {
            return self.refuse(
                req,
                400,
                50006,
                "Cannot send an empty message",
                "empty message",
            );
        }
        let content = body["content"].as_str().unwrap_or("");
        (200, message(id, &channel.to_string(), content))
    }

    fn callback(&mut self, req: &Request, id: &str, token: &str, body: &Value) -> (u16, Value) {
        let Some(sent) = self.interactions.get(id) else {
            return self.refuse(
                req,
                404,
                10062,
                "Unknown interaction",
                "no such interaction",
            );
        };
        if sent.token != token {
            return self.refuse(req, 401, 50027, "Invalid Webhook Token", "not its token");
        }
        if sent.acknowledged {
            return self.refuse(
                req,
                400,
                40060,
                "Interaction has already been acknowledged.",
                "a second acknowledgement",
            );
        }
        let kind = sent.kind;
        let reply = body["type"].as_u64().unwrap_or(0);
        // 4 message, 5 deferred message, 6 deferred update, 7 update, 8 choices, 9 modal.
        let allowed: &[u64] = match kind {
            2 => &[4, 5, 9],
            3 => &[4, 5, 6, 7, 9],
            4 => &[8],
            _ => &[],
        };
        if !allowed.contains(&reply) {
            return self.invalid_form(
                req,
                &[problem(
                    "type",
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    format!(
                        "Response type {reply} is not valid for an interaction of type {kind}."
                    ),
                )],
            );
        }
        let data = &body["data"];
        let problems = match reply {
            4 | 7 => message_problems(data, "data."),
            8 => choice_problems(&data["choices"], "data.choices"),
            _ => Vec::new(),
        };
        if !problems.is_empty() {
            return self.invalid_form(req, &problems);
        }
        if reply == 4 && empty_message(data, req) {
            return self.refuse(
                req,
                400,
                50006,
                "Cannot send an empty message",
                "empty reply",
            );
        }
        let user = sent.user;
        let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let to = ephemeral.then_some(user);
        if let Some(sent) = self.interactions.get_mut(id) {
            sent.acknowledged = true;
            sent.answer = Some(reply);
            // The original is the reply (4, 5) or the clicked message (6, 7).
            sent.original = match reply {
                4 | 5 => Some(to),
                6 | 7 => Some(None),
                _ => None,
            };
            sent.thinking = reply == 5;
        }
        match reply {
            4 => self.show(to, data, req, Some(token)),
            7 => self.show(None, data, req, None),
            _ => {}
        }
        (204, Value::Null)
    }

    /// Records a message someone sees.
    fn show(&mut self, to: Option<u64>, body: &Value, req: &Request, original_of: Option<&str>) {
        self.shown.push(Shown {
            to,
            content: body["content"].as_str().unwrap_or("").to_string(),
            via: format!("{} {}", req.method, req.route()),
            original_of: original_of.map(str::to_string),
            deleted: false,
        });
    }

    /// A followup, an edit or a deletion through the interaction's webhook `token`: who
    /// sees what, as Discord decides it. Returns a violation, if any.
    fn webhook(&mut self, req: &Request, token: &str, body: &Value) -> Option<String> {
        let sent = self.interactions.values_mut().find(|s| s.token == token)?;
        let asked_private = body["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let user = sent.user;
        let original = sent.original;
        let filling = sent.thinking;
        let is_edit = req.method == "PATCH";
        let is_delete = req.method == "DELETE";
        if is_edit || is_delete || (req.method == "POST" && filling) {
            sent.thinking = false;
        }
        if req.method == "GET" {
            return None;
        }
        if is_delete || is_edit || filling {
            // The original response: edited, deleted, or (first followup after a type 5)
            // filled in, keeping the visibility the deferral gave it.
            let Some(to) = original else {
                return Some(format!(
                    "{} {}: there is no original response to change",
                    req.method, req.path
                ));
            };
            let at = self
                .shown
                .iter()
                .position(|m| m.original_of.as_deref() == Some(token) && !m.deleted);
            if is_delete {
                if let Some(at) = at {
                    self.shown[at].deleted = true;
                }
                if let Some(s) = self.interactions.values_mut().find(|s| s.token == token) {
                    s.original = None;
                }
                return None;
            }
            match at {
                Some(at) => {
                    self.shown[at].content = body["content"].as_str().unwrap_or("").to_string();
                    self.shown[at].via = format!("{} {}", req.method, req.route());
                }
                None => self.show(to, body, req, Some(token)),
            }
            if asked_private && to.is_none() {
                return Some(format!(
                    "an ephemeral followup after a public deferral fills the public placeholder, \
                     so everyone sees it -- {} {}: {}",
                    req.method,
                    req.path,
                    body["content"].as_str().unwrap_or("")
                ));
            }
            return None;
        }
        self.show(asked_private.then_some(user), body, req, None);
        None
    }

    /// A staged 429 for this request, if one is left: the seconds to wait.
    fn take_rate_limit(&mut self, req: &Request) -> Option<f64> {
        let at = self.rate_limits.iter().position(|(m, suffix, _, left)| {
            *left > 0 && *m == req.method && req.route().ends_with(suffix.as_str())
        })?;
        self.rate_limits[at].3 -= 1;
        Some(self.rate_limits[at].2)
    }

    /// Discord's answer to `req`; whatever it refuses is also recorded as a violation.
    fn answer(&mut self, shared: &Shared, req: &Request, next_id: u64) -> (u16, Value) {
        let want = format!("Bot {}", shared.token);
        if req.header("authorization") != Some(want.as_str()) {
            let why = format!(
                "Authorization is {:?}, not \"Bot <the token>\"",
                req.header("authorization")
            );
            return self.refuse(req, 401, 0, "401: Unauthorized", &why);
        }
        if !req
            .header("user-agent")
            .is_some_and(|u| u.starts_with("DiscordBot ("))
        {
            self.violations.push(format!(
                "{} {}: User-Agent {:?} is not \"DiscordBot (url, version)\"",
                req.method,
                req.path,
                req.header("user-agent")
            ));
        }
        let body = if req.body.is_empty() {
            Value::Null
        } else if req.content_type.starts_with("application/json") {
            match serde_json::from_slice::<Value>(&req.body) {
                Ok(v) => v,
                Err(_) => {
                    return self.refuse(
                        req,
                        400,
                        50109,
                        "The request body contains invalid JSON.",
                        "invalid JSON",
                    );
                }
            }
        } else {
            req.json()
        };
        let seg: Vec<&str> = match req.route().strip_prefix("/api/v10/") {
            Some(p) => p.split('/').collect(),
            None => Vec::new(),
        };
        match (req.method.as_str(), seg.as_slice()) {
            ("GET", ["gateway"]) => (200, json!({"url": shared.ws_url})),
            ("GET", ["gateway", "bot"]) => (
                200,
                json!({"url": shared.ws_url, "shards": 1, "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 14_400_000,
                    "max_concurrency": 1}}),
            ),
            ("GET", ["users", "@me"]) => (200, user(BOT_ID, "gammonbot")),
            ("PUT", ["applications", app, "commands"])
            | ("PUT", ["applications", app, "guilds", _, "commands"])
                if is(app, APP_ID) =>
            {
                if seg.len() == 5 && !GUILDS.iter().any(|g| is(seg[3], *g)) {
                    return self.refuse(req, 404, 10004, "Unknown Guild", "not the test guild");
                }
                let problems = command_problems(&body);
                if !problems.is_empty() {
                    return self.invalid_form(req, &problems);
                }
                let list: Vec<Value> = body
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
            ("POST", ["interactions", id, token, "callback"]) => {
                self.callback(req, id, token, &body)
            }
            ("POST", ["webhooks", app, token])
            | ("PATCH", ["webhooks", app, token, "messages", "@original"])
            | ("DELETE", ["webhooks", app, token, "messages", "@original"])
            | ("GET", ["webhooks", app, token, "messages", "@original"]) => {
                if !is(app, APP_ID) || !self.acknowledged(token) {
                    return self.refuse(
                        req,
                        404,
                        10015,
                        "Unknown Webhook",
                        "not the token of an acknowledged interaction of this application",
                    );
                }
                let token = (*token).to_string();
                let has_original = self
                    .interactions
                    .values()
                    .any(|s| s.token == token && s.original.is_some());
                if matches!(req.method.as_str(), "PATCH" | "DELETE" | "GET") && !has_original {
                    return self.refuse(
                        req,
                        404,
                        10008,
                        "Unknown Message",
                        "the interaction has no original response (deferred update, or deleted)",
                    );
                }
                let answer = match req.method.as_str() {
                    "GET" => (200, message(next_id, &CHANNEL.to_string(), "original")),
                    "DELETE" => (204, Value::Null),
                    "PATCH" => self.message(req, &body, true, CHANNEL, next_id),
                    _ => self.message(req, &body, false, CHANNEL, next_id),
                };
                if answer.0 < 300 {
                    if let Some(v) = self.webhook(req, &token, &body) {
                        self.violations.push(v);
                    }
                }
                answer
            }
            ("POST", ["channels", ch, "messages"]) => {
                let ch = ch.parse::<u64>().unwrap_or(0);
                if !self.known_channel(ch) {
                    return self.refuse(req, 404, 10003, "Unknown Channel", "no such channel");
                }
                let dm_to = self.dms.iter().find(|(_, d)| **d == ch).map(|(u, _)| *u);
                if let Some(u) = dm_to
                    && self.refuse_dms.contains(&u)
                {
                    // The player's choice, not the bot's fault: no violation.
                    return (
                        403,
                        json!({"message": "Cannot send messages to this user", "code": 50007}),
                    );
                }
                let answer = self.message(req, &body, false, ch, next_id);
                if answer.0 < 300 {
                    self.show(dm_to, &body, req, None);
                }
                answer
            }
            ("POST", ["channels", ch, "threads"]) => {
                if !is(ch, CHANNEL) {
                    return self.refuse(req, 404, 10003, "Unknown Channel", "not a guild channel");
                }
                let n = chars(&body["name"]);
                if !(1..=100).contains(&n) {
                    return self.invalid_form(
                        req,
                        &[problem(
                            "name",
                            "BASE_TYPE_BAD_LENGTH",
                            format!("Must be between 1 and 100 in length ({n} given)."),
                        )],
                    );
                }
                self.threads.insert(next_id);
                (
                    201,
                    json!({"id": next_id.to_string(), "type": body["type"].as_u64().unwrap_or(11),
                           "guild_id": GUILD.to_string(), "name": body["name"],
                           "parent_id": CHANNEL.to_string()}),
                )
            }
            ("POST", ["users", "@me", "channels"]) => {
                let Some(to) = body["recipient_id"]
                    .as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    .or_else(|| body["recipient_id"].as_u64())
                else {
                    return self.invalid_form(
                        req,
                        &[problem(
                            "recipient_id",
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        )],
                    );
                };
                // Discord gives the same DM channel each time.
                let id = *self.dms.entry(to).or_insert(next_id);
                (
                    200,
                    json!({"id": id.to_string(), "type": 1, "last_message_id": null,
                           "recipients": [user(to, "player")]}),
                )
            }
            _ => self.refuse(req, 404, 0, "404: Not Found", "unknown route"),
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        429 => "Too Many Requests",
        _ => "Not Found",
    }
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
                                None => {
                                    let (status, body) = st.answer(&s, &req, base + n);
                                    (status, body, String::new())
                                }
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

    /// Every IDENTIFY payload (`d`) so far, in order (one per shard session).
    pub fn identifies(&self) -> Vec<Value> {
        self.shared.state.lock().unwrap().identifies.clone()
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

    /// From now on `user` does not take direct messages: posting in his DM channel is
    /// answered 403 50007 (not a violation: the player's choice).
    pub fn refuse_dms(&self, user: u64) {
        self.shared.state.lock().unwrap().refuse_dms.insert(user);
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
        let mut late: Vec<String> = st
            .interactions
            .iter()
            .filter(|(_, s)| !s.acknowledged)
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

    /// Waits (up to 20 s) for a request matching `pred` among those after the first `from`.
    pub async fn wait_for(&self, from: usize, pred: impl Fn(&Request) -> bool) -> Request {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
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

/// One gateway session: HELLO, IDENTIFY (the token, the GUILDS intent only, the shard
/// `[id, total]`, `[0, 1]` when absent), READY listing the guilds of that shard, then the
/// shard's events. Discord closes a session that asks for a shard outside its total
/// (4010) or a total other than the first session's (4011 stands in for "sharding
/// mismatch"); a second session for a shard already held is recorded as a violation.
async fn session(s: Arc<Shared>, sock: TcpStream) {
    let Ok(mut socket) = tokio_tungstenite::accept_async(sock).await else {
        return;
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    if socket.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let close = |code: u16, reason: &'static str| CloseFrame {
        code: CloseCode::from(code),
        reason: reason.into(),
    };
    let (shard, total, mut rx) = loop {
        match socket.next().await {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                if v["op"] != 2 {
                    continue;
                }
                let d = &v["d"];
                let given = d["token"].as_str().unwrap_or("");
                let authenticated = given == s.token || given == format!("Bot {}", s.token);
                let shard = u32::try_from(d["shard"][0].as_u64().unwrap_or(0)).unwrap_or(u32::MAX);
                let total = u32::try_from(d["shard"][1].as_u64().unwrap_or(1)).unwrap_or(0);
                let refusal = {
                    let mut st = s.state.lock().unwrap();
                    st.identify = Some(d.clone());
                    st.identifies.push(d.clone());
                    if d["intents"].as_u64() != Some(GUILDS_INTENT) {
                        st.violations.push(format!(
                            "IDENTIFY asks for intents {} instead of GUILDS ({GUILDS_INTENT}) only",
                            d["intents"]
                        ));
                    }
                    if !authenticated {
                        st.violations.push(format!(
                            "4004 Authentication failed -- IDENTIFY with token {given:?}"
                        ));
                        Some(close(4004, "Authentication failed."))
                    } else if total == 0 || shard >= total {
                        st.violations
                            .push(format!("4010 Invalid shard -- shard {shard} of {total}"));
                        Some(close(4010, "Invalid shard."))
                    } else if let Some(earlier) = st.total_shards.filter(|t| *t != total) {
                        st.violations.push(format!(
                            "4011 Sharding mismatch -- shard {shard} of {total}, earlier sessions \
                             said {earlier} shards"
                        ));
                        Some(close(4011, "Sharding mismatch."))
                    } else {
                        st.total_shards = Some(total);
                        match st.gateway.entry(shard).or_insert_with(Queue::new).rx.take() {
                            Some(rx) => break (shard, total, rx),
                            None => {
                                st.violations.push(format!(
                                    "shard {shard} of {total} identified twice at once"
                                ));
                                Some(close(4005, "Already authenticated."))
                            }
                        }
                    }
                };
                let _ = socket.close(refusal).await;
                return;
            }
            Some(Ok(_)) => {}
            _ => return,
        }
    };
    let guilds: Vec<Value> = GUILDS
        .iter()
        .filter(|g| shard_of(**g, total) == shard)
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    let ready = json!({"op": 0, "s": 1, "t": "READY", "d": {
        "v": 10,
        "user": user(BOT_ID, "gammonbot"),
        "guilds": guilds,
        "session_id": format!("fake-session-{shard}"),
        "resume_gateway_url": "ws://127.0.0.1:1",
        "shard": [shard, total],
        "application": {"id": APP_ID.to_string(), "flags": 0},
    }});
    if socket.send(Message::Text(ready.to_string())).await.is_err() {
        return;
    }
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
}
