//! Standard rules: the opening roll (seed 001 "Starting the game", 002 5.1) and the cube
//! (seed 001 "Doubling", 002 5.9, 003 "Doubling Cube").

use super::fixtures::{act, dice, game_over, money_setup};
use engine::Side::{O, X};
use engine::{
    Action, Cube, Event, Match, MatchRules, Phase, Position, ResultKind, RuleError, Setup,
};
use testkit::position;

#[test]
fn opening_roll_tie_is_rolled_again() {
    let m = Match::new(MatchRules::match_to(5)).unwrap();
    let (m2, ev) = act(&m, X, Action::OpeningRoll { x: 3, o: 3 });
    assert_eq!(m2.phase(), Phase::Opening);
    assert_eq!(ev, vec![Event::OpeningTie { die: 3 }]);
    assert_eq!(m2.cube().value, 1, "no automatic double in match play");
}

#[test]
fn opening_roll_higher_die_plays_both_numbers() {
    let m = Match::new(MatchRules::match_to(5)).unwrap();
    let (m2, _) = act(&m, O, Action::OpeningRoll { x: 2, o: 6 });
    assert_eq!(
        m2.phase(),
        Phase::ToPlay {
            side: O,
            dice: dice(6, 2)
        }
    );
}

#[test]
fn automatic_doubles_on_opening_ties_stop_at_the_limit() {
    let rules = MatchRules {
        auto_doubles: 1,
        ..MatchRules::money()
    };
    let m = Match::new(rules).unwrap();
    let (m, ev) = act(&m, X, Action::OpeningRoll { x: 4, o: 4 });
    assert!(ev.contains(&Event::AutomaticDouble { value: 2 }));
    let (m, ev) = act(&m, X, Action::OpeningRoll { x: 5, o: 5 });
    assert_eq!(m.cube().value, 2, "limited to one automatic double");
    assert_eq!(ev, vec![Event::OpeningTie { die: 5 }]);
    assert_eq!(
        m.cube().owner,
        None,
        "an automatic double leaves the cube centred"
    );
}

#[test]
fn automatic_doubles_are_never_used_in_match_play() {
    let rules = MatchRules {
        auto_doubles: 1,
        ..MatchRules::match_to(5)
    };
    assert!(Match::new(rules).is_err());
}

#[test]
fn cube_centred_either_player_may_double_before_rolling() {
    let m = Match::from_setup(money_setup(Position::start(), O)).unwrap();
    let (m, ev) = act(&m, O, Action::Double);
    assert_eq!(ev, vec![Event::Doubled { by: O, value: 2 }]);
    assert_eq!(m.to_act(), Some(X));
}

#[test]
fn cube_cannot_be_turned_after_rolling() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(3, 1)));
    assert!(matches!(
        m.apply(X, &Action::Double),
        Err(RuleError::WrongMoment(_))
    ));
}

#[test]
fn cube_only_the_player_on_roll_may_double() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    assert!(matches!(
        m.apply(O, &Action::Double),
        Err(RuleError::NotYourTurn(_))
    ));
}

#[test]
fn cube_take_doubles_the_stake_and_passes_ownership() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Take);
    assert_eq!(
        m.cube(),
        Cube {
            value: 2,
            owner: Some(O)
        }
    );
    assert_eq!(m.phase(), Phase::ToRoll(X), "the doubler then rolls");
}

#[test]
fn cube_owner_alone_may_redouble() {
    let mut s = money_setup(Position::start(), X);
    s.cube = Cube {
        value: 2,
        owner: Some(O),
    };
    let m = Match::from_setup(s).unwrap();
    assert_eq!(
        m.apply(X, &Action::Double).unwrap_err(),
        RuleError::NotYourCube
    );
    s.to_roll = O;
    let m = Match::from_setup(s).unwrap();
    let (m, ev) = act(&m, O, Action::Double);
    assert_eq!(ev, vec![Event::Doubled { by: O, value: 4 }]);
    let (m, _) = act(&m, X, Action::Take);
    assert_eq!(
        m.cube(),
        Cube {
            value: 4,
            owner: Some(X)
        }
    );
}

#[test]
fn cube_drop_loses_the_value_before_the_double() {
    let mut s = money_setup(Position::start(), X);
    s.cube = Cube {
        value: 2,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, ev) = act(&m, O, Action::Drop);
    assert_eq!(game_over(&ev), (X, 2, ResultKind::Dropped));
    assert_eq!(m.score(), [2, 0]);
    assert_eq!(
        m.phase(),
        Phase::Opening,
        "money play goes on with a new game"
    );
    assert_eq!(
        m.cube(),
        Cube {
            value: 1,
            owner: None
        },
        "the cube is centred again"
    );
}

#[test]
fn cube_has_no_limit_at_64_in_money_play() {
    let mut s = money_setup(Position::start(), X);
    s.cube = Cube {
        value: 64,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Take);
    assert_eq!(m.cube().value, 128);
}

#[test]
fn cube_may_be_turned_by_a_player_who_cannot_enter() {
    // X is on the bar against a closed board: he cannot move, but he may still double.
    let o_closed = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (8, 3)];
    let m = Match::from_setup(money_setup(position(&[(25, 1), (6, 14)], &o_closed), X)).unwrap();
    assert!(m.may_double(X).is_ok());
    let (m, ev) = act(&m, X, Action::Roll(dice(6, 5)));
    assert!(ev.contains(&Event::NoLegalPlay {
        by: X,
        dice: dice(6, 5)
    }));
    assert_eq!(
        m.phase(),
        Phase::ToRoll(O),
        "no legal play: the turn passes"
    );
}

#[test]
fn match_may_not_end_on_a_dropped_cube_rule_5_14() {
    // 2-away / 4-away in a 5-point match: the leader holds a 2 cube and redoubles.
    let mut s = Setup::new(MatchRules::match_to(5), Position::start(), X);
    s.score = [3, 1];
    s.post_crawford = true;
    s.cube = Cube {
        value: 2,
        owner: Some(X),
    };
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    assert_eq!(m.apply(O, &Action::Drop).unwrap_err(), RuleError::MustTake);
    let (m, _) = act(&m, O, Action::Take);
    assert_eq!(
        m.cube(),
        Cube {
            value: 4,
            owner: Some(O)
        }
    );
}

#[test]
fn match_play_drop_that_does_not_end_the_match_scores_the_cube() {
    let mut s = Setup::new(MatchRules::match_to(7), Position::start(), X);
    s.score = [1, 1];
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, ev) = act(&m, O, Action::Drop);
    assert_eq!(game_over(&ev), (X, 1, ResultKind::Dropped));
    assert_eq!(m.score(), [2, 1]);
}
