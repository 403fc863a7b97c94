//! League commands in the local chat take only their own options (issue 51, items 3 and
//! 6): an option a command does not take is refused by name, never glued onto the value
//! before it nor dropped; what the chat prints of league notices is in its own syntax;
//! `/help` lists every format and setting.

use club::DAY;
use clubkit::{Fixture, START};
use gammonbot::console::{outcome_text, run_line};
use testkit::store_url;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 6).await
}

/// Runs chat lines that must all be accepted; gives all they printed.
async fn ok(f: &Fixture, lines: &[&str]) -> String {
    let mut all = String::new();
    for l in lines {
        let (text, refused) = run_line(&f.club, l, None).await;
        assert!(!refused, "{l}: {text}");
        all.push_str(&text);
    }
    all
}

/// Runs a chat line that must be refused and change nothing; gives its words.
async fn refused(f: &Fixture, line: &str) -> String {
    let before = f.store.fingerprint().await.unwrap();
    let (text, refused) = run_line(&f.club, line, None).await;
    assert!(refused, "{line}: {text}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before, "{line}");
    text
}

#[tokio::test]
async fn league_start_refuses_a_seeding_option_and_says_how_to_set_it() {
    let f = open("league_start_seeding").await;
    ok(
        &f,
        &[
            "alice: /league create name:T1 format:knockout length:1",
            "bob: /league join",
            "carol: /league join",
            "dave: /league join",
        ],
    )
    .await;
    let text = refused(&f, "alice: /league start league:T1 seeding:entry").await;
    assert!(
        text.contains("`seeding:entry`") && text.contains("/league settings seeding:entry"),
        "{text}"
    );
    // The league has not started.
    let text = ok(&f, &["bob: /league list"]).await;
    assert!(text.contains("signup"), "{text}");
}

#[tokio::test]
async fn league_create_refuses_an_option_it_does_not_take_by_name() {
    let f = open("league_create_options").await;
    ok(&f, &["alice: /league list"]).await;
    // A challenge's option that a league refuses: the club's reason, not a length of
    // `1 practice:on`.
    let text = refused(&f, "alice: /league create name:T1 length:1 practice:on").await;
    assert!(
        !text.contains("1 practice:on") && text.contains("no practice"),
        "{text}"
    );
    // An option of no command: named.
    let text = refused(&f, "alice: /league create name:T1 length:1 colour:red").await;
    assert!(
        text.contains("`colour:red`") && !text.contains("1 colour"),
        "{text}"
    );
    // An option of another league command: named, with the command that takes it.
    let text = refused(&f, "alice: /league create name:T1 length:1 winner:bob").await;
    assert!(text.contains("`winner:bob`"), "{text}");
}

#[tokio::test]
async fn league_join_refuses_an_unknown_option_by_name() {
    let f = open("league_join_options").await;
    ok(
        &f,
        &[
            "alice: /league create name:T1 length:1",
            "bob: /league list",
        ],
    )
    .await;
    let text = refused(&f, "bob: /league join league:T1 extra:1").await;
    assert!(
        text.contains("`extra:1`") && !text.contains("no league called"),
        "{text}"
    );
    // A setting given to join: named, with where it belongs.
    let text = refused(&f, "bob: /league join league:T1 checkin:2h").await;
    assert!(
        text.contains("`checkin:2h`") && text.contains("/league settings checkin:2h"),
        "{text}"
    );
    // The same option twice: refused, not the last one taken.
    let text = refused(&f, "bob: /league join league:T1 league:T2").await;
    assert!(text.contains("twice"), "{text}");
    // A reason is free text: its words may have colons.
    let text = refused(
        &f,
        "alice: /league result #9 league:T1 winner:bob reason:score was 3:1",
    )
    .await;
    assert!(text.contains("not a match of league T1"), "{text}");
}

/// A knockout with a 12-hour check-in, three of its four entrants checked in, the
/// check-in closed by the sweep: what the sweep told, as the local chat prints it.
async fn check_in_closed(f: &Fixture) -> String {
    ok(
        f,
        &[
            "alice: /league create name:Night Cup format:knockout length:1",
            "alice: /league settings checkin:12h",
            "bob: /league join",
            "carol: /league join",
            "dave: /league join",
            "erin: /league join",
            "alice: /league start",
            "bob: /league checkin",
            "carol: /league checkin",
            "dave: /league checkin",
        ],
    )
    .await;
    f.clock.advance(DAY / 2);
    let notices = f.club.sweep().await.unwrap();
    let out = club::Outcome {
        notices,
        ..club::Outcome::default()
    };
    outcome_text(&out, START + DAY / 2)
}

#[tokio::test]
async fn a_league_notice_about_no_match_names_no_match_number() {
    let f = open("league_notice_no_match").await;
    let text = check_in_closed(&f).await;
    assert!(text.contains("erin, you did not check in"), "{text}");
    assert!(!text.contains("match #0"), "{text}");
}

#[tokio::test]
async fn league_notices_in_the_local_chat_use_its_own_syntax() {
    let f = open("league_notice_syntax").await;
    let text = check_in_closed(&f).await;
    assert!(text.contains("starts now"), "{text}");
    for discord in ["match:", "@"] {
        assert!(!text.contains(discord), "{discord}: {text}");
    }
    // The board of a match is asked for as the chat names a match.
    assert!(text.contains("/board #"), "{text}");
}

#[tokio::test]
async fn help_lists_every_league_format_and_setting() {
    let f = open("league_help").await;
    let text = ok(&f, &["alice: /help"]).await;
    for word in [
        "double-elimination",
        "swiss",
        "reset:on|off",
        "rounds:",
        "seeding:random|entry|rating",
    ] {
        assert!(text.contains(word), "{word}: {text}");
    }
}
