//! `/drill` on the fake Discord (issue 49): the card comes privately with its board PNG
//! and a select menu of the plays (at most 25 options, at most 5 rows) or buttons for a
//! cube decision; a pick and a click are answered privately with the verdict; all valid
//! against the API (the fake checks every payload).

use std::sync::Arc;

use crate::discord_e2e::{actor, board, connect, content, ephemeral, interact};
use crate::fake_discord::{FakeDiscord, Request, TOKEN, click, select, slash};
use club::{Club, ManualClock, RngDice};
use clubkit::drills::drill_match;
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

const ALICE: (u64, &str) = (111_111_111_111_111_111, "alice");
const BOB: (u64, &str) = (222_222_222_222_222_222, "bob");

/// The reply's action rows.
fn rows(r: &Request) -> Vec<Value> {
    r.json()["data"]["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn drill_shows_a_private_card_with_a_select_menu_and_buttons_and_answers_privately() {
    // Given alice's analysed match with a 3-1 she misplayed and a double she missed
    let fake = FakeDiscord::start(TOKEN).await;
    let store = Store::open(&store_url("discord-drill").await)
        .await
        .unwrap();
    let club = Arc::new(Club::new(
        store,
        Arc::new(RngDice::seeded(4)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    for (id, name) in [ALICE, BOB] {
        club.introduce("discord", &id.to_string(), name)
            .await
            .unwrap();
    }
    drill_match(&club, &actor(ALICE), &actor(BOB)).await;
    connect(
        &fake,
        Arc::clone(&club),
        std::time::Duration::from_secs(3600),
    )
    .await;
    // When she types /drill
    let r = interact(
        &fake,
        slash("t-drill1", ALICE, "drill", json!([]), json!({})),
    )
    .await;
    // Then only she sees the card: its question, the board PNG, one select menu of the
    // four plays (values their numbers)
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).contains("You rolled 3-1: which play is best?"),
        "{}",
        content(&r)
    );
    let (png, alt) = board(&r);
    assert!(png.starts_with(b"\x89PNG") && !alt.is_empty());
    let rows = rows(&r);
    assert_eq!(rows.len(), 1);
    let menu = &rows[0]["components"][0];
    assert_eq!(menu["type"], 3);
    let options = menu["options"].as_array().unwrap();
    assert!((1..=25).contains(&options.len()));
    assert_eq!(options.len(), 4);
    let best = options
        .iter()
        .find(|o| o["label"] == "8/5 6/5")
        .expect("the best play listed");
    let custom_id = menu["custom_id"].as_str().unwrap();
    // When she picks the best play
    let r = interact(
        &fake,
        select(
            "t-drill2",
            ALICE,
            custom_id,
            &[best["value"].as_str().unwrap()],
        ),
    )
    .await;
    // Then the verdict is hers alone: right, the choices ranked
    assert!(ephemeral(&r), "{}", content(&r));
    assert!(
        content(&r).starts_with("Right: 8/5 6/5 is the best choice"),
        "{}",
        content(&r)
    );
    assert!(content(&r).contains("4. 24/23 13/10: -0.090 (played in the match)"));
    // When she picks it again: refused, privately, the card answered already
    let r = interact(
        &fake,
        select(
            "t-drill3",
            ALICE,
            custom_id,
            &[best["value"].as_str().unwrap()],
        ),
    )
    .await;
    assert!(
        ephemeral(&r) && content(&r).contains("answered already"),
        "{}",
        content(&r)
    );
    // When she asks for the next card: the missed double, with two buttons
    let r = interact(
        &fake,
        slash("t-drill4", ALICE, "drill", json!([]), json!({})),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(content(&r).contains("double or not?"), "{}", content(&r));
    let buttons: Vec<(String, String)> = crate::discord_drill::rows(&r)[0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["label"].as_str().unwrap().to_string(),
                b["custom_id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        buttons.iter().map(|b| b.0.as_str()).collect::<Vec<_>>(),
        ["No double", "Double"]
    );
    // When she clicks No double (as she did in the match)
    let r = interact(&fake, click("t-drill5", ALICE, &buttons[0].1)).await;
    // Then she is told privately it lost 0.120
    assert!(ephemeral(&r));
    assert!(
        content(&r).starts_with("Not this time: no double loses 0.120 against the best, double"),
        "{}",
        content(&r)
    );
    // And /drill stats counts, privately
    let r = interact(
        &fake,
        slash(
            "t-drill6",
            ALICE,
            "drill",
            json!([{"name": "view", "type": 4, "value": 1}]),
            json!({}),
        ),
    )
    .await;
    assert!(ephemeral(&r));
    assert!(
        content(&r).contains("Drill cards: 2 in all, 0 due now"),
        "{}",
        content(&r)
    );
    // And bob, with no card, is told so privately
    let r = interact(&fake, slash("t-drill7", BOB, "drill", json!([]), json!({}))).await;
    assert!(ephemeral(&r) && content(&r).contains("You have no drill cards yet"));
    fake.finish().await;
}
