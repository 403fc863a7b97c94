//! Private means private (issue 48): every answer under a token says `private`, so no
//! shared cache (a proxy, a CDN) keeps it; pages and data `no-store` (a revoked link's
//! page is not kept anywhere), boards `private, max-age=.., immutable` (a past board never
//! changes, only the browser keeps it). The server's own files alone are `public`. A
//! revoked match's page is linked from no other page: the opponent's player page shows
//! the match with no link.

use crate::common::{accepted, get, served, step};
use crate::player_page::beat;

#[tokio::test]
async fn pages_are_private_no_store_and_boards_private_immutable() {
    let s = served("web-private").await;
    let club = s.club();
    beat(club, "alice", "bob").await;
    let id = accepted(club, "alice", "bob", 3).await;
    assert!(step(club, id, "alice").await);
    let m = club.web().match_link(id).await.unwrap();
    let row = club.store().load_match(id.get()).await.unwrap().unwrap();
    let p = club
        .web()
        .player_link(row.community_id, row.players[0])
        .await
        .unwrap();
    let mut paths: Vec<String> = ["", "/version.json", "/file", "/dice.json", "/dice"]
        .iter()
        .map(|tail| format!("/m/{m}{tail}"))
        .collect();
    paths.push(format!("/p/{p}"));
    paths.push(format!("/p/{p}/rating/standard.png"));
    for path in &paths {
        let a = get(s.addr, path).await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(
            a.header("cache-control"),
            Some("private, no-store"),
            "{path}"
        );
    }
    let board = get(s.addr, &format!("/m/{m}/board/0.png")).await;
    assert_eq!(board.status, 200);
    let cache = board.header("cache-control").unwrap();
    assert!(
        cache.starts_with("private, max-age=") && cache.ends_with(", immutable"),
        "{cache}"
    );
    let css = get(s.addr, "/static/web.css").await;
    assert!(css.header("cache-control").unwrap().starts_with("public"));
}

#[tokio::test]
async fn a_revoked_match_shows_on_the_opponents_page_with_no_link() {
    let s = served("web-private-revoked-match").await;
    let club = s.club();
    // Given bob lost a match to alice: his page links it
    let id = beat(club, "alice", "bob").await;
    let row = club.store().load_match(id.get()).await.unwrap().unwrap();
    let bob = club
        .web()
        .player_link(row.community_id, row.players[1])
        .await
        .unwrap();
    let old = club.web().match_link(id).await.unwrap();
    let page = get(s.addr, &format!("/p/{bob}")).await.text();
    assert!(
        page.contains(&format!("<a href=\"/m/{old}\">vs ")),
        "{page}"
    );
    // When alice revokes its link
    let r = club
        .web()
        .revoke_link_by(
            &clubkit::who("alice"),
            club::RevokeTarget::Match(id.get()),
            &club::Rights::default(),
        )
        .await
        .unwrap();
    // Then bob's page shows the match, linking neither the old page nor the new one
    let page = get(s.addr, &format!("/p/{bob}")).await.text();
    assert!(
        page.contains("<li>vs <bdi>alice</bdi> · standard"),
        "{page}"
    );
    assert!(
        !page.contains(&old) && !page.contains(&r.link.token),
        "{page}"
    );
}
