//! gzip: a client that accepts it gets pages, scripts and JSON gzipped (the same bytes
//! once decoded, with the security headers); PNGs and other clients are answered plain.

use std::io::Read;

use crate::common::{accepted, get, get_gzip, served, step};

fn gunzip(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(body)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[tokio::test]
async fn a_client_that_accepts_gzip_gets_the_same_page_gzipped_with_the_security_headers() {
    let s = served("web-gzip").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    for _ in 0..6 {
        step(club, id, "alice").await;
    }
    let token = club.web().match_link(id).await.unwrap();
    for path in [
        format!("/m/{token}"),
        "/static/match.js".to_string(),
        "/static/web.css".to_string(),
        format!("/m/{token}/dice.json"),
    ] {
        let plain = get(s.addr, &path).await;
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        let zipped = get_gzip(s.addr, &path).await;
        assert_eq!(zipped.status, 200, "{path}");
        assert_eq!(zipped.header("content-encoding"), Some("gzip"), "{path}");
        assert!(zipped.body.len() < plain.body.len(), "{path}");
        assert_eq!(gunzip(&zipped.body), plain.body, "{path}");
        assert_eq!(
            zipped.header("content-security-policy"),
            Some(web::CSP),
            "{path}"
        );
        assert_eq!(zipped.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(zipped.header("referrer-policy"), Some("no-referrer"));
    }
    let png = get_gzip(s.addr, &format!("/m/{token}/board/0.png")).await;
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-encoding"), None, "a PNG is not gzipped");
    assert!(png.body.starts_with(b"\x89PNG"));
}
