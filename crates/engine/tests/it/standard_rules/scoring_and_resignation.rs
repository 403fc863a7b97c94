//! Standard rules: scoring (seed 001 "Gammons and backgammons", 003 "Scoring", 004) and
//! resignation (seed 002 5.12).

use super::fixtures::{act, dice, game_over, money_setup, play, x_about_to_win};
use engine::Side::{O, X};
use engine::{
    Action, Cube, Event, Match, MatchRules, Phase, Position, ResignLevel, ResultKind, RuleError,
    Setup,
};

#[test]
fn single_game_scores_the_cube_value() {
    let mut s = Setup::new(MatchRules::match_to(9), x_about_to_win(&[(6, 14)]), X);
    s.cube = Cube {
        value: 2,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 2, ResultKind::Single));
}

#[test]
fn gammon_scores_twice_the_cube() {
    let mut s = Setup::new(MatchRules::match_to(9), x_about_to_win(&[(6, 15)]), X);
    s.cube = Cube {
        value: 2,
        owner: Some(O),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 4, ResultKind::Gammon));
}

#[test]
fn backgammon_scores_three_times_with_a_checker_in_the_winners_home_board() {
    let m = Match::from_setup(Setup::new(
        MatchRules::match_to(9),
        x_about_to_win(&[(20, 1), (6, 14)]),
        X,
    ))
    .unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 3, ResultKind::Backgammon));
}

#[test]
fn backgammon_scores_three_times_with_a_checker_on_the_bar() {
    let m = Match::from_setup(Setup::new(
        MatchRules::match_to(9),
        x_about_to_win(&[(25, 1), (6, 14)]),
        X,
    ))
    .unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 3, ResultKind::Backgammon));
}

#[test]
fn jacoby_rule_gammon_counts_single_while_the_cube_is_centred() {
    let m = Match::from_setup(money_setup(x_about_to_win(&[(6, 15)]), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 1, ResultKind::Gammon));
}

#[test]
fn jacoby_rule_gammon_counts_once_the_cube_was_turned_and_taken() {
    let m = Match::from_setup(money_setup(x_about_to_win(&[(6, 15)]), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Take);
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 4, ResultKind::Gammon));
}

#[test]
fn jacoby_rule_off_gammons_count_in_money_play() {
    let rules = MatchRules {
        jacoby: false,
        ..MatchRules::money()
    };
    let m = Match::from_setup(Setup::new(rules, x_about_to_win(&[(6, 15)]), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 2, ResultKind::Gammon));
}

#[test]
fn match_ends_as_soon_as_a_score_reaches_the_length() {
    let mut s = Setup::new(MatchRules::match_to(5), x_about_to_win(&[(6, 15)]), X);
    s.score = [3, 0];
    s.post_crawford = true;
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (m, ev) = play(&m, X, "1/off");
    assert!(ev.contains(&Event::MatchOver { winner: X }));
    assert_eq!(m.phase(), Phase::MatchOver { winner: X });
    assert_eq!(m.score(), [5, 0], "a gammon counts in full");
    assert_eq!(
        m.apply(O, &Action::Roll(dice(1, 2))).unwrap_err(),
        RuleError::MatchOver
    );
}

#[test]
fn resign_accepted_scores_the_level_times_the_cube() {
    let mut s = Setup::new(MatchRules::match_to(9), Position::start(), X);
    s.cube = Cube {
        value: 2,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, ev) = act(&m, O, Action::Resign(ResignLevel::Gammon));
    assert_eq!(
        ev,
        vec![Event::ResignOffered {
            by: O,
            level: ResignLevel::Gammon
        }]
    );
    assert_eq!(
        m.apply(X, &Action::Roll(dice(3, 1))).unwrap_err(),
        RuleError::ResignPending
    );
    let (m, ev) = act(&m, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 4, ResultKind::Resigned(ResignLevel::Gammon))
    );
    assert_eq!(m.score(), [4, 0]);
}

#[test]
fn resign_rejected_the_game_goes_on_where_it_was() {
    let m = Match::from_setup(Setup::new(MatchRules::match_to(9), Position::start(), X)).unwrap();
    let (m2, _) = act(&m, O, Action::Resign(ResignLevel::Single));
    assert!(matches!(
        m2.apply(O, &Action::AcceptResign),
        Err(RuleError::NotYourTurn(_))
    ));
    let (m3, ev) = act(&m2, X, Action::RejectResign);
    assert_eq!(ev, vec![Event::ResignRejected { by: X }]);
    assert_eq!(m3, m, "back to the state before the offer");
}

#[test]
fn resign_backgammon_scores_three_times_the_cube() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Take);
    let (m, _) = act(&m, O, Action::Resign(ResignLevel::Backgammon));
    let (_, ev) = act(&m, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 6, ResultKind::Resigned(ResignLevel::Backgammon))
    );
}
