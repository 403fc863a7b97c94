//! The bot player on Discord: a real poise bot against the fake Discord with the real GNU
//! Backgammon. `/challenge opponent:@<the bot itself>` is a match against gnubg, which
//! accepts at once; after each of the human's turns the bot's own move is posted in the
//! match's channel with the board attached, mentioning the human with the buttons.
//!
//! Issue 32's checks on Discord: a 1-point match played to its end (alice answering as a
//! player does, with buttons and `/move`), the `gammonbot` binary killed while the bot is
//! to act and started again on the same database, and gnubg missing (looked for in an
//! empty folder: the binary always looks in /usr/games too, so that test runs the client
//! in-process with the club's own settings).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::discord_authorization::answer;
use crate::discord_e2e::{connect, content, ephemeral, interact};
use crate::fake_discord::{
    BOT_ID, CHANNEL, FakeDiscord, GUILD, Request, TOKEN, autocomplete, click, slash, user,
};
use club::{Club, ManualClock, RngDice};
use clubkit::{assert_match_rebuilds, match_log};
use serde_json::{Value, json};
use store::{MatchStatus, Store};
use testkit::{scratch, store_url};

pub(crate) const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");

/// The bot against the fake Discord, its club with the real gnubg.
async fn start(name: &str, seed: u64) -> FakeDiscord {
    start_on(name, seed, None).await.0
}

/// The bot against the fake Discord, its club with gnubg looked for in `search_path` (the
/// real one's folder when `None`), and the club's store.
async fn start_on(name: &str, seed: u64, search_path: Option<&Path>) -> (FakeDiscord, Store) {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url(&format!("discord-bot-{name}")).await)
        .await
        .unwrap();
    let gnubg = testkit::gnubg();
    let dir = search_path.unwrap_or_else(|| gnubg.parent().unwrap());
    let settings = gnubg::BotSettings {
        search_path: dir.display().to_string(),
        work_dir: scratch(&format!("discord-bot-{name}-work")),
        ..gnubg::BotSettings::default()
    };
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        Arc::new(ManualClock::new(1_800_000_000)),
    )
    .with_bot(settings);
    connect(&fake, Arc::new(club), std::time::Duration::from_secs(60)).await;
    (fake, store)
}

/// A message the bot posted in the channel (not an interaction's reply).
pub(crate) fn posted_in_channel(r: &Request) -> bool {
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
pub(crate) fn alices_turn(text: &str) -> Option<String> {
    text.split(&format!("<@{}> to ", ALICE.0))
        .nth(1)
        .map(str::to_string)
}

/// alice's `/move` autocomplete with nothing typed yet.
pub(crate) fn move_autocomplete(id: &str) -> Value {
    autocomplete(
        id,
        ALICE,
        "move",
        json!([{"name": "play", "type": 3, "value": "", "focused": true}]),
    )
}

/// The first play an answer to [`move_autocomplete`] offers.
pub(crate) fn first_offered(ac: &Request) -> String {
    ac.json()["data"]["choices"][0]["value"]
        .as_str()
        .expect("a legal play")
        .to_string()
}

/// alice's first legal play, from the `/move` autocomplete.
async fn first_play(fake: &FakeDiscord, n: usize) -> String {
    first_offered(&interact(fake, move_autocomplete(&format!("t-ac-{n}"))).await)
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
            // her alone (deferred, privately, when gnubg is slow to answer: its text is
            // then the followup's)
            let (private, hint) =
                answer(&fake, slash("t-hint", ALICE, "hint", json!([]), json!({}))).await;
            assert!(private, "{hint}");
            assert!(
                hint.starts_with("Hint for alice (match #1, GNU Backgammon at "),
                "{hint}"
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
    // Given alice asks for a Welsh match against the bot at a GNU Backgammon level, or a
    // level against a person
    let welsh = interact(
        &fake,
        slash(
            "t-welsh",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "rules", "type": 4, "value": 1},
                   {"name": "level", "type": 4, "value": 4}]),
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_discord_fails_with_a_500_is_tried_again_and_the_bots_move_still_reaches_the_channel()
 {
    let fake = start("bot-5xx", 11).await;
    // Given Discord fails the next two posts in the channel (a 500, then another)
    fake.fail("POST", &format!("/channels/{CHANNEL}/messages"), 500, 2);
    // When alice challenges the bot and plays until it is to act
    let mut k = 0;
    until_the_bot_acts(&fake, &mut k).await;
    // Then the bot's play reaches the channel all the same, after the failures
    let post = fake
        .wait_for(0, |r| {
            posted_in_channel(r)
                && r.status == 200
                && r.json()["content"].as_str().is_some_and(bot_played)
        })
        .await;
    check_bot_post(&post);
    let failed = fake
        .requests()
        .iter()
        .filter(|r| posted_in_channel(r) && r.status == 500)
        .count();
    assert_eq!(failed, 2);
    fake.finish().await;
}

/// alice's challenge to the bot itself to a 1-point match (no level: expert).
fn challenge_the_bot(token: &str) -> Value {
    slash(
        token,
        ALICE,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
               {"name": "length", "type": 4, "value": 1}]),
        json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
    )
}

