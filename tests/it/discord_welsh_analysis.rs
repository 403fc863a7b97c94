//! Welsh `/hint` and `/analyse` on Discord (issue 33), a real poise bot against the fake
//! Discord with no gnubg at all: the hint of gammonbot's Welsh player is answered
//! privately; the review of a finished Welsh match is posted in the match's channel,
//! both players mentioned, with the pictures of the worst decisions attached.

use std::sync::Arc;

use crate::discord_e2e::{actor, connect, content, ephemeral, interact};
use crate::fake_discord::{CHANNEL, FakeDiscord, TOKEN, slash};
use club::{
    AnalysisSettings, ChallengeOp, ChallengeSpec, Club, Command, MatchRef, RngDice, SystemClock,
};
use clubkit::play_welsh_to_end;
use engine::Side;
use serde_json::json;
use store::Store;
use testkit::{scratch, store_url};
use welsh_player::{EvalPlayer, Level};

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// A Welsh match of alice (X) and bob (O) on `spec`, accepted in the fake's channel.
async fn welsh_match(club: &Club, spec: ChallengeSpec) -> i64 {
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: BOB.0.to_string(),
        spec,
    });
    let id = club
        .execute(&actor(ALICE), challenge)
        .await
        .unwrap()
        .match_id
        .unwrap();
    club.execute(
        &actor(BOB),
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await
    .unwrap();
    id.get()
}

#[tokio::test]
async fn a_welsh_analysis_is_posted_with_its_boards_and_a_welsh_hint_answers_privately() {
    // Given a club that finds no gnubg, with a finished Welsh match to one game (played
    // by the Welsh player at its weak level) and a Welsh practice match under way
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-welsh-analysis").await)
        .await
        .unwrap();
    let club = Arc::new(
        Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(8)),
            Arc::new(SystemClock),
        )
        .with_analysis(AnalysisSettings {
            search_path: "/nonexistent".into(),
            work_dir: scratch("discord-welsh-analysis-work"),
            ..AnalysisSettings::default()
        }),
    );
    for who in [ALICE, BOB] {
        club.introduce("discord", &who.0.to_string(), who.1)
            .await
            .unwrap();
    }
    let id = welsh_match(&club, ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 3),
        EvalPlayer::new(net, Level::Weak, 4),
    );
    play_welsh_to_end(&store, id, [&mut x, &mut o], async |side, cmd| {
        let who = if side == Side::X { ALICE } else { BOB };
        club.execute(&actor(who), cmd).await.unwrap();
    })
    .await;
    let practice = welsh_match(
        &club,
        ChallengeSpec {
            practice: true,
            rated: false,
            ..ChallengeSpec::welsh(5)
        },
    )
    .await;
    connect(&fake, Arc::clone(&club), std::time::Duration::from_secs(60)).await;

    // When bob, who calls first in the practice match, types /hint
    let r = interact(
        &fake,
        slash(
            "welsh-hint-token",
            BOB,
            "hint",
            json!([{"name": "match", "type": 4, "value": practice}]),
            json!({}),
        ),
    )
    .await;
    // Then only he sees the Welsh player's advice
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).contains("gammonbot's Welsh player at strong"),
        "{}",
        content(&r)
    );

    // When alice types /analyse for the finished match
    let from = fake.requests().len();
    fake.dispatch(slash(
        "welsh-analyse-token",
        ALICE,
        "analyse",
        json!([{"name": "match", "type": 4, "value": id}]),
        json!({}),
    ));
    // Then the review is posted in the match's channel, both players mentioned, saying
    // who judged, with the pictures of the worst decisions
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
    assert!(
        text.contains("by gammonbot's Welsh player at level strong, not a perfect judge"),
        "{text}"
    );
    let files = posted.files();
    assert!(
        !files.is_empty() && files.len() <= 3,
        "{} files: {text}",
        files.len()
    );
    for (name, png) in &files {
        assert!(name.starts_with(&format!("analysis-{id}-")), "{name}");
        image::load_from_memory(png).unwrap();
    }
    fake.finish().await;
}
