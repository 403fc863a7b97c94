//! The bot player on Discord: a real poise bot against the fake Discord with the real GNU
//! Backgammon. `/challenge opponent:@<the bot itself>` is a match against gnubg, which
//! accepts at once; after each of the human's turns the bot's own move is posted in the
//! match's channel with the board attached, mentioning the human with the buttons.

use std::sync::Arc;

use crate::discord_e2e::{content, ephemeral, interact};
use crate::fake_discord::{
    BOT_ID, CHANNEL, FakeDiscord, GUILD, Request, TOKEN, autocomplete, click, slash, user,
};
use club::{Club, ManualClock, RngDice};
use gammonbot::discord::{Connection, client};
use serde_json::{Value, json};
use store::Store;
use testkit::{scratch, store_url};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");

/// The bot against the fake Discord, its club with the real gnubg.
async fn start(name: &str, seed: u64) -> FakeDiscord {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url(&format!("discord-bot-{name}")).await)
        .await
        .unwrap();
    let gnubg = testkit::gnubg();
    let settings = gnubg::BotSettings {
        search_path: gnubg.parent().unwrap().display().to_string(),
        work_dir: scratch(&format!("discord-bot-{name}-work")),
        ..gnubg::BotSettings::default()
    };
    let club = Club::new(
        store,
        Arc::new(RngDice::seeded(seed)),
        Arc::new(ManualClock::new(1_800_000_000)),
    )
    .with_bot(settings);
    let mut bot = client(
        Connection {
            token: TOKEN.into(),
            guild: Some(GUILD),
            api: Some(fake.api.clone()),
            sweep_every: Some(std::time::Duration::from_secs(60)),
        },
        Arc::new(club),
    )
    .await
    .unwrap();
    tokio::spawn(async move {
        let _ = bot.start().await;
    });
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    fake
}

/// A message the bot posted in the channel (not an interaction's reply).
fn posted_in_channel(r: &Request) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/messages")
}

/// The bot's own move, posted in the channel: its text, and the PNG with its alt text.
fn posted(r: &Request) -> (String, Vec<u8>, String) {
    let body = r.json();
    let text = body["content"].as_str().unwrap_or("").to_string();
    let (name, png) = r
        .files()
        .into_iter()
        .find(|(n, _)| n.ends_with(".png"))
        .unwrap_or_else(|| panic!("no board attached to the bot's move: {text}"));
    let alt = body["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["filename"] == name.as_str()))
        .and_then(|x| x["description"].as_str())
        .unwrap_or("")
        .to_string();
    (text, png, alt)
}

/// The custom ids of the buttons of a message posted in the channel.
fn posted_buttons(r: &Request) -> Vec<String> {
    r.json()["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// Whether `text` says the bot made a play (not only at which level it plays).
fn bot_played(text: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with("gammonbot plays ") && !l.starts_with("gammonbot plays at "))
}

/// What alice is asked to do in `text` (`<@alice> to roll ...`), if anything.
fn alices_turn(text: &str) -> Option<String> {
    text.split(&format!("<@{}> to ", ALICE.0))
        .nth(1)
        .map(str::to_string)
}

/// alice's first legal play, from the `/move` autocomplete.
async fn first_play(fake: &FakeDiscord, n: usize) -> String {
    let ac = interact(
        fake,
        autocomplete(
            &format!("t-ac-{n}"),
            ALICE,
            "move",
            json!([{"name": "play", "type": 3, "value": "", "focused": true}]),
        ),
    )
    .await;
    ac.json()["data"]["choices"][0]["value"]
        .as_str()
        .expect("a legal play")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_the_bot_itself_is_accepted_and_its_moves_are_posted_with_the_board() {
    let fake = start("challenge", 7).await;
    // Given alice challenges the bot itself (`opponent:@gammonbot`) to a 1-point match
    let r = interact(
        &fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "length", "type": 4, "value": 1},
                   {"name": "level", "type": 4, "value": 4}]),
            json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
        ),
    )
    .await;
    // Then the bot accepts at once, in the same reply, and alice throws first
    assert!(!ephemeral(&r), "{}", content(&r));
    let text = content(&r);
    assert!(text.contains("alice challenges gammonbot"), "{text}");
    assert!(text.contains("gammonbot accepts match #1"), "{text}");
    assert!(alices_turn(&text).is_some(), "{text}");
    // When alice acts on each of her turns (her first legal play), until the bot has
    // moved after a move of hers
    let mut last: Value = r.json()["data"].clone();
    let mut she_moved = false;
    for n in 0..12 {
        let text = last["content"].as_str().unwrap_or("").to_string();
        let what = alices_turn(&text).unwrap_or_else(|| panic!("not alice's turn: {text}"));
        let from = fake.requests().len();
        let reply = if what.starts_with("move") {
            let play = first_play(&fake, n).await;
            she_moved = true;
            interact(
                &fake,
                slash(
                    &format!("t-move-{n}"),
                    ALICE,
                    "move",
                    json!([{"name": "play", "type": 3, "value": play}]),
                    json!({}),
                ),
            )
            .await
        } else if what.starts_with("roll") {
            interact(
                &fake,
                click(&format!("t-roll-{n}"), ALICE, &roll_button(&last)),
            )
            .await
        } else {
            panic!("alice to {what}")
        };
        assert!(!ephemeral(&reply), "refused: {}", content(&reply));
        if alices_turn(&content(&reply)).is_some() {
            // Her turn again (the opening throw won, or she rolled): act on the reply.
            last = reply.json()["data"].clone();
            continue;
        }
        // Then the bot's move is posted in the match's channel, after the reply to her
        // command, with the board attached and alice mentioned with her buttons
        let post = fake.wait_for(from, posted_in_channel).await;
        let requests = fake.requests();
        let index = |p: &dyn Fn(&Request) -> bool| requests[from..].iter().position(p).unwrap();
        let token = if what.starts_with("move") {
            "move"
        } else {
            "roll"
        };
        let callback = format!("/t-{token}-{n}/callback");
        assert!(
            index(&|q| q.path.ends_with(&callback)) < index(&posted_in_channel),
            "the bot's move was posted before the reply to alice's command"
        );
        let (text, png, alt) = posted(&post);
        assert!(text.contains("gammonbot "), "{text}");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        image::load_from_memory(&png).unwrap();
        assert!(alt.contains("pips"), "{alt}");
        assert_eq!(post.status, 200, "{}", post.response);
        if alices_turn(&text).is_some() {
            assert_eq!(
                post.json()["allowed_mentions"]["users"],
                json!([ALICE.0.to_string()])
            );
            // (A play is typed with /move; a roll or a double has its buttons.)
            if alices_turn(&text).is_some_and(|w| w.starts_with("roll")) {
                assert!(
                    posted_buttons(&post)
                        .iter()
                        .any(|b| b.starts_with("gb:roll:")),
                    "{text}"
                );
            }
        }
        if she_moved && bot_played(&text) {
            // And on her turn, /hint (a match against the bot is practice) is shown to
            // her alone
            let hint = interact(&fake, slash("t-hint", ALICE, "hint", json!([]), json!({}))).await;
            assert!(ephemeral(&hint), "{}", content(&hint));
            assert!(
                content(&hint).starts_with("Hint for alice (match #1, GNU Backgammon at "),
                "{}",
                content(&hint)
            );
            fake.finish().await;
            return;
        }
        last = post.json();
    }
    panic!("the bot never moved after alice");
}