/// Sends an interaction and waits for the bot's callback to it, which Discord took (no
/// time asserted: the machine may be slow; a slow answer is deferred, see
/// [`answer_seen`]).
pub(crate) async fn reply_to(fake: &FakeDiscord, interaction: Value) -> Request {
    let path = format!(
        "/api/v10/interactions/{}/{}/callback",
        interaction["id"].as_str().unwrap(),
        interaction["token"].as_str().unwrap()
    );
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| r.method == "POST" && r.path == path)
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    r
}

/// The `k`-th message posted in the channel (counting from 0), once it is there. A post
/// sent again with the nonce of one already made (after a restart) is no new message.
pub(crate) async fn channel_post(fake: &FakeDiscord, k: usize) -> Request {
    loop {
        let requests = fake.requests();
        let mut nonces = std::collections::HashSet::new();
        let mut made = requests
            .iter()
            .filter(|r| posted_in_channel(r))
            .filter(|r| match r.json()["nonce"].as_str() {
                Some(n) => nonces.insert(n.to_string()),
                None => true,
            });
        if let Some(p) = made.nth(k) {
            return p.clone();
        }
        fake.wait_for(requests.len(), posted_in_channel).await;
    }
}

/// What the players see of the answer to `reply`'s interaction (token `token`): the
/// reply's message, or, when the bot was slow and deferred, the outcome that followed:
/// posted in the channel after a slash command (the channel's `k`-th post: `k` counts the
/// posts looked at), a followup after a click. A refusal fails the test.
pub(crate) async fn answer_seen(
    fake: &FakeDiscord,
    reply: &Request,
    token: &str,
    k: &mut usize,
) -> Value {
    let body = reply.json();
    let message = match body["type"].as_u64() {
        Some(4) => body["data"].clone(),
        Some(5) => {
            let post = channel_post(fake, *k).await;
            *k += 1;
            post.json()
        }
        Some(6) => fake
            .wait_for(0, |r| {
                r.method == "POST" && r.route().ends_with(&format!("/{token}"))
            })
            .await
            .json(),
        other => panic!("answered with type {other:?}: {body}"),
    };
    assert_eq!(
        message["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "refused: {}",
        message["content"]
    );
    message
}

/// The text of a message (a reply's data or a message posted).
pub(crate) fn text_of(message: &Value) -> String {
    message["content"].as_str().unwrap_or("").to_string()
}

/// The custom ids of the buttons of a message (a reply's data or a message posted).
pub(crate) fn button_ids(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// alice's first legal play, as the `/move` autocomplete offers it (no time asserted).
async fn alices_first_play(fake: &FakeDiscord, n: usize) -> String {
    first_offered(&reply_to(fake, move_autocomplete(&format!("t-alice-ac-{n}"))).await)
}

/// alice's answer to `message`, which asks her to act, as a player answers: she accepts a
/// resignation, takes a double, rolls (with their buttons), else makes her first legal
/// play (`/move`). What the players see of the bot's answer (`k` as in [`answer_seen`]).
async fn alice_answers(fake: &FakeDiscord, message: &Value, n: usize, k: &mut usize) -> Value {
    let text = text_of(message);
    let what = alices_turn(&text).unwrap_or_else(|| panic!("not alice's turn: {text}"));
    let ids = button_ids(message);
    let button = ["acceptresign", "take", "roll"]
        .iter()
        .find_map(|verb| ids.iter().find(|b| b.starts_with(&format!("gb:{verb}:"))));
    let token = format!("t-alice-{n}");
    let interaction = match button {
        Some(b) => click(&token, ALICE, b),
        None => {
            assert!(what.starts_with("move"), "alice to {what}");
            let play = alices_first_play(fake, n).await;
            slash(
                &token,
                ALICE,
                "move",
                json!([{"name": "play", "type": 3, "value": play}]),
                json!({}),
            )
        }
    };
    let reply = reply_to(fake, interaction).await;
    answer_seen(fake, &reply, &token, k).await
}

/// alice challenges the bot to a 1-point match and acts until the bot is to act (or the
/// match is over): what the players saw last.
async fn until_the_bot_acts(fake: &FakeDiscord, k: &mut usize) -> Value {
    let reply = reply_to(fake, challenge_the_bot("t-challenge")).await;
    let mut seen = answer_seen(fake, &reply, "t-challenge", k).await;
    assert!(
        text_of(&seen).contains("gammonbot accepts match #1"),
        "{}",
        text_of(&seen)
    );
    for n in 0..10 {
        if alices_turn(&text_of(&seen)).is_none() {
            return seen;
        }
        seen = alice_answers(fake, &seen, n, k).await;
    }
    panic!("the bot never came to act: {}", text_of(&seen));
}

/// The bot's own decisions in a match's log (X is alice, who challenged; O the bot).
fn bot_decisions(log: &[club::Entry]) -> usize {
    log.iter()
        .filter(|e| {
            matches!(
                e,
                club::Entry::Standard {
                    side: engine::Side::O,
                    auto: false,
                    ..
                }
            )
        })
        .count()
}

/// Checks a post of the bot's decision: its board attached as a PNG with alt text, taken
/// by Discord. Its text.
pub(crate) fn check_bot_post(post: &Request) -> String {
    let (text, png, alt) = posted(post);
    assert!(text.contains("gammonbot "), "{text}");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    image::load_from_memory(&png).unwrap();
    assert!(alt.contains("pips"), "{alt}");
    assert_eq!(post.status, 200, "{}", post.response);
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_point_match_against_the_bot_is_played_to_its_end_on_discord() {
    let (fake, store) = start_on("to-the-end", 11, None).await;
    // Given alice's 1-point match against the bot (expert), the channel's posts counted
    let mut k = 0;
    let mut seen = until_the_bot_acts(&fake, &mut k).await;
    // When she answers each of her turns as a player would (roll, her first legal play,
    // accept a resignation), and the bot each of its own, until the result is posted
    let (mut n, mut bot_posts) = (100, 0);
    let result = loop {
        let text = text_of(&seen);
        if text.contains(" wins the match") {
            break text;
        }
        if alices_turn(&text).is_some() {
            assert!(n < 400, "the match did not end: {text}");
            seen = alice_answers(&fake, &seen, n, &mut k).await;
            n += 1;
            continue;
        }
        // Then each time the bot is to act, its decision is posted in the channel with the
        // board, leaving the match to alice or ending it
        let post = channel_post(&fake, k).await;
        k += 1;
        let text = check_bot_post(&post);
        assert!(
            alices_turn(&text).is_some() || text.contains(" wins the match"),
            "the bot's post leaves the match to nobody: {text}"
        );
        bot_posts += 1;
        seen = post.json();
    };
    fake.finish().await;
    // And the result names the winner, and the match is finished in the store
    let row = store.load_match(1).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    let winner = store
        .player_by_id(row.winner.expect("a winner"))
        .await
        .unwrap()
        .display_name;
    assert!(
        result.contains(&format!("{winner} wins the match")),
        "{winner}: {result}"
    );
    // And every decision of the bot went through the engine (the log rebuilds), and each
    // was posted once, nothing else
    assert_match_rebuilds(&store, 1).await;
    let decisions = bot_decisions(&match_log(&store, 1).await);
    assert!(
        bot_posts > 0 && decisions > 0,
        "{bot_posts} posts, {decisions} decisions"
    );
    let posts = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.route().ends_with("/messages"))
        .count();
    assert_eq!(posts, k, "messages posted that nobody answers");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_gnubg_the_channel_is_told_plainly_and_the_bot_moves_nothing() {
    // Given the bot's gnubg looked for in an empty folder (gnubg removed)
    let empty = scratch("discord-bot-no-gnubg");
    let (fake, store) = start_on("no-gnubg", 5, Some(&empty)).await;
    // When alice's match against the bot comes to the bot's turn
    let mut k = 0;
    until_the_bot_acts(&fake, &mut k).await;
    let before = match_log(&store, 1).await;
    // Then the channel is told plainly why the bot does not play, and no move is posted
    let post = channel_post(&fake, k).await;
    let text = text_of(&post.json());
    assert!(text.contains("not installed"), "{text}");
    assert!(text.contains(gnubg::INSTALL_GNUBG), "{text}");
    assert!(!bot_played(&text), "{text}");
    assert_eq!(post.status, 200, "{}", post.response);
    // And nothing else is posted, and the match waits as it was: the bot decided nothing
    fake.finish().await;
    let posts = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.route().ends_with("/messages"))
        .count();
    assert_eq!(posts, k + 1, "more was posted than the message");
    let after = match_log(&store, 1).await;
    assert_eq!(after.len(), before.len(), "{after:?}");
    assert_eq!(bot_decisions(&after), 0, "{after:?}");
    let row = store.load_match(1).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Active);
}

/// A `gammonbot` process, killed (SIGKILL) when dropped.
struct Process(std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the `gammonbot` binary on the database `db` against the fake Discord, with
/// `path` as its PATH (gnubg is looked for there, then in /usr/games), in a folder of its
/// own (no `.env` read).
fn gammonbot(fake: &FakeDiscord, db: &str, path: &str, name: &str) -> Process {
    let dir = scratch(&format!("discord-bot-{name}"));
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", path)
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", db)
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .spawn()
        .expect("the gammonbot binary starts");
    Process(child)
}

/// A folder holding a `gnubg` that reads the bot's requests and never answers (it ends
/// when the bot does: its input closes).
fn gnubg_never_answering() -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("discord-bot-gnubg-never-answering");
    let gnubg = dir.join("gnubg");
    std::fs::write(&gnubg, "#!/bin/sh\nexec cat >/dev/null\n").unwrap();
    std::fs::set_permissions(&gnubg, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_process_stopped_while_the_bot_is_to_act_makes_its_move_after_a_restart() {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-bot-restart").await;
    let path = std::env::var("PATH").unwrap_or_default();
    // Given the gammonbot process, its gnubg never answering (the bot cannot act)
    let stuck = format!("{}:{path}", gnubg_never_answering().display());
    let first = gammonbot(&fake, &db, &stuck, "restart-first");
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    // And alice's 1-point match against the bot, at the bot's turn
    let mut k = 0;
    until_the_bot_acts(&fake, &mut k).await;
    // When the process is killed there, the bot's decision pending
    drop(first);
    let store = Store::open(&db).await.unwrap();
    let before = match_log(&store, 1).await;
    let row = store.load_match(1).await.unwrap().unwrap();
    let snap: club::Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    assert_eq!(
        snap.game.to_act(),
        Some(engine::Side::O),
        "not the bot's turn"
    );
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| posted_in_channel(r) && bot_played(&text_of(&r.json()))),
        "the bot moved before the restart"
    );
    // And the process is started again on the same database, gnubg found
    fake.wait_shard_free(0).await;
    let from = fake.requests().len();
    let second = gammonbot(&fake, &db, &path, "restart-second");
    // Then the bot's decision is posted in the channel, with the board, alice to act
    let post = fake.wait_for(from, posted_in_channel).await;
    let text = check_bot_post(&post);
    assert!(alices_turn(&text).is_some(), "{text}");
    drop(second);
    fake.finish().await;
    // And it was made once, by the engine's rules (the log rebuilds)
    let after = match_log(&store, 1).await;
    assert!(
        bot_decisions(&after[before.len()..]) > 0,
        "{:?}",
        &after[before.len()..]
    );
    assert!(store.load_match(1).await.unwrap().unwrap().version > row.version);
    assert_match_rebuilds(&store, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_move_whose_post_was_cut_by_a_kill_is_shown_once_after_a_restart() {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-bot-nonce").await;
    let path = std::env::var("PATH").unwrap_or_default();
    // Given alice's 1-point match against the bot at the bot's turn, gnubg stuck
    let stuck = format!("{}:{path}", gnubg_never_answering().display());
    let first = gammonbot(&fake, &db, &stuck, "nonce-first");
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    let mut k = 0;
    until_the_bot_acts(&fake, &mut k).await;
    drop(first);
    // And Discord slow to answer a post in the channel
    let messages = format!("/channels/{CHANNEL}/messages");
    fake.slow("POST", &messages, Duration::from_secs(4));
    // When the process, gnubg found, has sent the bot's move and is killed before
    // Discord answers (the message is made, the bot never learns it)
    fake.wait_shard_free(0).await;
    let second = gammonbot(&fake, &db, &path, "nonce-second");
    let store = Store::open(&db).await.unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let row = loop {
        let owed = store.outbox_rows().await.unwrap();
        if let Some((row, ..)) = owed.iter().find(|(r, ..)| r.owed.kind == "bot")
            && fake.slowed().contains(&row.nonce())
        {
            break row.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the move never sent: {owed:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    drop(second);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let owed = store.outbox_rows().await.unwrap();
    let (_, message, _) = owed.iter().find(|(r, ..)| r.id == row.id).unwrap();
    assert_eq!(*message, None, "the move was marked posted before the kill");
    let nonce = row.nonce();
    // And the process is started again
    fake.wait_shard_free(0).await;
    let third = gammonbot(&fake, &db, &path, "nonce-third");
    // Then the move is sent again with the same nonce, once its claim has lapsed, and
    // marked posted with the message Discord made the first time
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let posted = loop {
        let rows = store.outbox_rows().await.unwrap();
        if let Some((_, Some(m), _)) = rows.iter().find(|(r, ..)| r.id == row.id) {
            break m.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "never marked: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    drop(third);
    let sent: Vec<Request> = fake
        .requests()
        .into_iter()
        .filter(|r| posted_in_channel(r) && r.json()["nonce"] == nonce.as_str())
        .collect();
    // (On a busy machine a slow answer may time out and be sent once more, same nonce.)
    assert!(
        sent.len() >= 2,
        "sent before the kill and after the restart: {}",
        sent.len()
    );
    assert!(sent.iter().all(|r| r.json()["enforce_nonce"] == true));
    assert_eq!(sent[0].response["id"].as_str(), Some(posted.as_str()));
    // And players see it once: no nonce made two messages
    let made = fake.created_nonces();
    assert_eq!(made.iter().filter(|n| **n == nonce).count(), 1, "{made:?}");
    let mut unique = made.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), made.len(), "a message made twice: {made:?}");
    fake.finish().await;
}
