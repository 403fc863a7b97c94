//! A real poise bot against a fake Discord on 127.0.0.1: slash commands, autocomplete and
//! button clicks arrive as gateway events; the tests check what the bot sends back. The
//! fake is strict like Discord (limits, one acknowledgement, the token, known routes);
//! every test ends with `fake.finish()`, which fails on anything Discord would refuse.

use std::sync::Arc;

use crate::fake_discord::{
    FakeDiscord, GUILD, GUILDS_INTENT, Request, TOKEN, autocomplete, click, slash, user,
};
use club::{Club, ManualClock, RngDice};
use gammonbot::discord::{Connection, client};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

fn who(name: &str) -> (u64, &'static str) {
    if name == "alice" { ALICE } else { BOB }
}

/// A Discord player of the fake's guild and channel, as the club sees them when a suite
/// acts through the club directly beside the bot.
pub(crate) fn actor((id, name): (u64, &str)) -> club::Actor {
    club::Actor {
        identity: club::Identity::Account,
        reply_chars: Some(2000),
        platform: "discord".into(),
        user_id: id.to_string(),
        display_name: name.into(),
        community_id: crate::fake_discord::GUILD.to_string(),
        community_name: "guild".into(),
        channel: crate::fake_discord::CHANNEL.to_string(),
    }
}

/// Connects a bot client with `club` to `fake` (the test's guild, the deadline sweep
/// every `sweep`) and waits until it has registered its commands: the registration.
pub(crate) async fn connect(
    fake: &FakeDiscord,
    club: Arc<Club>,
    sweep: std::time::Duration,
) -> Request {
    connect_web(fake, club, sweep, None).await
}

/// [`connect`] with the web pages' public address `web` (`PUBLIC_URL`): board messages
/// then carry the link to their match's page.
pub(crate) async fn connect_web(
    fake: &FakeDiscord,
    club: Arc<Club>,
    sweep: std::time::Duration,
    web: Option<String>,
) -> Request {
    let mut bot = client(
        Connection {
            token: TOKEN.into(),
            guild: Some(GUILD),
            api: Some(fake.api.clone()),
            sweep_every: Some(sweep),
            web,
        },
        club,
    )
    .await
    .unwrap();
    tokio::spawn(async move {
        let _ = bot.start().await;
    });
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await
}

async fn start(name: &str, seed: u64) -> FakeDiscord {
    start_with_clock(name, seed).await.0
}

async fn start_with_clock(name: &str, seed: u64) -> (FakeDiscord, Arc<ManualClock>) {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url(&format!("discord-{name}")).await;
    let store = Store::open(&db).await.unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(seed)),
        clock.clone(),
    ));
    // Ready once the commands are registered in the guild.
    let reg = connect(&fake, club, std::time::Duration::from_millis(100)).await;
    assert!(
        reg.path.contains(&format!("/guilds/{GUILD}/")),
        "{}",
        reg.path
    );
    assert!(reg.json().as_array().unwrap().len() >= 20);
    // Slash commands and buttons need no gateway intent but GUILDS.
    assert_eq!(fake.identify().unwrap()["intents"], json!(GUILDS_INTENT));
    (fake, clock)
}

/// Sends an interaction and waits for the bot's callback to it.
pub(crate) async fn interact(fake: &FakeDiscord, interaction: Value) -> Request {
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
    // Taken by Discord (204), not refused.
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    // Discord's limit for the first response.
    assert!(
        sent.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );
    r
}

