//! Private means private (issue 48): every answer under a token says `private`, so no
//! shared cache (a proxy, a CDN) keeps it; pages and data `no-store` (a revoked link's
//! page is not kept anywhere), boards `private, max-age=.., immutable` (a past board never
//! changes, only the browser keeps it). The server's own files alone are `public`.

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
