//! The pages over plain HTTP: a match's link serves its page, boards, files and version;
//! a guessed or revoked link finds nothing; every answer carries the security headers;
//! what players typed is escaped and no Discord id appears.

use club::{ChallengeSpec, Command, Look};
use clubkit::run;

use crate::common::{IMG_NAME, SCRIPT_NAME, accepted, discord_match, get, served, step};

/// Every answer's security headers.
fn assert_secure(a: &crate::common::Answer, what: &str) {
    assert_eq!(
        a.header("content-security-policy"),
        Some(web::CSP),
        "{what}"
    );
    assert!(web::CSP.contains("script-src 'self'") && !web::CSP.contains("unsafe-inline"));
    assert_eq!(
        a.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(a.header("referrer-policy"), Some("no-referrer"), "{what}");
}

#[tokio::test]
async fn a_link_serves_its_match_and_a_guessed_or_revoked_link_finds_nothing() {
    let s = served("web-links").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    for _ in 0..3 {
        assert!(step(club, id, "alice").await);
    }
    let token = club.web().match_link(id).await.unwrap();
    assert_eq!(token.len(), 32, "128 bits in hex: {token}");
    assert_eq!(
        club.web().match_link(id).await.unwrap(),
        token,
        "one token per match"
    );
    let page = get(s.addr, &format!("/m/{token}")).await;
    assert_eq!(page.status, 200);
    assert_secure(&page, "the match page");
    let html = page.text();
    assert!(
        html.contains("<h1><bdi>alice</bdi> vs <bdi>bob</bdi></h1>"),
        "{html}"
    );
    // The start and a board after each entry since: the last is shown.
    let count = html.matches("<li data-n=").count();
    assert!(count >= 4, "{html}");
    assert!(
        html.contains(&format!("Step {count} of {count}")),
        "the last of {count} boards: {html}"
    );
    assert!(html.contains("bob accepts"), "{html}");
    assert!(html.contains("/static/match.js"));
    assert!(
        !html.contains("<script>") && !html.contains("style="),
        "no inline script or style"
    );
    // Guessed: another token of the same form, a short one, a path beyond.
    let guessed = format!("{:032x}", u128::from_str_radix(&token, 16).unwrap() ^ 1);
    for path in [
        format!("/m/{guessed}"),
        format!("/m/{guessed}/board/0.png"),
        "/m/abc".into(),
        "/m/".into(),
        "/nothing".into(),
    ] {
        let a = get(s.addr, &path).await;
        assert_eq!(a.status, 404, "{path}");
        assert_secure(&a, &path);
    }
    // Revoked: the old token finds nothing anywhere; the new one serves the page.
    let new = club.web().revoke_match_link(id).await.unwrap();
    assert_ne!(new, token);
    for tail in [
        "",
        "/board/0.png",
        "/version.json",
        "/file",
        "/dice.json",
        "/dice",
    ] {
        let a = get(s.addr, &format!("/m/{token}{tail}")).await;
        assert_eq!(a.status, 404, "revoked {tail}");
        let a = get(s.addr, &format!("/m/{new}{tail}")).await;
        assert_eq!(a.status, 200, "new {tail}");
        assert_secure(&a, tail);
    }
    // (A link resolves to the store's number of the match.)
    let id = id.get();
    assert_eq!(club.web().resolve_match_link(&token).await.unwrap(), None);
    assert_eq!(club.web().resolve_match_link(&new).await.unwrap(), Some(id));
}

#[tokio::test]
async fn boards_files_and_the_version_are_served() {
    let s = served("web-files").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    assert!(step(club, id, "alice").await);
    let token = club.web().match_link(id).await.unwrap();
    let png = get(s.addr, &format!("/m/{token}/board/1.png")).await;
    assert_eq!(png.status, 200);
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.header("cache-control").unwrap().contains("immutable"));
    let count = get(s.addr, &format!("/m/{token}"))
        .await
        .text()
        .matches("<li data-n=")
        .count();
    let past = format!("/m/{token}/board/{count}.png");
    assert_eq!(get(s.addr, &past).await.status, 404, "{past}");
    assert_eq!(
        get(s.addr, &format!("/m/{token}/board/x.png")).await.status,
        404
    );
    let v = get(s.addr, &format!("/m/{token}/version.json"))
        .await
        .text();
    let version = club.web().match_version(id).await.unwrap().unwrap();
    assert_eq!(v, format!("{{\"version\":{version}}}"));
    let mat = get(s.addr, &format!("/m/{token}/file")).await;
    assert_eq!(
        mat.header("content-disposition"),
        Some(format!("attachment; filename=\"match-{id}.mat\"").as_str())
    );
    assert!(mat.text().contains("3 point match"), "{}", mat.text());
    let dice = get(s.addr, &format!("/m/{token}/dice.json")).await;
    let json: serde_json::Value = serde_json::from_slice(&dice.body).unwrap();
    assert_eq!(json["scheme"], "gammonbot-dice-v2");
    assert!(
        json["count"].as_u64().unwrap() >= 1,
        "the opening throw: {json}"
    );
    let anchor = json["anchor"].as_str().unwrap().to_string();
    let page = get(s.addr, &format!("/m/{token}/dice")).await.text();
    assert!(page.contains(&anchor), "the anchor as posted: {page}");
    assert!(page.contains("/static/dice.js"));
    for (path, kind) in [
        ("/static/web.css", "text/css"),
        ("/static/match.js", "text/javascript"),
        ("/static/dice.js", "text/javascript"),
    ] {
        let a = get(s.addr, path).await;
        assert_eq!(a.status, 200, "{path}");
        assert!(
            a.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_welsh_match_shows_its_boards_and_moves() {
    let s = served("web-welsh").await;
    let club = s.club();
    let id = clubkit::accepted(club, "alice", "bob", ChallengeSpec::welsh(3))
        .await
        .0;
    let token = club.web().match_link(id).await.unwrap();
    let page = get(s.addr, &format!("/m/{token}")).await.text();
    assert!(page.contains("Welsh backgammon to 3 games"), "{page}");
    assert!(page.contains("bob accepts"), "{page}");
    let png = get(s.addr, &format!("/m/{token}/board/0.png")).await;
    assert_eq!((png.status, &png.body[..4]), (200, &b"\x89PNG"[..]));
    let file = get(s.addr, &format!("/m/{token}/file")).await;
    assert!(
        file.header("content-disposition").unwrap().contains(".txt"),
        "the Welsh record"
    );
}

#[tokio::test]
async fn what_players_typed_is_escaped_and_no_discord_id_appears() {
    let s = served("web-escaping").await;
    let club = s.club();
    // A name is registered by the player's first command.
    run(club, IMG_NAME, Command::Look(Look::Games)).await;
    let id = accepted(club, SCRIPT_NAME, IMG_NAME, 3).await;
    assert!(step(club, id, "alice").await);
    let token = club.web().match_link(id).await.unwrap();
    for path in [format!("/m/{token}"), format!("/m/{token}/dice")] {
        let html = get(s.addr, &path).await.text();
        assert!(!html.contains(SCRIPT_NAME), "{path}: {html}");
        assert!(!html.contains("<img src=x"), "{path}: {html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{path}: {html}"
        );
        assert!(
            html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
            "{path}: {html}"
        );
    }
    // Discord players: their ids are on no page.
    let m = discord_match(club).await;
    let token = club.web().match_link(m).await.unwrap();
    for path in [
        format!("/m/{token}"),
        format!("/m/{token}/dice"),
        format!("/m/{token}/dice.json"),
        format!("/m/{token}/file"),
    ] {
        let a = get(s.addr, &path).await;
        assert_eq!(a.status, 200, "{path}");
        let text = a.text();
        assert!(
            path.ends_with(".json") || text.contains("Dora"),
            "{path}: {text}"
        );
        for secret in [
            "812345678901234567",
            "812345678901234568",
            "900000000000000001",
            "700000000000000001",
        ] {
            assert!(!text.contains(secret), "{path} shows {secret}: {text}");
        }
    }
}
