//! The fake's own checks can fail: each rule Discord enforces is broken here by hand, with
//! a raw HTTP client, and the fake must answer as Discord does and record a violation.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use super::{CHANNEL, FakeDiscord, TOKEN, click, slash, user};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");

/// Sends one request; gives the status and the JSON answer.
async fn raw(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    auth: Option<&str>,
    content_type: &str,
    body: &[u8],
) -> (u16, Value) {
    let addr = fake.api.trim_start_matches("http://").to_string();
    let mut s = BufReader::new(TcpStream::connect(&addr).await.unwrap());
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nuser-agent: DiscordBot (https://example.invalid, 1)\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n",
        body.len()
    );
    if let Some(a) = auth {
        head += &format!("authorization: {a}\r\n");
    }
    head += "\r\n";
    s.get_mut().write_all(head.as_bytes()).await.unwrap();
    s.get_mut().write_all(body).await.unwrap();
    let mut line = String::new();
    s.read_line(&mut line).await.unwrap();
    let status: u16 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut length = 0;
    loop {
        let mut h = String::new();
        s.read_line(&mut h).await.unwrap();
        if h.trim().is_empty() {
            break;
        }
        if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
    }
    let mut text = vec![0; length];
    s.read_exact(&mut text).await.unwrap();
    (status, serde_json::from_slice(&text).unwrap_or(Value::Null))
}

/// A JSON request with the right token.
async fn call(fake: &FakeDiscord, method: &str, path: &str, body: Value) -> (u16, Value) {
    let auth = format!("Bot {TOKEN}");
    let text = body.to_string();
    raw(
        fake,
        method,
        path,
        Some(&auth),
        "application/json",
        text.as_bytes(),
    )
    .await
}

fn messages() -> String {
    format!("/api/v10/channels/{CHANNEL}/messages")
}

/// The one violation recorded since the last look, which must mention `what`.
fn one_violation(fake: &FakeDiscord, what: &str) {
    let v = fake.take_violations();
    assert!(v.len() == 1 && v[0].contains(what), "{what}: {v:#?}");
}

fn rows(n_rows: usize, per_row: usize, id_len: usize) -> Value {
    let rows: Vec<Value> = (0..n_rows)
        .map(|r| {
            let buttons: Vec<Value> = (0..per_row)
                .map(|b| {
                    let id = format!("{r}{b}{}", "x".repeat(id_len - 2));
                    json!({"type": 2, "style": 1, "label": "go", "custom_id": id})
                })
                .collect();
            json!({"type": 1, "components": buttons})
        })
        .collect();
    Value::Array(rows)
}

