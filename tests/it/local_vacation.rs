//! `/vacation` and `/server vacation-days:` in the local chat: the lines read, the
//! answers printed, the opponent's notice shown, and a malformed line refused with what
//! to write.

use std::sync::Arc;

use club::RngDice;
use clubkit::Fixture;
use gammonbot::console::run_line;
use testkit::store_url;

const START: i64 = 1_800_000_000;

async fn say(f: &Fixture, line: &str) -> (String, bool) {
    run_line(&f.club, line, None).await
}

#[tokio::test]
async fn the_local_chat_takes_a_vacation_shows_it_and_ends_it() {
    let f = Fixture::open(
        &store_url("local-vacation").await,
        Arc::new(RngDice::seeded(12)),
        START,
    )
    .await;
    let (_, refused) = say(&f, "alice: /challenge bob length:3").await;
    assert!(!refused);
    let (_, refused) = say(&f, "bob: /accept").await;
    assert!(!refused);
    // A malformed length is refused with what to write, nothing changed
    let kept = f.store.fingerprint().await.unwrap();
    let (text, refused) = say(&f, "alice: /vacation soon").await;
    assert!(refused, "{text}");
    assert!(text.contains("a number of days like 5d"), "{text}");
    assert_eq!(f.store.fingerprint().await.unwrap(), kept);
    // The server's allowance, then a vacation: the opponent's notice is printed
    let (text, _) = say(&f, "carol: /server vacation-days:20").await;
    assert_eq!(text, "Vacation allowance here: 20 days a year\n");
    let (text, refused) = say(&f, "alice: /vacation 5d").await;
    assert!(!refused, "{text}");
    assert!(text.contains("alice is on vacation for 5 days"), "{text}");
    assert!(
        text.contains("[to bob in match #1] bob, alice is on vacation until"),
        "{text}"
    );
    assert!(text.contains("5 of 20 vacation days used"), "{text}");
    let (text, _) = say(&f, "alice: /vacation").await;
    assert!(text.contains("alice is on vacation until"), "{text}");
    // Back after an hour: one day counts
    f.clock.advance(3600);
    let (text, _) = say(&f, "alice: /vacation end").await;
    assert!(text.contains("counts 1 day;"), "{text}");
    assert!(text.contains("bob, alice is back from vacation"), "{text}");
    let (text, refused) = say(&f, "alice: /vacation end").await;
    assert!(refused);
    assert!(text.contains("you are not on vacation"), "{text}");
}

#[tokio::test]
async fn the_local_chat_plans_a_vacation_by_dates_refuses_a_bad_range_and_cancels_it() {
    // START is 2027-01-15 08:00 UTC
    let f = Fixture::open(
        &store_url("local-vacation-dates").await,
        Arc::new(RngDice::seeded(21)),
        START,
    )
    .await;
    say(&f, "alice: /challenge bob length:3").await;
    say(&f, "bob: /accept").await;
    // A range ending before it starts: refused, nothing changed
    let kept = f.store.fingerprint().await.unwrap();
    let (text, refused) = say(&f, "alice: /vacation from:2027-02-10 to:2027-02-08").await;
    assert!(refused, "{text}");
    assert!(
        text.contains("to:2027-02-08 is before from:2027-02-10"),
        "{text}"
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), kept);
    // Planned: said in UTC, the opponent not told yet
    let (text, refused) = say(&f, "alice: /vacation from:2027-02-01 to:2027-02-05").await;
    assert!(!refused, "{text}");
    assert!(
        text.contains("alice's vacation is planned from 2027-02-01 to 2027-02-05 (dates in UTC"),
        "{text}"
    );
    assert!(!text.contains("[to bob"), "{text}");
    let (text, _) = say(&f, "alice: /vacation").await;
    assert!(
        text.contains("Planned: a vacation from 2027-02-01 00:00 UTC"),
        "{text}"
    );
    // /vacation end cancels it
    let (text, refused) = say(&f, "alice: /vacation end").await;
    assert!(!refused, "{text}");
    assert!(
        text.contains("is cancelled; its 5 days are yours again"),
        "{text}"
    );
}
