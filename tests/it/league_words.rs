//! What league players read and get (issue 30, item 13): a withdrawal finds the player's
//! own league, a 1-point match's terms, the bracket text's forfeits, a finished match
//! announced with the standings, each league's pictures in files of their own.

use std::sync::Arc;

use club::{ChallengeSpec, Club, ManualClock, RngDice, spec_words};
use gammonbot::console::run_line;
use store::Store;

use clubkit::Fixture;
use testkit::{scratch, store_url};

async fn open(name: &str) -> Arc<Club> {
    Fixture::seeded(&store_url(name).await, 3).await.club
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
    use club::{Actor, Command, Look, MatchOp, MatchRef};
    use engine::ResignLevel;
    let f = Fixture::seeded(&store_url("league-words-announce").await, 3).await;
    let club = Arc::clone(&f.club);
    two_leagues(&club, None).await;
    // Match #1 of Spring is played in a thread of its own.
    club.move_league_match(&Actor::local("alice"), Some("Spring"), 1.into(), "thread-1")
        .await
        .unwrap();
    let m = MatchRef::id(1);
    let board = club
        .execute(&Actor::local("alice"), Command::Look(Look::Board(m)))
        .await
        .unwrap();
    let names = board.board.unwrap().names;
    let resigner = board.next.unwrap().name;
    let winner = names.iter().find(|n| **n != resigner).unwrap().clone();
    club.execute(
        &Actor::local(&resigner),
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await
    .unwrap();
    let out = club
        .execute(
            &Actor::local(&winner),
            Command::Match(m, MatchOp::AcceptResign),
        )
        .await
        .unwrap();
    let want = format!(
        "League Spring, round 1: {winner} beats {resigner} (match #1: {resigner} resigned). Standings: 1. {winner} 1 pt,"
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
    // And it was owed there in the commit that ended the match, once, completed with the
    // standings and released for posting
    let rows = f.store.outbox_rows().await.unwrap();
    let owed: Vec<_> = rows
        .iter()
        .filter(|(r, ..)| r.owed.lane == "local" && r.owed.match_id == 1)
        .map(|(r, ..)| (r.owed.kind.as_str(), r.owed.body.as_str()))
        .collect();
    assert_eq!(owed.len(), 1, "{owed:?}");
    assert_eq!(owed[0].0, "announce");
    assert!(owed[0].1.starts_with(&want), "{owed:?}");
    assert!(
        f.club
            .outbox_claim(50)
            .await
            .unwrap()
            .iter()
            .any(|d| matches!(&d.what, club::Owed::Notice(n) if n.text.starts_with(&want)))
    );
}

/// The players of Spring's match `id` (as its board names them, X first).
async fn players_of(club: &Club, id: i64) -> [String; 2] {
    use club::{Actor, Command, Look, MatchRef};
    let board = club
        .execute(
            &Actor::local("alice"),
            Command::Look(Look::Board(MatchRef::id(id))),
        )
        .await
        .unwrap();
    board.board.unwrap().names
}

/// The announcement of a result in `out`: its line (among the lines too) and the channels
/// it goes to.
fn result_line(out: &club::Outcome, want: &str) -> Vec<String> {
    assert!(
        out.lines.iter().any(|l| l.starts_with(want)),
        "{want}\n{:#?}",
        out.lines
    );
    out.announce
        .iter()
        .filter(|(_, t)| t.starts_with(want))
        .map(|(c, _)| c.clone())
        .collect()
}

#[tokio::test]
async fn league_result_line_follows_an_organisers_forfeit_and_adjudication() {
    use club::Actor;
    let club = open("league-words-rulings").await;
    two_leagues(&club, None).await;
    // Spring's match #1 is played in a thread of its own
    club.move_league_match(&Actor::local("alice"), Some("Spring"), 1.into(), "thread-1")
        .await
        .unwrap();
    let [x, o] = players_of(&club, 1).await;
    // When the organiser awards match #1 to o by forfeit
    let line = format!("alice: /league forfeit #1 loser:{x} reason:no show league:Spring");
    let (_, cmd) = gammonbot::console::parse_line(&line).unwrap().unwrap();
    let (name, _) = line.split_once(": ").unwrap();
    let out = club.execute(&Actor::local(name), cmd).await.unwrap();
    // Then the result line with the standings is said, with its cause, in the league's
    // channel and the match's
    let want = format!(
        "League Spring, round 1: {o} beats {x} by forfeit by the organiser's ruling: no show (match #1). Standings: 1. {o} 1 pt,"
    );
    let mut to = result_line(&out, &want);
    to.sort();
    assert_eq!(to, ["local", "thread-1"], "{:?}", out.announce);
    // And an adjudicated result is announced the same way
    let fixtures = lines(&club, &["bob: /league fixtures league:Spring"], None).await;
    let id: i64 = fixtures
        .lines()
        .filter_map(|l| l.split('#').nth(1))
        .filter_map(|t| {
            t.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        })
        .find(|&n| n != 1 && n <= 3)
        .unwrap_or_else(|| panic!("another Spring match: {fixtures}"));
    let [x, o] = players_of(&club, id).await;
    let line = format!("alice: /league result #{id} winner:{x} reason:far ahead league:Spring");
    let (_, cmd) = gammonbot::console::parse_line(&line).unwrap().unwrap();
    let out = club.execute(&Actor::local("alice"), cmd).await.unwrap();
    let line = out
        .lines
        .iter()
        .find(|l| l.starts_with("League Spring, round ") && l.contains("Standings:"))
        .unwrap_or_else(|| panic!("{:#?}", out.lines));
    assert!(
        line.contains(&format!(
            "{x} beats {o} by the organiser's adjudication: far ahead (match #{id})."
        )),
        "{line}"
    );
    assert!(out.announce.iter().any(|(c, t)| c == "local" && t == line));
}

#[tokio::test]
async fn league_result_line_follows_a_withdrawal() {
    let club = open("league-words-withdrawal").await;
    two_leagues(&club, None).await;
    let out = lines(&club, &["fred: /league withdraw"], None).await;
    let line = out
        .lines()
        .find(|l| l.starts_with("League Autumn Cup") && l.contains("Standings:"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("beats fred by forfeit: fred withdrew from league Autumn Cup (match #"),
        "{line}"
    );
}

#[tokio::test]
async fn league_result_line_follows_a_time_out_by_the_sweep() {
    use club::{Actor, Notice};
    let store = Store::open(&store_url("league-words-timeout").await)
        .await
        .unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        Arc::clone(&clock) as Arc<dyn club::Clock>,
    ));
    two_leagues(&club, None).await;
    club.move_league_match(&Actor::local("alice"), Some("Spring"), 1.into(), "thread-1")
        .await
        .unwrap();
    let [x, o] = players_of(&club, 1).await;
    // When the player to act in match #1 lets the clock run out
    clock.advance(30 * 86_400);
    let notices: Vec<Notice> = club.sweep().await.unwrap();
    // Then the result line with the standings, with its cause, is said in the league's
    // channel too (the match is played in another)
    let said: Vec<&Notice> = notices
        .iter()
        .filter(|n| n.match_id == 1 && n.channel == "local")
        .collect();
    let line = said
        .iter()
        .flat_map(|n| n.text.lines())
        .find(|l| l.starts_with("League Spring, round 1: "))
        .unwrap_or_else(|| panic!("{notices:#?}"));
    let ran_out = if line.contains(&format!("{x} ran out of time")) {
        x.clone()
    } else {
        o.clone()
    };
    let winner = if ran_out == x { &o } else { &x };
    assert!(
        line.starts_with(&format!(
            "League Spring, round 1: {winner} beats {ran_out} by forfeit: {ran_out} ran out of time (match #1). Standings: 1. "
        )),
        "{line}"
    );
}

#[tokio::test]
async fn league_ruling_on_a_player_not_in_the_match_names_both() {
    let club = open("league-words-ruling-who").await;
    two_leagues(&club, None).await;
    let [x, o] = players_of(&club, 1).await;
    // When the organiser names dave (of the other league) as the loser of Spring's #1
    let (text, refused) = run_line(
        &club,
        "alice: /league forfeit #1 loser:dave reason:no show league:Spring",
        None,
    )
    .await;
    // Then the refusal names him and the match's two players, not "that player"
    assert!(refused, "{text}");
    assert!(
        text.contains(&format!("dave is not in match #1 ({x} v {o})")),
        "{text}"
    );
    let (text, refused) = run_line(
        &club,
        "alice: /league result #1 winner:erin reason:far ahead league:Spring",
        None,
    )
    .await;
    assert!(refused, "{text}");
    assert!(
        text.contains(&format!("erin is not in match #1 ({x} v {o})")),
        "{text}"
    );
}

#[tokio::test]
async fn league_and_leaderboard_answers_in_the_local_chat_print_their_pages_links() {
    let club = open("league-words-web").await;
    two_leagues(&club, None).await;
    let web = Some("http://127.0.0.1:8080");
    let mut tokens = Vec::new();
    for line in [
        "bob: /league standings league:Spring",
        "bob: /league fixtures league:Spring",
    ] {
        let (text, refused) = gammonbot::console::run_line_linked(&club, line, None, web).await;
        assert!(!refused, "{text}");
        let link = text
            .lines()
            .find_map(|l| l.strip_prefix("(league page: http://127.0.0.1:8080/l/"))
            .unwrap_or_else(|| panic!("no league page link: {text}"));
        tokens.push(link.trim_end_matches(')').to_string());
    }
    assert_eq!(tokens[0], tokens[1], "one link a league");
    let page = club
        .web()
        .resolve_league_link(&tokens[0])
        .await
        .unwrap()
        .unwrap();
    assert_eq!(page.name, "Spring");
    let (text, _) = gammonbot::console::run_line_linked(
        &club,
        "erin: /league standings league:Autumn Cup",
        None,
        web,
    )
    .await;
    assert!(
        !text.contains(&tokens[0]),
        "each league its own link: {text}"
    );
    let (text, refused) =
        gammonbot::console::run_line_linked(&club, "bob: /leaderboard", None, web).await;
    assert!(!refused, "{text}");
    assert!(
        text.contains("(leaderboard page: http://127.0.0.1:8080/r/"),
        "{text}"
    );
    // Without the web pages: no link.
    let (text, _) = gammonbot::console::run_line_linked(
        &club,
        "bob: /league standings league:Spring",
        None,
        None,
    )
    .await;
    assert!(!text.contains("page:"), "{text}");
}
