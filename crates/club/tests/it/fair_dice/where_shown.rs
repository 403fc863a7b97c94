//! Where the proof is shown: a league match's anchor, and on Discord (the club's words for
//! it; the local chat's export is the program's `fair_dice_chat`).

use super::fixtures::{assert_export_verifies, discord, league, open, play_on};
use club::{
    ChallengeOp, ChallengeSpec, Command, FairOp, FairRef, Format, LeagueOp, Look, MatchOp, MatchRef,
};
use clubkit::{refused, run};
use testkit::store_url;

#[tokio::test]
async fn a_league_match_posts_its_anchor_before_any_throw_takes_seeds_and_verifies_to_its_end() {
    // Given a knockout of three on fair dice (one bye, one match)
    let (club, store) = open(&store_url("fair-league").await, 24).await;
    run(
        &club,
        "org",
        league(
            "Cup",
            LeagueOp::Create {
                name: "Cup".into(),
                format: Format::Knockout,
                spec: ChallengeSpec::standard(Some(1)),
            },
        ),
    )
    .await;
    for p in ["ann", "ben", "cat"] {
        run(&club, p, league("Cup", LeagueOp::Join)).await;
    }
    // When the organiser starts the season
    let out = run(&club, "org", league("Cup", LeagueOp::Start { order: None })).await;
    let line = out
        .lines
        .iter()
        .find(|l| l.starts_with("Match #"))
        .unwrap()
        .clone();
    let id: i64 = line["Match #".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let m = MatchRef::id(id);
    // Then the announcement carries the match's anchor, and no throw is made yet
    let rec = store.load_fair(&id.to_string()).await.unwrap().unwrap();
    assert!(line.contains(&rec.chains[0].anchor), "{line}");
    assert_eq!(rec.seed_x, None, "no seed drawn before a player acts");
    assert!(store.fair_throws(&id.to_string()).await.unwrap().is_empty());
    // And each player may set a seed until the first throw
    let row = store.load_match(id).await.unwrap().unwrap();
    let x: String = store
        .player_by_id(row.players[0])
        .await
        .unwrap()
        .display_name;
    let o: String = store
        .player_by_id(row.players[1])
        .await
        .unwrap()
        .display_name;
    run(
        &club,
        &o,
        Command::Fair(FairRef::Match(m), FairOp::Seed(format!("{o} seeds"))),
    )
    .await;
    // When a player rolls the opening throw and they play to the end
    let out = run(&club, &x, Command::Match(m, MatchOp::Roll)).await;
    let e = refused(
        &club,
        &x,
        Command::Fair(FairRef::Match(m), FairOp::Seed("late".into())),
    )
    .await;
    assert!(e.to_string().contains("fixed"), "{e}");
    let last = play_on(&club, id, out, 3000).await;
    assert!(last.next.is_none(), "the match did not end");
    // Then the export verifies against the anchor posted at the start: X's seed drawn at
    // the first throw, O's as set
    let json = assert_export_verifies(&club, &store, id, &x, "fair-league-export").await;
    assert_eq!(json["anchor"], rec.chains[0].anchor.as_str());
    assert_eq!(json["seed_o"], format!("{o} seeds").as_str());
    assert_eq!(json["seed_x"].as_str().unwrap().len(), 32);
}

// ---- Where the proof is shown ----

#[tokio::test]
async fn on_discord_fair_says_how_many_throws_it_leaves_out_and_points_to_the_export() {
    // Given a match on Discord with many throws made
    let (club, _store) = open(&store_url("fair-discord-cut").await, 32).await;
    let bob = discord("222");
    club.execute(&bob, Command::Look(Look::Games))
        .await
        .unwrap();
    let out = club
        .execute(
            &discord("111"),
            Command::Challenge(ChallengeOp::New {
                opponent: "222".into(),
                spec: ChallengeSpec::standard(Some(5)),
            }),
        )
        .await
        .unwrap();
    let id = out.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = club
        .execute(&bob, Command::Challenge(ChallengeOp::Accept(m)))
        .await
        .unwrap();
    for _ in 0..400 {
        let Some(next) = out.next.clone() else { break };
        let who = discord(&next.user_id);
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&who, m).await.unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = club.execute(&who, cmd).await.unwrap();
    }
    let throws = club
        .execute(&bob, Command::Fair(FairRef::Match(m), FairOp::Export))
        .await
        .unwrap()
        .lines[0]
        .clone();
    // When a player asks for /fair there
    let shown = club
        .execute(&bob, Command::Fair(FairRef::Match(m), FairOp::Show))
        .await
        .unwrap()
        .lines
        .join("\n");
    // Then the reply fits Discord's 2,000 characters, says how many lines it left out, and
    // points to /fair export; the newest throw is shown
    assert!(shown.chars().count() < 2000, "{} characters", shown.len());
    assert!(shown.contains("left out here"), "{shown}");
    assert!(shown.contains("/fair export gives all"), "{shown}");
    let n: usize = throws["Fair dice of match #".len() + id.to_string().len() + 2..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 30, "{throws}");
    assert!(shown.contains(&format!("Throw {n}: ")), "{shown}");
    assert!(shown.contains(&format!("all {n} throws")), "{shown}");
}
