//! The bot's decisions against the real gnubg: plays the engine accepts, cube actions and
//! answers where the right one is plain, resignations, hints.

use engine::{
    Action, Board, Dice, Match, MatchRules, Phase, Position, ResignLevel, Setup, Side, format_play,
    legal_plays,
};
use gnubg::{Answer, BotSettings, CubeAction, Level, Pool, Situation, cube_words, plays_words};

fn pool() -> Pool {
    Pool::new(BotSettings {
        processes: 1,
        work_dir: std::env::temp_dir().join(format!("gammonbot-bot-test-{}", std::process::id())),
        ..BotSettings::default()
    })
}

/// A board from the bot's view: `mine` as (point, checkers), `theirs` as (point in the
/// bot's numbering, checkers); 25 is the bot's bar, 0 the opponent's.
fn board(mine: &[(usize, i8)], theirs: &[(usize, i8)]) -> Board {
    let mut points = [0i8; 26];
    for &(p, n) in mine {
        points[p] += n;
    }
    for &(p, n) in theirs {
        points[p] -= n;
    }
    Board::new(points).unwrap()
}

/// A money game (Jacoby on) or a match, at `bot`'s view `b`, `to_roll` about to roll.
fn game(rules: MatchRules, bot: Side, b: &Board, to_roll: Side) -> Match {
    Match::from_setup(Setup::new(rules, Position::from_view(bot, b), to_roll)).unwrap()
}

