//! What players read: the words of the club's messages and the command paths that lead to
//! them (issue 16, items 4-6, 9-14 and 16). Driven through the local chat where the words
//! come from there, through the club otherwise.

use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, ClubError, Command, DiceSource, Look, MatchOp, MatchRef,
    Outcome, RngDice, TimeControl, duration_words, next_words,
};
use engine::welsh::{
    BreakReason, Parity, Throw, WelshAction, WelshMatch, WelshRules, resolve_welsh_play,
};
use engine::{AnyMatch, Position, ResignLevel, Ruleset, Side, Xgid};
use gammonbot::console::{HELP, parse_line, run_line};
use render::{CubeView, Scene, render_png, render_text};

use clubkit::{Fixture, ScriptDice, run};
use testkit::store_url;

const START: i64 = 1_800_000_000;

async fn open_with(name: &str, dice: Arc<dyn DiceSource>) -> Fixture {
    Fixture::open(&store_url(name).await, dice, START).await
}

async fn open(name: &str, seed: u64) -> Fixture {
    open_with(name, Arc::new(RngDice::seeded(seed))).await
}

async fn open_scripted(name: &str, dice: &[u8]) -> Fixture {
    open_with(name, Arc::new(ScriptDice::new(dice))).await
}

/// A chat line the club accepts; the text printed.
async fn say(f: &Fixture, line: &str) -> String {
    let (text, refused) = run_line(&f.club, line, None).await;
    assert!(!refused, "`{line}` was refused:\n{text}");
    text
}

/// A chat line the club refuses; the text printed.
async fn say_refused(f: &Fixture, line: &str) -> String {
    let (text, refused) = run_line(&f.club, line, None).await;
    assert!(refused, "`{line}` was accepted:\n{text}");
    text
}

async fn refused(f: &Fixture, name: &str, cmd: Command) -> ClubError {
    let before = f.store.fingerprint().await.unwrap();
    let e = match f.club.execute(&Actor::local(name), cmd.clone()).await {
        Ok(o) => panic!("{name}: {cmd:?} was accepted: {:?}", o.lines),
        Err(e) => e,
    };
    assert_eq!(
        before,
        f.store.fingerprint().await.unwrap(),
        "{cmd:?} changed the database"
    );
    e
}

/// alice challenges bob on `spec` and bob accepts: (match id, the outcome of the accept).
async fn started(f: &Fixture, spec: ChallengeSpec) -> (club::MatchNo, Outcome) {
    let (id, out) = clubkit::accepted(f, "alice", "bob", spec).await;
    // A money session's game waits for a player's opening throw.
    if out
        .next
        .as_ref()
        .is_some_and(|n| n.what.contains("opening throw"))
    {
        return (
            id,
            run(f, "alice", Command::Match(MatchRef::id(id), MatchOp::Roll)).await,
        );
    }
    (id, out)
}

