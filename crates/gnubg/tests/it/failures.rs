//! When gnubg cannot answer: missing, failing, or too slow. The bot says so and plays
//! nothing.

use std::time::Duration;

use engine::{Action, Dice, Match, MatchRules, Position, Setup, Side};
use gnubg::{Bot, BotError, BotSettings, Level, Pool, Situation};

/// The bot (X) to play the opening 3-1.
fn opening() -> (Situation, Dice) {
    let dice = Dice::new(3, 1).unwrap();
    let m = Match::from_setup(Setup::new(MatchRules::money(), Position::start(), Side::X)).unwrap();
    let (m, _) = m.apply(Side::X, &Action::Roll(dice)).unwrap();
    (Situation::of(&m, Side::X), dice)
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gammonbot-gnubg-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_missing_gnubg_is_said_plainly() {
    // Given no gnubg where the bot looks
    let pool = Pool::new(BotSettings {
        search_path: "/nonexistent/bin".into(),
        ..BotSettings::default()
    });
    let (s, dice) = opening();

    // When the bot must play
    let e = pool.play(&s, dice, Level::Expert).unwrap_err();

    // Then it says gnubg is not installed, and how to get it
    assert!(matches!(e, BotError::Missing(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "GNU Backgammon (gnubg) is not installed on the bot's machine (looked in \
         /nonexistent/bin), so the bot cannot play: the bot's admin can install it with \
         `apt-get install gnubg` (Debian/Ubuntu) or from https://www.gnu.org/software/gnubg/"
    );
}

#[tokio::test]
async fn the_async_side_gets_the_same_plain_error() {
    // Given no gnubg where the bot looks, and a decision asked for from async code
    let bot = Bot::new(BotSettings {
        search_path: "/nonexistent/bin".into(),
        ..BotSettings::default()
    });
    let (s, dice) = opening();

    // When the decision runs on a blocking thread
    let e = bot
        .run(move |pool| pool.play(&s, dice, Level::Expert))
        .await
        .unwrap_err();

    // Then the error comes back as it is
    assert!(matches!(e, BotError::Missing(_)), "{e:?}");
}

#[test]
fn a_gnubg_that_dies_is_reported_with_what_it_said() {
    // Given a `gnubg` that complains and exits at once
    let dir = scratch("dies");
    let fake = dir.join("gnubg");
    std::fs::write(
        &fake,
        "#!/bin/sh\necho 'cannot load the neural net' >&2\nexit 3\n",
    )
    .unwrap();
    let mut perms = std::fs::metadata(&fake).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&fake, perms).unwrap();
    let pool = Pool::new(BotSettings {
        search_path: dir.display().to_string(),
        work_dir: dir.clone(),
        ..BotSettings::default()
    });
    let (s, dice) = opening();

    // When the bot must play, twice
    for _ in 0..2 {
        let e = pool.play(&s, dice, Level::Expert).unwrap_err();

        // Then it says gnubg failed, with its words, and makes no play
        assert_eq!(
            e.to_string(),
            "GNU Backgammon failed (gnubg stopped: exit status: 3: cannot load the neural \
             net), so the bot cannot play for now"
        );
    }
}

#[test]
fn a_decision_past_the_time_limit_is_stopped() {
    // Given a time limit no evaluation meets, and room for one process
    let pool = Pool::new(BotSettings {
        time_limit: Duration::ZERO,
        processes: 1,
        work_dir: scratch("slow"),
        ..BotSettings::default()
    });
    let (s, dice) = opening();

    // When the bot must play, twice (the stopped process makes room for the next)
    for _ in 0..2 {
        let e = pool.play(&s, dice, Level::WorldClass).unwrap_err();

        // Then it says so
        assert!(matches!(e, BotError::TimedOut(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            "GNU Backgammon took longer than 0 s to decide and was stopped"
        );
    }
}
