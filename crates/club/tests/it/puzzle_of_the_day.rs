//! The position of the day (issue 49): a server that asked for it gets one post a UTC day
//! at its hour, taken from its analysed matches (a recent mistake with a clear best
//! answer, never posted before), and not again after a restart; a player is named only
//! if he allowed it; an answer is counted once per player; the next post gives the
//! solution, the share who solved it and the solvers' table; a server without the
//! setting, or without a suitable position that day, gets nothing. The analyses are
//! stored with chosen decisions (`clubkit::drills`), except the Welsh one, played and
//! judged by the Welsh player.

use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, Club, ClubError, Command, DAY, DailyPuzzle, DrillChoice, MatchRef, Owed,
    Posted, PracticeRefusal, PuzzleOp, PuzzleSetting, RngDice,
};
use clubkit::drills::drill_match;
use clubkit::{Fixture, START, accepted, run};
use engine::Side;
use testkit::store_url;

const HOUR: i64 = 3600;
/// 18:00 UTC on the fixture's first day (it starts at 08:00 UTC).
const SIX_PM: i64 = START + 10 * HOUR;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 21).await
}

fn at(f: &Fixture, t: i64) {
    f.clock.advance(t - f.club.now());
}

fn local(name: &str) -> Actor {
    Actor::local(name)
}

/// The position of the day set here (the local chat's channel) at `hour` UTC.
async fn set_puzzle(f: &Fixture, hour: i64) {
    let out = run(
        f,
        "alice",
        Command::ServerPuzzle(Some(PuzzleSetting::On {
            channel: "local".into(),
            hour,
        })),
    )
    .await;
    assert!(
        out.lines[0].contains(&format!("each day at {hour:02}:00 UTC")),
        "{:?}",
        out.lines
    );
}

/// Everything owed now, posted: the positions of the day among it.
async fn posted(club: &Club) -> Vec<DailyPuzzle> {
    let mut puzzles = Vec::new();
    loop {
        let batch = club.outbox_claim(50).await.unwrap();
        if batch.is_empty() {
            return puzzles;
        }
        let mut done = Vec::new();
        for d in batch {
            if let Owed::Puzzle(p) = &d.what {
                puzzles.push((**p).clone());
            }
            done.push((d, Posted::Done("m".into())));
        }
        club.outbox_done_all(&done).await.unwrap();
    }
}

/// The sweep run at `t`, and the positions of the day it owed.
async fn sweep_at(f: &Fixture, club: &Club, t: i64) -> Vec<DailyPuzzle> {
    at(f, t);
    club.sweep().await.unwrap();
    posted(club).await
}

fn answer(choice: &str) -> Command {
    Command::Puzzle(PuzzleOp::Answer {
        puzzle: None,
        choice: DrillChoice::Typed(choice.into()),
    })
}

