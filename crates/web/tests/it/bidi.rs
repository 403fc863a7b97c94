//! Names are isolated on the pages (issue 48): a name's bidirectional controls never
//! reach a page (also a name stored before they were stripped where names are taken),
//! and names are wrapped in `<bdi>`, so a right-to-left name cannot turn the words around
//! it ("11-31 hctam eht now live").

use crate::common::{accepted, get, served, step};

#[tokio::test]
async fn a_name_with_bidi_controls_is_shown_without_them_and_isolated() {
    let s = served("web-bidi").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    assert!(step(club, id, "alice").await);
    // As a row written before names were taken without them.
    club.store()
        .player("local", "alice", "\u{202E}alice\u{2066}", 0)
        .await
        .unwrap();
    let token = club.web().match_link(id).await.unwrap();
    for tail in ["", "/dice"] {
        let page = get(s.addr, &format!("/m/{token}{tail}")).await.text();
        assert!(
            !page.chars().any(render::is_bidi_control),
            "{tail}: {page:?}"
        );
        assert!(
            page.contains("<bdi>alice</bdi> vs <bdi>bob</bdi></h1>"),
            "{tail}: {page}"
        );
    }
}
