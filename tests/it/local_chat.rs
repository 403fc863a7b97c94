//! `gammonbot local`: the chat's line reader, and the binary run on scripts end to end.

use std::process::Command as Process;

use club::{ChallengeOp, Command, MatchOp, MatchRef, PracticeOp, Starter};
use clubkit::assert_match_rebuilds;
use engine::welsh::{NominateFor, Parity};
use engine::{ResignLevel, Ruleset};
use gammonbot::console::parse_line;
use testkit::{scratch, store_url};

fn parsed(line: &str) -> (String, Command) {
    parse_line(line).unwrap().unwrap()
}

#[test]
fn chat_lines_become_club_commands() {
    let (name, cmd) = parsed("alice: /challenge bob rules:welsh length:11 clock:live");
    assert_eq!(name, "alice");
    let Command::Challenge(ChallengeOp::New { opponent, spec }) = cmd else {
        panic!()
    };
    assert_eq!(opponent, "bob");
    assert_eq!((spec.ruleset, spec.length), (Ruleset::Welsh, Some(11)));
    assert_eq!(spec.time.bank, 70 * 60);
    let (_, cmd) =
        parsed("bob: /challenge alice length:money beavers:on stake:2.50 move:1d bank:3d");
    let Command::Challenge(ChallengeOp::New { spec, .. }) = cmd else {
        panic!()
    };
    assert_eq!((spec.length, spec.beavers, spec.stake), (None, true, 250));
    assert_eq!((spec.time.per_move, spec.time.bank), (86_400, 3 * 86_400));
    assert_eq!(
        parsed("bob: /move #12 13/7 8/7").1,
        Command::Match(MatchRef::id(12), MatchOp::Move("13/7 8/7".into()))
    );
    assert_eq!(
        parsed("bob: /roll #3@17").1,
        Command::Match(
            MatchRef {
                id: Some(3.into()),
                version: Some(17)
            },
            MatchOp::Roll
        )
    );
    assert_eq!(
        parsed("carol: /nominate opponent 2-1").1,
        Command::Match(
            MatchRef::default(),
            MatchOp::Nominate(NominateFor::Opponent, (2, 1))
        )
    );
    assert_eq!(
        parsed("carol: /call evens").1,
        Command::Match(MatchRef::default(), MatchOp::Call(Parity::Even))
    );
    assert_eq!(
        parsed("carol: /choose me").1,
        Command::Match(MatchRef::default(), MatchOp::Choose(Starter::Me))
    );
    assert_eq!(
        parsed("carol: /resign gammon").1,
        Command::Match(MatchRef::default(), MatchOp::Resign(ResignLevel::Gammon))
    );
    assert_eq!(
        parsed("carol: /concede 3 payment").1,
        Command::Match(
            MatchRef::default(),
            MatchOp::Concede {
                games: 3,
                payment: true
            }
        )
    );
    assert_eq!(parse_line("   "), Ok(None));
    assert_eq!(parse_line("# a comment"), Ok(None));
}

#[test]
fn unreadable_chat_lines_say_how_to_write_them() {
    for (line, phrase) in [
        ("alice /roll", "write `name: /command`"),
        ("alice: roll", "commands start with /"),
        ("alice: /fly", "unknown command /fly"),
        ("alice: /challenge", "whom?"),
        ("alice: /challenge bob length:seven", "a number of points"),
        ("alice: /challenge bob rules:chess", "standard or welsh"),
        ("alice: /challenge bob colour:red", "unknown option"),
        ("alice: /challenge bob stake:1.005", "not an amount"),
        ("alice: /challenge bob move:3weeks", "a duration ends in"),
        (
            "alice: /challenge bob rules:welsh length:money",
            "number of games",
        ),
        ("alice: /roll #x", "not a match number"),
        ("alice: /roll now", "takes no more words"),
        ("alice: /move", "which play?"),
        ("alice: /nominate me 7", "not a throw"),
        ("alice: /call maybe", "/call odds"),
        ("al ice: /roll", "one word"),
    ] {
        let e = parse_line(line).unwrap_err();
        assert!(e.0.contains(phrase), "`{line}`: `{}` lacks `{phrase}`", e.0);
    }
}

