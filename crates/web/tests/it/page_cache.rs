//! The page cache: a page is kept with the stamp it was rendered at and served again
//! while the stamp in the database is the same; a change made through the club (a
//! result, a move) shows on the next request.

use club::{Format, LeagueOp};
use clubkit::run;

use crate::common::{accepted, get, served, step};
use crate::league_page::{adjudge, started};
use crate::player_page::beat;

#[tokio::test]
async fn a_cached_league_page_is_served_again_and_shows_a_result_reported_after() {
    let s = served("web-cache-league").await;
    let club = s.club();
    started(club, "Cup", Format::RoundRobin, &["alice", "bob", "carol"]).await;
    let out = run(
        club,
        "bob",
        club::Command::League(club::LeagueCommand::local(
            Some("Cup"),
            LeagueOp::Standings { division: None },
        )),
    )
    .await;
    let token = club.web().web_page_link(out.web.unwrap()).await.unwrap();
    let path = format!("/l/{token}");
    let first = get(s.addr, &path).await.text();
    assert!(!first.contains("adjudication"), "{first}");
    assert_eq!(
        get(s.addr, &path).await.text(),
        first,
        "served again unchanged"
    );

    adjudge(club, "Cup", "alice", "bob").await;
    let after = get(s.addr, &path).await.text();
    assert!(
        after.contains("alice won by the organiser&#39;s adjudication"),
        "the result shows: {after}"
    );
}

#[tokio::test]
async fn a_cached_match_page_shows_the_move_made_after() {
    let s = served("web-cache-match").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    let token = club.web().match_link(id).await.unwrap();
    let path = format!("/m/{token}");
    let first = get(s.addr, &path).await.text();
    assert_eq!(
        get(s.addr, &path).await.text(),
        first,
        "served again unchanged"
    );

    assert!(step(club, id, "alice").await);
    let version = club.web().match_version(id).await.unwrap().unwrap();
    let after = get(s.addr, &path).await.text();
    let stamp = format!("data-version=\"{version}\"");
    assert!(!first.contains(&stamp), "{first}");
    assert!(after.contains(&stamp), "the move shows: {after}");
}

#[tokio::test]
async fn a_cached_leaderboard_shows_the_match_rated_after() {
    let s = served("web-cache-leaderboard").await;
    let club = s.club();
    beat(club, "alice", "bob").await;
    let out = run(
        club,
        "bob",
        club::Command::Look(club::Look::Leaderboard { ruleset: None }),
    )
    .await;
    let token = club.web().web_page_link(out.web.unwrap()).await.unwrap();
    let path = format!("/r/{token}");
    let first = get(s.addr, &path).await.text();
    assert!(
        first.contains("alice") && !first.contains("carol"),
        "{first}"
    );
    assert_eq!(
        get(s.addr, &path).await.text(),
        first,
        "served again unchanged"
    );

    beat(club, "carol", "alice").await;
    let after = get(s.addr, &path).await.text();
    assert!(
        after.contains("><bdi>carol</bdi></a>"),
        "the new rating shows: {after}"
    );
}

/// The league page of "Cup" (alice, bob and carol, a round robin of 1-point matches): its
/// path.
async fn cup_page(club: &club::Club) -> String {
    started(club, "Cup", Format::RoundRobin, &["alice", "bob", "carol"]).await;
    let out = run(
        club,
        "bob",
        club::Command::League(club::LeagueCommand::local(
            Some("Cup"),
            LeagueOp::Standings { division: None },
        )),
    )
    .await;
    format!(
        "/l/{}",
        club.web().web_page_link(out.web.unwrap()).await.unwrap()
    )
}

#[tokio::test]
async fn a_cached_league_page_shows_a_fixture_played_to_its_end_after() {
    let s = served("web-cache-fixture-played").await;
    let club = s.club();
    let path = cup_page(club).await;
    let id = clubkit::match_of(club, "Cup", "alice", "bob").await;
    let first = get(s.addr, &path).await.text();
    assert!(fixture(&first, id).ends_with(": playing"), "{first}");
    assert_eq!(get(s.addr, &path).await.text(), first, "served again");

    while step(club, id.into(), "alice").await {}
    let after = get(s.addr, &path).await.text();
    assert!(
        fixture(&after, id).ends_with(" won 1-0"),
        "the result shows: {after}"
    );
}

#[tokio::test]
async fn a_cached_league_page_shows_a_fixture_unlinked_once_its_link_is_revoked() {
    let s = served("web-cache-fixture-revoked").await;
    let club = s.club();
    let path = cup_page(club).await;
    let id = clubkit::match_of(club, "Cup", "alice", "bob").await;
    let old = club.web().match_link(id.into()).await.unwrap();
    let first = get(s.addr, &path).await.text();
    assert!(first.contains(&old), "{first}");
    assert_eq!(get(s.addr, &path).await.text(), first, "served again");

    // Revoking hides: the new link is the revoker's to give, not the league page's.
    let new = club.web().revoke_match_link(id.into()).await.unwrap();
    let after = get(s.addr, &path).await.text();
    assert!(
        !after.contains(&new) && !after.contains(&old),
        "neither link shows: {after}"
    );
    assert!(fixture(&after, id).ends_with(": playing"), "{after}");
}

