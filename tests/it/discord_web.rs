//! The web pages' links on Discord: with `PUBLIC_URL` set, a board message carries a
//! "Match page" link button to `{PUBLIC_URL}/m/{token}`; `/web revoke match:N` gives a
//! match's player a new link (privately) and the old one then finds nothing, while
//! anyone else is refused with nothing changed. League and rating answers link their
//! league's and the leaderboard's pages; `/server web:public` is for managers only;
//! `/web revoke` replaces a chouette's, a league's and the leaderboard's links for those
//! allowed; `/h2h` links both players' pages, `/stats` its player's.

use std::sync::Arc;

use crate::discord_e2e::{board, buttons, connect_web, content, ephemeral, interact};
use crate::fake_discord::{FakeDiscord, Request, TOKEN, click, slash, user};
use club::{Club, ManualClock, MatchRef, RngDice};
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");
const CAROL: (u64, &str) = (333_333_333_333_333_333, "carol");
const PUBLIC_URL: &str = "https://gammon.example";

/// The link buttons of a reply (style 5), as (label, url).
fn links(r: &Request) -> Vec<(String, String)> {
    r.json()["data"]["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["style"] == 5)
        .map(|b: Value| {
            (
                b["label"].as_str().unwrap_or("").to_string(),
                b["url"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The token of a match page's address `url`, checked to be `{PUBLIC_URL}/m/` and 32
/// lowercase hex digits.
fn token_of(url: &str) -> String {
    let token = url
        .strip_prefix(&format!("{PUBLIC_URL}/m/"))
        .unwrap_or_else(|| panic!("not a match page of {PUBLIC_URL}: {url}"));
    assert!(
        token.len() == 32
            && token
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "{token}"
    );
    token.to_string()
}

async fn revoke(fake: &FakeDiscord, token: &str, who: (u64, &str), id: i64) -> Request {
    interact(
        fake,
        slash(
            token,
            who,
            "web",
            json!([{"name": "revoke", "type": 1,
                    "options": [{"name": "match", "type": 4, "value": id}]}]),
            json!({}),
        ),
    )
    .await
}

#[tokio::test]
async fn board_messages_link_to_the_match_page_and_only_a_player_revokes_the_link() {
    // Given the bot with PUBLIC_URL set, and alice's challenge to bob
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-web").await).await.unwrap();
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(7)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect_web(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_secs(60),
        Some(PUBLIC_URL.into()),
    )
    .await;
    let r = interact(
        &fake,
        slash(
            "w-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()},
                   {"name": "length", "type": 4, "value": 3}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    // (a challenge shows no board: no link)
    assert!(r.files().is_empty(), "{}", content(&r));
    assert_eq!(links(&r), Vec::<(String, String)>::new());

    // When bob accepts with the button: the board is posted
    let r = interact(&fake, click("w-accept", BOB, "gb:accept:1:1")).await;
    let _ = board(&r);
    // Then beside the buttons of the next decision is the link to the match's page
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "Match page");
    let old = token_of(&l[0].1);
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), Some(1));
    // (the opener has a play to type: no other button)
    assert_eq!(buttons(&r), Vec::<String>::new());

    // When the opener plays: the answer's board carries the opponent's buttons and the
    // link, in one row
    let opener = if content(&r).contains(&format!("<@{}> to", ALICE.0)) {
        ALICE
    } else {
        BOB
    };
    let play = club
        .legal_moves(&crate::discord_e2e::actor(opener), MatchRef::id(1))
        .await
        .unwrap()
        .remove(0);
    let r = interact(
        &fake,
        slash(
            "w-move",
            opener,
            "move",
            json!([{"name": "play", "type": 3, "value": play},
                   {"name": "match", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    let _ = board(&r);
    assert!(!buttons(&r).is_empty(), "{}", content(&r));
    let rows = r.json()["data"]["components"].as_array().unwrap().len();
    assert_eq!(rows, 1, "one row: the buttons and the link");
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(token_of(&l[0].1), old, "one token per match");

    // When carol, no player of match #1, revokes its link: refused privately, unchanged
    let r = revoke(&fake, "w-carol", CAROL, 1).await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).starts_with('\u{26A0}'), "{}", content(&r));
    assert!(content(&r).contains("#1"), "{}", content(&r));
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), Some(1));
    // (a match that does not exist: refused too)
    let r = revoke(&fake, "w-none", ALICE, 99).await;
    assert!(
        ephemeral(&r) && content(&r).contains("99"),
        "{}",
        content(&r)
    );
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), Some(1));

    // When alice, a player, revokes it: a new link, told privately
    let r = revoke(&fake, "w-alice", ALICE, 1).await;
    assert!(ephemeral(&r), "{}", content(&r));
    let c = content(&r);
    let url = c
        .split_whitespace()
        .find(|w| w.starts_with(PUBLIC_URL))
        .unwrap_or_else(|| panic!("no link in: {c}"));
    let new = token_of(url);
    assert_ne!(new, old);
    // Then the old link finds nothing, the new one the match
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), None);
    assert_eq!(club.web().resolve_match_link(&new).await.unwrap(), Some(1));
    // and the next board carries no link: revoking hides, the new link is alice's to give
    let r = interact(
        &fake,
        slash(
            "w-board",
            BOB,
            "board",
            json!([{"name": "match", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    let _ = board(&r);
    let l = links(&r);
    assert!(l.is_empty(), "{l:?}");
    fake.finish().await;
}

/// The bot with `PUBLIC_URL` set on a fresh store `name`, and alice's 3-point challenge
/// to bob accepted (match #1).
async fn bot_with_a_match(name: &str) -> (FakeDiscord, Arc<Club>) {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url(name).await).await.unwrap();
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(7)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect_web(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_secs(60),
        Some(PUBLIC_URL.into()),
    )
    .await;
    interact(
        &fake,
        slash(
            "m-challenge",
            ALICE,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": BOB.0.to_string()},
                   {"name": "length", "type": 4, "value": 3}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    interact(&fake, click("m-accept", BOB, "gb:accept:1:1")).await;
    (fake, club)
}

/// The one link of `c` starting with `{PUBLIC_URL}{path}`: its token.
fn link_token(c: &str, path: &str) -> String {
    let prefix = format!("{PUBLIC_URL}{path}");
    let t = c
        .split_whitespace()
        .find_map(|w| w.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {prefix} link in: {c}"));
    assert!(club::is_token(t), "{t}");
    t.to_string()
}

#[tokio::test]
async fn a_rating_answer_links_to_the_players_page_and_its_player_revokes_the_link() {
    let (fake, club) = bot_with_a_match("discord-web-player").await;
    // When carol asks for bob's rating: a "Player page" link button to bob's page
    let r = interact(
        &fake,
        slash(
            "p-rating",
            CAROL,
            "rating",
            json!([{"name": "player", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        ),
    )
    .await;
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "Player page");
    let old = l[0]
        .1
        .strip_prefix(&format!("{PUBLIC_URL}/p/"))
        .unwrap_or_else(|| panic!("{l:?}"))
        .to_string();
    let page = club.web().resolve_player_link(&old).await.unwrap().unwrap();
    assert_eq!(page.name, "bob");

    // When bob revokes his player page's link: a new one, privately; the old finds nothing
    let r = interact(
        &fake,
        slash(
            "p-revoke",
            BOB,
            "web",
            json!([{"name": "revoke", "type": 1,
                    "options": [{"name": "player", "type": 5, "value": true}]}]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r), "{}", content(&r));
    let new = link_token(&content(&r), "/p/");
    assert_ne!(new, old);
    assert!(
        club.web()
            .resolve_player_link(&old)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        club.web()
            .resolve_player_link(&new)
            .await
            .unwrap()
            .unwrap()
            .name,
        "bob"
    );
    // And his page is private now: carol's /rating of bob has no link, his own has it
    let rating = |token: &'static str, who: (u64, &'static str)| {
        slash(
            token,
            who,
            "rating",
            json!([{"name": "player", "type": 6, "value": BOB.0.to_string()}]),
            json!({"users": {BOB.0.to_string(): user(BOB.0, "bob")}}),
        )
    };
    let player_page = |r: &Request| -> Option<String> {
        links(r)
            .into_iter()
            .find(|(label, _)| label == "Player page")
            .map(|(_, url)| url.replace(&format!("{PUBLIC_URL}/p/"), ""))
    };
    let r = interact(&fake, rating("p-rating-private", CAROL)).await;
    assert_eq!(player_page(&r), None);
    let r = interact(&fake, rating("p-rating-own", BOB)).await;
    assert_eq!(player_page(&r), Some(new.clone()));
    // When bob shares it again (/web private off): carol's answer links the new page
    let private = |token: &'static str, on: u8| {
        slash(
            token,
            BOB,
            "web",
            json!([{"name": "private", "type": 1,
                    "options": [{"name": "state", "type": 4, "value": on}]}]),
            json!({}),
        )
    };
    let r = interact(&fake, private("p-off", 1)).await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).contains("shared again"), "{}", content(&r));
    let r = interact(&fake, rating("p-rating-shared", CAROL)).await;
    assert_eq!(player_page(&r), Some(new.clone()));
    // And /web private on hides it again
    let r = interact(&fake, private("p-on", 0)).await;
    assert!(content(&r).contains("private now"), "{}", content(&r));
    let r = interact(&fake, rating("p-rating-hidden", CAROL)).await;
    assert_eq!(player_page(&r), None);

    // Naming no page, or both: refused privately, nothing changed
    let before = club.store().fingerprint().await.unwrap();
    for (token, options) in [
        ("p-none", json!([])),
        (
            "p-both",
            json!([{"name": "match", "type": 4, "value": 1},
                   {"name": "player", "type": 5, "value": true}]),
        ),
    ] {
        let r = interact(
            &fake,
            slash(
                token,
                BOB,
                "web",
                json!([{"name": "revoke", "type": 1, "options": options}]),
                json!({}),
            ),
        )
        .await;
        assert!(ephemeral(&r), "{}", content(&r));
        assert!(content(&r).starts_with('\u{26A0}'), "{}", content(&r));
    }
    assert_eq!(club.store().fingerprint().await.unwrap(), before);
    fake.finish().await;
}

#[tokio::test]
async fn a_server_manager_revokes_any_match_link_of_the_server_and_others_are_refused() {
    let (fake, club) = bot_with_a_match("discord-web-manager").await;
    let old = club.web().match_link(1.into()).await.unwrap();
    // (carol is known here)
    interact(
        &fake,
        slash("g-games", CAROL, "games", json!([]), json!({})),
    )
    .await;
    // carol, no player and no manager: refused, nothing changed
    let before = club.store().fingerprint().await.unwrap();
    let r = revoke(&fake, "g-carol", CAROL, 1).await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).starts_with('\u{26A0}'), "{}", content(&r));
    assert_eq!(club.store().fingerprint().await.unwrap(), before);
    // a manager naming a match that is not there: refused, nothing changed
    let mut v = slash(
        "g-none",
        CAROL,
        "web",
        json!([{"name": "revoke", "type": 1,
                "options": [{"name": "match", "type": 4, "value": 99}]}]),
        json!({}),
    );
    v["member"]["permissions"] = json!("32");
    let r = interact(&fake, v).await;
    assert!(
        ephemeral(&r) && content(&r).contains("99"),
        "{}",
        content(&r)
    );
    assert_eq!(club.store().fingerprint().await.unwrap(), before);
    // carol with Manage Server (32): match #1's link replaced, told privately
    let mut v = slash(
        "g-manager",
        CAROL,
        "web",
        json!([{"name": "revoke", "type": 1,
                "options": [{"name": "match", "type": 4, "value": 1}]}]),
        json!({}),
    );
    v["member"]["permissions"] = json!("32");
    let r = interact(&fake, v).await;
    assert!(ephemeral(&r), "{}", content(&r));
    let new = link_token(&content(&r), "/m/");
    assert_ne!(new, old);
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), None);
    assert_eq!(club.web().resolve_match_link(&new).await.unwrap(), Some(1));
    fake.finish().await;
}

#[tokio::test]
async fn a_chouettes_board_message_links_to_the_chouette_page() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-web-chouette").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(7)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect_web(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_secs(60),
        Some(PUBLIC_URL.into()),
    )
    .await;
    let sub = |token: &str, who: (u64, &str), name: &str| {
        slash(
            token,
            who,
            "chouette",
            json!([{"name": name, "type": 1, "options": []}]),
            json!({}),
        )
    };
    // Creating and joining show no board: no link
    let r = interact(&fake, sub("c-create", ALICE, "create")).await;
    assert_eq!(links(&r), Vec::<(String, String)>::new());
    interact(&fake, sub("c-bob", BOB, "join")).await;
    interact(&fake, sub("c-carol", CAROL, "join")).await;
    // The first game's board carries a "Chouette page" link to the session's page
    let r = interact(&fake, sub("c-start", ALICE, "start")).await;
    let _ = board(&r);
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "Chouette page");
    let token = l[0]
        .1
        .strip_prefix(&format!("{PUBLIC_URL}/c/"))
        .unwrap_or_else(|| panic!("{l:?}"));
    assert_eq!(
        club.web().resolve_chouette_link(token).await.unwrap(),
        Some(1)
    );
    fake.finish().await;
}

/// `/server` with `options`, by a manager of the server (Manage Server) or not.
fn server(token: &str, who: (u64, &str), options: Value, manager: bool) -> Value {
    let mut v = slash(token, who, "server", options, json!({}));
    if manager {
        v["member"]["permissions"] = json!("32");
    }
    v
}

/// `/league <sub>` by a manager of the server.
fn league(token: &str, who: (u64, &str), sub: &str, options: Value) -> Value {
    let mut v = slash(
        token,
        who,
        "league",
        json!([{"name": sub, "type": 1, "options": options}]),
        json!({}),
    );
    v["member"]["permissions"] = json!("32");
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn league_and_rating_answers_link_their_pages_and_only_a_manager_makes_them_public() {
    // Given the bot with PUBLIC_URL set and a league of three under way
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-web-league").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(7)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    connect_web(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_secs(60),
        Some(PUBLIC_URL.into()),
    )
    .await;
    let name = json!([{"name": "name", "type": 3, "value": "Autumn Cup"}]);
    interact(&fake, league("wl-create", ALICE, "create", name)).await;
    for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
        interact(
            &fake,
            click(&format!("wl-join{i}"), p, "gbl:join:Autumn Cup"),
        )
        .await;
    }
    interact(&fake, league("wl-start", ALICE, "start", json!([]))).await;

    // When bob asks for the standings: the answer links to the league's page
    let r = interact(&fake, league("wl-standings", BOB, "standings", json!([]))).await;
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "League page");
    let token = l[0]
        .1
        .strip_prefix(&format!("{PUBLIC_URL}/l/"))
        .unwrap_or_else(|| panic!("not a league page: {}", l[0].1));
    let page = club
        .web()
        .resolve_league_link(token)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(page.name, "Autumn Cup");
    // (the fixtures link to the same page)
    let r = interact(&fake, league("wl-fixtures", BOB, "fixtures", json!([]))).await;
    assert_eq!(links(&r), l);

    // When bob asks for the leaderboard: the answer links to the server's ratings page
    let r = interact(
        &fake,
        slash("wl-board", BOB, "leaderboard", json!([]), json!({})),
    )
    .await;
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "Leaderboard");
    let token = l[0].1.strip_prefix(&format!("{PUBLIC_URL}/r/")).unwrap();
    assert!(
        club.web()
            .resolve_leaderboard_link(token)
            .await
            .unwrap()
            .is_some()
    );
    let guild = crate::fake_discord::GUILD.to_string();

    // When bob, no manager, makes the pages public: refused privately, nothing changed
    let public = json!([{"name": "web", "type": 4, "value": 0}]);
    let before = store.fingerprint().await.unwrap();
    let r = interact(&fake, server("wl-bob", BOB, public.clone(), false)).await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).contains("Manage Server"), "{}", content(&r));
    assert_eq!(store.fingerprint().await.unwrap(), before);
    let me = crate::discord_e2e::actor(ALICE);
    assert_eq!(club.web().web_public(&me).await.unwrap(), None);

    // When alice, a manager, does: told privately the public address
    let r = interact(&fake, server("wl-alice", ALICE, public, true)).await;
    assert!(ephemeral(&r), "{}", content(&r));
    let key = club
        .web()
        .web_public(&me)
        .await
        .unwrap()
        .expect("public now");
    assert!(
        content(&r).contains(&format!("{PUBLIC_URL}/s/{key}")),
        "{}",
        content(&r)
    );
    assert!(!content(&r).contains(&guild), "{}", content(&r));
    assert!(club.web().public_index(&key).await.unwrap().is_some());
    // And web:private closes it
    let private = json!([{"name": "web", "type": 4, "value": 1}]);
    let r = interact(&fake, server("wl-close", ALICE, private, true)).await;
    assert!(content(&r).contains("no public address"), "{}", content(&r));
    assert_eq!(club.web().web_public(&me).await.unwrap(), None);
    assert!(club.web().public_index(&key).await.unwrap().is_none());
    fake.finish().await;
}

