//! Standard rules: plays (seed 001 "Movement", "Compulsory move", "Bearing off") and the
//! match score shown, Crawford labels (002 "Match Play", 5.11, 5.14).

use super::fixtures::{act, dice, game_over, money_setup, play, x_about_to_win};
use engine::Side::{O, X};
use engine::{
    Action, Cube, IllegalPlay, Match, MatchRules, Phase, Position, ResultKind, RuleError, Setup,
};
use testkit::position;

#[test]
fn illegal_play_is_refused_with_its_reason_and_changes_nothing() {
    let m = Match::from_setup(Setup::new(MatchRules::match_to(5), Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(6, 5)));
    let before = m.clone();
    let err = m.resolve_play(X, "13/7").unwrap_err();
    assert_eq!(err, RuleError::IllegalPlay(IllegalPlay::DieLeftUnplayed(5)));
    assert_eq!(
        err.to_string(),
        "that play leaves the 5 unplayed although both dice can be played"
    );
    assert_eq!(m, before);
    assert!(matches!(
        m.resolve_play(O, "13/7 13/8"),
        Err(RuleError::NotYourTurn(_))
    ));
}

#[test]
fn play_must_enter_from_the_bar_first() {
    let m = Match::from_setup(money_setup(
        position(&[(25, 1), (13, 14)], &[(6, 5), (8, 3), (13, 5), (24, 2)]),
        X,
    ))
    .unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(4, 3)));
    assert_eq!(
        m.resolve_play(X, "13/9 13/10").unwrap_err(),
        RuleError::IllegalPlay(IllegalPlay::EnterFirst(1))
    );
    assert!(m.resolve_play(X, "bar/21 13/10").is_ok());
}

#[test]
fn play_must_use_the_larger_die_when_only_one_can_be_played() {
    // X's last checker can move 6 or 5 but not both: O holds X's 9 point.
    let m = Match::from_setup(money_setup(position(&[(20, 1)], &[(16, 2), (6, 13)]), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(6, 5)));
    let legal: Vec<String> = m
        .legal_plays()
        .iter()
        .map(|l| engine::format_play(&m.position().view(X), &l.play))
        .collect();
    assert_eq!(legal, vec!["20/14".to_string()]);
    assert_eq!(
        m.resolve_play(X, "20/15").unwrap_err(),
        RuleError::IllegalPlay(IllegalPlay::MustPlayLarger(6))
    );
}

#[test]
fn play_bearing_off_with_a_higher_die_from_the_highest_point() {
    let m = Match::from_setup(money_setup(
        position(&[(5, 1), (2, 2)], &[(1, 1), (25, 1), (6, 13)]),
        X,
    ))
    .unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(6, 3)));
    // The seed's example: play the 3 first to the 2 point, then bear off from the 2 with the 6.
    assert!(m.resolve_play(X, "5/2 2/off").is_ok());
    assert!(m.resolve_play(X, "5/off 2/off").is_ok());
    assert_eq!(m.legal_plays().len(), 2);
}

#[test]
fn play_cannot_bear_off_with_checkers_outside_home() {
    let m = Match::from_setup(money_setup(position(&[(8, 1), (3, 14)], &[(6, 15)]), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(3, 1)));
    assert_eq!(
        m.resolve_play(X, "3/off 8/7").unwrap_err(),
        RuleError::IllegalPlay(IllegalPlay::BearOffNotHome)
    );
}

#[test]
fn play_doubles_move_four_times() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(3, 3)));
    assert!(m.resolve_play(X, "8/5(2) 6/3(2)").is_ok());
    assert_eq!(
        m.resolve_play(X, "8/5(2) 6/3").unwrap_err(),
        RuleError::IllegalPlay(IllegalPlay::DoublesLeftUnplayed {
            used: 3,
            possible: 4,
            die: 3
        })
    );
}

#[test]
fn play_cannot_land_on_a_point_held_by_two_opposing_checkers() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(5, 1)));
    assert_eq!(
        m.resolve_play(X, "24/23 13/12").unwrap_err(),
        RuleError::IllegalPlay(IllegalPlay::Blocked(12))
    );
}

#[test]
fn match_score_counts_no_points_beyond_the_match_length() {
    // Given a 5-point match at 0-0 and X's gammon at a cube of 8
    let mut s = Setup::new(MatchRules::match_to(5), x_about_to_win(&[(12, 15)]), X);
    s.cube = Cube {
        value: 8,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (m, ev) = play(&m, X, "1/off");
    // Then the game is worth 16 points, and the match score stops at the length
    assert_eq!(game_over(&ev), (X, 16, ResultKind::Gammon));
    assert_eq!(m.phase(), Phase::MatchOver { winner: X });
    assert_eq!(m.match_score(), [5, 0]);
}

#[test]
fn crawford_rule_a_one_point_match_has_no_crawford_game() {
    let m = Match::new(MatchRules::match_to(1)).unwrap();
    assert!(!m.is_crawford_game());
    assert!(!m.is_post_crawford());
    // The cube is dead there all the same: any win takes the match
    let m = Match::from_setup(Setup::new(MatchRules::match_to(1), Position::start(), X)).unwrap();
    assert!(m.may_double(X).unwrap_err().to_string().contains("dead"));
    // The first game of a longer match is not the Crawford game either
    let m = Match::new(MatchRules::match_to(3)).unwrap();
    assert!(!m.is_crawford_game());
}