/// The roll button of a reply's data or a posted message.
fn roll_button(message: &Value) -> String {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .find(|b| b.starts_with("gb:roll:"))
        .unwrap_or_else(|| panic!("no roll button: {message}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_bot_challenges_the_bot_itself_and_terms_it_cannot_play_are_refused_privately() {
    let fake = start("play-bot", 3).await;
    // Given alice asks for a Welsh match against the bot, or a level against a person
    let welsh = interact(
        &fake,
        slash(
            "t-welsh",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "rules", "type": 4, "value": 1}]),
            json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
        ),
    )
    .await;
    let bob = 222_222_222_222_222_222_u64;
    let level = interact(
        &fake,
        slash(
            "t-level",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": bob.to_string()},
                   {"name": "level", "type": 4, "value": 0}]),
            json!({"users": {bob.to_string(): user(bob, "bob")}}),
        ),
    )
    .await;
    // Then each is refused to her alone, saying why
    for (r, phrase) in [
        (&welsh, "standard backgammon only"),
        (&level, "a level applies to a match against the bot"),
    ] {
        assert!(ephemeral(r), "{}", content(r));
        assert!(content(r).contains(phrase), "{}", content(r));
    }
    // When she uses /play-bot at the beginner level with the tutor
    let r = interact(
        &fake,
        slash(
            "t-play-bot",
            ALICE,
            "play-bot",
            json!([{"name": "level", "type": 4, "value": 0},
                   {"name": "length", "type": 4, "value": 3},
                   {"name": "tutor", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    // Then the bot is challenged and accepts at once, at that level, for everyone to see
    let text = content(&r);
    assert!(!ephemeral(&r), "{text}");
    assert!(
        text.contains("alice challenges gammonbot to a 3-point match"),
        "{text}"
    );
    assert!(text.contains("gammonbot accepts match #1"), "{text}");
    assert!(text.contains("beginner"), "{text}");
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_server_with_a_thread_per_match_the_bots_moves_are_posted_in_the_thread() {
    // Given a server that plays each match in its own thread (seed 42: the bot wins the
    // opening throw, so its first play follows the challenge at once)
    let fake = start("threads", 42).await;
    let mut srv = slash(
        "t-srv",
        ALICE,
        "server",
        json!([{"name": "threads", "type": 5, "value": true}]),
        json!({}),
    );
    srv["member"]["permissions"] = json!("32");
    let r = interact(&fake, srv).await;
    assert!(
        content(&r).contains("each in its own thread"),
        "{}",
        content(&r)
    );
    // (and Discord slow to open a thread: the bot has decided before the match is moved)
    fake.slow("POST", "/threads", std::time::Duration::from_millis(800));
    // When alice challenges the bot
    let from = fake.requests().len();
    interact(
        &fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "length", "type": 4, "value": 1}]),
            json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
        ),
    )
    .await;
    let thread = fake
        .wait_for(from, |r| r.method == "POST" && r.path.ends_with("/threads"))
        .await;
    let thread_id = thread.response["id"].as_str().unwrap().to_string();
    // Then the bot's play is posted in the thread, not in the channel the challenge was
    // typed in
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST"
                && r.path.ends_with("/messages")
                && r.json()["content"].as_str().is_some_and(bot_played)
        })
        .await;
    assert_eq!(
        post.path,
        format!("/api/v10/channels/{thread_id}/messages"),
        "{}",
        post.json()["content"]
    );
    posted(&post);
    fake.finish().await;
}
