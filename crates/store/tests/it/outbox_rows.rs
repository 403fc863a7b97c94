//! The outbox (migration 0023): rows claimed one lane at a time in order, held rows
//! released as one, a lease that lapses, failures recorded, posted rows pruned.

use store::{OutboxOutcome, Owed, Store};
use testkit::store_url;

const NOW: i64 = 1_800_000_000;

fn owed(kind: &str, lane: &str, match_id: i64, body: &str, held: bool) -> Owed {
    Owed {
        kind: kind.into(),
        lane: lane.into(),
        channel: lane.into(),
        user_id: String::new(),
        match_id,
        body: body.into(),
        held,
    }
}

async fn open(name: &str) -> Store {
    Store::open(&store_url(name).await).await.unwrap()
}

#[tokio::test]
async fn a_lane_gives_its_rows_one_at_a_time_in_the_order_they_were_written() {
    let s = open("outbox-lanes").await;
    // Given two rows in channel a and one in channel b
    s.owe(
        &[
            owed("notice", "a", 1, "a1", false),
            owed("notice", "b", 2, "b1", false),
            owed("notice", "a", 1, "a2", false),
        ],
        NOW,
    )
    .await
    .unwrap();
    // When a poster claims: the first row of each lane, nothing else
    let first = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    let bodies: Vec<_> = first.iter().map(|r| r.owed.body.as_str()).collect();
    assert_eq!(bodies, ["a1", "b1"]);
    // And a second claim while the lease holds gets nothing
    assert!(s.outbox_claim(NOW, NOW + 10, 50).await.unwrap().is_empty());
    // Then a1 posted, a2 comes next; b1 failed for good lets nothing wait behind it
    s.outbox_posted(first[0].id, "m1", NOW).await.unwrap();
    s.outbox_failed(first[1].id, "Unknown Channel")
        .await
        .unwrap();
    let next = s.outbox_claim(NOW + 1, NOW + 11, 50).await.unwrap();
    let bodies: Vec<_> = next.iter().map(|r| r.owed.body.as_str()).collect();
    assert_eq!(bodies, ["a2"]);
    let rows = s.outbox_rows().await.unwrap();
    assert_eq!(rows[0].1.as_deref(), Some("m1"));
    assert_eq!(rows[1].2.as_deref(), Some("Unknown Channel"));
    assert_eq!(s.outbox_size().await.unwrap(), (1, 3));
}

#[tokio::test]
async fn a_claim_whose_poster_died_is_claimed_again_with_the_same_nonce_once_it_lapses() {
    let s = open("outbox-lease").await;
    s.owe(&[owed("notice", "a", 1, "x", false)], NOW)
        .await
        .unwrap();
    let first = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    // Given the poster died holding it: nothing until the lease ends
    assert!(
        s.outbox_claim(NOW + 9, NOW + 19, 50)
            .await
            .unwrap()
            .is_empty()
    );
    // Then the same row, the same nonce
    let again = s.outbox_claim(NOW + 10, NOW + 20, 50).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].nonce(), first[0].nonce());
    // And a failure for now counts an attempt and waits until its retry time
    s.outbox_retry(again[0].id, NOW + 40).await.unwrap();
    assert!(
        s.outbox_claim(NOW + 39, NOW + 49, 50)
            .await
            .unwrap()
            .is_empty()
    );
    let third = s.outbox_claim(NOW + 40, NOW + 50, 50).await.unwrap();
    assert_eq!(third[0].attempts, 1);
}

#[tokio::test]
async fn held_rows_wait_and_are_released_as_one_row_per_match() {
    let s = open("outbox-held").await;
    // Given a batch of three decisions in match 5 and one in match 6, held
    s.owe(
        &[
            owed("bot", "a", 5, "1", true),
            owed("bot", "b", 6, "9", true),
            owed("bot", "a", 5, "2", true),
            owed("bot", "a", 5, "3", true),
        ],
        NOW,
    )
    .await
    .unwrap();
    assert!(s.outbox_claim(NOW, NOW + 10, 50).await.unwrap().is_empty());
    // When match 5's batch ends
    let join = |b: &[String]| b.join("+");
    s.outbox_release(Some(5), "bot", &join).await.unwrap();
    // Then one row tells it all; match 6's still waits
    let rows = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    let bodies: Vec<_> = rows.iter().map(|r| r.owed.body.as_str()).collect();
    assert_eq!(bodies, ["1+2+3"]);
    // And at start-up every held row is released
    s.outbox_release(None, "bot", &join).await.unwrap();
    let rows = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].owed.body, "9");
}

