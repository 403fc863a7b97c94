//! The web pages' links in the local chat: a `/rating` or `/stats` answer prints the
//! player's page, `/h2h` both players', a chouette's board its session's page, and `/web
//! revoke #N` gives a match's player a new link (the old one then finds nothing) while
//! anyone else, a malformed line or a chat without pages is refused with nothing changed; `/web revoke cN`, `league [name]`,
//! `leaderboard` and `player` the same for those pages. `/web private on` keeps the
//! speaker's page out of other players' answers (his own still print it) until `off`.

use std::sync::Arc;

use club::{Club, ManualClock, RngDice};
use gammonbot::console::run_line_linked;
use store::Store;
use testkit::store_url;

const BASE: &str = "http://127.0.0.1:8080";

async fn club(name: &str) -> (Club, Store) {
    let store = Store::open(&store_url(name).await).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        Arc::new(ManualClock::new(1_800_000_000)),
    );
    (club, store)
}

/// Runs `line` with the pages at [`BASE`]; asserts whether it was refused.
async fn say(club: &Club, line: &str, refused: bool) -> String {
    let (out, r) = run_line_linked(club, line, None, Some(BASE)).await;
    assert_eq!(r, refused, "`{line}`: {out}");
    out
}

/// The token after `{BASE}{path}` in `out`'s line starting with `(what: `.
fn link_in(out: &str, what: &str, path: &str) -> String {
    let prefix = format!("({what}: {BASE}{path}");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` in {out}"));
    let token = line.strip_suffix(')').unwrap().to_string();
    assert!(club::is_token(&token), "{token}");
    token
}

#[tokio::test]
async fn a_rating_answer_prints_the_players_page_link() {
    let (club, _) = club("local-web-rating").await;
    say(&club, "alice: /challenge bob length:3", false).await;
    say(&club, "bob: /accept", false).await;
    let out = say(&club, "carl: /rating alice", false).await;
    let token = link_in(&out, "player page", "/p/");
    let page = club
        .web()
        .resolve_player_link(&token)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(page.name, "alice");
    // The same link each time; bob's own rating links to bob's page.
    let again = say(&club, "bob: /rating alice", false).await;
    assert_eq!(link_in(&again, "player page", "/p/"), token);
    let own = say(&club, "bob: /rating", false).await;
    let bob = link_in(&own, "player page", "/p/");
    assert_eq!(
        club.web()
            .resolve_player_link(&bob)
            .await
            .unwrap()
            .unwrap()
            .name,
        "bob"
    );
}

#[tokio::test]
async fn a_chouettes_board_prints_the_sessions_page_link() {
    let (club, _) = club("local-web-chouette").await;
    let out = say(&club, "ann: /chouette create", false).await;
    assert!(!out.contains("(web page:"), "no board, no link: {out}");
    say(&club, "ben: /chouette join", false).await;
    say(&club, "cat: /chouette join", false).await;
    let out = say(&club, "ann: /chouette start", false).await;
    let token = link_in(&out, "web page", "/c/");
    assert_eq!(
        club.web().resolve_chouette_link(&token).await.unwrap(),
        Some(1)
    );
    let page = club.web().chouette_page(1).await.unwrap();
    assert_eq!((page.games, page.status.as_str()), (0, "game 1 under way"));
    assert!(page.box_player.is_some() && page.captain.is_some());
}

#[tokio::test]
async fn web_revoke_gives_a_player_a_new_link_and_refuses_anyone_else() {
    let (club, store) = club("local-web-revoke").await;
    say(&club, "alice: /challenge bob length:3", false).await;
    let out = say(&club, "bob: /accept", false).await;
    let old = link_in(&out, "web page", "/m/");
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), Some(1));

    // Refused, nothing changed: a stranger, a match that is not there, a malformed line,
    // a chat without pages.
    say(&club, "carol: /games", false).await;
    let before = store.fingerprint().await.unwrap();
    let out = say(&club, "carol: /web revoke #1", true).await;
    assert!(out.starts_with("!! "), "{out}");
    let out = say(&club, "alice: /web revoke #9", true).await;
    assert!(out.starts_with("!! "), "{out}");
    let out = say(&club, "alice: /web revoke", true).await;
    assert_eq!(
        out,
        "?? write `/web revoke #N` (match N's page), `/web revoke cN` (chouette N's), `/web revoke league [name]`, `/web revoke leaderboard`, `/web revoke player` (your own page) or `/web private on|off` (your page linked from no other page or answer, or linked again)\n"
    );
    let (out, refused) = run_line_linked(&club, "alice: /web revoke #1", None, None).await;
    assert!(refused);
    assert_eq!(
        out,
        "!! this chat serves no web pages, so there is no link to revoke\n"
    );
    assert_eq!(store.fingerprint().await.unwrap(), before);
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), Some(1));

    // A player of the match: a new link, the old one finds nothing.
    let out = say(&club, "bob: /web revoke #1", false).await;
    let new = revoked(&out, "match #1's page", "/m/");
    let new = new.as_str();
    assert!(out.contains("given only here"), "{out}");
    assert_ne!(new, old);
    // And the match's boards link no page any more, not even for the revoker
    let board = say(&club, "bob: /board #1", false).await;
    assert!(!board.contains("(web page:"), "{board}");
    assert_eq!(club.web().resolve_match_link(new).await.unwrap(), Some(1));
    assert_eq!(club.web().resolve_match_link(&old).await.unwrap(), None);
}