/// `/web revoke` with `options`, by a manager of the server (Manage Server) or not.
fn revoke_page(token: &str, who: (u64, &str), options: Value, manager: bool) -> Value {
    let mut v = slash(
        token,
        who,
        "web",
        json!([{"name": "revoke", "type": 1, "options": options}]),
        json!({}),
    );
    if manager {
        v["member"]["permissions"] = json!("32");
    }
    v
}

#[tokio::test]
async fn web_revoke_replaces_a_chouettes_a_leagues_and_the_leaderboards_link_for_those_allowed() {
    let (fake, club) = bot_with_a_match("discord-web-revoke-more").await;
    let sub = |token: &str, who: (u64, &str), name: &str| {
        slash(
            token,
            who,
            "chouette",
            json!([{"name": name, "type": 1, "options": []}]),
            json!({}),
        )
    };
    interact(&fake, sub("r-create", ALICE, "create")).await;
    interact(&fake, sub("r-join", BOB, "join")).await;
    let name = json!([{"name": "name", "type": 3, "value": "Autumn Cup"}]);
    interact(&fake, league("r-league", ALICE, "create", name)).await;
    interact(
        &fake,
        slash("r-games", CAROL, "games", json!([]), json!({})),
    )
    .await;
    let chouette = club.web().chouette_link(1).await.unwrap();
    let cup = club.web().league_link(1).await.unwrap();
    let board = club.web().leaderboard_link(1).await.unwrap();
    let page = |kind: &str, value: Value| json!([{"name": kind, "type": 4, "value": value}]);
    let named = |kind: &str, value: Value| json!([{"name": kind, "type": 3, "value": value}]);
    let flag = |kind: &str| json!([{"name": kind, "type": 5, "value": true}]);

    // carol, who never sat in the chouette, organises no league and manages nothing; and
    // naming two pages: refused privately, nothing changed
    let before = club.store().fingerprint().await.unwrap();
    for (token, options) in [
        ("r-c-chouette", page("chouette", json!(1))),
        ("r-c-league", named("league", json!("Autumn Cup"))),
        ("r-c-board", flag("leaderboard")),
        (
            "r-c-two",
            json!([{"name": "chouette", "type": 4, "value": 1},
                   {"name": "leaderboard", "type": 5, "value": true}]),
        ),
    ] {
        let r = interact(&fake, revoke_page(token, CAROL, options, false)).await;
        assert!(ephemeral(&r), "{}", content(&r));
        assert!(content(&r).starts_with('\u{26A0}'), "{}", content(&r));
    }
    // (a league that is not here, even for a manager)
    let r = interact(
        &fake,
        revoke_page("r-c-none", CAROL, named("league", json!("Spring")), true),
    )
    .await;
    assert!(
        content(&r).contains("no league called `Spring`"),
        "{}",
        content(&r)
    );
    assert_eq!(club.store().fingerprint().await.unwrap(), before);
    assert_eq!(
        club.web().resolve_chouette_link(&chouette).await.unwrap(),
        Some(1)
    );

    // bob, who sat in the chouette: a new link, privately; the old one finds nothing
    let r = interact(
        &fake,
        revoke_page("r-b-chouette", BOB, page("chouette", json!(1)), false),
    )
    .await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).starts_with("The old link of chouette #1's page no longer works"));
    let new = link_token(&content(&r), "/c/");
    assert_eq!(
        club.web().resolve_chouette_link(&chouette).await.unwrap(),
        None
    );
    assert_eq!(
        club.web().resolve_chouette_link(&new).await.unwrap(),
        Some(1)
    );
    // alice, the organiser, the league's
    let r = interact(
        &fake,
        revoke_page(
            "r-a-league",
            ALICE,
            named("league", json!("Autumn Cup")),
            false,
        ),
    )
    .await;
    let new = link_token(&content(&r), "/l/");
    assert!(
        club.web()
            .resolve_league_link(&cup)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        club.web()
            .resolve_league_link(&new)
            .await
            .unwrap()
            .is_some()
    );
    // carol as a manager, the leaderboard's
    let r = interact(
        &fake,
        revoke_page("r-m-board", CAROL, flag("leaderboard"), true),
    )
    .await;
    assert!(ephemeral(&r), "{}", content(&r));
    let new = link_token(&content(&r), "/r/");
    assert!(
        club.web()
            .resolve_leaderboard_link(&board)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        club.web()
            .resolve_leaderboard_link(&new)
            .await
            .unwrap()
            .is_some()
    );
    fake.finish().await;
}