pub(crate) fn content(r: &Request) -> String {
    r.json()["data"]["content"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

pub(crate) fn ephemeral(r: &Request) -> bool {
    r.json()["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// The custom ids of the buttons in a reply.
pub(crate) fn buttons(r: &Request) -> Vec<String> {
    r.json()["data"]["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

pub(crate) fn button(r: &Request, verb: &str) -> String {
    buttons(r)
        .into_iter()
        .find(|b| b.starts_with(&format!("gb:{verb}:")))
        .unwrap_or_else(|| panic!("no {verb} button in {:?}: {}", buttons(r), content(r)))
}

/// The board PNG attached to a reply, with its alt text.
pub(crate) fn board(r: &Request) -> (Vec<u8>, String) {
    let (name, png) = r
        .files()
        .into_iter()
        .find(|(n, _)| n.ends_with(".png"))
        .unwrap_or_else(|| panic!("no PNG attached: {}", content(r)));
    let alt = r.json()["data"]["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["filename"] == name.as_str()))
        .and_then(|x| x["description"].as_str())
        .unwrap_or("")
        .to_string();
    (png, alt)
}

/// The player mentioned as the one to act next, by name.
fn next_player(r: &Request) -> &'static str {
    let c = content(r);
    if c.contains(&format!("<@{}> to", ALICE.0)) {
        "alice"
    } else if c.contains(&format!("<@{}> to", BOB.0)) {
        "bob"
    } else {
        panic!("nobody to act in: {c}")
    }
}

async fn challenge_and_accept(fake: &FakeDiscord) -> Request {
    let r = interact(
        fake,
        slash(
            "t-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()},
                   {"name": "length", "type": 4, "value": 5}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    assert_eq!(r.json()["type"], 4, "a message in the channel");
    assert!(!ephemeral(&r));
    assert!(
        content(&r).starts_with("Match #1: alice challenges bob to a 5-point match (Crawford)"),
        "{}",
        content(&r)
    );
    assert!(content(&r).contains(&format!("<@{}> to accept or decline", BOB.0)));
    assert_eq!(
        r.json()["data"]["allowed_mentions"]["users"],
        json!([BOB.0.to_string()])
    );
    assert_eq!(buttons(&r), vec!["gb:accept:1:1", "gb:decline:1:1"]);
    // Alice cannot accept her own challenge: told privately.
    let r = interact(fake, click("t-self-accept", ALICE, "gb:accept:1:1")).await;
    assert!(
        ephemeral(&r) && content(&r).contains("only bob can accept"),
        "{}",
        content(&r)
    );
    // Bob accepts with the button: the opening throw is made and the board attached.
    let r = interact(fake, click("t-accept", BOB, "gb:accept:1:1")).await;
    assert!(
        content(&r).contains("bob accepts match #1"),
        "{}",
        content(&r)
    );
    assert!(
        content(&r).contains("wins the opening throw with"),
        "{}",
        content(&r)
    );
    let (png, alt) = board(&r);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(
        png.len() > 10_000 && png.len() < 60_000,
        "{} bytes",
        png.len()
    );
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!((img.width(), img.height()), (800, 600));
    assert!(alt.contains("pips") && alt.len() <= 1024, "{alt}");
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_and_a_full_opening_turn_through_slash_commands_autocomplete_and_buttons() {
    let fake = start("opening", 7).await;
    let r = challenge_and_accept(&fake).await;
    let mover = next_player(&r);
    assert!(content(&r).contains("to move "), "{}", content(&r));
    // The mover asks for his plays: autocomplete lists them (at most 25).
    let ac = interact(
        &fake,
        autocomplete(
            "t-ac",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": "", "focused": true}]),
        ),
    )
    .await;
    assert_eq!(ac.json()["type"], 8, "an autocomplete result");
    let choices = ac.json()["data"]["choices"].as_array().cloned().unwrap();
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    // Filtered by what is typed.
    let first = choices[0]["value"].as_str().unwrap().to_string();
    let prefix: String = first.chars().take(3).collect();
    let ac2 = interact(
        &fake,
        autocomplete(
            "t-ac2",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": prefix, "focused": true}]),
        ),
    )
    .await;
    for c in ac2.json()["data"]["choices"].as_array().unwrap() {
        assert!(c["value"].as_str().unwrap().contains(&prefix), "{c}");
    }
    // The match option is autocompleted from his open matches.
    let acm = interact(
        &fake,
        autocomplete(
            "t-acm",
            who(mover),
            "board",
            json!([{"name": "match", "type": 4, "value": "", "focused": true}]),
        ),
    )
    .await;
    let m = &acm.json()["data"]["choices"][0];
    assert_eq!(m["value"], json!(1), "{m}");
    assert!(
        m["name"].as_str().unwrap().starts_with("#1 alice v bob"),
        "{m}"
    );
    // He plays the first one.
    let r = interact(
        &fake,
        slash(
            "t-move",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": first}]),
            json!({}),
        ),
    )
    .await;
    assert!(
        content(&r).contains(&format!("{mover} plays {first}")),
        "{}",
        content(&r)
    );
    let other = if mover == "alice" { "bob" } else { "alice" };
    assert_eq!(next_player(&r), other);
    assert!(content(&r).contains("to roll or double"), "{}", content(&r));
    let roll = button(&r, "roll");
    assert!(button(&r, "double").starts_with("gb:double:1:"));
    board(&r);
    // The other player rolls with the button.
    let r = interact(&fake, click("t-roll", who(other), &roll)).await;
    assert!(
        content(&r).contains(&format!("{other} rolls ")),
        "{}",
        content(&r)
    );
    assert_eq!(next_player(&r), other);
    board(&r);
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_and_take_and_a_refused_illegal_move_and_a_stale_click() {
    let fake = start("double", 7).await;
    let r = challenge_and_accept(&fake).await;
    let mover = next_player(&r);
    let other = if mover == "alice" { "bob" } else { "alice" };
    // An illegal move: refused only to him, the match unchanged.
    let bad = interact(
        &fake,
        slash(
            "t-bad",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": "24/1"}]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&bad), "{}", content(&bad));
    assert!(content(&bad).starts_with("\u{26A0} "), "{}", content(&bad));
    assert!(bad.files().is_empty());
    // A move by the wrong player: refused, naming whose turn it is.
    let wrong = interact(
        &fake,
        slash(
            "t-wrong",
            who(other),
            "move",
            json!([{"name": "play", "type": 3, "value": "13/7"}]),
            json!({}),
        ),
    )
    .await;
    assert!(
        ephemeral(&wrong) && content(&wrong).contains(&format!("it is {mover}'s turn")),
        "{}",
        content(&wrong)
    );
    // The mover plays his first legal play (the refusals changed nothing).
    let ac = interact(
        &fake,
        autocomplete(
            "t-ac",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": "", "focused": true}]),
        ),
    )
    .await;
    let first = ac.json()["data"]["choices"][0]["value"]
        .as_str()
        .unwrap()
        .to_string();
    let r = interact(
        &fake,
        slash(
            "t-move",
            who(mover),
            "move",
            json!([{"name": "play", "type": 3, "value": first}]),
            json!({}),
        ),
    )
    .await;
    assert_eq!(next_player(&r), other);
    let double = button(&r, "double");
    // The other doubles with the button; the mover is asked to take or drop.
    let r = interact(&fake, click("t-double", who(other), &double)).await;
    assert!(
        content(&r).contains(&format!("{other} doubles to 2")),
        "{}",
        content(&r)
    );
    assert_eq!(next_player(&r), mover);
    let take = button(&r, "take");
    button(&r, "drop");
    // A stale click (the double button again) is refused politely.
    let stale = interact(&fake, click("t-stale", who(other), &double)).await;
    assert!(
        ephemeral(&stale) && content(&stale).contains("the board moved on"),
        "{}",
        content(&stale)
    );
    // He takes; the doubler, with no cube access now, is rolled for.
    let r = interact(&fake, click("t-take", who(mover), &take)).await;
    assert!(
        content(&r).contains(&format!("{mover} takes; the cube is at 2")),
        "{}",
        content(&r)
    );
    assert!(
        content(&r).contains(&format!("(rolled for {other})")),
        "{}",
        content(&r)
    );
    let (_, alt) = board(&r);
    assert!(alt.to_lowercase().contains("cube"), "{alt}");
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_time_outs_are_posted_in_the_channel_mentioning_the_player() {
    let (fake, clock) = start_with_clock("notices", 7).await;
    let r = challenge_and_accept(&fake).await;
    let mover = who(next_player(&r));
    // Six and a half days later: a reminder 12 hours before the 7-day deadline.
    let from = fake.requests().len();
    clock.advance(6 * 86_400 + 43_200);
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path.ends_with("/messages") && r.path.contains("/channels/")
        })
        .await;
    assert_eq!(
        post.path,
        format!(
            "/api/v10/channels/{}/messages",
            crate::fake_discord::CHANNEL
        )
    );
    let text = post.json()["content"].as_str().unwrap().to_string();
    assert!(
        text.starts_with(&format!("<@{}> Reminder:", mover.0)),
        "{text}"
    );
    assert_eq!(
        post.json()["allowed_mentions"]["users"],
        json!([mover.0.to_string()])
    );
    // At the deadline: he forfeits; it is said once in the channel, mentioning the one who
    // ran out of time (his opponent reads it there; a direct message only if he asked).
    let from = fake.requests().len();
    clock.advance(43_200);
    let in_channel = format!(
        "/api/v10/channels/{}/messages",
        crate::fake_discord::CHANNEL
    );
    for told in [mover] {
        let post = fake
            .wait_for(from, |r| {
                r.method == "POST"
                    && r.route() == in_channel
                    && r.json()["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with(&format!("<@{}> ", told.0)))
            })
            .await;
        let text = post.json()["content"].as_str().unwrap().to_string();
        assert!(
            text.contains(&format!("{} ran out of time", mover.1)),
            "{text}"
        );
        assert_eq!(
            post.json()["allowed_mentions"]["users"],
            json!([told.0.to_string()]),
            "{text}"
        );
    }
    fake.finish().await;
    // One notice, not one a player; no direct message (neither asked for them).
    let posts: Vec<Request> = fake.requests()[from..]
        .iter()
        .filter(|r| r.method == "POST")
        .cloned()
        .collect();
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert!(posts.iter().all(|r| r.route() == in_channel));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_managers_turn_on_a_thread_per_match_and_players_get_direct_messages() {
    let fake = start("threads", 7).await;
    // Not a manager: refused.
    let r = interact(
        &fake,
        slash(
            "t-srv0",
            ALICE,
            "server",
            json!([{"name": "threads", "type": 5, "value": true}]),
            json!({}),
        ),
    )
    .await;
    assert!(
        ephemeral(&r) && content(&r).contains("Manage Server"),
        "{}",
        content(&r)
    );
    // A manager (permissions 0x20).
    let mut srv = slash(
        "t-srv1",
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
    // Bob asks to be told by direct message.
    let r = interact(
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
    assert!(
        content(&r).contains("direct messages on"),
        "{}",
        content(&r)
    );
    // The challenge opens a thread and is posted there; bob gets a DM.
    let from = fake.requests().len();
    let r = interact(
        &fake,
        slash(
            "t-ch",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    let thread = fake
        .wait_for(from, |r| r.method == "POST" && r.path.ends_with("/threads"))
        .await;
    assert_eq!(
        thread.path,
        format!("/api/v10/channels/{}/threads", crate::fake_discord::CHANNEL)
    );
    assert!(
        content(&r).starts_with("Match #1 is played in <#"),
        "{}",
        content(&r)
    );
    let thread_id = thread.response["id"].as_str().unwrap().to_string();
    assert!(
        content(&r).contains(&format!("<#{thread_id}>")),
        "{}",
        content(&r)
    );
    let posted = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == format!("/api/v10/channels/{thread_id}/messages")
        })
        .await;
    assert!(
        posted.json()["content"]
            .as_str()
            .unwrap()
            .contains("alice challenges bob")
    );
    // Bob, who must answer, is told by direct message: a DM channel opened with him, and
    // the message posted in that channel.
    let open = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == "/api/v10/users/@me/channels"
        })
        .await;
    assert_eq!(open.json()["recipient_id"], json!(BOB.0.to_string()));
    let dm_channel = open.response["id"].as_str().unwrap().to_string();
    assert_eq!(
        fake.dm_channel(BOB.0).map(|c| c.to_string()),
        Some(dm_channel.clone())
    );
    let dm = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.route() == format!("/api/v10/channels/{dm_channel}/messages")
        })
        .await;
    let text = dm.json()["content"].as_str().unwrap().to_string();
    assert!(
        text.starts_with("Match #1: your turn") && text.contains("accept or decline"),
        "{text}"
    );
    fake.finish().await;
    // Alice, who did not ask for direct messages, gets none; bob gets one.
    assert_eq!(fake.dm_channel(ALICE.0), None);
    let dms = fake.requests()[from..]
        .iter()
        .filter(|r| r.route() == format!("/api/v10/channels/{dm_channel}/messages"))
        .count();
    assert_eq!(dms, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chouette_is_opened_joined_and_started_through_subcommands() {
    let fake = start("chouette", 7).await;
    const CAROL: (u64, &str) = (333_333_333_333_333_333, "carol");
    let sub = |token: &str, who: (u64, &str), name: &str, options: Value| {
        slash(
            token,
            who,
            "chouette",
            json!([{"name": name, "type": 1, "options": options}]),
            json!({}),
        )
    };
    let r = interact(
        &fake,
        sub(
            "t-c1",
            ALICE,
            "create",
            json!([{"name": "order", "type": 4, "value": 1}]),
        ),
    )
    .await;
    assert!(
        content(&r).starts_with("Chouette #1 opened by alice"),
        "{}",
        content(&r)
    );
    assert!(content(&r).contains("line as joined"), "{}", content(&r));
    let r = interact(&fake, sub("t-c2", BOB, "join", json!([]))).await;
    assert!(
        content(&r).contains("bob joins chouette #1"),
        "{}",
        content(&r)
    );
    // Two players are not enough.
    let r = interact(&fake, sub("t-c3", ALICE, "start", json!([]))).await;
    assert!(
        ephemeral(&r) && content(&r).contains("at least three"),
        "{}",
        content(&r)
    );
    interact(&fake, sub("t-c4", CAROL, "join", json!([]))).await;
    let r = interact(&fake, sub("t-c5", ALICE, "start", json!([]))).await;
    assert!(
        content(&r).contains("Game 1: alice in the box against captain bob"),
        "{}",
        content(&r)
    );
    let (png, alt) = board(&r);
    assert_eq!(&png[..4], b"\x89PNG");
    assert!(alt.contains("pips"), "{alt}");
    // No buttons: the opening roll is thrown and its play is typed.
    assert!(buttons(&r).is_empty());
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_too_long_is_refused_with_discords_own_money_option() {
    let fake = start("too-long", 7).await;
    // When alice challenges to 65 points on Discord
    let r = interact(
        &fake,
        slash(
            "t-long",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()},
                   {"name": "length", "type": 4, "value": 65}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    // Then she is told privately, with the money option as Discord writes it
    let text = content(&r);
    assert!(ephemeral(&r), "{text}");
    assert!(text.contains("1 to 64 points long, not 65"), "{text}");
    assert!(
        text.contains("money:true") && !text.contains("length:money"),
        "{text}"
    );
    fake.finish().await;
}