async fn refused(f: &Fixture, who: &str, cmd: Command) -> PracticeRefusal {
    match f.club.execute(&local(who), cmd).await {
        Err(ClubError::Refused(r)) => match r {
            club::Refusal::Practice(p) => p,
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn the_position_of_the_day_is_posted_once_a_day_at_its_hour_and_not_again_after_a_restart() {
    // Given two analysed matches (each: a 3-1 misplayed by 0.09 with a close second
    // best, and a double missed by 0.12) and the position of the day at 18:00 UTC
    let f = open("puzzle-daily").await;
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    drill_match(&f.club, &local("carol"), &local("dave")).await;
    set_puzzle(&f, 18).await;
    // When the sweep runs at 17:59: nothing
    assert!(sweep_at(&f, &f.club, SIX_PM - 60).await.is_empty());
    // At 18:00: one post, a missed double (a 3-1's best is not clear enough)
    let day1 = sweep_at(&f, &f.club, SIX_PM).await;
    assert_eq!(day1.len(), 1);
    let p = &day1[0];
    let text = p.lines.join("\n");
    assert!(text.starts_with("Position of the day #"), "{text}");
    assert!(text.contains("to roll: double or not?"), "{text}");
    assert!(p.ask.cube, "{text}");
    assert_eq!(p.ask.options, ["no double", "double"]);
    assert!(p.board.is_some());
    assert_eq!(p.channel, "local");
    // Later the same day: none again, though the other double is there to post
    assert!(sweep_at(&f, &f.club, SIX_PM + 2 * HOUR).await.is_empty());
    // Nor after a restart on the same database the same day
    let again = Club::new(
        f.store.clone(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    );
    assert!(sweep_at(&f, &again, SIX_PM + 3 * HOUR).await.is_empty());
    // The next day at 18:00: the other double
    assert!(sweep_at(&f, &again, SIX_PM + DAY - 60).await.is_empty());
    let day2 = sweep_at(&f, &again, SIX_PM + DAY).await;
    assert_eq!(day2.len(), 1);
    assert_ne!(day2[0].ask.puzzle, p.ask.puzzle);
    // The day after: no position left with a clear best answer, so nothing, and no word
    let before = f.store.outbox_size().await.unwrap();
    assert!(sweep_at(&f, &again, SIX_PM + 2 * DAY).await.is_empty());
    assert_eq!(f.store.outbox_size().await.unwrap().0, before.0);
    // And a new match's double is posted the next day, not the same day
    drill_match(&again, &local("erin"), &local("frank")).await;
    assert!(
        sweep_at(&f, &again, SIX_PM + 2 * DAY + HOUR)
            .await
            .is_empty()
    );
    assert_eq!(sweep_at(&f, &again, SIX_PM + 3 * DAY).await.len(), 1);
}

#[tokio::test]
async fn a_post_owed_before_a_restart_is_posted_after_it_once() {
    // Given the day's post written to the outbox, the bot stopped before posting it
    let f = open("puzzle-restart-owed").await;
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    set_puzzle(&f, 18).await;
    at(&f, SIX_PM);
    f.club.sweep().await.unwrap();
    // When a new club on the same database sweeps again and posts what is owed
    let again = Club::new(
        f.store.clone(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    );
    let posts = sweep_at(&f, &again, SIX_PM + 60).await;
    // Then the day's post is posted once
    assert_eq!(posts.len(), 1);
    assert!(sweep_at(&f, &again, SIX_PM + 120).await.is_empty());
}

#[tokio::test]
async fn a_player_is_named_only_if_he_allowed_it() {
    // Given alice's and bob's analysed match, neither allowing his name
    let f = open("puzzle-names").await;
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    set_puzzle(&f, 18).await;
    // When the day's position is posted
    let day1 = sweep_at(&f, &f.club, SIX_PM).await;
    // Then neither is named, in the words or on the board: their colours stand for them
    let text = day1[0].lines.join("\n");
    for name in ["alice", "bob"] {
        assert!(!text.contains(name), "{text}");
    }
    assert!(
        text.contains("White to roll") || text.contains("Black to roll"),
        "{text}"
    );
    let board = day1[0].board.as_ref().unwrap();
    assert!(
        board.names.iter().all(|n| n == "White" || n == "Black"),
        "{:?}",
        board.names
    );
    // When alice allows hers, and her next match's position is posted
    let out = run(&f, "alice", Command::Puzzle(PuzzleOp::Names(true))).await;
    assert!(out.lines[0].contains("may be shown"), "{:?}", out.lines);
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    let day2 = sweep_at(&f, &f.club, SIX_PM + DAY).await;
    // Then she is named, and bob still is not
    let text = day2[0].lines.join("\n");
    assert!(text.contains("alice to roll: double or not?"), "{text}");
    assert!(!text.contains("bob"), "{text}");
    let board = day2[0].board.as_ref().unwrap();
    assert!(board.names.contains(&"alice".to_string()));
    assert!(!board.names.contains(&"bob".to_string()));
    // And once she withdraws it, she is not named again (shown by /puzzle)
    run(&f, "alice", Command::Puzzle(PuzzleOp::Names(false))).await;
    let shown = run(&f, "carol", Command::Puzzle(PuzzleOp::Show)).await;
    let text = shown.lines.join("\n");
    assert!(!text.contains("alice"), "{text}");
}

#[tokio::test]
async fn an_answer_is_counted_once_and_the_next_post_gives_the_solution_the_share_and_the_solvers()
{
    // Given two analysed matches, the first one's double posted today
    let f = open("puzzle-answers").await;
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    set_puzzle(&f, 18).await;
    let day1 = sweep_at(&f, &f.club, SIX_PM).await;
    let first = day1[0].ask.puzzle;
    // When bob answers double (right), then no double
    let out = run(&f, "bob", answer("double")).await;
    assert!(
        out.lines[0].contains(&format!(
            "Your answer to position of the day #{first}, double, is counted"
        )),
        "{:?}",
        out.lines
    );
    let before = f.store.fingerprint().await.unwrap();
    let r = refused(&f, "bob", answer("no double")).await;
    // Then the second answer is refused, his first standing, nothing changed
    assert!(
        matches!(&r, PracticeRefusal::PuzzleAnswered { first: w, .. } if w == "double"),
        "{r:?}"
    );
    assert!(r.to_string().contains("your first answer stands"), "{r}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // And carol answers no double (wrong), dave a choice not listed (refused)
    run(&f, "carol", answer("no double")).await;
    let r = refused(&f, "dave", answer("7")).await;
    assert!(r.to_string().contains("a number from 1 to 2"), "{r}");
    // When the next day's position is posted
    drill_match(&f.club, &local("erin"), &local("frank")).await;
    let day2 = sweep_at(&f, &f.club, SIX_PM + DAY).await;
    assert_eq!(day2.len(), 1);
    let text = day2[0].lines.join("\n");
    // Then it starts with the solution, each choice's loss, the share, the solvers
    assert!(
        text.starts_with(&format!(
            "The solution of position of the day #{first}: double."
        )),
        "{text}"
    );
    assert!(text.contains("1. double: best"), "{text}");
    assert!(
        text.contains("2. no double: -0.120 (played in the match)"),
        "{text}"
    );
    assert!(text.contains("1 of 2 solved it."), "{text}");
    assert!(
        text.contains("Puzzles solved on this server:\n1. bob: 1"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Position of the day #{}", day2[0].ask.puzzle)),
        "{text}"
    );
    // And yesterday's is closed to answers
    let late = Command::Puzzle(PuzzleOp::Answer {
        puzzle: Some(first),
        choice: DrillChoice::Number(2),
    });
    let r = refused(&f, "carol", late).await;
    assert!(
        matches!(r, PracticeRefusal::PuzzleClosed { puzzle } if puzzle == first),
        "{r:?}"
    );
}

#[tokio::test]
async fn a_server_without_the_position_of_the_day_gets_none() {
    // Given an analysed match on a server that never set it, and one that turned it off
    let f = open("puzzle-none").await;
    drill_match(&f.club, &local("alice"), &local("bob")).await;
    assert!(sweep_at(&f, &f.club, SIX_PM).await.is_empty());
    set_puzzle(&f, 20).await;
    let out = run(&f, "alice", Command::ServerPuzzle(Some(PuzzleSetting::Off))).await;
    assert!(
        out.lines[0].starts_with("No position of the day here"),
        "{:?}",
        out.lines
    );
    assert!(sweep_at(&f, &f.club, SIX_PM + 3 * HOUR).await.is_empty());
    // And an hour not of a day is refused
    let bad = Command::ServerPuzzle(Some(PuzzleSetting::On {
        channel: "local".into(),
        hour: 24,
    }));
    assert!(matches!(
        refused(&f, "alice", bad).await,
        PracticeRefusal::PuzzleHour { hour: 24 }
    ));
    // And /puzzle says there is none
    assert!(matches!(
        refused(&f, "alice", Command::Puzzle(PuzzleOp::Show)).await,
        PracticeRefusal::NoPuzzle
    ));
}

/// A Welsh match to one game played to its end by the Welsh player at its weak level,
/// judged by the Welsh player: one of its mistakes can be the position of the day,
/// drawn as a Welsh board and answered as its drill card is.
#[tokio::test]
async fn a_welsh_position_can_be_the_position_of_the_day() {
    let f = open("puzzle-welsh").await;
    let (id, _) = accepted(&f, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        welsh_player::EvalPlayer::new(net, welsh_player::Level::Weak, 11),
        welsh_player::EvalPlayer::new(net, welsh_player::Level::Weak, 12),
    );
    clubkit::play_welsh_to_end(&f.store, id, [&mut x, &mut o], async |side, cmd| {
        run(&f, if side == Side::X { "alice" } else { "bob" }, cmd).await;
    })
    .await;
    run(&f, "alice", Command::Analyse(MatchRef::id(id))).await;
    let report = f.club.run_next_analysis().await.unwrap().unwrap();
    assert!(!report.failed, "{:?}", report.lines);
    set_puzzle(&f, 18).await;
    let posts = sweep_at(&f, &f.club, SIX_PM).await;
    assert_eq!(posts.len(), 1, "no Welsh mistake with a clear best answer");
    let text = posts[0].lines.join("\n");
    assert!(text.contains("from a Welsh match on this server"), "{text}");
    assert!(text.contains("Welsh player at its strong level"), "{text}");
    assert!(posts[0].board.as_ref().unwrap().welsh.is_some());
    let out = run(&f, "carol", answer("1")).await;
    assert!(out.lines[0].contains("is counted"), "{:?}", out.lines);
}