#[tokio::test]
async fn the_welsh_bot_is_challenged_in_the_local_chat_at_its_levels() {
    use club::BotLevel;
    use welsh_player::Level;
    // Given the ways a player names the Welsh player's levels (none: the club's default)
    for (line, level) in [
        (
            "alice: /challenge bot rules:welsh level:medium",
            Some(BotLevel::Welsh(Level::Medium)),
        ),
        (
            "alice: /challenge bot level:Weak rules:welsh length:3",
            Some(BotLevel::Welsh(Level::Weak)),
        ),
        ("alice: /challenge bot rules:welsh", None),
    ] {
        // When the chat reads the challenge, then the level is in the terms
        let Command::Challenge(ChallengeOp::New { opponent, spec }) = parsed(line).1 else {
            panic!("{line}")
        };
        assert_eq!(
            (opponent.as_str(), spec.ruleset, spec.bot),
            ("bot", Ruleset::Welsh, level),
            "{line}"
        );
    }
    // And a name that is no level of either player is refused, naming both
    let e = parse_line("alice: /challenge bot level:hard").unwrap_err();
    assert!(e.0.contains("weak, medium or strong"), "{}", e.0);
    // When alice challenges the bot in Welsh in the local chat
    let f = clubkit::Fixture::open(
        &store_url("local-welsh-bot").await,
        std::sync::Arc::new(club::RngDice::seeded(3)),
        1_800_000_000,
    )
    .await;
    let (text, refused) = gammonbot::console::run_line(
        &f.club,
        "alice: /challenge bot rules:welsh level:medium length:3",
        None,
    )
    .await;
    // Then the bot accepts at once, its Welsh player at the medium level
    assert!(!refused, "{text}");
    assert!(text.contains("gammonbot accepts match #1"), "{text}");
    assert!(text.contains("Welsh player at medium level"), "{text}");
    // And a GNU Backgammon level with Welsh rules is refused, saying whose levels apply
    let (text, refused) = gammonbot::console::run_line(
        &f.club,
        "alice: /challenge bot rules:welsh level:expert",
        None,
    )
    .await;
    assert!(refused, "{text}");
    assert!(text.contains("plays standard backgammon only"), "{text}");
    assert!(text.contains("weak, medium or strong"), "{text}");
}

#[test]
fn the_bot_is_challenged_with_a_level_and_practice_commands_are_read() {
    // Given the ways a player writes gnubg's levels, "world class" with its space too
    for (line, level) in [
        ("alice: /challenge bot level:expert", gnubg::Level::Expert),
        (
            "alice: /challenge bot level:world-class length:3",
            gnubg::Level::WorldClass,
        ),
        (
            "alice: /challenge bot level:world_class",
            gnubg::Level::WorldClass,
        ),
        (
            "alice: /challenge bot level:WorldClass",
            gnubg::Level::WorldClass,
        ),
        (
            "alice: /challenge bot level:world class tutor:on",
            gnubg::Level::WorldClass,
        ),
        (
            "alice: /challenge bot length:5 level:beginner",
            gnubg::Level::Beginner,
        ),
    ] {
        // When the chat reads the challenge, then the bot's level is in the terms
        let Command::Challenge(ChallengeOp::New { opponent, spec }) = parsed(line).1 else {
            panic!("{line}")
        };
        assert_eq!(
            (opponent.as_str(), spec.bot),
            ("bot", Some(level.into())),
            "{line}"
        );
    }
    let Command::Challenge(ChallengeOp::New { spec, .. }) =
        parsed("alice: /challenge bob practice:on tutor:on rated:off").1
    else {
        panic!()
    };
    assert!(spec.practice && spec.tutor && spec.bot.is_none());
    assert_eq!(
        parsed("bob: /hint #4").1,
        Command::Practice(MatchRef::id(4), PracticeOp::Hint)
    );
    assert_eq!(
        parsed("bob: /undo").1,
        Command::Practice(MatchRef::default(), PracticeOp::Undo)
    );
    assert_eq!(
        parsed("bob: /keep #2").1,
        Command::Practice(MatchRef::id(2), PracticeOp::Keep)
    );
    // And a level gnubg does not have, or a bad switch, is refused naming the choices
    for (line, phrase) in [
        (
            "alice: /challenge bot level:grandmaster",
            "level: `grandmaster` is not a GNU Backgammon level: choose beginner",
        ),
        (
            "alice: /challenge bot level:world",
            "`world` is not a GNU Backgammon level",
        ),
        (
            "alice: /challenge bob practice:maybe",
            "practice: say on or off",
        ),
        ("alice: /challenge bob tutor:2", "tutor: say on or off"),
        ("alice: /hint now", "/hint takes no more words"),
    ] {
        let e = parse_line(line).unwrap_err();
        assert!(e.0.contains(phrase), "`{line}`: `{}` lacks `{phrase}`", e.0);
    }
}

