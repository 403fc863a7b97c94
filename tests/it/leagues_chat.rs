//! Leagues run from the local chat: a knockout's check-in and an organiser's suggestion, a
//! league with spaces in its name, a double elimination and a bad reset refused. The rest
//! of the leagues suite (`leagues`) drives the club alone.

use std::sync::Arc;

use club::{DAY, RngDice};
use clubkit::{Fixture, START};
use gammonbot::console::run_line;
use testkit::store_url;

async fn open(url: &str, seed: u64, at: i64) -> Fixture {
    Fixture::open(url, Arc::new(RngDice::seeded(seed)), at).await
}

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
    // The bracket, erin no longer in it; the sweep's news printed by the chat after the
    // answer (from the outbox)
    let (text, _) = run_line(&f.club, "bob: /league bracket", None).await;
    let (bracket, news) = text.split_at(text.find("[in ").expect(&text));
    assert!(news.contains("Dropped for not checking in: erin"), "{text}");
    assert!(!bracket.contains("erin"), "{text}");
}

#[tokio::test]
async fn the_local_chat_runs_a_league_with_spaces_in_its_name() {
    use gammonbot::console::run_line;
    let f = open(&store_url("league_chat").await, 6, START).await;
    let lines = [
        "alice: /league create name:Autumn Cup format:knockout length:1",
        "alice: /league join league:Autumn Cup",
        "bob: /league join",
        "carol: /league join",
        "alice: /league start order:carol,bob,alice",
        "bob: /league bracket",
        "dave: /league standings league:Autumn Cup",
    ];
    let mut all = String::new();
    for l in lines {
        let (text, refused) = run_line(&f.club, l, None).await;
        assert!(!refused, "{l}: {text}");
        all.push_str(&text);
    }
    assert!(
        all.contains("League Autumn Cup (#1) created by alice: a knockout"),
        "{all}"
    );
    assert!(all.contains("3 players, 1 match now"), "{all}");
    assert!(all.contains("carol (bye)"), "{all}");
    let (text, refused) = run_line(&f.club, "bob: /league start", None).await;
    assert!(refused && text.contains("only the organiser"), "{text}");
    let (text, refused) = run_line(&f.club, "bob: /league result #1 reason:x", None).await;
    assert!(refused && text.contains("winner:"), "{text}");
    let (text, _) = run_line(&f.club, "bob: /help", None).await;
    assert!(text.contains("/league create"), "{text}");
}

#[tokio::test]
async fn the_local_chat_runs_a_double_elimination_and_refuses_a_bad_reset() {
    use gammonbot::console::run_line;
    let f = open(&store_url("league_chat_double").await, 6, START).await;
    let run_ok = |line: &'static str| {
        let club = f.club.clone();
        async move {
            let (text, refused) = run_line(&club, line, None).await;
            assert!(!refused, "{line}: {text}");
            text
        }
    };
    let text =
        run_ok("alice: /league create name:Twice Cup format:double-elimination length:1").await;
    assert!(
        text.contains("created by alice: a double elimination"),
        "{text}"
    );
    // A reset that is neither on nor off is refused and changes nothing.
    let before = f.store.fingerprint().await.unwrap();
    let (text, refused) = run_line(
        &f.club,
        "alice: /league settings league:Twice Cup reset:maybe",
        None,
    )
    .await;
    assert!(
        refused && text.contains("reset: on or off, not `maybe`"),
        "{text}"
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    run_ok("alice: /league settings league:Twice Cup reset:off").await;
    for p in ["bob", "carol", "dave"] {
        run_ok(match p {
            "bob" => "bob: /league join",
            "carol" => "carol: /league join",
            _ => "dave: /league join",
        })
        .await;
    }
    let text = run_ok("alice: /league start order:bob,carol,dave").await;
    assert!(text.contains("3 players, 1 match now"), "{text}");
    assert!(text.contains("(winners' round 1)"), "{text}");
    let text = run_ok("carol: /league bracket").await;
    for part in [
        "Winners' round 1",
        "bob (bye)",
        "Winners' final",
        "Losers' final",
        "Grand final",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
}