#[tokio::test]
async fn an_h2h_answer_links_both_players_pages_and_stats_the_players_page() {
    let (fake, club) = bot_with_a_match("discord-web-h2h").await;
    let users = json!({"users": {
        ALICE.0.to_string(): user(ALICE.0, "alice"),
        BOB.0.to_string(): user(BOB.0, "bob"),
    }});
    let r = interact(
        &fake,
        slash(
            "h-h2h",
            CAROL,
            "h2h",
            json!([{"name": "player", "type": 6, "value": BOB.0.to_string()},
                   {"name": "other", "type": 6, "value": ALICE.0.to_string()}]),
            users,
        ),
    )
    .await;
    let h2h = links(&r);
    let labels: Vec<&str> = h2h.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(
        labels,
        ["Player page: bob", "Player page: alice"],
        "{h2h:?}"
    );
    for ((_, url), name) in h2h.iter().zip(["bob", "alice"]) {
        let token = link_token(url, "/p/");
        let page = club
            .web()
            .resolve_player_link(&token)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(page.name, name);
    }
    let r = interact(
        &fake,
        slash(
            "h-stats",
            CAROL,
            "stats",
            json!([{"name": "player", "type": 6, "value": ALICE.0.to_string()}]),
            json!({"users": {ALICE.0.to_string(): user(ALICE.0, "alice")}}),
        ),
    )
    .await;
    let l = links(&r);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0].0, "Player page");
    assert_eq!(l[0].1, h2h[1].1, "alice's page, as /h2h linked it");
    fake.finish().await;
}