/// Runs `gammonbot local` on `script` with a fresh database; (exit ok, stdout, stderr).
fn run_script(name: &str, script: &str) -> (bool, String, String) {
    let dir = scratch(&format!("local-{name}"));
    let (db, file) = (dir.join("chat.db"), dir.join("script.txt"));
    std::fs::write(&file, script).unwrap();
    let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["local", "--dice-seed", "42", "--db"])
        .arg(&db)
        .arg("--script")
        .arg(&file)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const OPENING: &str = "\
# alice challenges bob to a 3-point match
alice: /challenge bob length:3
! alice: /accept
bob: /accept
! carol: /roll #1
";

#[test]
fn a_script_plays_through_the_binary_and_prints_the_transcript() {
    // First run: learn who is on roll and his legal plays (seeded dice: the same next time).
    let (ok, out, err) = run_script("learn", &format!("{OPENING}bob: /moves\n"));
    assert!(ok, "{out}\n{err}");
    let next = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("-> "))
        .expect("who acts next");
    let player = next.split_whitespace().next().unwrap().to_string();
    let plays = out
        .lines()
        .find_map(|l| l.strip_prefix("Legal plays: "))
        .expect("the legal plays");
    let first = plays.split(", ").next().unwrap().to_string();
    let other = if player == "alice" { "bob" } else { "alice" };
    // Second run: the whole script with a real move in it.
    let script = format!(
        "{OPENING}! {other}: /move {first}\n! {player}: /move 24/1\n{player}: /move {first}\n\
         alice: /board\nbob: /games\nalice: /history\nalice: /export\n\
         ! alice: /challenge alice\nalice: /challenge bob rules:welsh length:5\nbob: /accept #2\n\
         bob: /call odds\nalice: /pot bob\nbob: /ledger\n"
    );
    let (ok, out, err) = run_script("full", &script);
    assert!(ok, "{out}\n{err}");
    for expected in [
        "> alice: /challenge bob length:3",
        "Match #1: alice challenges bob to a 3-point match (Crawford), 2 days a move + 5 days bank",
        "!! only bob can accept this challenge",
        "bob accepts match #1",
        "wins the opening throw with",
        "!! match #1 is between alice and bob; only they can act on it",
        &format!("!! it is {player}'s turn"),
        &format!("{player} plays "),
        " +13-14-15-16-17-18------19-20-21-22-23-24-+",
        "#1 alice v bob, a 3-point match (Crawford)",
        "alice challenges bob",
        "--- match-1.mat ---",
        "!! you cannot challenge yourself",
        "Match #2: alice challenges bob to Welsh backgammon to 5 games",
        "bob calls odds; the concealed throw is",
        "wins the call and chooses who starts",
        "Scoop-pot alice and bob: 0 games since the last backgammon",
        "Balance for bob: 0.00",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in:\n{out}");
    }
    assert!(err.is_empty(), "{err}");
}

/// Runs `gammonbot local` on `script` with a fresh database and the boards written into
/// a folder; (exit ok, stdout, stderr, the folder).
fn run_script_png(name: &str, script: &str) -> (bool, String, String, std::path::PathBuf) {
    let dir = scratch(&format!("local-{name}"));
    let (db, file, png) = (dir.join("chat.db"), dir.join("script.txt"), dir.join("png"));
    std::fs::write(&file, script).unwrap();
    let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["local", "--dice-seed", "42", "--db"])
        .arg(&db)
        .arg("--script")
        .arg(&file)
        .arg("--png")
        .arg(&png)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        png,
    )
}

