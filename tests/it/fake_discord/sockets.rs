//! The wire: an HTTP/1.1 request read from a socket, and one gateway session (HELLO,
//! IDENTIFY, READY, the interactions a test pushes).

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{APP_ID, BOT_ID, GUILDS, GUILDS_INTENT, Queue, Request, Shared, shard_of, user};

pub(super) async fn read_request(r: &mut BufReader<TcpStream>) -> Option<Request> {
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

/// One gateway session: HELLO, IDENTIFY (the token, the GUILDS intent only, the shard
/// `[id, total]`, `[0, 1]` when absent), READY listing the guilds of that shard, then the
/// shard's events. Discord closes a session that asks for a shard outside its total
/// (4010) or a total other than the first session's (4011 stands in for "sharding
/// mismatch"); a second session for a shard already held is recorded as a violation. A
/// shard whose session ended (its process stopped) may be identified for again.
pub(super) async fn session(s: Arc<Shared>, sock: TcpStream) {
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
    let (shard, total, rx) = loop {
        match socket.next().await {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                if v["op"] == 6 {
                    resume(&s, socket, &v["d"]).await;
                    return;
                }
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
        give_back(&s, shard, rx);
        return;
    }
    let rx = events(&s, &mut socket, rx).await;
    give_back(&s, shard, rx);
}

/// A RESUME (op 6) of session `fake-session-<shard>` with the token: RESUMED, then the
/// shard's events, those sent since the connection was lost first. A session unknown, or
/// whose shard is held by another connection, is told to identify afresh (op 9, not
/// resumable), as Discord does.
async fn resume(s: &Shared, mut socket: WebSocketStream<TcpStream>, d: &Value) {
    let given = d["token"].as_str().unwrap_or("");
    let authenticated = given == s.token || given == format!("Bot {}", s.token);
    let shard = d["session_id"]
        .as_str()
        .and_then(|id| id.strip_prefix("fake-session-"))
        .and_then(|n| n.parse::<u32>().ok());
    let taken = {
        let mut st = s.state.lock().unwrap();
        st.resumes.push(d.clone());
        if !authenticated {
            st.violations.push(format!(
                "4004 Authentication failed -- RESUME with token {given:?}"
            ));
        }
        match shard {
            Some(shard) if authenticated => st
                .gateway
                .get_mut(&shard)
                .and_then(|q| Some((shard, q.rx.take()?, q.seq))),
            _ => None,
        }
    };
    let Some((shard, rx, seq)) = taken else {
        let invalid = json!({"op": 9, "d": false});
        let _ = socket.send(Message::Text(invalid.to_string())).await;
        return;
    };
    let resumed = json!({"op": 0, "s": seq, "t": "RESUMED", "d": {}});
    if socket
        .send(Message::Text(resumed.to_string()))
        .await
        .is_err()
    {
        give_back(s, shard, rx);
        return;
    }
    let rx = events(s, &mut socket, rx).await;
    give_back(s, shard, rx);
}

/// The shard's queue is free again once its session has ended (the process stopped):
/// a new session may take it, and the events sent meanwhile wait for it there.
fn give_back(s: &Shared, shard: u32, rx: mpsc::UnboundedReceiver<Value>) {
    if let Some(q) = s.state.lock().unwrap().gateway.get_mut(&shard) {
        q.rx = Some(rx);
    }
}

/// Heartbeats answered and the shard's events sent, until the session ends or the
/// connection is dropped ([`super::FakeDiscord::drop_gateway`]); its queue.
async fn events(
    s: &Shared,
    socket: &mut WebSocketStream<TcpStream>,
    mut rx: mpsc::UnboundedReceiver<Value>,
) -> mpsc::UnboundedReceiver<Value> {
    let mut drops = s.drops.subscribe();
    drops.mark_unchanged();
    loop {
        tokio::select! {
            // A drop first: an event sent after `drop_gateway` waits for the next session.
            biased;
            // The caller drops the socket: no close frame, as when the network fails.
            _ = drops.changed() => return rx,
            incoming = socket.next() => match incoming {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                    if v["op"] == 1 {
                        let ack = json!({"op": 11});
                        let _ = socket.send(Message::Text(ack.to_string())).await;
                    }
                }
                Some(Ok(_)) => {}
                _ => return rx,
            },
            event = rx.recv() => match event {
                Some(e) => {
                    if socket.send(Message::Text(e.to_string())).await.is_err() {
                        return rx;
                    }
                }
                None => return rx,
            },
        }
    }
}