/// The player to act plays the first legal play listed.
async fn play_first(f: &Fixture, id: club::MatchNo, out: &Outcome) -> Outcome {
    let next = out.next.clone().expect("someone to act");
    assert!(next.what.starts_with("move"), "{}", next.what);
    let m = MatchRef::id(id);
    let moves = f
        .club
        .legal_moves(&Actor::local(&next.name), m)
        .await
        .unwrap();
    run(
        f,
        &next.name,
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await
}

// Item 4 -------------------------------------------------------------------------------

#[tokio::test]
async fn item_04_a_welsh_break_is_explained_in_words_not_debug_text() {
    // Given each reason regulation D gives for a break, in words
    for (reason, words) in [
        (
            BreakReason::BothUnder35Minutes,
            "both clocks are under 35 minutes",
        ),
        (BreakReason::Backgammon, "a backgammon was scored"),
        (BreakReason::Reached(6), "a player has reached 6 games"),
        (BreakReason::Reached(24), "a player has reached 24 games"),
        (
            BreakReason::TimeForTea,
            "the last throw was 2-3 (time for tea)",
        ),
    ] {
        assert_eq!(reason.to_string(), words);
    }
    // When a live Welsh game ends with both clocks under 35 minutes (concealed throw 1-2:
    // bob wins the call; alice throws 1-1, bob 1-1: a wash by snakes)
    let f = open_scripted("msg_break_words", &[1, 2, 1, 1, 1, 1]).await;
    say(&f, "alice: /challenge bob rules:welsh clock:live").await;
    say(&f, "bob: /accept").await;
    f.clock.advance(69 * 60);
    say(&f, "bob: /call odds").await;
    say(&f, "bob: /choose opponent").await;
    f.clock.advance(36 * 60);
    say(&f, "alice: /roll").await;
    let moves = f
        .club
        .legal_moves(&Actor::local("alice"), MatchRef::id(1))
        .await
        .unwrap();
    say(&f, &format!("alice: /move {}", moves[0])).await;
    let text = say(&f, "bob: /roll").await;
    // Then the break is announced with its reason in words
    assert!(
        text.contains("Both players may take a ten-minute break: both clocks are under 35 minutes"),
        "{text}"
    );
    assert!(!text.contains("BothUnder35Minutes"), "{text}");
}

// Item 5 -------------------------------------------------------------------------------

#[test]
fn item_05_challenge_options_that_do_not_apply_are_refused_not_dropped() {
    for (line, phrase) in [
        ("alice: /challenge bob length:5 beavers:on", "beavers"),
        ("alice: /challenge bob beavers:on", "beavers"),
        ("alice: /challenge bob length:5 jacoby:off", "jacoby"),
        ("alice: /challenge bob length:5 stake:2", "stake"),
        ("alice: /challenge bob length:money crawford:on", "crawford"),
        ("alice: /challenge bob length:money holland:off", "holland"),
        ("alice: /challenge bob rules:welsh crawford:off", "crawford"),
        ("alice: /challenge bob move:0d", "move"),
        ("alice: /challenge bob clock:live", "clock:live"),
    ] {
        let e = parse_line(line).expect_err(line);
        assert!(e.0.contains(phrase), "`{line}`: `{}` lacks `{phrase}`", e.0);
    }
    // Options that apply still work
    for line in [
        "alice: /challenge bob length:money beavers:on jacoby:off stake:1.50",
        "alice: /challenge bob length:5 crawford:off holland:on move:1d",
        "alice: /challenge bob rules:welsh length:11 clock:live",
    ] {
        assert!(parse_line(line).is_ok(), "{line}");
    }
}

#[tokio::test]
async fn item_05_length_0_names_money_play_and_the_club_refuses_terms_that_do_not_apply() {
    let f = open("msg_options", 1).await;
    // Leaving the length out gives 7 points: the refusal says how to ask for money play
    let text = say_refused(&f, "alice: /challenge bob length:0").await;
    assert!(!text.contains("leave the length out"), "{text}");
    assert!(text.contains("length:money"), "{text}");
    // Terms built elsewhere (the Discord options) are refused by the club too
    let mut beavers = ChallengeSpec::standard(Some(5));
    beavers.beavers = true;
    let mut crawford = ChallengeSpec::standard(None);
    crawford.crawford = true;
    let mut no_time = ChallengeSpec::standard(Some(5));
    no_time.time.per_move = 0;
    for (spec, phrase) in [
        (beavers, "beavers"),
        (crawford, "Crawford"),
        (no_time, "time a move"),
    ] {
        let cmd = Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        });
        let e = refused(&f, "alice", cmd).await;
        assert!(e.to_string().contains(phrase), "{e}");
    }
}

// Item 6 -------------------------------------------------------------------------------

