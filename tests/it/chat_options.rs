//! The local chat's reading of options (issue 51, item 7): an option a command does not
//! take is refused by name, a repeated option is refused as `/challenge` refuses it, and
//! `/help` with a word shows that command's lines.

use std::sync::Arc;

use club::RngDice;
use clubkit::Fixture;
use gammonbot::console::{HELP, parse_line, run_line};
use testkit::store_url;

async fn open(name: &str) -> Fixture {
    Fixture::open(
        &store_url(name).await,
        Arc::new(RngDice::seeded(1)),
        1_800_000_000,
    )
    .await
}

#[test]
fn h2h_refuses_an_option_by_name_rather_than_read_it_as_a_player() {
    // When bob asks for a head-to-head with an option /h2h does not take
    let e = parse_line("bob: /h2h alice rules:welsh").expect_err("an option");
    // Then it is refused naming the option, not looked up as a player `rules:welsh`
    assert!(e.0.contains("/h2h takes no option `rules:`"), "{}", e.0);
    assert!(parse_line("bob: /h2h alice").is_ok());
    assert!(parse_line("bob: /h2h alice carol").is_ok());
}

#[test]
fn settings_refuses_a_repeated_option() {
    for (line, key) in [
        ("alice: /settings at:07:30 at:08:00", "at"),
        ("alice: /settings dm:on dm:off", "dm"),
    ] {
        let e = parse_line(line).expect_err(line);
        assert!(
            e.0.contains(&format!("`{key}` is given twice")),
            "{line}: {}",
            e.0
        );
    }
    assert!(parse_line("alice: /settings digest:daily at:08:00 tz:+02:00").is_ok());
}

#[tokio::test]
async fn help_with_a_word_shows_that_commands_lines_and_an_unknown_word_the_whole_list() {
    let f = open("chat_help_word").await;
    // When alice asks for the help on /h2h
    let (text, refused) = run_line(&f.club, "alice: /help h2h", None).await;
    // Then she reads the /h2h entry, not the whole list
    assert!(!refused);
    assert!(text.starts_with("  /h2h [player] <player>"), "{text}");
    assert!(!text.contains("/challenge"), "{text}");
    // When she types /help me, she gets the whole list, told that no command is /me
    let (text, refused) = run_line(&f.club, "alice: /help me", None).await;
    assert!(!refused);
    assert!(
        text.starts_with("No command /me: every command follows."),
        "{text}"
    );
    assert!(text.contains(HELP), "{text}");
}
