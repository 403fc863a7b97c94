//! A full game or match of each kind on the production fair dice, verified.

use super::fixtures::{accepted, assert_export_verifies, open, play_on, verify};
use club::{
    Actor, ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Command, FairOp, FairRef, MatchOp,
    MatchRef,
};
use clubkit::{assert_match_rebuilds, run};
use testkit::store_url;

#[tokio::test]
async fn a_money_session_on_fair_dice_is_played_and_stopped_and_verifies() {
    let (club, store) = open(&store_url("fair-money").await, 21).await;
    let (id, mut out) = accepted(&club, ChallengeSpec::standard(None)).await;
    let m = MatchRef::id(id);
    // When they play a game or more and stop the session between games
    let mut stopped = false;
    for i in 0..4000 {
        out = play_on(&club, id, out, 1).await;
        if i > 40 {
            if let Ok(o) = club
                .execute(&Actor::local("alice"), Command::Match(m, MatchOp::Stop))
                .await
            {
                out = o;
                stopped = true;
                break;
            }
        }
    }
    assert!(stopped, "the session never reached the end of a game");
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().status,
        store::MatchStatus::Finished
    );
    // Then every throw of the session is proven and tied to the game
    let json = assert_export_verifies(&club, &store, id, "alice", "fair-money-export").await;
    assert!(json["count"].as_u64().unwrap() > 10);
    let _ = out;
}

#[tokio::test]
async fn a_welsh_match_on_fair_dice_is_played_to_its_end_and_verifies() {
    let (club, store) = open(&store_url("fair-welsh-full").await, 22).await;
    let (id, out) = accepted(&club, ChallengeSpec::welsh(3)).await;
    let last = play_on(&club, id, out, 6000).await;
    assert!(
        last.next.is_none(),
        "the match did not end: {:?}",
        last.lines
    );
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().status,
        store::MatchStatus::Finished
    );
    let json = assert_export_verifies(&club, &store, id, "alice", "fair-welsh-full-export").await;
    assert_eq!(json["played"][0]["what"], "call");
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn a_chouette_game_on_fair_dice_is_played_to_its_end_and_verifies() {
    let (club, _store) = open(&store_url("fair-chouette-full").await, 23).await;
    let ch = |op| Command::Chouette(ChouetteRef::default(), op);
    run(
        &club,
        "ann",
        ch(ChouetteOp::Create(ChouetteSpec::default())),
    )
    .await;
    for p in ["ben", "cat"] {
        run(&club, p, ch(ChouetteOp::Join)).await;
    }
    // Nobody sets a seed: each member gets one when the line is drawn
    let mut out = run(&club, "ann", ch(ChouetteOp::Start)).await;
    let mut games_done = false;
    for _ in 0..3000 {
        let Some(next) = out.next.clone() else { break };
        let who = next.name.to_lowercase();
        let op = if next.what.starts_with("move") {
            let moves = club
                .chouette_moves(&Actor::local(&who), ChouetteRef::default())
                .await
                .unwrap();
            ChouetteOp::Move(moves[moves.len() / 2].clone())
        } else if next.what.starts_with("take") {
            ChouetteOp::Take(None)
        } else if next.what.contains("roll") || next.what.contains("throw") {
            ChouetteOp::Roll
        } else {
            break;
        };
        out = run(&club, &who, ch(op)).await;
        if out.lines.iter().any(|l| l.contains("/chouette start")) {
            games_done = true;
            break;
        }
    }
    assert!(games_done, "the game did not end: {:?}", out.lines);
    let fr = |op| Command::Fair(FairRef::Chouette(ChouetteRef::default()), op);
    let file = run(&club, "ben", fr(FairOp::Export))
        .await
        .attachment
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&file.text).unwrap();
    assert_eq!(json["line"]["members"].as_array().unwrap().len(), 3);
    assert_eq!(
        json["played"].as_array().unwrap().len(),
        json["throws"].as_array().unwrap().len()
    );
    let (ok, text) = verify(&file.text, "fair-chouette-full-export");
    assert!(ok, "{text}");
}