#[tokio::test]
async fn item_06_take_with_no_double_offered_says_no_double_is_waiting() {
    let f = open("msg_take", 3).await;
    let (id, out) = started(&f, ChallengeSpec::standard(Some(5))).await;
    let m = MatchRef::id(id);
    // The mover has dice to play: he has no double to take
    let mover = out.next.clone().unwrap().name;
    let e = refused(&f, &mover, Command::Match(m, MatchOp::Take)).await;
    assert!(e.to_string().contains("no double is waiting"), "{e}");
    // After his play, his opponent is to roll or double: no double to take either
    let out = play_first(&f, id, &out).await;
    let next = out.next.unwrap();
    assert_eq!(next.what, "roll or double");
    for cmd in [
        Command::Match(m, MatchOp::Take),
        Command::Match(m, MatchOp::Drop),
    ] {
        let e = refused(&f, &next.name, cmd).await;
        assert!(e.to_string().contains("no double is waiting"), "{e}");
        assert!(!e.to_string().contains("roll first"), "{e}");
    }
}

// Item 9 -------------------------------------------------------------------------------

#[tokio::test]
async fn item_09_only_a_help_command_prints_the_help() {
    let f = open("msg_help", 1).await;
    assert_eq!(say(&f, "alice: /help").await, format!("{HELP}\n"));
    assert_eq!(say(&f, "/help").await, format!("{HELP}\n"));
    let text = say_refused(&f, "alice: /move 13/help").await;
    assert!(!text.contains("name is who speaks"), "{text}");
}

// Item 10 ------------------------------------------------------------------------------

#[tokio::test]
async fn item_10_a_name_typed_in_another_case_is_the_same_player_and_keeps_his_name() {
    let f = open("msg_names", 1).await;
    say(&f, "alice: /challenge bob").await;
    // When they are named in other cases
    let text = say(&f, "Alice: /games").await;
    assert!(text.contains("#1 alice v bob"), "{text}");
    say(&f, "alice: /challenge Bob length:3").await;
    say(&f, "BOB: /games").await;
    // Then they are the same players, under the names they first had
    for (id, name) in [("alice", "alice"), ("bob", "bob")] {
        let p = f.store.find_player("local", id).await.unwrap().unwrap();
        assert_eq!(p.display_name, name);
    }
    let text = say(&f, "bob: /games").await;
    assert!(text.contains("#2 alice v bob"), "{text}");
}

// Item 11 ------------------------------------------------------------------------------

#[tokio::test]
async fn item_11_a_version_from_the_future_is_said_not_to_exist_yet() {
    let f = open("msg_future", 1).await;
    let (id, out) = started(&f, ChallengeSpec::standard(Some(5))).await;
    let now = out.version.unwrap();
    let mover = out.next.unwrap().name;
    let e = refused(
        &f,
        &mover,
        Command::Look(Look::Board(MatchRef {
            id: Some(id),
            version: Some(999),
        })),
    )
    .await
    .to_string();
    assert!(!e.contains("moved on"), "{e}");
    assert!(
        e.contains("no version 999 yet") && e.contains(&format!("#{id}@{now}")),
        "{e}"
    );
}

#[tokio::test]
async fn item_11_the_board_footer_and_games_show_the_version_to_use() {
    let f = open("msg_version", 1).await;
    let (id, out) = started(&f, ChallengeSpec::standard(Some(5))).await;
    let at = format!("#{id}@{}", out.version.unwrap());
    let board = render_text(out.board.as_ref().unwrap());
    assert!(board.contains(&at), "{board}");
    let games = run(&f, "alice", Command::Look(Look::Games))
        .await
        .lines
        .join("\n");
    assert!(games.contains(&at), "{games}");
    // And that version is one a command takes
    run(
        &f,
        "alice",
        Command::Look(Look::Board(MatchRef {
            id: Some(id),
            version: out.version,
        })),
    )
    .await;
}

// Item 12 ------------------------------------------------------------------------------

/// A 3-point match with a minute a move, no bank, a reminder 30 seconds before.
fn minute_a_move() -> ChallengeSpec {
    let mut spec = ChallengeSpec::standard(Some(3));
    spec.time = TimeControl {
        per_move: 60,
        bank: 0,
        remind_before: 30,
    };
    spec
}

