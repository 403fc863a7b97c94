//! The paths of an answer through Discord that the quick ones do not take: a club slower
//! than the defer threshold (deferred answers, types 5 and 6, and followups through the
//! webhook), global command registration, a direct message Discord refuses (403) and a
//! rate limit (429 with `Retry-After`); and input too long or odd to echo. Against the
//! fake Discord, which keeps who sees what.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use crate::fake_discord::{
    APP_ID, CHANNEL, FakeDiscord, GUILD, Request, TOKEN, click, slash, user,
};
use club::{Clock, Club, RngDice};
use gammonbot::discord::{Connection, client};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");
const CAROL: (u64, &str) = (333_333_333_333_333_333, "carol");

/// A clock that can be made slow: while `slow` is set, every reading of it takes that
/// long (the club then answers later than the defer threshold).
struct SlowClock {
    now: AtomicI64,
    slow_ms: AtomicU64,
}

impl Clock for SlowClock {
    fn now(&self) -> i64 {
        let ms = self.slow_ms.load(Ordering::SeqCst);
        if ms > 0 {
            tokio::task::block_in_place(|| std::thread::sleep(Duration::from_millis(ms)));
        }
        self.now.load(Ordering::SeqCst)
    }
}

impl SlowClock {
    fn slow(&self, on: bool) {
        self.slow_ms
            .store(if on { 1600 } else { 0 }, Ordering::SeqCst);
    }
}

struct Bot {
    fake: FakeDiscord,
    clock: Arc<SlowClock>,
    store: Store,
}

/// A bot against a fake Discord; `guild: None` registers the commands globally.
async fn start(name: &str, guild: Option<u64>, sweep: Duration) -> Bot {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url(&format!("discord-paths-{name}")).await;
    let store = Store::open(&db).await.unwrap();
    let clock = Arc::new(SlowClock {
        now: AtomicI64::new(1_800_000_000),
        slow_ms: AtomicU64::new(0),
    });
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(7)),
        clock.clone(),
    ));
    let mut bot = client(
        Connection {
            token: TOKEN.into(),
            guild,
            api: Some(fake.api.clone()),
            sweep_every: Some(sweep),
            web: None,
        },
        club,
    )
    .await
    .unwrap();
    tokio::spawn(async move {
        let _ = bot.start().await;
    });
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    Bot { fake, clock, store }
}

/// Sends an interaction and waits for the bot's acknowledgement of it (within Discord's
/// 3 seconds).
async fn interact(fake: &FakeDiscord, interaction: Value) -> Request {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    let from = fake.requests().len();
    let sent = std::time::Instant::now();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );
    r
}

fn content(r: &Request) -> String {
    let j = r.json();
    j["data"]["content"]
        .as_str()
        .or_else(|| j["content"].as_str())
        .unwrap_or("")
        .to_string()
}

fn flags(r: &Request) -> u64 {
    let j = r.json();
    j["data"]["flags"]
        .as_u64()
        .or_else(|| j["flags"].as_u64())
        .unwrap_or(0)
}

fn challenge_cmd(token: &str, by: (u64, &str), to: (u64, &str), extra: Value) -> Value {
    let mut options = vec![json!({"name": "opponent", "type": 6, "value": to.0.to_string()})];
    if let Some(more) = extra.as_array() {
        options.extend(more.iter().cloned());
    }
    slash(
        token,
        by,
        "challenge",
        Value::Array(options),
        json!({"users": {to.0.to_string(): user(to.0, to.1)}}),
    )
}

