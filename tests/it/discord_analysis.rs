//! `/analyse` end to end: a real poise bot against the fake Discord, with the real GNU
//! Backgammon at 0 ply: the private deferral, its edits as the job moves, and the result
//! posted in the match's channel mentioning both players, with the pictures attached.

use std::sync::Arc;

use crate::discord_e2e::{actor, connect};
use crate::fake_discord::{CHANNEL, FakeDiscord, TOKEN, slash};
use club::{
    AnalysisSettings, ChallengeOp, ChallengeSpec, Club, Command, MatchOp, MatchRef, RngDice,
    SystemClock,
};
use serde_json::json;
use store::Store;
use testkit::{Rng, scratch, store_url};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// A seeded 1-point match between alice and bob, played to its end in the fake's channel.
async fn play_match(club: &Club) -> i64 {
    let run = async |who, cmd: Command| club.execute(&actor(who), cmd).await;
    let out = run(
        ALICE,
        Command::Challenge(ChallengeOp::New {
            opponent: BOB.0.to_string(),
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await
    .unwrap();
    let id = out.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = run(BOB, Command::Challenge(ChallengeOp::Accept(m)))
        .await
        .unwrap();
    let mut rng = Rng::new(3);
    while let Some(next) = out.next.clone() {
        let who = if next.name == "alice" { ALICE } else { BOB };
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&actor(who), m).await.unwrap();
            Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(who, cmd).await.unwrap();
    }
    id.get()
}

#[tokio::test]
async fn analyse_defers_edits_its_progress_and_posts_the_result_with_pictures() {
    // Given a finished match and the bot running against the fake Discord
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-analysis").await)
        .await
        .unwrap();
    let club = Arc::new(
        Club::new(store, Arc::new(RngDice::seeded(5)), Arc::new(SystemClock)).with_analysis(
            AnalysisSettings {
                plies: 0,
                work_dir: scratch("discord-analysis-work"),
                ..AnalysisSettings::default()
            },
        ),
    );
    // (the players speak once in the channel first)
    for who in [ALICE, BOB] {
        club.introduce("discord", &who.0.to_string(), who.1)
            .await
            .unwrap();
    }
    let id = play_match(&club).await;
    connect(&fake, club, std::time::Duration::from_secs(60)).await;

    // When alice types /analyse match:N
    let from = fake.requests().len();
    fake.dispatch(slash(
        "analyse-token",
        ALICE,
        "analyse",
        json!([{"name": "match", "type": 4, "value": id}]),
        json!({}),
    ));
    // Then the answer is deferred, privately
    let deferred = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path.ends_with("/analyse-token/callback")
        })
        .await;
    assert_eq!(deferred.json()["type"], json!(5));
    assert_eq!(deferred.json()["data"]["flags"], json!(64));
    // And edited with the progress, then with where the result is
    let progress = fake
        .wait_for(from, |r| {
            r.method == "PATCH"
                && r.path.contains("/analyse-token/messages/@original")
                && r.json()["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("analysing game 1 of 1"))
        })
        .await;
    assert!(progress.status < 300, "{:?}", progress.response);
    fake.wait_for(from, |r| {
        r.method == "PATCH"
            && r.path.contains("/analyse-token/messages/@original")
            && r.json()["content"]
                .as_str()
                .is_some_and(|c| c.contains("is analysed: the result is posted in"))
    })
    .await;
    // And the result is posted in the match's channel, both players mentioned, with the
    // pictures of the worst decisions
    let posted = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
        })
        .await;
    let body = posted.json();
    let text = body["content"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "<@{}> <@{}>: the analysis of match #{id}",
            ALICE.0, BOB.0
        )),
        "{text}"
    );
    assert!(text.contains("error rate"), "{text}");
    let files = posted.files();
    assert!(
        !files.is_empty() && files.len() <= 3,
        "{} files",
        files.len()
    );
    for (name, png) in &files {
        assert!(name.starts_with(&format!("analysis-{id}-")), "{name}");
        image::load_from_memory(png).unwrap();
    }
    fake.finish().await;
}