#[tokio::test]
async fn item_12_a_reminder_under_a_minute_says_the_seconds_left() {
    assert_eq!(duration_words(30), "30 seconds");
    assert_eq!(duration_words(1), "1 second");
    assert_eq!(duration_words(90), "1 minute");
    let f = open("msg_remind", 1).await;
    started(&f, minute_a_move()).await;
    f.clock.advance(31);
    let n = f.club.sweep().await.unwrap();
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].text.contains("29 seconds left"), "{}", n[0].text);
    assert!(!n[0].text.contains("0 minutes"), "{}", n[0].text);
}

#[tokio::test]
async fn item_12_a_forfeit_is_announced_once_in_the_channel() {
    let f = open("msg_forfeit", 1).await;
    started(&f, minute_a_move()).await;
    f.clock.advance(61);
    let n = f.club.sweep().await.unwrap();
    let in_channel: Vec<_> = n.iter().filter(|n| !n.channel.is_empty()).collect();
    assert_eq!(in_channel.len(), 1, "{n:?}");
    assert!(in_channel[0].text.contains("ran out of time"), "{n:?}");
}

// Item 13 ------------------------------------------------------------------------------

#[tokio::test]
async fn item_13_dice_are_written_high_die_dash_low_die_in_refusals_too() {
    let f = open("msg_dice", 5).await;
    let (id, out) = started(&f, ChallengeSpec::standard(Some(5))).await;
    let next = out.next.unwrap();
    let dice = next.what.strip_prefix("move ").unwrap().to_string();
    assert!(dice.len() == 3 && dice.as_bytes()[1] == b'-', "{dice}");
    let e = refused(
        &f,
        &next.name,
        Command::Match(MatchRef::id(id), MatchOp::Roll),
    )
    .await;
    assert!(e.to_string().contains(&format!("rolled {dice}")), "{e}");
}

fn crawford_scene() -> Scene {
    // alice 2, bob 0 in a 3-point match: the Crawford game.
    let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:0:1:3:10"
        .parse()
        .unwrap();
    let mut s = Scene::from_xgid(&x, Ruleset::Standard, Some(Side::X));
    s.names = ["alice".into(), "bob".into()];
    s
}

#[test]
fn item_13_the_crawford_game_is_named_once() {
    let text = render_text(&crawford_scene());
    assert_eq!(text.matches("Crawford").count(), 1, "{text}");
}

#[tokio::test]
async fn item_13_after_a_beaver_the_lines_and_the_board_say_beavers_to_4() {
    let f = open("msg_beaver", 2).await;
    let mut spec = ChallengeSpec::standard(None);
    spec.beavers = true;
    let (id, out) = started(&f, spec).await;
    let m = MatchRef::id(id);
    let out = play_first(&f, id, &out).await;
    let doubler = out.next.unwrap().name;
    let other = if doubler == "alice" { "bob" } else { "alice" };
    run(&f, &doubler, Command::Match(m, MatchOp::Double)).await;
    let out = run(&f, other, Command::Match(m, MatchOp::Beaver)).await;
    assert!(
        out.lines.contains(&format!("{other} beavers to 4")),
        "{:?}",
        out.lines
    );
    let scene = out.board.unwrap();
    let text = render_text(&scene);
    assert!(text.contains(&format!("{other} beavers to 4")), "{text}");
    // The picture's badge differs from a plain double's
    let CubeView::Beavered { value, by } = scene.cube else {
        panic!("{:?}", scene.cube)
    };
    let mut doubled = scene.clone();
    doubled.cube = CubeView::Offered { value, by };
    assert_ne!(render_png(&scene).unwrap(), render_png(&doubled).unwrap());
}