/// What everyone in the channel saw (not deleted).
fn public(fake: &FakeDiscord) -> Vec<String> {
    fake.shown()
        .into_iter()
        .filter(|m| m.to.is_none() && !m.deleted)
        .map(|m| m.content)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_refusal_by_a_slow_club_stays_private_and_a_slow_outcome_is_posted_for_everyone() {
    let Bot { fake, clock, .. } = start("slow-slash", Some(GUILD), Duration::from_secs(3600)).await;
    // Given a club slower than the defer threshold (1.5 s).
    clock.slow(true);
    // When carol, new here, rolls with no match: a refusal.
    let from = fake.requests().len();
    let ack = interact(
        &fake,
        slash("t-slow-roll", CAROL, "roll", json!([]), json!({})),
    )
    .await;
    // Then the answer was deferred privately (type 5, ephemeral)...
    assert_eq!(ack.json()["type"], 5, "{}", ack.json());
    assert_eq!(flags(&ack) & 64, 64, "deferred publicly: {}", ack.json());
    // ...and the refusal fills the private placeholder: only carol sees it.
    let followup = fake
        .wait_for(from, |r| {
            r.path.contains(&format!("/webhooks/{APP_ID}/t-slow-roll")) && r.method != "GET"
        })
        .await;
    assert!(
        content(&followup).starts_with("\u{26A0} "),
        "{}",
        content(&followup)
    );
    let refusal = fake
        .shown()
        .into_iter()
        .find(|m| m.content.starts_with("\u{26A0} "))
        .expect("the refusal is shown");
    assert_eq!(refusal.to, Some(CAROL.0), "{refusal:?}");
    // When alice challenges bob while the club is slow: an outcome.
    let from = fake.requests().len();
    let ack = interact(
        &fake,
        challenge_cmd("t-slow-challenge", ALICE, BOB, json!([])),
    )
    .await;
    assert_eq!(ack.json()["type"], 5);
    assert_eq!(flags(&ack) & 64, 64);
    // Then it is posted in the channel for everyone, with its buttons and mention...
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert!(
        content(&post).contains("alice challenges bob"),
        "{}",
        content(&post)
    );
    assert_eq!(flags(&post) & 64, 0);
    assert_eq!(
        post.json()["allowed_mentions"]["users"],
        json!([BOB.0.to_string()])
    );
    assert!(!post.json()["components"].as_array().unwrap().is_empty());
    // ...and the private placeholder is removed.
    fake.wait_for(from, |r| {
        r.method == "DELETE" && r.path.contains("/webhooks/") && r.path.contains("t-slow-challenge")
    })
    .await;
    clock.slow(false);
    // Bob accepts (fast); then, slow again, the one who must move rolls instead: refused
    // privately, the board attached to nothing public.
    let accept = interact(&fake, click("t-accept", BOB, "gb:accept:1:1")).await;
    let text = content(&accept);
    let mover = if text.contains(&format!("<@{}> to move", ALICE.0)) {
        ALICE
    } else {
        BOB
    };
    clock.slow(true);
    let from = fake.requests().len();
    let ack = interact(
        &fake,
        // Under a new display name, so that the club writes (and reads its slow clock)
        // before refusing.
        slash(
            "t-slow-wrong",
            (mover.0, "renamed"),
            "roll",
            json!([]),
            json!({}),
        ),
    )
    .await;
    clock.slow(false);
    assert_eq!(ack.json()["type"], 5);
    let followup = fake
        .wait_for(from, |r| {
            r.path.contains("/webhooks/") && r.path.contains("t-slow-wrong")
        })
        .await;
    assert!(
        content(&followup).starts_with("\u{26A0} "),
        "{}",
        content(&followup)
    );
    // Nothing anyone saw publicly is a refusal.
    let seen = public(&fake);
    assert!(
        seen.iter().all(|c| !c.starts_with('\u{26A0}')),
        "a refusal went public: {seen:#?}"
    );
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_slow_button_click_is_deferred_as_an_update_and_its_refusal_stays_private() {
    let Bot { fake, clock, .. } = start("slow-click", Some(GUILD), Duration::from_secs(3600)).await;
    interact(&fake, challenge_cmd("t-ch", ALICE, BOB, json!([]))).await;
    // Given a slow club, carol (new here) clicks bob's Accept button.
    clock.slow(true);
    let from = fake.requests().len();
    let ack = interact(&fake, click("t-carol", CAROL, "gb:accept:1:1")).await;
    // Then the click is acknowledged as a deferred update (type 6: nothing shown)...
    assert_eq!(ack.json()["type"], 6, "{}", ack.json());
    // ...and the refusal is an ephemeral followup, seen by carol only.
    let followup = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path.contains("/webhooks/") && r.path.contains("t-carol")
        })
        .await;
    assert!(
        content(&followup).starts_with("\u{26A0} "),
        "{}",
        content(&followup)
    );
    assert_eq!(flags(&followup) & 64, 64);
    let shown = fake.shown();
    let refusal = shown
        .iter()
        .find(|m| m.content.starts_with("\u{26A0} "))
        .unwrap();
    assert_eq!(refusal.to, Some(CAROL.0));
    // When bob accepts, still slow: a public followup with the board.
    let from = fake.requests().len();
    let ack = interact(&fake, click("t-bob", BOB, "gb:accept:1:1")).await;
    clock.slow(false);
    assert_eq!(ack.json()["type"], 6);
    let followup = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path.contains("/webhooks/") && r.path.contains("t-bob")
        })
        .await;
    assert_eq!(flags(&followup) & 64, 0);
    assert!(
        content(&followup).contains("bob accepts match #1"),
        "{}",
        content(&followup)
    );
    assert!(followup.files().iter().any(|(n, _)| n.ends_with(".png")));
    assert!(
        public(&fake)
            .iter()
            .any(|c| c.contains("bob accepts match #1"))
    );
    fake.finish().await;
}

