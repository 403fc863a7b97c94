//! The noisy levels' cube decisions: occasional mistakes either way, not one systematic,
//! exploitable one (issue 51, item 1). gnubg's deterministic noise, as built on x86, lowers
//! the win chance of the side on roll by about 6.9 of its standard deviations; the bot
//! judges its double and its answer from the doubler's side, so the noisy levels never
//! doubled and beavered clear passes (gnubg's own player at those levels does the same;
//! `scripts/cube_levels.py` measures both).

use engine::{Action, Match, MatchRules, Position, Setup, Side, board_from_position_id};
use gnubg::{Answer, BotSettings, CubeAction, Level, Pool, Situation};

/// The noisy levels.
const NOISY: [Level; 4] = [
    Level::Beginner,
    Level::Casual,
    Level::Intermediate,
    Level::Advanced,
];

/// Twelve clear passes, from the view of the player on roll: the first twelve of the
/// engine's contact positions (crates/engine/tests/data/contact.txt) where world class
/// (2 plies) says "double, pass" in money play with beavers, the take giving the doubler
/// more than 1.1 and not doubling less than 0.95 (a cube).
const CLEAR_PASSES: [&str; 12] = [
    "v3sAAAhmdzMAAQ",
    "m/oZAIDb7UQAAA",
    "szYHBwDb3LAEAA",
    "7NwxAChsW8GAAw",
    "358AAgg9exsAAA",
    "1szBABy49wEHAA",
    "mDfhAwTGPsENAA",
    "bNsYMIC3ucEAAA",
    "g28HAxCw24oZAA",
    "uXcxACB220lAAA",
    "22xMAQR3PwYBAA",
    "xs6YgYBtOylAAA",
];

fn pool() -> Pool {
    Pool::new(BotSettings {
        processes: 1,
        work_dir: std::env::temp_dir().join(format!("gammonbot-bot-noisy-{}", std::process::id())),
        ..BotSettings::default()
    })
}

/// Money play with beavers, no Jacoby: X on roll at `pid` (X's view), the cube centred.
fn money_with_beavers(pid: &str) -> Match {
    let rules = MatchRules {
        jacoby: false,
        beavers: true,
        ..MatchRules::money()
    };
    let board = board_from_position_id(pid).unwrap();
    Match::from_setup(Setup::new(
        rules,
        Position::from_view(Side::X, &board),
        Side::X,
    ))
    .unwrap()
}

#[test]
fn a_noisy_level_does_not_beaver_a_clear_pass() {
    let pool = pool();
    let mut not_dropped = 0;
    for level in NOISY {
        // Given the human (X) doubling the bot (O) in a clear pass
        let answers: Vec<Answer> = CLEAR_PASSES
            .iter()
            .map(|pid| {
                let (m, _) = money_with_beavers(pid)
                    .apply(Side::X, &Action::Double)
                    .unwrap();
                pool.answer_double(&Situation::of(&m, Side::O), level)
                    .unwrap()
            })
            .collect();
        let count = |a: Answer| answers.iter().filter(|&&x| x == a).count();
        // Then it drops at least half of them and beavers at most one (before: beginner
        // beavered 11 of 12, casual 9, intermediate 6; advanced dropped 1; now 8 to 10
        // drops, no beaver)
        assert!(
            count(Answer::Drop) >= 6 && count(Answer::Beaver) <= 1,
            "{level}: {answers:?}"
        );
        not_dropped += answers.len() - count(Answer::Drop);
    }
    // And the noise still errs: some clear pass is taken
    assert!(not_dropped > 0, "the noisy levels dropped every clear pass");
}

#[test]
fn a_noisy_level_doubles_most_clear_passes() {
    let pool = pool();
    for level in NOISY {
        // Given the bot (X) on roll in a clear pass
        let actions: Vec<CubeAction> = CLEAR_PASSES
            .iter()
            .map(|pid| {
                let m = money_with_beavers(pid);
                pool.cube_action(&Situation::of(&m, Side::X), level)
                    .unwrap()
                    .action
            })
            .collect();
        let doubles = actions.iter().filter(|&&a| a == CubeAction::Double).count();
        // Then it doubles at least two thirds of them (before: beginner and casual none,
        // intermediate 1 of 12; now 11 or 12)
        assert!(doubles >= 8, "{level}: {actions:?}");
    }
}
