//! The program as an operator runs it, against the fake Discord, with its metrics endpoint
//! on (`METRICS_ADDR`) and its log in each format (`LOG_FORMAT` text and json) at the
//! most verbose level (`RUST_LOG=trace`: serenity's and the HTTP and websocket
//! libraries' traces too): the token appears nowhere in the log, the JSON log is one
//! object per line, and the endpoint counts the commands and Discord's answers the
//! process saw, a 429 among them.

use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use crate::fake_discord::{FakeDiscord, GUILD, slash, user};
use crate::ops_metrics::{get, samples, value};
use testkit::scratch;

/// A token that looks like Discord's, for this test only: it must appear in no log line.
const SECRET: &str = "MTE5OTk5.Gx7-secret.token-never-logged_0123456789";

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// The bot process, killed when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on 127.0.0.1 (bound and let go).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Sends `interaction` and waits for the bot's acknowledgement.
async fn interact(fake: &FakeDiscord, interaction: Value) {
    let id = interaction["id"].as_str().unwrap().to_string();
    let token = interaction["token"].as_str().unwrap().to_string();
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
}

/// Runs the binary in `format` through a few commands and returns its log.
async fn run_logged(format: &str) -> String {
    let fake = FakeDiscord::start(SECRET).await;
    let dir = scratch(&format!("ops-logs-{format}"));
    let log = dir.join("stderr.log");
    let addr: std::net::SocketAddr = ([127, 0, 0, 1], free_port()).into();
    let bot = Bot(Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", SECRET)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", dir.join("gammonbot.db"))
        .env("METRICS_ADDR", addr.to_string())
        .env("LOG_FORMAT", format)
        .env("RUST_LOG", "trace")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("stdout.log")).unwrap())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("the gammonbot binary starts"));
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;

    // Bob wants direct messages; Discord refuses the first DM channel with a 429, which
    // the bot waits out; alice challenges bob, and bob is told by direct message.
    interact(
        &fake,
        slash(
            "t-set",
            BOB,
            "settings",
            json!([{"name": "dm", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    fake.rate_limit("POST", "/users/@me/channels", 0.2, 1);
    interact(
        &fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, BOB.1)}}),
        ),
    )
    .await;
    fake.wait_for(0, |r| {
        r.route().starts_with("/api/v10/channels/")
            && r.route().ends_with("/messages")
            && r.status == 200
    })
    .await;

    // The endpoint counts what this process did.
    let (status, body) = get(addr, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    let s = samples(&body);
    for (name, want) in [
        (
            "gammonbot_commands_total{kind=\"settings\",outcome=\"ok\"}",
            1.0,
        ),
        (
            "gammonbot_commands_total{kind=\"challenge\",outcome=\"ok\"}",
            1.0,
        ),
        ("gammonbot_discord_responses_total{status=\"429\"}", 1.0),
    ] {
        assert_eq!(value(&s, name), want, "{name}\n{body}");
    }
    // The two replies and the DM channel at its second try, at least (the DM itself may
    // be counted a moment after the fake has answered it).
    assert!(
        value(&s, "gammonbot_discord_responses_total{status=\"2xx\"}") >= 3.0,
        "{body}"
    );
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    fake.finish().await;
    drop(bot);
    std::fs::read_to_string(&log).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_appears_in_no_log_line_in_text_or_json() {
    for format in ["text", "json"] {
        let log = run_logged(format).await;
        // A real log: the bot said it connected, and libraries traced their work.
        assert!(log.contains("connected to Discord"), "{format}: {log}");
        assert!(log.lines().count() > 50, "{format}: {log}");
        assert!(
            !log.contains(SECRET),
            "{format}: the token is in the log:\n{}",
            log.lines()
                .filter(|l| l.contains(SECRET))
                .collect::<Vec<_>>()
                .join("\n")
        );
        if format == "json" {
            for line in log.lines() {
                let v: Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                assert!(
                    v["level"].is_string() && v["timestamp"].is_string(),
                    "{line}"
                );
            }
        } else {
            assert!(!log.trim_start().starts_with('{'), "{log}");
        }
    }
}
