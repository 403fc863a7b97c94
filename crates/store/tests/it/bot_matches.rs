//! Matches against the bot found by their flag (migration 0022), page by page, and
//! counted per player for the quota (issue 48).

use engine::Ruleset;
use store::{NewMatch, Store};
use testkit::store_url;

const NOW: i64 = 1_800_000_000;

#[tokio::test]
async fn open_bot_matches_are_read_page_after_page_and_counted_per_challenger() {
    let store = Store::open(&store_url("store-bot-matches").await)
        .await
        .unwrap();
    let community = store.community("local", "here", "here").await.unwrap();
    let ann = store.player("local", "ann", "ann", NOW).await.unwrap().id;
    let bot = store.player("local", "bot", "bot", NOW).await.unwrap().id;
    // Given five matches of ann against the bot and one between two people between them
    let mut bot_ids = Vec::new();
    for i in 0..6 {
        let terms = if i == 2 {
            "{}".to_string()
        } else {
            r#"{"bot":"expert"}"#.to_string()
        };
        let id = store
            .insert_match(&NewMatch {
                community_id: community,
                channel: "here".into(),
                ruleset: Ruleset::Standard,
                terms,
                players: [ann, bot],
                bank: 0,
                now: NOW,
                entry: "\"challenge\"".into(),
                fair: None,
                expires_at: None,
                waiting_on: None,
            })
            .await
            .unwrap();
        if i != 2 {
            bot_ids.push(id);
        }
    }
    // When they are read two at a time, each page after the last id of the one before
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let page = store.open_bot_matches(after, 2).await.unwrap();
        if page.is_empty() {
            break;
        }
        after = page.last().unwrap().id;
        seen.extend(page.into_iter().map(|r| r.id));
    }
    // Then every bot match is read once, in order, and none other
    assert_eq!(seen, bot_ids);
    // And ann's open bot matches are counted
    assert_eq!(store.open_bot_matches_of(ann, community).await.unwrap(), 5);
    assert_eq!(store.open_bot_matches_of(bot, community).await.unwrap(), 0);
}