#[tokio::test]
async fn posted_rows_are_pruned_after_their_day_and_waiting_ones_never() {
    let s = open("outbox-prune").await;
    s.owe(
        &[
            owed("notice", "a", 1, "posted", false),
            owed("notice", "b", 1, "waiting", false),
        ],
        NOW,
    )
    .await
    .unwrap();
    let rows = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    s.outbox_posted(rows[0].id, "m", NOW).await.unwrap();
    assert_eq!(s.outbox_prune(NOW).await.unwrap(), 0);
    assert_eq!(s.outbox_prune(NOW + 1).await.unwrap(), 1);
    assert_eq!(s.outbox_size().await.unwrap(), (1, 1));
}

#[tokio::test]
async fn held_notices_are_completed_with_their_words_and_released_in_each_lane() {
    let s = open("outbox-complete").await;
    // Given a change's notice held in its commit: in its channel and by direct message
    s.owe(
        &[
            owed("notice", "c1", 7, "timed out", true),
            owed("dm", "dm:u1", 7, "timed out", true),
        ],
        NOW,
    )
    .await
    .unwrap();
    assert!(s.outbox_claim(NOW, NOW + 10, 50).await.unwrap().is_empty());
    // When the change has committed and its words are complete
    s.outbox_complete(7, &["notice", "dm"], "timed out\nrating 1500 -> 1492")
        .await
        .unwrap();
    // Then each lane has its row with all the words
    let rows = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    let mut got: Vec<_> = rows
        .iter()
        .map(|r| (r.owed.lane.as_str(), r.owed.body.as_str()))
        .collect();
    got.sort_unstable();
    assert_eq!(
        got,
        [
            ("c1", "timed out\nrating 1500 -> 1492"),
            ("dm:u1", "timed out\nrating 1500 -> 1492")
        ]
    );
}

#[tokio::test]
async fn held_rows_of_one_match_in_two_lanes_stay_two_rows_when_released_at_start_up() {
    let s = open("outbox-lanes-held").await;
    // Given a notice held in two channels of one match, its club stopped before completing it
    s.owe(
        &[
            owed("notice", "c1", 8, "timed out", true),
            owed("notice", "c2", 8, "timed out", true),
        ],
        NOW,
    )
    .await
    .unwrap();
    // When the next start releases every held row as written
    s.outbox_release(None, "notice", &|b: &[String]| b.join("\n"))
        .await
        .unwrap();
    // Then each channel is told once
    let rows = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap();
    let mut lanes: Vec<_> = rows.iter().map(|r| r.owed.lane.as_str()).collect();
    lanes.sort_unstable();
    assert_eq!(lanes, ["c1", "c2"]);
}

#[tokio::test]
async fn a_bot_decision_posted_is_the_last_message_showing_its_board() {
    let s = open("outbox-board-message").await;
    let community = s.community("local", "here", "here").await.unwrap();
    let ann = s.player("local", "ann", "ann", NOW).await.unwrap().id;
    let bot = s.player("local", "bot", "bot", NOW).await.unwrap().id;
    let id = s
        .insert_match(&store::NewMatch {
            community_id: community,
            channel: "c1".into(),
            ruleset: engine::Ruleset::Standard,
            terms: "{}".into(),
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
    // Given an answer with the board shown as message a-1, then the bot's decision owed
    s.board_posted(id, "c1", "a-1", NOW).await.unwrap();
    s.owe(&[owed("bot", "c1", id, "{}", false)], NOW)
        .await
        .unwrap();
    let row = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap().remove(0);
    // When the poster marks it posted as message b-2
    s.outbox_outcomes(&[OutboxOutcome::Posted {
        id: row.id,
        message_id: "b-2".into(),
        at: NOW + 1,
    }])
    .await
    .unwrap();
    // Then b-2 is the message that shows the board; a notice posted after it is not
    s.owe(&[owed("notice", "c1", id, "hello", false)], NOW)
        .await
        .unwrap();
    let note = s.outbox_claim(NOW, NOW + 10, 50).await.unwrap().remove(0);
    s.outbox_outcomes(&[OutboxOutcome::Posted {
        id: note.id,
        message_id: "n-3".into(),
        at: NOW + 2,
    }])
    .await
    .unwrap();
    let boards = s.board_messages(&[id, id + 1]).await.unwrap();
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!(boards[&id], ("c1".to_string(), "b-2".to_string()));
}
