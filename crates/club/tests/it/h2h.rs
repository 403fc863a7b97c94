//! Head-to-head (issue 35): `/h2h` counts two players' finished matches against each other
//! here per ruleset (matches, wins, match points or games won), lists the last five results
//! newest first (date, winner, score), and follows `/rating` when a second player is named;
//! a head-to-head of one player with himself is refused with nothing changed; the answer
//! links both players' web pages (and `/stats` its player's).

use club::{Actor, ChallengeSpec, Club, Command, DAY, Look, MatchOp, MatchRef};
use clubkit::{Fixture, accepted, refused, run};
use engine::{ResignLevel, Side};
use testkit::store_url;
use welsh_player::{EvalPlayer, Level};

/// `winner` beats `loser` in a match of `length` points that `winner` challenged:
/// `loser` resigns at `level` on his first turn.
pub(crate) async fn beat(
    at: &Fixture,
    winner: &str,
    loser: &str,
    length: u32,
    level: ResignLevel,
) -> i64 {
    let (id, mut out) = accepted(at, winner, loser, ChallengeSpec::standard(Some(length))).await;
    let m = MatchRef::id(id);
    for _ in 0..20 {
        let next = out.next.clone().expect("someone acts");
        if next.name == loser {
            break;
        }
        let cmd = if next.what.starts_with("move") {
            let moves = at.club.legal_moves(&Actor::local(winner), m).await.unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(at, winner, cmd).await;
    }
    run(at, loser, Command::Match(m, MatchOp::Resign(level))).await;
    run(at, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    id.get()
}

fn h2h(player: Option<&str>, opponent: &str) -> Command {
    Command::Look(Look::HeadToHead {
        player: player.map(str::to_string),
        opponent: opponent.into(),
    })
}

async fn lines(club: &Club, who: &str, cmd: Command) -> Vec<String> {
    run(club, who, cmd).await.lines
}

#[tokio::test]
async fn head_to_head_counts_matches_wins_and_points_per_ruleset_and_lists_the_last_results() {
    let at = Fixture::seeded(&store_url("h2h-counts").await, 3).await;
    // Given alice beat bob 1-0 (a 1-point match) on day 0
    let first = beat(&at, "alice", "bob", 1, ResignLevel::Single).await;
    // And bob beat alice 3-0 (a backgammon resigned in a 3-point match) on day 1
    at.clock.advance(DAY);
    let second = beat(&at, "bob", "alice", 3, ResignLevel::Backgammon).await;
    // And a Welsh match to one game between them, played out on day 2
    at.clock.advance(DAY);
    let (welsh, _) = accepted(&at, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 1),
        EvalPlayer::new(net, Level::Weak, 2),
    );
    clubkit::play_welsh_to_end(&at.store, welsh, [&mut x, &mut o], async |side, cmd| {
        run(&at, if side == Side::X { "alice" } else { "bob" }, cmd).await;
    })
    .await;
    let row = at.store.load_match(welsh.get()).await.unwrap().unwrap();
    let alice = row.players[0];
    let snap: club::Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let games = snap.match_score();
    let alice_won_welsh = row.winner == Some(alice);
    // And an unfinished match between them, and alice's match against carol
    accepted(&at, "bob", "alice", ChallengeSpec::standard(Some(5))).await;
    beat(&at, "alice", "carol", 1, ResignLevel::Single).await;

    // When alice asks for her head-to-head against bob
    let text = lines(&at.club, "alice", h2h(None, "bob")).await;

    // Then the standard line counts the two finished matches, one win each, 1 and 3 points
    assert_eq!(text[0], "Head-to-head: alice v bob");
    assert_eq!(
        text[1],
        "Standard: 2 matches; won alice 1, bob 1; match points alice 1, bob 3"
    );
    // And the Welsh line the one Welsh match, with the games each won
    assert_eq!(
        text[2],
        format!(
            "Welsh: 1 match; won alice {}, bob {}; games alice {}, bob {}",
            u32::from(alice_won_welsh),
            u32::from(!alice_won_welsh),
            games[0],
            games[1]
        )
    );
    // And the last results, newest first, with the date, the winner and his score first
    assert_eq!(text[3], "Last 3 results:");
    let (w, l) = if alice_won_welsh {
        ("alice", [games[0], games[1]])
    } else {
        ("bob", [games[1], games[0]])
    };
    assert!(
        text[4].starts_with(&format!(
            "  2027-01-17 #{welsh} Welsh to 1: {w} won {}-{}",
            l[0], l[1]
        )),
        "{text:?}"
    );
    assert_eq!(
        text[5],
        format!("  2027-01-16 #{second} standard 3-point: bob won 3-0 (resigned)")
    );
    assert_eq!(
        text[6],
        format!("  2027-01-15 #{first} standard 1-point: alice won 1-0 (resigned)")
    );
    assert_eq!(text.len(), 7, "{text:?}");

    // And bob, asking for the two by name, sees the same from his side first
    let theirs = lines(&at.club, "carol", h2h(Some("bob"), "alice")).await;
    assert_eq!(
        theirs[1],
        "Standard: 2 matches; won bob 1, alice 1; match points bob 3, alice 1"
    );
    assert_eq!(&theirs[4..], &text[4..]);
}

#[tokio::test]
async fn only_the_last_five_results_are_listed() {
    let at = Fixture::seeded(&store_url("h2h-five").await, 4).await;
    // Given six 1-point matches, alice winning the first and bob the five after
    let mut ids = vec![beat(&at, "alice", "bob", 1, ResignLevel::Single).await];
    for _ in 0..5 {
        at.clock.advance(DAY);
        ids.push(beat(&at, "bob", "alice", 1, ResignLevel::Single).await);
    }
    let text = lines(&at.club, "bob", h2h(None, "alice")).await;
    assert_eq!(
        text[1],
        "Standard: 6 matches; won bob 5, alice 1; match points bob 5, alice 1"
    );
    assert_eq!(text[2], "Welsh: no finished match");
    assert_eq!(text[3], "Last 5 results:");
    let listed: Vec<&String> = text[4..].iter().collect();
    assert_eq!(listed.len(), 5);
    // The newest first; the first match (alice's win) is not among them
    assert!(listed[0].contains(&format!("#{} ", ids[5])), "{listed:?}");
    assert!(
        listed.iter().all(|l| l.contains(": bob won 1-0")),
        "{listed:?}"
    );
}

#[tokio::test]
async fn rating_with_a_second_player_adds_the_head_to_head_after_the_rating() {
    let at = Fixture::seeded(&store_url("h2h-rating").await, 5).await;
    beat(&at, "alice", "bob", 1, ResignLevel::Single).await;
    let text = lines(
        &at.club,
        "carol",
        Command::Look(Look::Rating {
            player: Some("alice".into()),
            ruleset: None,
            vs: Some("bob".into()),
        }),
    )
    .await;
    assert!(
        text[0].starts_with("Rating for alice (standard): "),
        "{text:?}"
    );
    let at_h2h = text
        .iter()
        .position(|l| l == "Head-to-head: alice v bob")
        .expect("the head-to-head follows");
    assert_eq!(
        text[at_h2h + 1],
        "Standard: 1 match; won alice 1, bob 0; match points alice 1, bob 0"
    );
}

#[tokio::test]
async fn players_who_never_met_are_told_so_and_a_player_against_himself_is_refused() {
    let at = Fixture::seeded(&store_url("h2h-refusals").await, 6).await;
    beat(&at, "alice", "bob", 1, ResignLevel::Single).await;
    run(&at, "carol", Command::Look(Look::Games)).await;
    // Two players who never finished a match together
    let text = lines(&at.club, "carol", h2h(None, "alice")).await;
    assert_eq!(
        text,
        [
            "Head-to-head: carol v alice",
            "carol and alice have no finished match against each other here."
        ]
    );
    // One player twice, and a player nobody knows: refused, nothing changed
    let kept = at.store.fingerprint().await.unwrap();
    let e = refused(&at, "alice", h2h(Some("bob"), "bob")).await;
    assert!(e.to_string().contains("takes two players"), "{e}");
    let e = refused(&at, "alice", h2h(None, "zed")).await;
    assert!(e.to_string().contains("no player called `zed`"), "{e}");
    assert_eq!(at.store.fingerprint().await.unwrap(), kept);
}

#[tokio::test]
async fn an_h2h_answer_links_both_players_pages_and_stats_the_players_own() {
    let at = Fixture::seeded(&store_url("h2h-player-links").await, 3).await;
    beat(&at, "alice", "bob", 1, ResignLevel::Single).await;
    // carol asks for bob against alice: both pages, in that order, with their names
    let out = run(&at, "carol", h2h(Some("bob"), "alice")).await;
    assert_eq!(out.players.len(), 2);
    assert_eq!(at.club.web().outcome_link(&out, None).await.unwrap(), None);
    let links = at
        .club
        .web()
        .outcome_player_links(&out, None)
        .await
        .unwrap();
    let names: Vec<&str> = links.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["bob", "alice"]);
    for (name, link) in &links {
        assert_eq!(link.kind, club::PageKind::Player);
        let page = at
            .club
            .web()
            .resolve_player_link(&link.token)
            .await
            .unwrap();
        assert_eq!(&page.unwrap().name, name);
    }
    // /stats (with or without an analysed match): the one player's page
    let out = run(
        &at,
        "carol",
        Command::Look(Look::Stats(Some("alice".into()))),
    )
    .await;
    let link = at
        .club
        .web()
        .outcome_link(&out, None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(link.kind, club::PageKind::Player);
    assert_eq!(link.token, links[1].1.token);
    assert!(
        at.club
            .web()
            .outcome_player_links(&out, None)
            .await
            .unwrap()
            .is_empty()
    );
}