/// The token of the new link in a `/web revoke` answer about `page`, under `{BASE}{path}`
/// (the answer's first line; the next says who else is given it, and that copies saved
/// elsewhere cannot be recalled).
fn revoked(out: &str, page: &str, path: &str) -> String {
    let prefix = format!(
        "The old link of {page} no longer works: whoever opens it finds nothing. The new one: {BASE}{path}"
    );
    let token = out
        .strip_prefix(&prefix)
        .and_then(|t| t.split_once('\n'))
        .map(|(t, _)| t)
        .unwrap_or_else(|| panic!("not `{prefix}`: {out}"));
    assert!(out.contains("cannot be recalled"), "{out}");
    assert!(club::is_token(token), "{token}");
    token.to_string()
}

#[tokio::test]
async fn web_revoke_replaces_a_chouettes_a_leagues_the_leaderboards_and_a_players_link() {
    let (club, store) = club("local-web-revoke-more").await;
    say(&club, "ann: /chouette create", false).await;
    say(&club, "ben: /chouette join", false).await;
    say(
        &club,
        "org: /league create name:Autumn Cup format:round-robin",
        false,
    )
    .await;
    say(&club, "dan: /games", false).await;
    let chouette = club.web().chouette_link(1).await.unwrap();
    let league = club.web().league_link(1).await.unwrap();
    let board = club.web().leaderboard_link(1).await.unwrap();

    // Refused, nothing changed: dan never sat in c1, is no organiser, names no league here
    let before = store.fingerprint().await.unwrap();
    let out = say(&club, "dan: /web revoke c1", true).await;
    assert_eq!(
        out,
        "!! only a player who sat in chouette #1 (or a manager of this server) can revoke its page's link\n"
    );
    let out = say(&club, "dan: /web revoke league Autumn Cup", true).await;
    assert!(
        out.starts_with("!! only the organiser of Autumn Cup"),
        "{out}"
    );
    let out = say(&club, "org: /web revoke league Spring", true).await;
    assert!(out.contains("no league called `Spring`"), "{out}");
    say(&club, "ann: /web revoke c9", true).await;
    say(&club, "ann: /web revoke chouette", true).await;
    assert_eq!(store.fingerprint().await.unwrap(), before);

    // A player of the chouette, the organiser, anyone for the leaderboard, dan for his own
    let out = say(&club, "ben: /web revoke c1", false).await;
    let new = revoked(&out, "chouette #1's page", "/c/");
    assert_eq!(
        club.web().resolve_chouette_link(&chouette).await.unwrap(),
        None
    );
    assert_eq!(
        club.web().resolve_chouette_link(&new).await.unwrap(),
        Some(1)
    );
    let out = say(&club, "org: /web revoke league", false).await;
    let new = revoked(&out, "the page of league Autumn Cup", "/l/");
    assert!(
        club.web()
            .resolve_league_link(&league)
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
    let out = say(&club, "dan: /web revoke leaderboard", false).await;
    let new = revoked(&out, "the leaderboard's page", "/r/");
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
    let old = club.web().player_link(1, 4).await.unwrap();
    let out = say(&club, "dan: /web revoke player", false).await;
    let new = revoked(&out, "your player page", "/p/");
    assert!(
        club.web()
            .resolve_player_link(&old)
            .await
            .unwrap()
            .is_none()
    );
    let page = club.web().resolve_player_link(&new).await.unwrap().unwrap();
    assert_eq!(page.name, "dan");
}

#[tokio::test]
async fn h2h_prints_both_players_pages_and_stats_the_players_page() {
    let (club, _) = club("local-web-h2h").await;
    say(&club, "alice: /challenge bob length:3", false).await;
    say(&club, "bob: /accept", false).await;
    let out = say(&club, "carol: /h2h bob alice", false).await;
    for (name, id) in [("bob", 2), ("alice", 1)] {
        let token = link_in(&out, &format!("player page of {name}"), "/p/");
        assert_eq!(token, club.web().player_link(1, id).await.unwrap(), "{out}");
    }
    assert!(!out.contains("(player page: "), "{out}");
    let out = say(&club, "carol: /stats alice", false).await;
    let token = link_in(&out, "player page", "/p/");
    assert_eq!(token, club.web().player_link(1, 1).await.unwrap());
}

#[tokio::test]
async fn web_private_keeps_a_players_page_out_of_others_answers_until_off() {
    let (club, store) = club("local-web-private").await;
    say(&club, "alice: /challenge bob length:3", false).await;
    say(&club, "bob: /accept", false).await;
    let out = say(&club, "alice: /rating", false).await;
    let alice = link_in(&out, "player page", "/p/");

    // Refused, nothing changed: a malformed line, a chat without pages
    let before = store.fingerprint().await.unwrap();
    let out = say(&club, "alice: /web private maybe", true).await;
    assert!(out.starts_with("?? write `/web revoke #N`"), "{out}");
    let (out, refused) = run_line_linked(&club, "alice: /web private on", None, None).await;
    assert!(refused);
    assert_eq!(
        out,
        "!! this chat serves no web pages, so there is no page to keep private\n"
    );
    assert_eq!(store.fingerprint().await.unwrap(), before);

    // When alice keeps her page private
    let out = say(&club, "alice: /web private on", false).await;
    assert!(out.starts_with("Your player page is private now"), "{out}");
    // Then carl's /rating of her prints no link; her own still prints hers
    let out = say(&club, "carl: /rating alice", false).await;
    assert!(!out.contains("(player page: "), "{out}");
    let out = say(&club, "alice: /rating", false).await;
    assert_eq!(link_in(&out, "player page", "/p/"), alice);
    // And /h2h asked by carl prints bob's page only
    let out = say(&club, "carl: /h2h alice bob", false).await;
    assert!(!out.contains("(player page of alice: "), "{out}");
    link_in(&out, "player page of bob", "/p/");

    // When she shares it again: carl's answer links it, the same link
    say(&club, "alice: /web private off", false).await;
    let out = say(&club, "carl: /rating alice", false).await;
    assert_eq!(link_in(&out, "player page", "/p/"), alice);
}