#[tokio::test]
async fn fake_refuses_a_second_acknowledgement_with_40060() {
    let fake = FakeDiscord::start(TOKEN).await;
    let i = slash("s-twice", ALICE, "board", json!([]), json!({}));
    let path = format!(
        "/api/v10/interactions/{}/s-twice/callback",
        i["id"].as_str().unwrap()
    );
    fake.dispatch(i);
    let reply = json!({"type": 4, "data": {"content": "the board"}});
    assert_eq!(call(&fake, "POST", &path, reply.clone()).await.0, 204);
    assert!(fake.take_violations().is_empty());
    let (status, body) = call(&fake, "POST", &path, reply).await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!(40060)),
        "{body}"
    );
    one_violation(&fake, "40060");
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_followups_before_the_acknowledgement_and_unknown_interactions() {
    let fake = FakeDiscord::start(TOKEN).await;
    let i = click("c-early", ALICE, "gb:roll:1:3");
    let id = i["id"].as_str().unwrap().to_string();
    fake.dispatch(i);
    let followup = format!("/api/v10/webhooks/{}/c-early", super::APP_ID);
    let msg = json!({"content": "late"});
    let (status, body) = call(&fake, "POST", &followup, msg.clone()).await;
    assert_eq!((status, body["code"].clone()), (404, json!(10015)));
    one_violation(&fake, "Unknown Webhook");
    // An interaction the fake never sent, and the right one with a wrong token.
    let (status, body) = call(
        &fake,
        "POST",
        "/api/v10/interactions/1/c-early/callback",
        json!({"type": 6}),
    )
    .await;
    assert_eq!((status, body["code"].clone()), (404, json!(10062)));
    one_violation(&fake, "Unknown interaction");
    let wrong = format!("/api/v10/interactions/{id}/other/callback");
    assert_eq!(call(&fake, "POST", &wrong, json!({"type": 6})).await.0, 401);
    one_violation(&fake, "Invalid Webhook Token");
    // Choices are no answer to a click.
    let cb = format!("/api/v10/interactions/{id}/c-early/callback");
    let (status, body) = call(
        &fake,
        "POST",
        &cb,
        json!({"type": 8, "data": {"choices": []}}),
    )
    .await;
    assert_eq!((status, body["code"].clone()), (400, json!(50035)));
    one_violation(&fake, "not valid for an interaction of type 3");
    // Deferred, then followed up: fine.
    assert_eq!(call(&fake, "POST", &cb, json!({"type": 6})).await.0, 204);
    assert_eq!(call(&fake, "POST", &followup, msg).await.0, 200);
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_content_over_2000_characters_and_empty_messages() {
    let fake = FakeDiscord::start(TOKEN).await;
    // 2000 characters (4000 bytes) is the limit, not 2000 bytes.
    let at_limit = json!({"content": "\u{e9}".repeat(2000)});
    assert_eq!(call(&fake, "POST", &messages(), at_limit).await.0, 200);
    assert!(fake.take_violations().is_empty());
    let over = json!({"content": "x".repeat(2001)});
    let (status, body) = call(&fake, "POST", &messages(), over).await;
    assert_eq!((status, body["code"].clone()), (400, json!(50035)));
    assert_eq!(
        body["errors"]["content"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH",
        "{body}"
    );
    one_violation(&fake, "content: BASE_TYPE_MAX_LENGTH");
    let (status, body) = call(&fake, "POST", &messages(), json!({"content": ""})).await;
    assert_eq!((status, body["code"].clone()), (400, json!(50006)));
    one_violation(&fake, "empty message");
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_six_rows_six_buttons_a_row_long_or_repeated_custom_ids() {
    let fake = FakeDiscord::start(TOKEN).await;
    // Five rows of five buttons with 100-character ids: the most Discord takes.
    let most = json!({"content": "b", "components": rows(5, 5, 100)});
    assert_eq!(call(&fake, "POST", &messages(), most).await.0, 200);
    assert!(fake.take_violations().is_empty());
    let six_rows = json!({"content": "b", "components": rows(6, 1, 10)});
    assert_eq!(call(&fake, "POST", &messages(), six_rows).await.0, 400);
    one_violation(&fake, "components: BASE_TYPE_MAX_LENGTH");
    let six_buttons = json!({"content": "b", "components": rows(1, 6, 10)});
    assert_eq!(call(&fake, "POST", &messages(), six_buttons).await.0, 400);
    one_violation(&fake, "components.0.components: BASE_TYPE_BAD_LENGTH");
    let long_id = json!({"content": "b", "components": rows(1, 1, 101)});
    let (status, body) = call(&fake, "POST", &messages(), long_id).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["components"]["0"]["components"]["0"]["custom_id"]["_errors"][0]["code"],
        "BASE_TYPE_BAD_LENGTH",
        "{body}"
    );
    one_violation(&fake, "custom_id: BASE_TYPE_BAD_LENGTH");
    let button = json!({"type": 2, "style": 1, "label": "go", "custom_id": "same"});
    let twice = json!({"content": "b",
                       "components": [{"type": 1, "components": [button.clone(), button]}]});
    assert_eq!(call(&fake, "POST", &messages(), twice).await.0, 400);
    one_violation(&fake, "COMPONENT_CUSTOM_ID_DUPLICATED");
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_a_select_menu_of_26_options_or_sharing_its_row() {
    let fake = FakeDiscord::start(TOKEN).await;
    let menu = |n: usize| {
        let options: Vec<Value> = (1..=n)
            .map(|i| json!({"label": format!("play {i}"), "value": i.to_string()}))
            .collect();
        json!({"type": 3, "custom_id": "gd:1", "options": options,
               "min_values": 1, "max_values": 1})
    };
    // 25 options: the most Discord takes.
    let most = json!({"content": "m", "components": [{"type": 1, "components": [menu(25)]}]});
    assert_eq!(call(&fake, "POST", &messages(), most).await.0, 200);
    assert!(fake.take_violations().is_empty());
    let over = json!({"content": "m", "components": [{"type": 1, "components": [menu(26)]}]});
    assert_eq!(call(&fake, "POST", &messages(), over).await.0, 400);
    one_violation(&fake, "options: BASE_TYPE_BAD_LENGTH");
    let button = json!({"type": 2, "style": 1, "label": "go", "custom_id": "b"});
    let shared = json!({"content": "m",
                        "components": [{"type": 1, "components": [menu(2), button]}]});
    assert_eq!(call(&fake, "POST", &messages(), shared).await.0, 400);
    one_violation(&fake, "COMPONENT_LAYOUT_WIDTH_EXCEEDED");
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_an_attachment_description_over_1024_characters() {
    let fake = FakeDiscord::start(TOKEN).await;
    let multipart = |description: String| {
        let payload = json!({"content": "board", "attachments": [
            {"id": 0, "filename": "board.png", "description": description}]});
        let mut body = Vec::new();
        body.extend_from_slice(b"--XyZ\r\ncontent-disposition: form-data; name=\"files[0]\"; filename=\"board.png\"\r\ncontent-type: image/png\r\n\r\n\x89PNG\r\n--XyZ\r\ncontent-disposition: form-data; name=\"payload_json\"\r\ncontent-type: application/json\r\n\r\n");
        body.extend_from_slice(payload.to_string().as_bytes());
        body.extend_from_slice(b"\r\n--XyZ--\r\n");
        body
    };
    let auth = format!("Bot {TOKEN}");
    let send = async |description: String| {
        raw(
            &fake,
            "POST",
            &messages(),
            Some(&auth),
            "multipart/form-data; boundary=XyZ",
            &multipart(description),
        )
        .await
    };
    assert_eq!(send("d".repeat(1024)).await.0, 200);
    assert!(fake.take_violations().is_empty());
    let (status, body) = send("d".repeat(1025)).await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!(50035)),
        "{body}"
    );
    one_violation(&fake, "attachments.0.description: BASE_TYPE_MAX_LENGTH");
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_more_than_25_autocomplete_choices() {
    let fake = FakeDiscord::start(TOKEN).await;
    let i = super::autocomplete("a-many", ALICE, "move", json!([]));
    let path = format!(
        "/api/v10/interactions/{}/a-many/callback",
        i["id"].as_str().unwrap()
    );
    fake.dispatch(i);
    let choices: Vec<Value> = (0..26)
        .map(|n| json!({"name": n.to_string(), "value": "v"}))
        .collect();
    let (status, _) = call(
        &fake,
        "POST",
        &path,
        json!({"type": 8, "data": {"choices": choices}}),
    )
    .await;
    assert_eq!(status, 400);
    one_violation(&fake, "data.choices: BASE_TYPE_MAX_LENGTH");
    // Refused is not acknowledged: 25 choices still go through.
    let choices: Vec<Value> = (0..25)
        .map(|n| json!({"name": n.to_string(), "value": "v"}))
        .collect();
    let (status, _) = call(
        &fake,
        "POST",
        &path,
        json!({"type": 8, "data": {"choices": choices}}),
    )
    .await;
    assert_eq!(status, 204);
    fake.finish().await;
}

#[tokio::test]
async fn fake_refuses_a_request_without_the_bot_token() {
    let fake = FakeDiscord::start(TOKEN).await;
    let path = "/api/v10/users/@me";
    for auth in [
        None,
        Some(TOKEN.to_string()),
        Some("Bot other-token".to_string()),
    ] {
        let (status, _) = raw(&fake, "GET", path, auth.as_deref(), "application/json", b"").await;
        assert_eq!(status, 401, "{auth:?}");
        one_violation(&fake, "401: Unauthorized");
    }
    let right = format!("Bot {TOKEN}");
    let (status, me) = raw(&fake, "GET", path, Some(&right), "application/json", b"").await;
    assert_eq!((status, me), (200, user(super::BOT_ID, "gammonbot")));
    fake.finish().await;
}

#[tokio::test]
async fn fake_answers_404_to_unknown_routes_and_channels_and_records_them() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (status, _) = call(&fake, "GET", "/api/v10/guilds/1/members", json!(null)).await;
    assert_eq!(status, 404);
    one_violation(&fake, "unknown route");
    let (status, body) = call(
        &fake,
        "POST",
        "/api/v10/channels/42/messages",
        json!({"content": "hi"}),
    )
    .await;
    assert_eq!((status, body["code"].clone()), (404, json!(10003)));
    one_violation(&fake, "Unknown Channel");
    // A DM channel opened first is known, and is the same each time.
    let dm = json!({"recipient_id": ALICE.0.to_string()});
    let (_, ch) = call(&fake, "POST", "/api/v10/users/@me/channels", dm.clone()).await;
    let (_, again) = call(&fake, "POST", "/api/v10/users/@me/channels", dm).await;
    assert_eq!(ch["id"], again["id"]);
    let path = format!("/api/v10/channels/{}/messages", ch["id"].as_str().unwrap());
    assert_eq!(
        call(&fake, "POST", &path, json!({"content": "hi"})).await.0,
        200
    );
    assert_eq!(
        fake.dm_channel(ALICE.0).map(|c| c.to_string()),
        ch["id"].as_str().map(str::to_string)
    );
    fake.finish().await;
}

#[tokio::test]
async fn fake_records_an_identify_with_other_intents_than_guilds() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let fake = FakeDiscord::start(TOKEN).await;
    let url = fake.ws_url();
    let sock = TcpStream::connect(url.trim_start_matches("ws://"))
        .await
        .unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(url.as_str(), sock)
        .await
        .unwrap();
    let _hello = ws.next().await.unwrap().unwrap();
    // GUILDS | GUILD_MESSAGES (1 << 9).
    let identify = json!({"op": 2, "d": {"token": TOKEN, "intents": 513, "properties": {}}});
    ws.send(Message::Text(identify.to_string())).await.unwrap();
    let ready = ws.next().await.unwrap().unwrap();
    assert!(ready.into_text().unwrap().contains("\"READY\""));
    assert_eq!(fake.identify().unwrap()["intents"], 513);
    one_violation(&fake, "intents 513 instead of GUILDS (1)");
    fake.finish().await;
}

#[tokio::test]
async fn fake_closes_the_gateway_on_a_wrong_token() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let fake = FakeDiscord::start(TOKEN).await;
    let url = fake.ws_url();
    let sock = TcpStream::connect(url.trim_start_matches("ws://"))
        .await
        .unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(url.as_str(), sock)
        .await
        .unwrap();
    let _hello = ws.next().await.unwrap().unwrap();
    let identify = json!({"op": 2, "d": {"token": "stolen", "intents": 1, "properties": {}}});
    ws.send(Message::Text(identify.to_string())).await.unwrap();
    match ws.next().await {
        Some(Ok(Message::Close(Some(f)))) => assert_eq!(u16::from(f.code), 4004),
        other => panic!("not closed with 4004: {other:?}"),
    }
    one_violation(&fake, "4004 Authentication failed");
    fake.finish().await;
}

