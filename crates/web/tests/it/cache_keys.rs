//! Caches keyed by what they serve (issue 48): a match page by the step it shows (an
//! address asking past the last step is the last step's page, not a new render), the
//! dice page and export by the match's stamp, the rating chart by its version. Each is
//! seen through the server's count of renders (`Running::renders`).

use crate::common::{Served, accepted, get, served, step};
use crate::player_page::beat;

/// The renders `s` ran so far.
fn renders(s: &Served) -> u64 {
    s.running.renders()
}

#[tokio::test]
async fn a_match_page_is_kept_by_its_clamped_step() {
    let s = served("web-cache-clamped").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    for _ in 0..3 {
        assert!(step(club, id, "alice").await);
    }
    let token = club.web().match_link(id).await.unwrap();
    let last = get(s.addr, &format!("/m/{token}")).await.text();
    let count = last.matches("<li data-n=").count();
    let before = renders(&s);
    for n in [
        format!("{}", count - 1),
        format!("{count}"),
        "1000000000000".into(),
        "1000000000001".into(),
        "18446744073709551615".into(),
    ] {
        let page = get(s.addr, &format!("/m/{token}?n={n}")).await;
        assert_eq!(page.text(), last, "?n={n} is the last step's page");
    }
    assert_eq!(renders(&s), before, "served from the cache");
    // Another step shown: a page of its own.
    let first = get(s.addr, &format!("/m/{token}?n=0")).await.text();
    assert!(first.contains("Step 1 of"), "{first}");
    assert!(renders(&s) > before);
}

#[tokio::test]
async fn the_dice_page_and_export_are_kept_by_the_match_stamp() {
    let s = served("web-cache-dice").await;
    let club = s.club();
    let id = accepted(club, "alice", "bob", 3).await;
    assert!(step(club, id, "alice").await);
    let token = club.web().match_link(id).await.unwrap();
    let page = get(s.addr, &format!("/m/{token}/dice")).await.text();
    let export = get(s.addr, &format!("/m/{token}/dice.json")).await.text();
    let before = renders(&s);
    for _ in 0..3 {
        assert_eq!(get(s.addr, &format!("/m/{token}/dice")).await.text(), page);
        assert_eq!(
            get(s.addr, &format!("/m/{token}/dice.json")).await.text(),
            export
        );
    }
    assert_eq!(renders(&s), before, "served from the cache");
    // A throw changes the stamp: the export shows it.
    while get(s.addr, &format!("/m/{token}/dice.json")).await.text() == export {
        assert!(step(club, id, "alice").await, "a throw comes");
    }
    assert!(renders(&s) > before);
}

#[tokio::test]
async fn the_rating_chart_is_kept_by_its_version() {
    let s = served("web-cache-chart").await;
    let club = s.club();
    let id = beat(club, "alice", "bob").await;
    let row = club.store().load_match(id.get()).await.unwrap().unwrap();
    let token = club
        .web()
        .player_link(row.community_id, row.players[0])
        .await
        .unwrap();
    let path = format!("/p/{token}/rating/standard.png");
    let chart = get(s.addr, &path).await;
    assert_eq!(chart.status, 200);
    let before = renders(&s);
    for _ in 0..3 {
        assert_eq!(get(s.addr, &path).await.body, chart.body);
    }
    assert_eq!(renders(&s), before, "served from the cache");
    beat(club, "alice", "carol").await;
    let after = get(s.addr, &path).await;
    assert_ne!(after.body, chart.body, "the new rating is drawn");
}
