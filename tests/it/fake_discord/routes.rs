//! The REST routes the fake answers, as Discord does: interactions' callbacks and
//! followups, messages, threads, direct messages, staged refusals and rate limits.

use serde_json::{Value, json};

use super::form_checks::{
    Problem, chars, choice_problems, command_problems, empty_message, form_errors, is,
    message_problems, problem,
};
use super::{APP_ID, BOT_ID, CHANNEL, GUILD, GUILDS, Request, Shared, Shown, State, message, user};

impl State {
    /// Answers as Discord refuses (`status`, JSON error `code`) and records the violation.
    pub(super) fn refuse(
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
    pub(super) fn invalid_form(&mut self, req: &Request, problems: &[Problem]) -> (u16, Value) {
        let why: Vec<String> = problems
            .iter()
            .map(|(p, c, m)| format!("{p}: {c} {m}"))
            .collect();
        let (status, mut body) = self.refuse(req, 400, 50035, "Invalid Form Body", &why.join("; "));
        body["errors"] = form_errors(problems);
        (status, body)
    }

    pub(super) fn known_channel(&self, ch: u64) -> bool {
        ch == CHANNEL || self.threads.contains(&ch) || self.dms.values().any(|&d| d == ch)
    }

    /// The interaction whose webhook token is `token`, if it was acknowledged.
    pub(super) fn acknowledged(&self, token: &str) -> bool {
        self.interactions
            .values()
            .any(|s| s.token == token && s.acknowledged)
    }

    /// Checks a message body to be created (or, `edit`, changed) and answers it.
    pub(super) fn message(
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

    pub(super) fn callback(
        &mut self,
        req: &Request,
        id: &str,
        token: &str,
        body: &Value,
    ) -> (u16, Value) {
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
    pub(super) fn show(
        &mut self,
        to: Option<u64>,
        body: &Value,
        req: &Request,
        original_of: Option<&str>,
    ) {
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
    pub(super) fn webhook(&mut self, req: &Request, token: &str, body: &Value) -> Option<String> {
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

    /// A staged failure for this request, if one is left: its status.
    pub(super) fn take_failure(&mut self, req: &Request) -> Option<u16> {
        let at = self.failures.iter().position(|(m, suffix, _, left)| {
            *left > 0 && *m == req.method && req.route().ends_with(suffix.as_str())
        })?;
        self.failures[at].3 -= 1;
        Some(self.failures[at].2)
    }

    /// A staged 429 for this request, if one is left: the seconds to wait.
    pub(super) fn take_rate_limit(&mut self, req: &Request) -> Option<f64> {
        let at = self.rate_limits.iter().position(|(m, suffix, _, left)| {
            *left > 0 && *m == req.method && req.route().ends_with(suffix.as_str())
        })?;
        self.rate_limits[at].3 -= 1;
        Some(self.rate_limits[at].2)
    }

    /// Discord's answer to `req`; whatever it refuses is also recorded as a violation.
    pub(super) fn answer(&mut self, shared: &Shared, req: &Request, next_id: u64) -> (u16, Value) {
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
                // A nonce (at most 25 characters) with `enforce_nonce`: a second message
                // with the same nonce is not created; the first is answered again.
                let nonce = match &body["nonce"] {
                    Value::String(n) => Some(n.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                };
                if let Some(n) = &nonce
                    && n.chars().count() > 25
                {
                    return self.invalid_form(
                        req,
                        &[problem(
                            "nonce",
                            "BASE_TYPE_BAD_LENGTH",
                            "Must be 25 or fewer in length.",
                        )],
                    );
                }
                let enforced = body["enforce_nonce"].as_bool() == Some(true);
                if let (Some(n), true) = (&nonce, enforced)
                    && let Some(first) = self.nonces.get(n)
                {
                    return (200, first.clone());
                }
                let answer = self.message(req, &body, false, ch, next_id);
                if answer.0 < 300 {
                    self.show(dm_to, &body, req, None);
                    if let Some(n) = nonce {
                        self.created_nonces.push(n.clone());
                        if enforced {
                            self.nonces.insert(n, answer.1.clone());
                        }
                    }
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

pub(super) fn reason(status: u16) -> &'static str {
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