/// Every option of a registered command, subcommands' included.
fn options(cmd: &Value, out: &mut Vec<(String, Value)>, at: &str) {
    for o in cmd["options"].as_array().cloned().unwrap_or_default() {
        let here = format!("{at} {}", o["name"].as_str().unwrap_or(""));
        if matches!(o["type"].as_u64(), Some(1 | 2)) {
            options(&o, out, &here);
        } else {
            out.push((here, o));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_globally_by_default_and_every_text_option_has_a_max_length() {
    // Given no development guild (the production default).
    let Bot { fake, .. } = start("global", None, Duration::from_secs(3600)).await;
    // Then the commands are registered globally, and Discord takes them.
    let reg = fake
        .wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    assert_eq!(
        reg.route(),
        format!("/api/v10/applications/{APP_ID}/commands")
    );
    assert_eq!(reg.status, 200, "{}", reg.response);
    let cmds = reg.json().as_array().cloned().unwrap();
    assert!(cmds.len() >= 20);
    // And every string option has a max_length (Discord: 1 to 6000; ours at most 200).
    let mut all = Vec::new();
    for c in &cmds {
        options(c, &mut all, c["name"].as_str().unwrap());
    }
    let strings: Vec<&(String, Value)> = all.iter().filter(|(_, o)| o["type"] == 3).collect();
    assert!(strings.len() >= 5, "{strings:?}");
    for (name, o) in strings {
        let max = o["max_length"].as_u64();
        assert!(
            max.is_some_and(|m| (1..=200).contains(&m)),
            "/{name} has max_length {max:?}"
        );
    }
    // The bot answers commands as usual.
    let r = interact(
        &fake,
        slash("t-games", ALICE, "games", json!([]), json!({})),
    )
    .await;
    assert_eq!(r.json()["type"], 4);
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_refused_with_403_is_said_once_in_the_channel_and_play_goes_on() {
    let Bot { fake, store, .. } = start("dm403", Some(GUILD), Duration::from_secs(3600)).await;
    // Given bob asked for direct messages, but Discord refuses them to him.
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
    fake.refuse_dms(BOB.0);
    // When alice challenges him twice (withdrawing the first).
    for (n, token) in ["t-ch1", "t-ch2"].iter().enumerate() {
        let r = interact(&fake, challenge_cmd(token, ALICE, BOB, json!([]))).await;
        assert!(
            content(&r).contains("alice challenges bob"),
            "{}",
            content(&r)
        );
        fake.wait_for(0, |r| r.route() == "/api/v10/users/@me/channels")
            .await;
        let dm = fake.dm_channel(BOB.0).expect("a DM channel was opened");
        fake.wait_for(0, |r| {
            r.method == "POST"
                && r.route() == format!("/api/v10/channels/{dm}/messages")
                && r.status == 403
        })
        .await;
        if n == 0 {
            let said = fake
                .wait_for(0, |r| {
                    r.method == "POST"
                        && r.route() == format!("/api/v10/channels/{CHANNEL}/messages")
                        && content(r).contains("cannot send you direct messages")
                })
                .await;
            assert!(content(&said).starts_with(&format!("<@{}>", BOB.0)));
            assert_eq!(
                said.json()["allowed_mentions"]["users"],
                json!([BOB.0.to_string()])
            );
            interact(
                &fake,
                slash("t-cancel", ALICE, "cancel", json!([]), json!({})),
            )
            .await;
        }
    }
    fake.finish().await;
    // Then the bot tried twice, and said so in the channel once.
    let reqs = fake.requests();
    let dm = fake.dm_channel(BOB.0).unwrap();
    let tries = reqs
        .iter()
        .filter(|r| r.route() == format!("/api/v10/channels/{dm}/messages"))
        .count();
    assert_eq!(tries, 2);
    let told = reqs
        .iter()
        .filter(|r| content(r).contains("cannot send you direct messages"))
        .count();
    assert_eq!(told, 1);
    // And each direct message is recorded in the outbox as failed for good, with why,
    // never tried again
    let rows = store.outbox_rows().await.unwrap();
    let dms: Vec<_> = rows.iter().filter(|(r, ..)| r.owed.kind == "dm").collect();
    assert_eq!(dms.len(), 2, "{rows:?}");
    for (r, message, failed) in dms {
        assert_eq!(*message, None);
        assert!(
            failed
                .as_deref()
                .is_some_and(|f| f.contains("Cannot send messages")),
            "{failed:?}"
        );
        assert_eq!(r.attempts, 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_with_retry_after_is_waited_out_and_the_message_then_goes_through() {
    let Bot { fake, .. } = start("429", Some(GUILD), Duration::from_secs(3600)).await;
    // Given the DM route is rate limited once for a second.
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
    fake.rate_limit("POST", "/users/@me/channels", 1.0, 1);
    // When alice challenges bob (who is told by direct message).
    interact(&fake, challenge_cmd("t-ch", ALICE, BOB, json!([]))).await;
    // Then the bot waited out the 429 and succeeded, at least a second later.
    let limited = fake
        .wait_for(0, |r| {
            r.route() == "/api/v10/users/@me/channels" && r.status == 429
        })
        .await;
    assert_eq!(limited.response["retry_after"], json!(1.0));
    let ok = fake
        .wait_for(0, |r| {
            r.route() == "/api/v10/users/@me/channels" && r.status == 200
        })
        .await;
    assert!(
        ok.at.duration_since(limited.at) >= Duration::from_millis(950),
        "retried after {:?}",
        ok.at.duration_since(limited.at)
    );
    let dm = fake.dm_channel(BOB.0).unwrap();
    let sent = fake
        .wait_for(0, |r| {
            r.route() == format!("/api/v10/channels/{dm}/messages")
        })
        .await;
    assert_eq!(sent.status, 200);
    assert!(
        content(&sent).contains("your turn to accept"),
        "{}",
        content(&sent)
    );
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2100_character_stake_is_refused_privately_with_a_short_excerpt() {
    let Bot { fake, .. } = start("stake", Some(GUILD), Duration::from_secs(3600)).await;
    // Given a stake of 2,100 characters (Discord's client would stop it; the bot must not
    // rely on that), with control characters in it.
    let stake = format!("\u{7}\u{1b}[31m{}", "9x".repeat(1050));
    let r = interact(
        &fake,
        challenge_cmd(
            "t-stake",
            ALICE,
            BOB,
            json!([{"name": "money", "type": 5, "value": true},
                   {"name": "stake", "type": 3, "value": stake}]),
        ),
    )
    .await;
    // Then a private refusal well under 2,000 characters, quoting a cleaned excerpt.
    let text = content(&r);
    assert_eq!(flags(&r) & 64, 64, "{text}");
    assert!(text.starts_with("\u{26A0} stake: "), "{text}");
    assert!(
        text.chars().count() < 200,
        "{} characters",
        text.chars().count()
    );
    assert!(!text.chars().any(|c| c.is_control()), "{text:?}");
    assert!(text.contains("9x9x"), "{text}");
    assert!(!text.contains("something went wrong"), "{text}");
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_deferred_leaderboard_keeps_its_picture_in_the_channel_message() {
    let Bot { fake, clock, .. } =
        start("slow-leaderboard", Some(GUILD), Duration::from_secs(3600)).await;
    // Quick: the chart goes with the interaction's reply.
    let quick = interact(
        &fake,
        slash("t-board-quick", ALICE, "leaderboard", json!([]), json!({})),
    )
    .await;
    let names: Vec<String> = quick.files().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, vec!["leaderboard.png"], "{}", content(&quick));
    // Given a club slower than the defer threshold, when alice asks for the leaderboard,
    clock.slow(true);
    let from = fake.requests().len();
    let ack = interact(
        &fake,
        // Under a new display name, so that the club writes (and reads its slow clock).
        slash(
            "t-board-slow",
            (ALICE.0, "renamed"),
            "leaderboard",
            json!([]),
            json!({}),
        ),
    )
    .await;
    clock.slow(false);
    assert_eq!(ack.json()["type"], 5);
    // then the answer posted in the channel carries the same picture.
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    let files = post.files();
    assert_eq!(
        files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        vec!["leaderboard.png"],
        "{}",
        content(&post)
    );
    assert_eq!(&files[0].1[..4], b"\x89PNG");
    assert!(
        content(&post).contains("Standard ratings"),
        "{}",
        content(&post)
    );
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_money_play_option_given_for_a_match_is_refused_privately_not_dropped() {
    let Bot { fake, .. } = start("misfit", Some(GUILD), Duration::from_secs(3600)).await;
    // Given a 5-point match with the Jacoby rule set off (a rule of money play only: the
    // club refuses it, as the local chat's jacoby:off)
    let r = interact(
        &fake,
        challenge_cmd(
            "t-misfit",
            ALICE,
            BOB,
            json!([{"name": "length", "type": 4, "value": 5},
                   {"name": "jacoby", "type": 5, "value": false}]),
        ),
    )
    .await;
    // Then alice is told privately, the option named as Discord names it; no match is made
    let text = content(&r);
    assert_eq!(flags(&r) & 64, 64, "{text}");
    assert!(
        text.contains("jacoby: the Jacoby rule is for money play; a 5-point match has none"),
        "{text}"
    );
    assert!(public(&fake).iter().all(|t| !t.contains("challenges")));
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_that_fails_after_a_commit_reaches_the_channel_and_a_retry_makes_no_second_match() {
    let Bot { fake, .. } = start("reply-fails", Some(GUILD), Duration::from_secs(3600)).await;
    // Given Discord fails (500) the next interaction reply
    fake.fail("POST", "/callback", 500, 1);
    // When alice challenges bob (the club saves the challenge, then the reply fails)
    let from = fake.requests().len();
    fake.dispatch(challenge_cmd("t-fail", ALICE, BOB, json!([])));
    let failed = fake
        .wait_for(from, |r| r.route().ends_with("/callback"))
        .await;
    assert_eq!(failed.status, 500);
    // Then the outcome reaches the channel, and nobody reads that nothing was changed
    let posted = fake
        .wait_for(from, |r| {
            r.route() == format!("/api/v10/channels/{CHANNEL}/messages")
                && content(r).contains("Match #1: alice challenges bob")
        })
        .await;
    assert_eq!(posted.status, 200);
    assert!(
        content(&posted).contains("the answer to the command could not be shown"),
        "{}",
        content(&posted)
    );
    // And it was owed in the outbox first: posted by its poster, with the row's nonce
    let nonce = posted.json()["nonce"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(nonce.starts_with("gb"), "{nonce:?}");
    // When alice, who saw no answer, challenges again
    let again = interact(&fake, challenge_cmd("t-again", ALICE, BOB, json!([]))).await;
    // Then she is answered with the match already made, not a second one
    assert!(
        content(&again).contains("Match #1: this challenge to bob was already made"),
        "{}",
        content(&again)
    );
    let all: Vec<String> = fake.requests().iter().map(content).collect();
    assert!(
        !all.iter().any(|c| c.contains("nothing was changed")),
        "{all:?}"
    );
    assert!(!all.iter().any(|c| c.contains("Match #2")), "{all:?}");
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_met_by_500s_is_tried_again_later_and_then_posted_once() {
    let Bot { fake, store, .. } = start("dm500", Some(GUILD), Duration::from_secs(3600)).await;
    // Given bob asked for direct messages, and Discord fails the next four posts (500)
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
    fake.fail("POST", "/messages", 500, 4);
    // When alice challenges him
    interact(&fake, challenge_cmd("t-ch", ALICE, BOB, json!([]))).await;
    // Then the poster tries at once a few times, leaves it for later, and then posts it
    let sent = fake
        .wait_for(0, |r| {
            r.method == "POST" && r.route().ends_with("/messages") && r.status == 200
        })
        .await;
    assert!(
        content(&sent).contains("your turn to accept"),
        "{}",
        content(&sent)
    );
    let nonce = sent.json()["nonce"].as_str().unwrap().to_string();
    let tries: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.json()["nonce"] == nonce.as_str())
        .map(|r| r.status)
        .collect();
    assert_eq!(tries, [500, 500, 500, 500, 200]);
    fake.finish().await;
    // And the outbox counts the attempt that failed and the one that posted
    let rows = store.outbox_rows().await.unwrap();
    let (row, message, failed) = rows.iter().find(|(r, ..)| r.nonce() == nonce).unwrap();
    assert_eq!(*failed, None);
    assert_eq!(message.as_deref(), sent.response["id"].as_str());
    assert_eq!(row.attempts, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_fails_after_the_club_carried_out_the_command_never_says_nothing_changed() {
    let Bot { fake, .. } = start("carried", Some(GUILD), Duration::from_secs(3600)).await;
    // Given Discord fails the first answer to an interaction (500)
    fake.fail("POST", "/callback", 500, 1);
    // When alice asks for her vacation days, which the club answers
    let token = "t-vacation-show";
    fake.dispatch(slash(token, ALICE, "vacation", json!([]), json!({})));
    // Then the answer that does go through does not claim that nothing changed: it says
    // the command was carried out
    let said = fake
        .wait_for(0, |r| {
            r.method == "POST" && r.route().ends_with("/callback") && r.status == 204
        })
        .await;
    let text = content(&said);
    assert!(text.contains("was carried out"), "{text}");
    assert!(!text.contains("nothing was changed"), "{text}");
    fake.finish().await;
}
