//! A knockout's check-in and an organiser's suggestion asked from the local chat.

use super::fixtures::{START, open};
use club::DAY;
use gammonbot::console::run_line;
use testkit::store_url;

#[tokio::test]
async fn the_local_chat_opens_a_check_in_and_draws_from_those_who_checked_in() {
    let f = open(&store_url("league_checkin_chat").await, 6, START).await;
    for l in [
        "alice: /league create name:Night Cup format:knockout length:1",
        "alice: /league settings checkin:12h",
        "bob: /league join",
        "carol: /league join",
        "dave: /league join",
        "erin: /league join",
    ] {
        let (text, refused) = run_line(&f.club, l, None).await;
        assert!(!refused, "{l}: {text}");
    }
    let (text, refused) = run_line(&f.club, "alice: /league start", None).await;
    assert!(
        !refused && text.contains("the check-in is open for 12 hours"),
        "{text}"
    );
    for p in ["bob", "carol", "dave"] {
        let (text, refused) = run_line(&f.club, &format!("{p}: /league checkin"), None).await;
        assert!(
            !refused && text.contains(&format!("{p} checks in to Night Cup")),
            "{text}"
        );
    }
    let (text, refused) = run_line(&f.club, "zoe: /league checkin", None).await;
    assert!(
        refused && text.contains("you have not joined Night Cup"),
        "{text}"
    );
    let (text, refused) = run_line(&f.club, "alice: /league suggest match:1", None).await;
    assert!(
        refused && text.contains("not a match of league Night Cup"),
        "{text}"
    );
    f.clock.advance(DAY / 2);
    let notices = f.club.sweep().await.unwrap();
    let all: Vec<&str> = notices.iter().map(|n| n.text.as_str()).collect();
    assert!(
        all.iter()
            .any(|t| t.contains("Night Cup season 1 starts: 3 players")
                && t.contains("Dropped for not checking in: erin")),
        "{all:?}"
    );
    let (text, _) = run_line(&f.club, "bob: /league bracket", None).await;
    assert!(!text.contains("erin"), "{text}");
}
