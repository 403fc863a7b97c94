//! Head-to-head, dice statistics and blocking (issue 35) on Discord, against the fake:
//! `/h2h`, `/rating vs:`, `/fair stats` answered in the channel; `/block`, `/unblock` and
//! the refusal of a blocked player's challenge answered to the caller alone.

use std::sync::Arc;

use crate::discord_e2e::{actor, connect, content, ephemeral, interact};
use crate::fake_discord::{FakeDiscord, TOKEN, slash, user};
use club::{ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchOp, MatchRef, RngDice};
use engine::ResignLevel;
use serde_json::json;
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// alice beats bob in a 1-point match on fair dice, through the club: bob resigns on his
/// first turn.
async fn alice_beats_bob(club: &Club) {
    let run = async |who: (u64, &str), cmd: Command| club.execute(&actor(who), cmd).await.unwrap();
    for (id, name) in [ALICE, BOB] {
        club.introduce("discord", &id.to_string(), name)
            .await
            .unwrap();
    }
    let id = run(
        ALICE,
        Command::Challenge(ChallengeOp::New {
            opponent: BOB.0.to_string(),
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await
    .match_id
    .unwrap();
    let m = MatchRef::id(id);
    let mut out = run(BOB, Command::Challenge(ChallengeOp::Accept(m))).await;
    let mut plays = 0;
    for _ in 0..200 {
        let next = out.next.clone().unwrap();
        // Once alice has played three throws of her own (the 1-point match rolls by
        // itself: no cube), bob resigns on his turn.
        if next.name == "bob" && plays >= 3 {
            break;
        }
        let who = if next.name == "alice" { ALICE } else { BOB };
        let cmd = if next.what.starts_with("move") {
            plays += usize::from(next.name == "alice");
            let legal = club.legal_moves(&actor(who), m).await.unwrap();
            Command::Match(m, MatchOp::Move(legal[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(who, cmd).await;
    }
    run(BOB, Command::Match(m, MatchOp::Resign(ResignLevel::Single))).await;
    run(ALICE, Command::Match(m, MatchOp::AcceptResign)).await;
}

fn names() -> serde_json::Value {
    json!({"users": {
        ALICE.0.to_string(): user(ALICE.0, "alice"),
        BOB.0.to_string(): user(BOB.0, "bob"),
    }})
}

fn named(option: &str, who: (u64, &str)) -> serde_json::Value {
    json!({"name": option, "type": 6, "value": who.0.to_string()})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn head_to_head_dice_statistics_and_blocking_on_discord() {
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-player-tools").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::fair_seeded(5)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    alice_beats_bob(&club).await;
    connect(&fake, club, std::time::Duration::from_secs(60)).await;

    // /h2h player:@bob: alice against bob, for everyone to see
    let r = interact(
        &fake,
        slash(
            "t-h2h",
            ALICE,
            "h2h",
            json!([named("player", BOB)]),
            names(),
        ),
    )
    .await;
    let text = content(&r);
    assert!(!ephemeral(&r), "{text}");
    assert!(text.contains("Head-to-head: alice v bob"), "{text}");
    assert!(
        text.contains("Standard: 1 match; won alice 1, bob 0"),
        "{text}"
    );
    assert!(
        !text.contains(&ALICE.0.to_string()),
        "no Discord id: {text}"
    );
    // /rating vs:@alice, by bob
    let r = interact(
        &fake,
        slash(
            "t-rating",
            BOB,
            "rating",
            json!([named("vs", ALICE)]),
            names(),
        ),
    )
    .await;
    let text = content(&r);
    assert!(
        text.contains("Rating for bob") && text.contains("Head-to-head: bob v alice"),
        "{text}"
    );
    // /fair stats player:@alice
    let r = interact(
        &fake,
        slash(
            "t-stats",
            BOB,
            "fair",
            json!([{"name": "stats", "type": 1, "options": [named("player", ALICE)]}]),
            names(),
        ),
    )
    .await;
    let text = content(&r);
    assert!(
        text.contains("Dice statistics for alice (standard and Welsh, "),
        "{text}"
    );
    assert!(text.contains("Too few throws to judge"), "{text}");

    // /block player:@bob: answered to alice alone
    let r = interact(
        &fake,
        slash(
            "t-block",
            ALICE,
            "block",
            json!([named("player", BOB)]),
            names(),
        ),
    )
    .await;
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(content(&r).starts_with("You block bob"), "{}", content(&r));
    // bob's challenge to alice: refused to him alone, in the neutral words
    let r = interact(
        &fake,
        slash(
            "t-challenge",
            BOB,
            "challenge",
            json!([named("opponent", ALICE)]),
            names(),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    let text = content(&r);
    assert!(
        text.contains("your challenge to alice was refused; nothing was sent"),
        "{text}"
    );
    assert!(!text.contains("block"), "{text}");
    // /block alone lists, /unblock lifts, a second /unblock is refused privately
    let r = interact(&fake, slash("t-list", ALICE, "block", json!([]), json!({}))).await;
    assert!(
        ephemeral(&r) && content(&r).contains("You block: bob."),
        "{}",
        content(&r)
    );
    let r = interact(
        &fake,
        slash(
            "t-unblock",
            ALICE,
            "unblock",
            json!([named("player", BOB)]),
            names(),
        ),
    )
    .await;
    assert!(
        ephemeral(&r) && content(&r).contains("You no longer block bob"),
        "{}",
        content(&r)
    );
    let r = interact(
        &fake,
        slash(
            "t-unblock2",
            ALICE,
            "unblock",
            json!([named("player", BOB)]),
            names(),
        ),
    )
    .await;
    assert!(
        ephemeral(&r) && content(&r).contains("you do not block bob"),
        "{}",
        content(&r)
    );
    fake.finish().await;
}