/// `m` after `side` rolls `dice` (still to play).
fn rolled(m: &Match, side: Side, dice: Dice) -> Match {
    let (m, _) = m.apply(side, &Action::Roll(dice)).unwrap();
    assert!(
        matches!(m.phase(), Phase::ToPlay { .. }),
        "{dice} must be played"
    );
    m
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

#[test]
fn the_bot_plays_legal_plays_the_engine_accepts() {
    let pool = pool();
    let start = Position::start();
    let cases: Vec<(&str, Match, Side, Dice, Level)> = vec![
        (
            "the opening 3-1 at expert",
            rolled(
                &Match::from_setup(Setup::new(MatchRules::match_to(5), start, Side::X)).unwrap(),
                Side::X,
                dice(3, 1),
            ),
            Side::X,
            dice(3, 1),
            Level::Expert,
        ),
        (
            "entering from the bar against a 3-point board, as O, at beginner",
            {
                let b = board(
                    &[(25, 1), (13, 5), (8, 3), (6, 4), (24, 2)],
                    &[(20, 2), (19, 5), (18, 2), (12, 4), (1, 2)],
                );
                rolled(
                    &game(MatchRules::money(), Side::O, &b, Side::O),
                    Side::O,
                    dice(6, 4),
                )
            },
            Side::O,
            dice(6, 4),
            Level::Beginner,
        ),
        (
            "bearing off at world class",
            {
                let b = board(
                    &[(6, 3), (5, 3), (4, 2), (3, 2), (2, 1), (1, 1)],
                    &[(24, 3), (23, 4), (22, 3), (19, 2)],
                );
                rolled(
                    &game(MatchRules::match_to(7), Side::X, &b, Side::X),
                    Side::X,
                    dice(6, 5),
                )
            },
            Side::X,
            dice(6, 5),
            Level::WorldClass,
        ),
    ];
    for (what, m, bot, roll, level) in cases {
        // Given the bot to play `roll`
        let s = Situation::of(&m, bot);

        // When gnubg chooses
        let play = pool
            .play(&s, roll, level)
            .unwrap_or_else(|e| panic!("{what}: {e}"));

        // Then the engine accepts it
        let view = m.position().view(bot);
        assert!(!play.is_empty(), "{what}");
        assert!(
            m.apply(bot, &Action::Play(play)).is_ok(),
            "{what}: {} is not legal",
            format_play(&view, &play)
        );
        if what.starts_with("the opening") {
            assert_eq!(format_play(&view, &play), "8/5 6/5", "{what}");
        }
    }
}

#[test]
fn the_noisy_levels_play_otherwise_than_expert_at_times() {
    // Given the opening position and four rolls
    let pool = pool();
    let rolls = [dice(2, 1), dice(3, 1), dice(4, 2), dice(6, 5)];
    let m = Match::from_setup(Setup::new(MatchRules::money(), Position::start(), Side::X)).unwrap();
    let s = Situation::of(&m, Side::X);

    // When expert and beginner play each
    let differ: Vec<String> = rolls
        .iter()
        .filter(|&&d| {
            let expert = pool.play(&s, d, Level::Expert).unwrap();
            let beginner = pool.play(&s, d, Level::Beginner).unwrap();
            assert!(
                rolled(&m, Side::X, d)
                    .apply(Side::X, &Action::Play(beginner))
                    .is_ok()
            );
            expert != beginner
        })
        .map(ToString::to_string)
        .collect();

    // Then gnubg's noise makes the beginner play some of them otherwise
    assert!(
        !differ.is_empty(),
        "beginner plays as expert with {rolls:?}"
    );
}

#[test]
fn forced_and_impossible_rolls_are_played_without_asking_gnubg() {
    // Given no gnubg at all: a roll with one play, or none, needs no decision
    let pool = Pool::new(BotSettings {
        search_path: "/nonexistent".into(),
        ..BotSettings::default()
    });
    // The bot on the bar, the rest on its 1 point, against a board closed but for the
    // bot's 20 point (the opponent's 5)
    let b = board(
        &[(25, 1), (1, 14)],
        &[(24, 2), (23, 2), (22, 2), (21, 2), (19, 2), (12, 5)],
    );
    let m = game(MatchRules::money(), Side::X, &b, Side::X);
    let s = Situation::of(&m, Side::X);

    // When it rolls 6-6 (nothing enters) or 5-6 (only bar/20/14: forced)
    let none = pool.play(&s, dice(6, 6), Level::Expert).unwrap();
    let forced_roll = dice(5, 6);
    let legal = legal_plays(&b, forced_roll);
    let forced = pool.play(&s, forced_roll, Level::Expert).unwrap();

    // Then the play is the only one there is
    assert!(none.is_empty());
    assert_eq!(legal.len(), 1, "{legal:?}");
    assert_eq!(forced, legal[0].play);
    let m = rolled(&m, Side::X, forced_roll);
    assert!(m.apply(Side::X, &Action::Play(forced)).is_ok());
}

/// The bot (X) bearing off with 6 checkers left against an opponent who has 5 off and 10
/// still on the bot's 19 and 20 points (its own 6 and 5): no gammon either way, and the
/// bot far ahead.
fn far_ahead() -> Board {
    board(&[(3, 2), (2, 2), (1, 2)], &[(19, 5), (20, 5)])
}

/// Both sides in a no-contact race of 116 pips each.
fn even_race() -> Board {
    board(
        &[(12, 2), (11, 2), (9, 2), (8, 2), (6, 3), (5, 2), (4, 2)],
        &[
            (13, 2),
            (14, 2),
            (16, 2),
            (17, 2),
            (19, 3),
            (20, 2),
            (21, 2),
        ],
    )
}

#[test]
fn the_cube_follows_the_plain_answers() {
    let pool = pool();
    assert_eq!(even_race().pips(), (116, 116));

    // Given the bot far ahead in a race with no gammons: it doubles, and would pass
    let m = game(MatchRules::money(), Side::X, &far_ahead(), Side::X);
    let v = pool
        .cube_action(&Situation::of(&m, Side::X), Level::Expert)
        .unwrap();
    assert_eq!(
        (v.action, v.answer),
        (CubeAction::Double, Answer::Drop),
        "{v:?}"
    );
    assert!(
        cube_words(&v).starts_with("Double: doubling gains"),
        "{}",
        cube_words(&v)
    );

    // Given the same with the sides swapped, the human (X) doubling the bot (O): it passes
    let m = game(MatchRules::money(), Side::X, &far_ahead(), Side::X);
    let (m, _) = m.apply(Side::X, &Action::Double).unwrap();
    let answer = pool
        .answer_double(&Situation::of(&m, Side::O), Level::Expert)
        .unwrap();
    assert_eq!(answer, Answer::Drop);

    // Given an even race with the bot on roll (a little ahead): no double, and a take
    let m = game(MatchRules::match_to(7), Side::X, &even_race(), Side::X);
    let v = pool
        .cube_action(&Situation::of(&m, Side::X), Level::WorldClass)
        .unwrap();
    assert_eq!(
        (v.action, v.answer),
        (CubeAction::NoDouble, Answer::Take),
        "{v:?}"
    );
}

#[test]
fn resignations_are_judged_by_evaluation() {
    let pool = pool();

    // Given the human far behind with no gammon to lose, offering a single game
    let m = game(MatchRules::money(), Side::X, &far_ahead(), Side::O);
    let (m, _) = m
        .apply(Side::O, &Action::Resign(ResignLevel::Single))
        .unwrap();
    // Then the bot accepts
    assert!(
        pool.accepts_resignation(&Situation::of(&m, Side::X), Level::Expert)
            .unwrap()
    );

    // Given the human with nothing off, all on their 4, 5 and 6 points, against the
    // bot's last three checkers, offering a single game: a roll with no checker off
    // (1-1, 2-1, ...) then the bot's doubles win a gammon, so the bot refuses
    let b = board(&[(2, 2), (1, 1)], &[(19, 5), (20, 5), (21, 5)]);
    let m = game(MatchRules::match_to(7), Side::X, &b, Side::O);
    let (m, _) = m
        .apply(Side::O, &Action::Resign(ResignLevel::Single))
        .unwrap();
    assert!(
        !pool
            .accepts_resignation(&Situation::of(&m, Side::X), Level::Expert)
            .unwrap()
    );

    // Given the bot (O) with one checker off, fourteen to go, against one last checker
    // of the human's: it cannot win, nor be gammoned, and resigns a single game
    let b = board(&[(6, 4), (5, 4), (4, 3), (3, 3)], &[(24, 1)]);
    let m = game(MatchRules::match_to(7), Side::O, &b, Side::O);
    let offer = pool
        .resignation_to_offer(&Situation::of(&m, Side::O))
        .unwrap();
    assert_eq!(offer, Some(ResignLevel::Single));
}

#[test]
fn hints_name_gnubgs_best_plays_with_what_the_others_lose() {
    // Given the opening 3-1 for the human
    let pool = pool();
    let m = Match::from_setup(Setup::new(MatchRules::money(), Position::start(), Side::O)).unwrap();
    let m = rolled(&m, Side::O, dice(3, 1));

    // When a hint is asked for
    let plays = pool
        .hint_plays(&Situation::of(&m, Side::X), dice(3, 1), 3)
        .unwrap();

    // Then it gives three legal plays, best first, and says what the others lose
    assert_eq!(plays.len(), 3);
    assert_eq!(plays[0].text, "8/5 6/5");
    assert!(plays.windows(2).all(|w| w[0].equity >= w[1].equity));
    for p in &plays {
        assert!(
            m.apply(Side::O, &Action::Play(p.play)).is_ok(),
            "{}",
            p.text
        );
    }
    let words = plays_words(&plays);
    let loss = plays[0].equity - plays[1].equity;
    assert!(
        words.starts_with(&format!(
            "8/5 6/5 is best; {} loses {loss:.3}; ",
            plays[1].text
        )),
        "{words}"
    );
}