#[tokio::test]
#[should_panic(expected = "the bot did what Discord refuses")]
async fn finish_fails_the_test_on_any_violation() {
    let fake = FakeDiscord::start(TOKEN).await;
    call(&fake, "GET", "/api/v10/nowhere", json!(null)).await;
    fake.finish().await;
}

#[tokio::test]
#[should_panic(expected = "was never acknowledged")]
async fn finish_fails_the_test_on_an_unacknowledged_interaction() {
    let fake = FakeDiscord::start(TOKEN).await;
    fake.dispatch(slash("s-never", ALICE, "board", json!([]), json!({})));
    fake.finish().await;
}

#[tokio::test]
#[should_panic(expected = "without `fake.finish().await`")]
async fn a_test_that_forgets_finish_fails() {
    let _fake = FakeDiscord::start(TOKEN).await;
}

#[tokio::test]
async fn fake_closes_a_session_for_a_shard_outside_the_total_with_4010() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let fake = FakeDiscord::start(TOKEN).await;
    let url = fake.ws_url();
    let sock = TcpStream::connect(url.trim_start_matches("ws://"))
        .await
        .unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(url.as_str(), sock)
        .await
        .unwrap();
    let _hello = ws.next().await.unwrap().unwrap();
    let identify = json!({"op": 2, "d": {"token": TOKEN, "intents": 1, "properties": {},
                                        "shard": [2, 2]}});
    ws.send(Message::Text(identify.to_string())).await.unwrap();
    match ws.next().await {
        Some(Ok(Message::Close(Some(f)))) => assert_eq!(u16::from(f.code), 4010),
        other => panic!("not closed with 4010: {other:?}"),
    }
    one_violation(&fake, "4010 Invalid shard -- shard 2 of 2");
    fake.finish().await;
}