#[tokio::test]
async fn item_13_the_final_board_says_who_won() {
    let f = open("msg_final", 1).await;
    let (id, _) = started(&f, ChallengeSpec::standard(Some(1))).await;
    let m = MatchRef::id(id);
    run(
        &f,
        "alice",
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    let out = run(&f, "bob", Command::Match(m, MatchOp::AcceptResign)).await;
    let text = render_text(out.board.as_ref().unwrap());
    assert!(text.contains("bob won the match 1-0"), "{text}");
}

// Item 14 ------------------------------------------------------------------------------

#[test]
fn item_14_throw_works_as_well_as_roll_and_onedie_is_the_one_die_throw() {
    let (_, cmd) = parse_line("alice: /throw #2").unwrap().unwrap();
    assert_eq!(cmd, Command::Match(MatchRef::id(2), MatchOp::Roll));
    let (_, cmd) = parse_line("alice: /onedie").unwrap().unwrap();
    assert_eq!(cmd, Command::Match(MatchRef::default(), MatchOp::RollOne));
    assert!(
        HELP.contains("/throw") && HELP.contains("/onedie"),
        "{HELP}"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("/onedie"));
}

#[test]
fn item_14_the_1_2_prompt_names_reroll() {
    let m = WelshMatch::at(WelshRules::default(), Position::start(), Side::X, [0, 0]).unwrap();
    let (m, _) = m.apply(Side::X, &WelshAction::Roll(1, 2)).unwrap();
    let words = next_words(&AnyMatch::Welsh(m));
    assert!(words.contains("/reroll: throw the 1-2 again"), "{words}");
}

#[test]
fn item_14_a_welsh_illegal_move_says_why() {
    let board = Position::start().view(Side::X);
    let e = resolve_welsh_play(&board, Throw::Two(6, 5), "20/14 13/8").unwrap_err();
    assert!(e.contains("no man on 20"), "{e}");
    let e = resolve_welsh_play(&board, Throw::Two(6, 5), "24/18").unwrap_err();
    assert!(
        e.contains("as many of the values") && e.contains("6-5"),
        "{e}"
    );
}

#[tokio::test]
async fn item_14_export_of_a_welsh_match_is_a_documented_text_record() {
    let f = open("msg_welsh_export", 1).await;
    let (id, _) = started(&f, ChallengeSpec::welsh(5)).await;
    let m = MatchRef::id(id);
    run(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    let out = run(&f, "alice", Command::Look(Look::Export(m))).await;
    let a = out.attachment.expect("a file");
    assert_eq!(a.name, format!("match-{id}.txt"));
    assert!(a.text.contains("gnubg cannot read"), "{}", a.text);
    assert!(a.text.contains("docs/welsh-record.md"), "{}", a.text);
    assert!(a.text.contains("calls odds"), "{}", a.text);
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/welsh-record.md"))
        .unwrap();
    assert!(doc.contains("gnubg"), "{doc}");
}

// Item 16 ------------------------------------------------------------------------------

#[tokio::test]
async fn item_16_accept_with_one_challenge_waiting_and_an_active_match_accepts_the_challenge() {
    let f = open("msg_accept", 1).await;
    let (id, mut out) = started(&f, ChallengeSpec::standard(Some(5))).await;
    // Given the active match waits on bob
    while out.next.as_ref().unwrap().name != "bob" {
        out = play_first(&f, id, &out).await;
    }
    // And alice challenges him again
    let second = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::welsh(5),
        }),
    )
    .await
    .match_id
    .unwrap();
    // When bob accepts without naming the match, the challenge is accepted
    let out = run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::default())),
    )
    .await;
    assert_eq!(out.match_id, Some(second));
}

#[tokio::test]
async fn item_10_a_player_asks_for_his_name_to_be_written_otherwise() {
    let f = open("msg_rename", 1).await;
    say(&f, "alice: /challenge bob").await;
    // In the local chat the name is the identity: only its case may change, on request
    let text = say(&f, "ALICE: /name Alice").await;
    assert!(text.contains("alice is now called Alice"), "{text}");
    let p = f
        .store
        .find_player("local", "alice")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(p.display_name, "Alice");
    let text = say_refused(&f, "alice: /name Carol").await;
    assert!(text.contains("only its case"), "{text}");
    let text = say(&f, "bob: /games").await;
    assert!(text.contains("#1 Alice v bob"), "{text}");
}