#[tokio::test]
async fn a_cached_leaderboard_shows_a_private_players_name_unlinked_and_linked_again() {
    let s = served("web-cache-leaderboard-private").await;
    let club = s.club();
    beat(club, "alice", "bob").await;
    let out = run(
        club,
        "bob",
        club::Command::Look(club::Look::Leaderboard { ruleset: None }),
    )
    .await;
    let token = club.web().web_page_link(out.web.unwrap()).await.unwrap();
    let path = format!("/r/{token}");
    let linked = "\"><bdi>alice</bdi></a>";
    let first = get(s.addr, &path).await.text();
    assert!(first.contains(linked), "{first}");
    assert_eq!(get(s.addr, &path).await.text(), first, "served again");

    // When alice keeps her page private: her name, no link (the kept page is not served)
    let alice = clubkit::who("alice");
    club.web().set_player_private(&alice, true).await.unwrap();
    let private = get(s.addr, &path).await.text();
    assert!(
        private.contains("<td class=\"who\"><bdi>alice</bdi></td>"),
        "{private}"
    );
    assert!(private.contains("><bdi>bob</bdi></a>"), "{private}");
    // When she shares it again: linked again
    club.web().set_player_private(&alice, false).await.unwrap();
    assert_eq!(get(s.addr, &path).await.text(), first);
}

/// The words of match `id`'s fixture on a league page (up to the next tag).
fn fixture(page: &str, id: i64) -> &str {
    let at = page
        .find(&format!("#{id}: "))
        .unwrap_or_else(|| panic!("no fixture #{id}: {page}"));
    let rest = &page[at..];
    &rest[..rest.find('<').unwrap_or(rest.len())]
}

/// Match `id`'s analysis stored as done, each player's PR `pr` over 100 decisions.
async fn analysed(s: &crate::common::Served, id: club::MatchNo, pr: f64) {
    let store = &s.fixture.store;
    let row = store.load_match(id.get()).await.unwrap().unwrap();
    let figures = |name: &str| club::PlayerFigures {
        name: name.into(),
        error_rate: pr * 2.0,
        rating: String::new(),
        pr,
        chequer_rate: pr * 2.0,
        cube_rate: 0.0,
        unforced_moves: 100,
        close_cube: 0,
        chequer_marks: [0; 3],
        cube_marks: [0; 3],
        missed_doubles: 0,
        wrong_doubles: 0,
        wrong_takes: 0,
        wrong_drops: 0,
        luck_rate: 0.0,
        luck_adjusted: 0.5,
        actual: 1.0,
    };
    let review = club::Review {
        match_id: id.get(),
        games: 1,
        length: 1,
        plies: 2,
        player_ids: row.players,
        players: [figures("x"), figures("o")],
        worst: Vec::new(),
        mistakes: None,
        seconds: 1.0,
    };
    let (job, _) = store
        .request_analysis(&store::NewAnalysis {
            match_id: id.get(),
            games: 1,
            community_id: row.community_id,
            requested_by: row.players[0],
            channel: "local",
            plies: 2,
            now: 1,
        })
        .await
        .unwrap();
    store.claim_analysis(1).await.unwrap().unwrap();
    let text = serde_json::to_string(&review).unwrap();
    store.finish_analysis(job.id, Ok(&text), 2).await.unwrap();
}

#[tokio::test]
async fn a_cached_leaderboard_shows_the_pr_column_once_the_analyses_are_stored() {
    // Given alice's three wins over bob, the leaderboard page served without a PR column
    let s = served("web-cache-leaderboard-pr").await;
    let club = s.club();
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(beat(club, "alice", "bob").await);
    }
    let out = run(
        club,
        "bob",
        club::Command::Look(club::Look::Leaderboard { ruleset: None }),
    )
    .await;
    let token = club.web().web_page_link(out.web.unwrap()).await.unwrap();
    let path = format!("/r/{token}");
    let first = get(s.addr, &path).await.text();
    assert!(!first.contains(">PR</th>"), "{first}");
    assert_eq!(
        get(s.addr, &path).await.text(),
        first,
        "served again unchanged"
    );
    // When the three matches' analyses are stored (nothing else changes)
    for id in ids {
        analysed(&s, id, 5.0).await;
    }
    // Then the page is rendered again: the PR column, each player's PR with its interval
    let after = get(s.addr, &path).await.text();
    assert!(after.contains(">PR</th>"), "{after}");
    assert!(
        after.contains("<td class=\"pr\">5.0 \u{b1}0.0</td>"),
        "{after}"
    );
}
