//! The bot in Welsh backgammon on Discord (issue 33): the `gammonbot` binary against the
//! fake Discord. `/challenge opponent:@<the bot> rules:welsh` is a match against the
//! bot's own Welsh player, played to its end (alice answering as a player does, with
//! buttons and `/move`), the process killed in the middle and started again on the same
//! database; `/play-bot rules:welsh` challenges the bot too. The Welsh player needs no
//! gnubg: the processes' PATH holds none (the binary still looks in /usr/games, unused).
//! The match is to one game, to keep the boards drawn few.

use serde_json::{Value, json};
use store::{MatchStatus, Store};
use testkit::store_url;

use crate::discord_bot::{
    ALICE, alices_turn, answer_seen, button_ids, channel_post, check_bot_post, first_offered,
    move_autocomplete, reply_to, text_of,
};
use crate::fake_discord::{BOT_ID, FakeDiscord, GUILD, TOKEN, click, slash, user};

/// A `gammonbot` process, killed (SIGKILL) when dropped.
struct Process(std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The `gammonbot` binary on the database `db` against the fake Discord, in a folder of
/// its own (no `.env` read), players' commands not rate-limited (alice answers at once),
/// once its commands are registered.
async fn start(fake: &FakeDiscord, db: &str, name: &str) -> Process {
    let from = fake.requests().len();
    let dir = testkit::scratch(&format!("discord-welsh-bot-{name}"));
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DISCORD_RATE_LIMIT", "off")
        .env("DATABASE_URL", db)
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .spawn()
        .expect("the gammonbot binary starts");
    let p = Process(child);
    fake.wait_for(from, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    p
}

/// alice's answer to `message`, which asks her to act, as a player answers: she accepts
/// an offer to concede, calls odds, starts herself, throws, passes (each with its
/// button), else makes her first legal play (`/move`). What the players see of the
/// answer (`k` as in `answer_seen`).
async fn alice_answers(fake: &FakeDiscord, message: &Value, n: usize, k: &mut usize) -> Value {
    let text = text_of(message);
    let what = alices_turn(&text).unwrap_or_else(|| panic!("not alice's turn: {text}"));
    let ids = button_ids(message);
    let button = ["acceptconcede", "odds", "me", "roll", "pass"]
        .iter()
        .find_map(|verb| ids.iter().find(|b| b.starts_with(&format!("gb:{verb}:"))));
    let token = format!("t-alice-{n}");
    let interaction = match button {
        Some(b) => click(&token, ALICE, b),
        None => {
            assert!(what.starts_with("move"), "alice to {what}");
            let ac = reply_to(fake, move_autocomplete(&format!("t-alice-ac-{n}"))).await;
            slash(
                &token,
                ALICE,
                "move",
                json!([{"name": "play", "type": 3, "value": first_offered(&ac)}]),
                json!({}),
            )
        }
    };
    let reply = reply_to(fake, interaction).await;
    answer_seen(fake, &reply, &token, k).await
}

/// alice offers to concede one game (`/concede games:1`): what the players see.
async fn alice_offers(fake: &FakeDiscord, n: usize, k: &mut usize) -> Value {
    let token = format!("t-alice-offer-{n}");
    let reply = reply_to(
        fake,
        slash(
            &token,
            ALICE,
            "concede",
            json!([{"name": "games", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    answer_seen(fake, &reply, &token, k).await
}

/// Plays on from `seen` (what the players saw last) until the match is over, or, with
/// `bot_posts_until`, until the bot has posted that many decisions and it is alice's
/// turn. What was seen last and the bot's posts.
async fn play_on(
    fake: &FakeDiscord,
    mut seen: Value,
    n: &mut usize,
    k: &mut usize,
    bot_posts_until: Option<usize>,
) -> (Value, usize) {
    let mut bot_posts = 0;
    loop {
        let text = text_of(&seen);
        if text.contains(" wins the match") {
            return (seen, bot_posts);
        }
        assert!(*n < 600, "the match did not end: {text}");
        if alices_turn(&text).is_some() {
            if bot_posts_until.is_some_and(|b| bot_posts >= b) {
                return (seen, bot_posts);
            }
            seen = alice_answers(fake, &seen, *n, k).await;
            *n += 1;
            continue;
        }
        // The bot is to act: its decision is posted in the channel, with the board, or it
        // tells alice she may offer to concede before it throws (she offers one game)
        let post = channel_post(fake, *k).await;
        *k += 1;
        let words = text_of(&post.json());
        let waits = words.contains("(rule 18: /concede N)");
        if !post.files().is_empty() {
            check_bot_post(&post);
            bot_posts += 1;
        }
        if waits {
            seen = alice_offers(fake, *n, k).await;
            *n += 1;
            continue;
        }
        assert!(
            alices_turn(&words).is_some() || words.contains(" wins the match"),
            "the bot's post leaves the match to nobody: {words}"
        );
        seen = post.json();
    }
}

/// The bot's own Welsh decisions in a match's log (X is alice, who challenged; O the
/// bot).
fn bot_decisions(log: &[club::Entry]) -> usize {
    log.iter()
        .filter(|e| {
            matches!(
                e,
                club::Entry::Welsh {
                    side: engine::Side::O,
                    auto: false,
                    ..
                }
            )
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_welsh_match_against_the_bot_is_played_to_its_end_on_discord_across_a_restart() {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-welsh-bot").await;
    // Given the gammonbot process, and alice's challenge to the bot itself in Welsh
    // backgammon to one game at the medium level
    let first = start(&fake, &db, "welsh-first").await;
    let mut k = 0;
    let reply = reply_to(
        &fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOT_ID.to_string()},
                   {"name": "rules", "type": 4, "value": 1},
                   {"name": "length", "type": 4, "value": 1},
                   {"name": "welsh_level", "type": 4, "value": 1}]),
            json!({"users": {BOT_ID.to_string(): user(BOT_ID, "gammonbot")}}),
        ),
    )
    .await;
    let seen = answer_seen(&fake, &reply, "t-challenge", &mut k).await;
    // Then the bot accepts at once, its Welsh player at the medium level, unrated
    let text = text_of(&seen);
    assert!(text.contains("gammonbot accepts match #1"), "{text}");
    assert!(text.contains("Welsh player at medium level"), "{text}");
    assert!(text.contains("unrated"), "{text}");
    // When alice answers her turns as a player would until the bot has posted its first
    // decisions (the call, who starts: no game can end there)
    let mut n = 0;
    let (seen, before_posts) = play_on(&fake, seen, &mut n, &mut k, Some(1)).await;
    assert!(!text_of(&seen).contains(" wins the match"));
    let store = Store::open(&db).await.unwrap();
    // And the process is killed on alice's turn and started again on the same database
    drop(first);
    let before = clubkit::match_log(&store, 1).await.len();
    fake.wait_shard_free(0).await;
    let second = start(&fake, &db, "welsh-second").await;
    // Then the match goes on to its end: each of the bot's decisions posted with the
    // board, leaving the match to alice or ending it
    let (seen, after_posts) = play_on(&fake, seen, &mut n, &mut k, None).await;
    drop(second);
    let result = text_of(&seen);
    // And the match is finished in the store, the result naming the winner
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
    // And every decision went through the engine (the log rebuilds), the bot's before
    // the restart and after it
    clubkit::assert_match_rebuilds(&store, 1).await;
    let log = clubkit::match_log(&store, 1).await;
    assert_eq!(before_posts, 1);
    assert!(after_posts > 0, "no post after the restart");
    assert!(bot_decisions(&log[..before]) > 0, "{log:?}");
    assert!(bot_decisions(&log[before..]) > 0, "{:?}", &log[before..]);
    // And /play-bot rules:welsh challenges the bot too, at the strong level by default
    fake.wait_shard_free(0).await;
    let second = start(&fake, &db, "welsh-third").await;
    let r = reply_to(
        &fake,
        slash(
            "t-play-bot",
            ALICE,
            "play-bot",
            json!([{"name": "rules", "type": 4, "value": 1},
                   {"name": "length", "type": 4, "value": 3}]),
            json!({}),
        ),
    )
    .await;
    let mut k2 = k;
    let seen = answer_seen(&fake, &r, "t-play-bot", &mut k2).await;
    let text = text_of(&seen);
    assert!(text.contains("Welsh player at strong level"), "{text}");
    if !text.contains("gammonbot accepts match #2") {
        // On a busy machine the bot's acceptance in the challenge's own answer may fail
        // (the bot's worker acting at the same moment); the worker then accepts it, and
        // the acceptance is posted on its own (`bot_accepts`).
        assert!(
            text.contains("to accept the challenge (/accept #2)"),
            "{text}"
        );
        fake.wait_for(0, |r| {
            r.method == "POST"
                && String::from_utf8_lossy(&r.body).contains("gammonbot accepts match #2")
        })
        .await;
    }
    drop(second);
    fake.finish().await;
}