#[test]
fn a_match_against_the_bot_begun_with_challenge_bot_where_the_bot_answers_each_turn() {
    // Given alice challenges the bot in the local chat (seeded dice: each run replays the
    // same match, and the expert bot has no noise), she acts on every prompt of hers:
    // the transcript is grown one decision of hers at a time until the bot has played
    // after one of her plays
    let mut script = "alice: /challenge bot length:1 level:expert\n".to_string();
    let mut she_moved = false;
    let (mut out, mut png) = (String::new(), std::path::PathBuf::new());
    for round in 0..12 {
        let (ok, o, err, p) = run_script_png(&format!("bot-{round}"), &script);
        assert!(ok, "{o}\n{err}");
        (out, png) = (o, p);
        let after_her_move = out.rsplit_once("> alice: /move ").map(|(_, rest)| rest);
        if after_her_move.is_some_and(|r| r.contains("gammonbot plays ")) {
            break;
        }
        let next = out
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("-> alice to "))
            .unwrap_or_else(|| panic!("alice has nothing to do:\n{out}"))
            .to_string();
        if next.starts_with("move") {
            let (ok, o, err, _) = run_script_png("bot-moves", &format!("{script}alice: /moves\n"));
            assert!(ok, "{o}\n{err}");
            let plays = o
                .lines()
                .find_map(|l| l.strip_prefix("Legal plays: "))
                .expect("the legal plays");
            let first = plays.split(", ").next().unwrap();
            script.push_str(&format!("alice: /move {first}\n"));
            she_moved = true;
        } else if next.starts_with("roll") {
            script.push_str("alice: /roll\n");
        } else if next.starts_with("take") {
            script.push_str("alice: /take\n");
        } else {
            panic!("alice to {next}:\n{out}");
        }
    }
    assert!(she_moved, "alice never moved:\n{out}");
    // Then the bot accepted at once, and after her play the bot's play follows before
    // any other line, with the board as text and as a picture, and alice to act next
    for expected in [
        "> alice: /challenge bot length:1 level:expert",
        "gammonbot accepts match #1",
        "wins the opening throw with",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in:\n{out}");
    }
    let (_, after) = out.rsplit_once("> alice: /move ").unwrap();
    assert!(
        !after.contains("\n> "),
        "another line ran before the bot:\n{after}"
    );
    let bot = &after[after.find("gammonbot plays ").unwrap()..];
    assert!(
        bot.contains(" +13-14-15-16-17-18------19-20-21-22-23-24-+"),
        "no board after the bot's play:\n{bot}"
    );
    assert!(bot.contains("-> alice to "), "{bot}");
    assert!(
        bot.contains(&format!("(board: {})", png.join("match-1.png").display())),
        "{bot}"
    );
    let picture = std::fs::read(png.join("match-1.png")).unwrap();
    assert_eq!(&picture[..8], b"\x89PNG\r\n\x1a\n");
    // And alice may ask for a hint (a match against the bot is practice)
    let (ok, o, err, _) = run_script_png("bot-hint", &format!("{script}alice: /hint\n"));
    assert!(ok, "{o}\n{err}");
    assert!(
        o.contains("Hint for alice (match #1, GNU Backgammon at "),
        "{o}"
    );
    // And the tutor is asked for without naming a level (a match against the bot is
    // practice whatever its level)
    let (ok, o, err, _) = run_script_png("bot-tutor", "alice: /challenge bot length:3 tutor:on\n");
    assert!(ok, "{o}\n{err}");
    assert!(o.contains("gammonbot accepts match #1"), "{o}");
    // And with the tutor, a play it flags holds the bot until alice keeps it (or takes
    // it back): the bot plays only after her /keep (seed 42: the bot opens; 13/9 6/4 is
    // flagged, 8/4 6/4 being better)
    let (ok, o, err, _) = run_script_png(
        "bot-tutor-keep",
        "alice: /challenge bot length:1 tutor:on\nalice: /move 13/9 6/4\nalice: /keep\n",
    );
    assert!(ok, "{o}\n{err}");
    let (before_keep, after_keep) = o.split_once("> alice: /keep").unwrap();
    let flagged = &before_keep[before_keep.find("> alice: /move").unwrap()..];
    assert!(flagged.contains("The tutor to alice: "), "{flagged}");
    // (the local chat asks alice, not the bot, meanwhile)
    assert!(
        flagged.contains("-> alice to undo or keep the action the tutor flagged"),
        "{flagged}"
    );
    assert!(!flagged.contains("-> gammonbot to"), "{flagged}");
    assert!(
        !flagged.contains("gammonbot plays "),
        "the bot played past the tutor:\n{flagged}"
    );
    assert!(after_keep.contains("gammonbot plays "), "{after_keep}");
    // And nobody speaks for the bot
    let (ok, o, err, _) = run_script_png("bot-speaks", &format!("{script}! bot: /roll\n"));
    assert!(ok, "{o}\n{err}");
    assert!(o.contains("!! the bot makes its own decisions"), "{o}");
}

