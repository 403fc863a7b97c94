//! What league players read and get (issue 30, item 13): a withdrawal finds the player's
//! own league, a 1-point match's terms, the bracket text's forfeits, a finished match
//! announced with the standings, each league's pictures in files of their own.

use std::sync::Arc;

use club::{ChallengeSpec, Club, ManualClock, RngDice, spec_words};
use gammonbot::console::run_line;
use store::Store;

use testkit::{scratch, store_url};

async fn open(name: &str) -> Arc<Club> {
    let store = Store::open(&store_url(name).await).await.unwrap();
    Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ))
}

/// Runs chat lines that must all be accepted; gives all they printed.
async fn lines(club: &Club, lines: &[&str], png: Option<&std::path::Path>) -> String {
    let mut all = String::new();
    for l in lines {
        let (text, refused) = run_line(club, l, png).await;
        assert!(!refused, "{l}: {text}");
        all.push_str(&text);
    }
    all
}

/// Two round robins in the local chat: Spring (alice, bob, carol) and Autumn Cup (dave,
/// erin, fred), both started.
async fn two_leagues(club: &Club, png: Option<&std::path::Path>) -> String {
    lines(
        club,
        &[
            "alice: /league create name:Spring format:round-robin length:1",
            "alice: /league join league:Spring",
            "bob: /league join league:Spring",
            "carol: /league join league:Spring",
            "alice: /league start league:Spring",
            "dave: /league create name:Autumn Cup format:round-robin length:3",
            "dave: /league join league:Autumn Cup",
            "erin: /league join league:Autumn Cup",
            "fred: /league join league:Autumn Cup",
            "dave: /league start league:Autumn Cup",
        ],
        png,
    )
    .await
}

#[tokio::test]
async fn league_withdraw_without_a_name_finds_the_players_own_league() {
    let club = open("league-words-withdraw").await;
    two_leagues(&club, None).await;
    let (text, refused) = run_line(&club, "fred: /league withdraw", None).await;
    assert!(!refused, "{text}");
    assert!(text.contains("Autumn Cup"), "{text}");
    // One in neither league is told so, not asked which.
    let (text, refused) = run_line(&club, "gina: /league withdraw", None).await;
    assert!(refused && text.contains("none of the leagues"), "{text}");
}

#[test]
fn league_terms_of_a_one_point_match_do_not_say_crawford() {
    let words = spec_words(&ChallengeSpec::standard(Some(1)));
    assert!(words.starts_with("a 1-point match,"), "{words}");
    let words = spec_words(&ChallengeSpec::standard(Some(3)));
    assert!(words.starts_with("a 3-point match (Crawford)"), "{words}");
}

#[tokio::test]
async fn league_bracket_text_says_a_forfeit_as_the_picture_does() {
    let club = open("league-words-bracket").await;
    let all = lines(
        &club,
        &[
            "alice: /league create name:Cup format:knockout length:1",
            "alice: /league join",
            "bob: /league join",
            "carol: /league join",
            "dave: /league join",
            "alice: /league start order:alice,bob,carol,dave",
        ],
        None,
    )
    .await;
    assert!(!all.contains("(Crawford)"), "{all}");
    let bracket = lines(&club, &["bob: /league bracket"], None).await;
    let first = bracket
        .lines()
        .find(|l| l.contains(": playing #"))
        .unwrap_or_else(|| panic!("{bracket}"));
    let id: String = first
        .rsplit('#')
        .next()
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let loser = first.trim().split(' ').next().unwrap().to_string();
    lines(
        &club,
        &[&format!(
            "alice: /league forfeit #{id} loser:{loser} reason:no show"
        )],
        None,
    )
    .await;
    let bracket = lines(&club, &["bob: /league bracket"], None).await;
    assert!(bracket.contains("wins by forfeit"), "{bracket}");
}

#[tokio::test]
async fn league_standings_pictures_are_named_by_league_in_the_local_chat() {
    let club = open("league-words-files").await;
    let dir = scratch("league-words-pictures");
    two_leagues(&club, None).await;
    lines(
        &club,
        &[
            "bob: /league standings league:Spring",
            "erin: /league standings league:Autumn Cup",
        ],
        Some(&dir),
    )
    .await;
    for f in ["standings-spring.png", "standings-autumn-cup.png"] {
        assert!(dir.join(f).exists(), "{f} not written");
    }
}

#[tokio::test]
async fn league_match_result_is_announced_in_the_league_channel_with_the_standings() {
    use club::{Actor, Command, MatchRef};
    use engine::ResignLevel;
    let club = open("league-words-announce").await;
    two_leagues(&club, None).await;
    // Match #1 of Spring is played in a thread of its own.
    club.move_league_match(&Actor::local("alice"), Some("Spring"), 1, "thread-1")
        .await
        .unwrap();
    let m = MatchRef::id(1);
    let board = club
        .execute(&Actor::local("alice"), Command::Board(m))
        .await
        .unwrap();
    let names = board.board.unwrap().names;
    let resigner = board.next.unwrap().name;
    let winner = names.iter().find(|n| **n != resigner).unwrap().clone();
    club.execute(
        &Actor::local(&resigner),
        Command::Resign(m, ResignLevel::Single),
    )
    .await
    .unwrap();
    let out = club
        .execute(&Actor::local(&winner), Command::AcceptResign(m))
        .await
        .unwrap();
    let want = format!(
        "League Spring, round 1: {winner} beats {resigner} (match #1). Standings: 1. {winner} 1 pt,"
    );
    assert!(
        out.lines.iter().any(|l| l.starts_with(&want)),
        "{want}\n{:#?}",
        out.lines
    );
    // The league's channel (where it was created: the local chat's) hears it too.
    assert_eq!(out.announce.len(), 1, "{:?}", out.announce);
    assert_eq!(out.announce[0].0, "local");
    assert!(out.announce[0].1.starts_with(&want), "{:?}", out.announce);
}
