//! A league on Discord end to end against the fake: created with a Join button on its
//! announcement, three players signed up by clicking it, started by the organiser, and
//! each match posted in a thread of its own with both players mentioned.

use std::sync::Arc;

use crate::discord_e2e::connect;
use crate::fake_discord::{FakeDiscord, Request, TOKEN, click, slash};
use club::{Club, ManualClock, RngDice};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");
const CAROL: (u64, &str) = (333_333_333_333_333_333, "carol");

async fn start(name: &str) -> (FakeDiscord, Store) {
    start_with(name, RngDice::seeded(5)).await
}

async fn start_with(name: &str, dice: RngDice) -> (FakeDiscord, Store) {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url(&format!("discord-{name}")).await;
    let store = Store::open(&db).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(dice),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect(&fake, club, std::time::Duration::from_secs(3600)).await;
    (fake, store)
}

/// Sends an interaction and waits for the bot's callback to it.
async fn interact(fake: &FakeDiscord, interaction: Value) -> Request {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    r
}

fn content(r: &Request) -> String {
    r.json()["data"]["content"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// A `/league <sub>` command with its options, by a server manager or not.
fn league(token: &str, who: (u64, &str), sub: &str, options: Value, manager: bool) -> Value {
    let mut v = slash(
        token,
        who,
        "league",
        json!([{"name": sub, "type": 1, "options": options}]),
        json!({}),
    );
    if manager {
        v["member"]["permissions"] = json!("32");
    }
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_is_joined_by_button_and_its_matches_posted_in_threads_with_mentions() {
    let (fake, store) = start("league-e2e").await;
    // Given a server that keeps a thread per match
    let mut srv = slash(
        "l-srv",
        ALICE,
        "server",
        json!([{"name": "threads", "type": 5, "value": true}]),
        json!({}),
    );
    srv["member"]["permissions"] = json!("32");
    interact(&fake, srv).await;
    // When alice (Manage Server) creates a league
    let r = interact(
        &fake,
        league(
            "l-create",
            ALICE,
            "create",
            json!([{"name": "name", "type": 3, "value": "Autumn Cup"}]),
            true,
        ),
    )
    .await;
    assert!(content(&r).contains("League Autumn Cup"), "{}", content(&r));
    // Then its announcement carries a Join button
    let join: Vec<String> = r.json()["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(join, ["gbl:join:Autumn Cup"]);
    // When three players click it
    for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
        let r = interact(&fake, click(&format!("l-join{i}"), p, &join[0])).await;
        assert!(
            content(&r).contains(&format!("{} joins Autumn Cup ({} entrant", p.1, i + 1)),
            "{}",
            content(&r)
        );
    }
    // And a second click is refused to the clicker alone, nothing changed
    let r = interact(&fake, click("l-join-again", BOB, &join[0])).await;
    assert!(content(&r).contains("already joined"), "{}", content(&r));
    assert_ne!(r.json()["data"]["flags"].as_u64().unwrap_or(0) & 64, 0);
    // And bob, no organiser, cannot start it
    let r = interact(&fake, league("l-start-bob", BOB, "start", json!([]), false)).await;
    assert!(
        content(&r).contains("only the organiser"),
        "{}",
        content(&r)
    );
    // When alice starts it
    let from = fake.requests().len();
    let r = interact(&fake, league("l-start", ALICE, "start", json!([]), true)).await;
    assert!(
        content(&r).contains("3 players, 3 matches"),
        "{}",
        content(&r)
    );
    // Then each of the three matches gets a thread, is moved there, and is posted in it
    // with both its players mentioned (and allowed to be)
    let ids = [ALICE, BOB, CAROL].map(|p| p.0.to_string());
    for id in 1..=3i64 {
        let thread = fake
            .wait_for(from, |r| {
                r.method == "POST"
                    && r.path.ends_with("/threads")
                    && r.json()["name"] == format!("Match #{id}")
            })
            .await;
        let thread_id = thread.response["id"].as_str().unwrap().to_string();
        let post = fake
            .wait_for(from, |r| {
                r.method == "POST" && r.route() == format!("/api/v10/channels/{thread_id}/messages")
            })
            .await;
        let text = post.json()["content"].as_str().unwrap().to_string();
        assert!(text.contains(&format!("match #{id}")), "{text}");
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(row.channel, thread_id, "match #{id} lives in its thread");
        let mut mentioned = Vec::new();
        for p in row.players {
            let user = store.player_by_id(p).await.unwrap().platform_id;
            assert!(text.contains(&format!("<@{user}>")), "{text}");
            assert!(ids.contains(&user));
            mentioned.push(user);
        }
        let allowed: Vec<String> = post.json()["allowed_mentions"]["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_string())
            .collect();
        mentioned.sort();
        let mut allowed = allowed;
        allowed.sort();
        assert_eq!(allowed, mentioned, "{text}");
    }
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_on_fair_dice_posts_its_anchor_before_its_first_throw() {
    // Given a round robin of three on the production fair dice
    let (fake, store) = start_with("league-fair", RngDice::fair_seeded(9)).await;
    interact(
        &fake,
        league(
            "f-create",
            ALICE,
            "create",
            json!([{"name": "name", "type": 3, "value": "Fair Cup"}]),
            true,
        ),
    )
    .await;
    for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
        interact(
            &fake,
            league(&format!("f-join{i}"), p, "join", json!([]), false),
        )
        .await;
    }
    // When alice starts it
    let started = interact(&fake, league("f-start", ALICE, "start", json!([]), true)).await;
    let anchor = store.load_fair("1").await.unwrap().unwrap().chains[0]
        .anchor
        .clone();
    // Then the message that starts match #1 carries its anchor, and no throw is made yet
    assert!(content(&started).contains(&anchor), "{}", content(&started));
    assert!(store.fair_throws("1").await.unwrap().is_empty());
    // When one of its players rolls the opening throw
    let row = store.load_match(1).await.unwrap().unwrap();
    let x = store
        .player_by_id(row.players[0])
        .await
        .unwrap()
        .platform_id;
    let who = [ALICE, BOB, CAROL]
        .into_iter()
        .find(|p| p.0.to_string() == x)
        .unwrap();
    let rolled = interact(
        &fake,
        slash(
            "f-roll",
            who,
            "roll",
            json!([{"name": "match", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    // Then the first throw's message comes after the anchor's, and the throw it reveals
    // hashes to that anchor
    assert!(
        content(&rolled).contains("fixed with its first throw"),
        "{}",
        content(&rolled)
    );
    let order = |r: &crate::fake_discord::Request| {
        fake.requests()
            .iter()
            .position(|q| q.path == r.path && q.body == r.body)
            .unwrap()
    };
    assert!(order(&started) < order(&rolled));
    let s = store.fair_throws("1").await.unwrap()[0].s.clone();
    let s = engine::fair::secret_from_hex(&s).unwrap();
    assert_eq!(engine::fair::hex(&engine::fair::sha256(&s)), anchor);
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_league_is_created_from_the_format_choice_and_starts_with_a_bye() {
    let (fake, store) = start("league-swiss").await;
    // When alice (Manage Server) creates a league with the format "swiss system"
    let r = interact(
        &fake,
        league(
            "s-create",
            ALICE,
            "create",
            json!([
                {"name": "name", "type": 3, "value": "Swiss Night"},
                {"name": "format", "type": 4, "value": 5}
            ]),
            true,
        ),
    )
    .await;
    assert!(
        content(&r).contains("League Swiss Night (#1) created by alice: a Swiss system"),
        "{}",
        content(&r)
    );
    // Then a bad number of rounds is refused to her alone, and nothing changes
    let before = store.fingerprint().await.unwrap();
    let set = |token: &str, value: &str| {
        league(
            token,
            ALICE,
            "settings",
            json!([
                {"name": "setting", "type": 3, "value": "rounds"},
                {"name": "value", "type": 3, "value": value}
            ]),
            true,
        )
    };
    let r = interact(&fake, set("s-set-bad", "0")).await;
    assert!(
        content(&r).contains("rounds: a whole number from 1 to 64"),
        "{}",
        content(&r)
    );
    assert_ne!(r.json()["data"]["flags"].as_u64().unwrap_or(0) & 64, 0);
    assert_eq!(store.fingerprint().await.unwrap(), before);
    let r = interact(&fake, set("s-set", "2")).await;
    assert!(content(&r).contains("rounds is now 2"), "{}", content(&r));
    // When three players join and alice starts it
    for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
        let r = interact(
            &fake,
            click(&format!("s-join{i}"), p, "gbl:join:Swiss Night"),
        )
        .await;
        assert!(content(&r).contains("joins Swiss Night"), "{}", content(&r));
    }
    let r = interact(&fake, league("s-start", ALICE, "start", json!([]), true)).await;
    // Then round 1 is one match and a bye (a win)
    let text = content(&r);
    assert!(text.contains("3 players, 1 match now"), "{text}");
    assert!(text.contains("has a bye in round 1 (a win)"), "{text}");
    fake.finish().await;
}

const DAVE: (u64, &str) = (444_444_444_444_444_444, "dave");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_check_in_on_discord_drops_the_absent_and_the_sweep_announces_the_draw() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-league-checkin").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        clock.clone(),
    ));
    connect(&fake, club, std::time::Duration::from_millis(200)).await;
    let create = json!([
        {"name": "name", "type": 3, "value": "Night Cup"},
        {"name": "format", "type": 4, "value": 2},
        {"name": "length", "type": 4, "value": 1},
    ]);
    interact(&fake, league("k-create", ALICE, "create", create, true)).await;
    let set = json!([
        {"name": "setting", "type": 3, "value": "checkin"},
        {"name": "value", "type": 3, "value": "24h"},
    ]);
    let r = interact(&fake, league("k-set", ALICE, "settings", set, true)).await;
    assert!(
        content(&r).contains("checkin is now 24h"),
        "{}",
        content(&r)
    );
    for (i, p) in [ALICE, BOB, CAROL, DAVE].into_iter().enumerate() {
        interact(&fake, click(&format!("k-join{i}"), p, "gbl:join:Night Cup")).await;
    }
    let r = interact(&fake, league("k-start", ALICE, "start", json!([]), true)).await;
    assert!(
        content(&r).contains("the check-in is open for 1 day"),
        "{}",
        content(&r)
    );
    for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
        let r = interact(
            &fake,
            league(&format!("k-in{i}"), p, "checkin", json!([]), false),
        )
        .await;
        assert!(
            content(&r).contains("checks in to Night Cup"),
            "{}",
            content(&r)
        );
    }
    // A second check-in is refused to the sender alone.
    let r = interact(&fake, league("k-again", BOB, "checkin", json!([]), false)).await;
    assert!(
        content(&r).contains("already checked in"),
        "{}",
        content(&r)
    );
    assert_ne!(r.json()["data"]["flags"].as_u64().unwrap_or(0) & 64, 0);
    // A suggestion is the organiser's.
    let r = interact(
        &fake,
        league(
            "k-suggest",
            BOB,
            "suggest",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        ),
    )
    .await;
    assert!(
        content(&r).contains("only the organiser"),
        "{}",
        content(&r)
    );
    // The check-in closes: the sweep posts the draw in the channel and tells dave.
    let from = fake.requests().len();
    clock.advance(club::DAY);
    let post = fake
        .wait_for(from, |r| {
            r.method == "POST"
                && r.path.ends_with("/messages")
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("Night Cup season 1 starts: 3 players"))
        })
        .await;
    let text = post.json()["content"].as_str().unwrap().to_string();
    assert!(text.contains("Dropped for not checking in: dave"), "{text}");
    let told = fake
        .wait_for(from, |r| {
            r.method == "POST"
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("you did not check in to Night Cup"))
        })
        .await;
    let said = told.json()["content"].as_str().unwrap().to_string();
    assert!(said.starts_with(&format!("<@{}>", DAVE.0)), "{said}");
    fake.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_the_sweep_starts_posts_each_match_in_a_thread_of_its_own_with_both_players_mentioned()
 {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-league-sweep-threads").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        clock.clone(),
    ));
    connect(&fake, club, std::time::Duration::from_millis(200)).await;
    // Given a server that keeps a thread per match and a knockout with a check-in that
    // all four entrants made
    let mut srv = slash(
        "t-srv",
        ALICE,
        "server",
        json!([{"name": "threads", "type": 5, "value": true}]),
        json!({}),
    );
    srv["member"]["permissions"] = json!("32");
    interact(&fake, srv).await;
    let create = json!([
        {"name": "name", "type": 3, "value": "Dawn Cup"},
        {"name": "format", "type": 4, "value": 2},
        {"name": "length", "type": 4, "value": 1},
    ]);
    interact(&fake, league("t-create", ALICE, "create", create, true)).await;
    let set = json!([
        {"name": "setting", "type": 3, "value": "checkin"},
        {"name": "value", "type": 3, "value": "24h"},
    ]);
    interact(&fake, league("t-set", ALICE, "settings", set, true)).await;
    for (i, p) in [ALICE, BOB, CAROL, DAVE].into_iter().enumerate() {
        interact(&fake, click(&format!("t-join{i}"), p, "gbl:join:Dawn Cup")).await;
    }
    interact(&fake, league("t-start", ALICE, "start", json!([]), true)).await;
    for (i, p) in [ALICE, BOB, CAROL, DAVE].into_iter().enumerate() {
        interact(
            &fake,
            league(&format!("t-in{i}"), p, "checkin", json!([]), false),
        )
        .await;
    }
    // When the check-in closes and the sweep draws the knockout
    let from = fake.requests().len();
    clock.advance(club::DAY);
    let draw = fake
        .wait_for(from, |r| {
            r.method == "POST"
                && r.path.ends_with("/messages")
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("Dawn Cup season 1 starts: 4 players"))
        })
        .await;
    // Then each of its two matches gets a thread made from the league's channel, is
    // moved there, and is posted in it with both players mentioned (and allowed to be)
    let league_channel = draw.route().to_string();
    let ids = [ALICE, BOB, CAROL, DAVE].map(|p| p.0.to_string());
    for id in 1..=2i64 {
        let thread = fake
            .wait_for(from, |r| {
                r.method == "POST"
                    && r.path.ends_with("/threads")
                    && r.json()["name"] == format!("Match #{id}")
            })
            .await;
        assert_eq!(
            thread.route().replace("/threads", "/messages"),
            league_channel,
            "the thread is made from the league's channel"
        );
        let thread_id = thread.response["id"].as_str().unwrap().to_string();
        let post = fake
            .wait_for(from, |r| {
                r.method == "POST" && r.route() == format!("/api/v10/channels/{thread_id}/messages")
            })
            .await;
        let text = post.json()["content"].as_str().unwrap().to_string();
        assert!(
            text.contains(&format!("Dawn Cup, a semi-final: match #{id}")),
            "{text}"
        );
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(row.channel, thread_id, "match #{id} lives in its thread");
        let mut mentioned = Vec::new();
        for p in row.players {
            let user = store.player_by_id(p).await.unwrap().platform_id;
            assert!(text.contains(&format!("<@{user}>")), "{text}");
            assert!(ids.contains(&user));
            mentioned.push(user);
        }
        let mut allowed: Vec<String> = post.json()["allowed_mentions"]["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_string())
            .collect();
        mentioned.sort();
        allowed.sort();
        assert_eq!(allowed, mentioned, "{text}");
    }
    // And nobody is mentioned one by one in the league's channel for his match
    let told: Vec<String> = fake.requests()[from..]
        .iter()
        .filter(|r| r.method == "POST" && r.route() == league_channel)
        .filter_map(|r| r.json()["content"].as_str().map(str::to_string))
        .filter(|t| t.contains("your match"))
        .collect();
    assert!(told.is_empty(), "{told:?}");
    fake.finish().await;
}