#[test]
fn a_script_stops_at_the_first_unexpected_refusal_with_a_failing_exit() {
    let (ok, out, err) = run_script(
        "stops",
        "alice: /challenge bob\nbob: /roll #1\nbob: /accept\n",
    );
    assert!(!ok);
    assert!(err.contains("script line 2: refused"), "{err}");
    assert!(!out.contains("bob accepts"), "ran past the refusal:\n{out}");
    // A line marked as refused that is accepted fails too.
    let (ok, _, err) = run_script("marked", "! alice: /challenge bob\n");
    assert!(!ok);
    assert!(
        err.contains("marked ! as refused, but it was accepted"),
        "{err}"
    );
}

/// The process is killed while it writes: every match in the store still rebuilds from
/// its log (a command is all written or not at all).
#[test]
fn a_killed_process_leaves_no_half_written_command() {
    let dir = scratch("local-killed");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (db, file) = (
        rt.block_on(store_url("local-killed")),
        dir.join("script.txt"),
    );
    let mut script = String::new();
    for i in 0..5000 {
        script.push_str(&format!(
            "p{i}: /challenge q{i} length:3\nq{i}: /accept\np{i}: /board\n"
        ));
    }
    std::fs::write(&file, script).unwrap();
    let mut child = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["local", "--dice-seed", "9", "--db"])
        .arg(&db)
        .arg("--script")
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Let it write until 200 matches have been accepted, then kill it mid-stream.
    let mut accepted = 0;
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while accepted < 200 {
        line.clear();
        if std::io::BufRead::read_line(&mut out, &mut line).unwrap() == 0 {
            break;
        }
        if line.contains(" accepts match ") {
            accepted += 1;
        }
    }
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(accepted, 200);
    rt.block_on(async {
        let store = store::Store::open(&db).await.unwrap();
        let mut checked = 0;
        for id in 1.. {
            if store.load_match(id).await.unwrap().is_none() {
                break;
            }
            assert_match_rebuilds(&store, id).await;
            checked += 1;
        }
        assert!(checked >= 200, "only {checked} matches");
        assert!(
            checked < 5000,
            "the script ran to its end: nothing was killed"
        );
        store.close().await;
    });
}

#[test]
fn stake_amounts_are_read_with_the_one_strict_rule() {
    // Given stakes with a sign, a bare point, or a sign after the point
    for stake in ["+1", "1.", "1.+5", "10000000"] {
        // When the chat reads the challenge, then it is refused as no amount
        let line = format!("alice: /challenge bob length:money stake:{stake}");
        let e = parse_line(&line).unwrap_err();
        assert!(e.0.contains("not an amount"), "`{stake}`: {}", e.0);
    }
    let (_, cmd) = parsed("alice: /challenge bob length:money stake:1.5");
    let Command::Challenge(ChallengeOp::New { spec, .. }) = cmd else {
        panic!()
    };
    assert_eq!(spec.stake, 150);
}

#[test]
fn a_bad_setting_in_dot_env_stops_the_start_naming_the_variable() {
    // Given a `.env` in the working directory with an analysis setting that is no number
    let dir = scratch("local-dot-env-bad");
    std::fs::write(dir.join(".env"), "ANALYSIS_PLIES=abc\n").unwrap();
    std::fs::write(dir.join("script.txt"), "alice: /help\n").unwrap();
    // When the local chat starts there
    let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .args(["local", "--db", "chat.db", "--script", "script.txt"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("ANALYSIS_PLIES")
        .output()
        .unwrap();
    // Then it refuses to start and says which setting is wrong (it was silently ignored)
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "started anyway: {err}");
    assert!(
        err.contains("ANALYSIS_PLIES") && err.contains("abc"),
        "{err}"
    );
}

#[test]
fn a_bad_setting_of_the_cli_lists_the_possible_values() {
    // Given a ruleset or a side the command line does not know (case matters for rules)
    for args in [
        &["legal", "--rules", "Welsh"][..],
        &["render", "--xgid", "x", "--rules", "chess"],
        &["render", "--xgid", "x", "--viewer", "z"],
        &["render", "--xgid", "x", "--last-by", "y"],
    ] {
        // When the binary is run with it
        let out = Process::new(env!("CARGO_BIN_EXE_gammonbot"))
            .args(args)
            .output()
            .unwrap();
        // Then it stops and lists the values it takes
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains("possible values"), "{args:?}: {err}");
    }
}
