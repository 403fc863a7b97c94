//! The position of the day in the local chat (issue 49): `/server puzzle` and `/puzzle`
//! read; at its hour the sweep's post is printed with its board written as a PNG, its
//! choices numbered; an answer is counted once.

use club::{Actor, Command, DrillChoice, PuzzleOp, PuzzleSetting};
use clubkit::Fixture;
use clubkit::drills::drill_match;
use gammonbot::console::{help_on, parse_line, run_line};
use testkit::store_url;

#[test]
fn the_local_chat_reads_puzzle_and_server_puzzle() {
    let cmd = |line: &str| parse_line(line).unwrap().unwrap().1;
    assert_eq!(cmd("alice: /puzzle"), Command::Puzzle(PuzzleOp::Show));
    assert_eq!(
        cmd("alice: /puzzle answer 2"),
        Command::Puzzle(PuzzleOp::Answer {
            puzzle: None,
            choice: DrillChoice::Number(2)
        })
    );
    assert_eq!(
        cmd("alice: /puzzle answer 8/5 6/5"),
        Command::Puzzle(PuzzleOp::Answer {
            puzzle: None,
            choice: DrillChoice::Typed("8/5 6/5".into())
        })
    );
    assert_eq!(
        cmd("alice: /puzzle names on"),
        Command::Puzzle(PuzzleOp::Names(true))
    );
    assert_eq!(
        cmd("alice: /server puzzle hour:18"),
        Command::ServerPuzzle(Some(PuzzleSetting::On {
            channel: "local".into(),
            hour: 18
        }))
    );
    assert_eq!(
        cmd("alice: /server puzzle off"),
        Command::ServerPuzzle(Some(PuzzleSetting::Off))
    );
    assert_eq!(cmd("alice: /server puzzle"), Command::ServerPuzzle(None));
    let e = parse_line("alice: /server puzzle hour:six").unwrap_err();
    assert!(e.to_string().contains("hour: a whole hour 0 to 23"), "{e}");
    let e = parse_line("alice: /puzzle names maybe").unwrap_err();
    assert!(e.to_string().contains("say on or off"), "{e}");
    assert!(
        help_on("puzzle").contains("/puzzle answer 2"),
        "{}",
        help_on("puzzle")
    );
}

#[tokio::test]
async fn the_days_post_is_printed_with_its_board_and_an_answer_is_counted_once() {
    // Given alice's analysed match and the position of the day at 18:00 UTC
    let f = Fixture::seeded(&store_url("puzzle-chat").await, 21).await;
    drill_match(&f.club, &Actor::local("alice"), &Actor::local("bob")).await;
    let (text, refused) = run_line(&f.club, "alice: /server puzzle hour:18", None).await;
    assert!(!refused, "{text}");
    assert!(text.contains("posted here each day at 18:00 UTC"), "{text}");
    // When 18:00 comes and the sweep runs, and carol types anything (the chat prints
    // what is owed)
    f.clock.advance(10 * 3600);
    f.club.sweep().await.unwrap();
    let dir = testkit::scratch("puzzle-chat-png");
    let (text, refused) = run_line(&f.club, "carol: /puzzle names off", Some(&dir)).await;
    // Then the post is printed in the channel with its board and numbered choices
    assert!(!refused, "{text}");
    assert!(
        text.contains("[in local] the position of the day:"),
        "{text}"
    );
    assert!(text.contains("to roll: double or not?"), "{text}");
    assert!(text.contains("1. no double\n2. double"), "{text}");
    let pngs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
        .collect();
    assert_eq!(pngs.len(), 1, "{text}");
    if let Ok(to) = std::env::var("PUZZLE_PNG") {
        std::fs::copy(pngs[0].path(), to).unwrap();
    }
    // When carol answers, then again
    let (text, refused) = run_line(&f.club, "carol: /puzzle answer double", None).await;
    assert!(!refused, "{text}");
    assert!(text.contains("double, is counted"), "{text}");
    let (text, refused) = run_line(&f.club, "carol: /puzzle answer 1", None).await;
    assert!(refused, "{text}");
    assert!(text.contains("your first answer stands"), "{text}");
}
