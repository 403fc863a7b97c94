//! `/drill` in the local chat (issue 49): the card is shown with its board and its
//! choices numbered, answered by number or by the play typed; `/drill stats` counts; the
//! words are read, a bad answer refused with the choices, nothing changed.

use club::{Actor, Command, DrillChoice, DrillOp};
use clubkit::Fixture;
use clubkit::drills::drill_match;
use gammonbot::console::{help_on, parse_line, run_line};
use testkit::store_url;

#[test]
fn the_local_chat_reads_drill_its_answers_and_stats() {
    let cmd = |line: &str| parse_line(line).unwrap().unwrap().1;
    assert_eq!(cmd("alice: /drill"), Command::Drill(DrillOp::Next));
    assert_eq!(cmd("alice: /drill stats"), Command::Drill(DrillOp::Stats));
    assert_eq!(
        cmd("alice: /drill answer 2"),
        Command::Drill(DrillOp::Answer {
            card: None,
            choice: DrillChoice::Number(2)
        })
    );
    assert_eq!(
        cmd("alice: /drill answer 8/5 6/5"),
        Command::Drill(DrillOp::Answer {
            card: None,
            choice: DrillChoice::Typed("8/5 6/5".into())
        })
    );
    let e = parse_line("alice: /drill answer").unwrap_err();
    assert!(e.to_string().contains("/drill answer 2"), "{e}");
    assert!(
        help_on("drill").contains("/drill stats"),
        "{}",
        help_on("drill")
    );
}

#[tokio::test]
async fn a_card_is_shown_numbered_and_answered_by_the_play_typed_in_the_local_chat() {
    // Given alice's analysed match with a 3-1 she misplayed and a double she missed
    let f = Fixture::seeded(&store_url("drill-chat").await, 21).await;
    drill_match(&f.club, &Actor::local("alice"), &Actor::local("bob")).await;
    // When she types /drill (pictures written to a folder)
    let dir = testkit::scratch("drill-chat-png");
    let (text, refused) = run_line(&f.club, "alice: /drill", Some(&dir)).await;
    // Then the card is shown with its question, its choices numbered, and the board
    assert!(!refused, "{text}");
    let pngs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
        .collect();
    assert_eq!(pngs.len(), 1, "{text}");
    if let Ok(to) = std::env::var("DRILL_PNG") {
        std::fs::copy(pngs[0].path(), to).unwrap();
    }
    assert!(text.contains("Drill card #"), "{text}");
    let rolled = text.contains("You rolled 3-1: which play is best?");
    let doubled = text.contains("double or not?");
    assert!(rolled || doubled, "{text}");
    assert!(text.contains("1. ") && text.contains("2. "), "{text}");
    // When she answers the one shown: the play typed in another order, or 2 (double)
    let line = if rolled {
        "alice: /drill answer 6/5 8/5"
    } else {
        "alice: /drill answer 2"
    };
    let (text, refused) = run_line(&f.club, line, None).await;
    // Then she is right, and the choices are ranked with what each loses
    assert!(!refused, "{text}");
    assert!(text.starts_with("Right: "), "{text}");
    assert!(text.contains("1. ") && text.contains(": best"), "{text}");
    assert!(text.contains("This card comes back in 3 days"), "{text}");
    assert!(text.contains("1 more card due now"), "{text}");
    // And a choice not listed is refused with the choices, nothing changed
    let before = f.store.fingerprint().await.unwrap();
    let (text, refused) = run_line(&f.club, "alice: /drill answer 7", None).await;
    assert!(refused, "{text}");
    assert!(text.contains("answer with a number from 1 to"), "{text}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // And /drill stats counts two cards, one due, a streak of one day
    let (text, _) = run_line(&f.club, "alice: /drill stats", None).await;
    assert!(
        text.contains("Drill cards: 2 in all, 1 due now, 0 learnt"),
        "{text}"
    );
    assert!(text.contains("Streak: 1 day in a row"), "{text}");
}
