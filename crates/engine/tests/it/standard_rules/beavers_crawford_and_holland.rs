//! Standard rules: beavers and raccoons (seed 001 "Beavers and raccoons"), the Crawford
//! and Holland rules (seed 001, 002 5.11, 003).

use super::fixtures::{act, beaver_rules, dice, game_over, money_setup, play, x_about_to_win};
use engine::Side::{O, X};
use engine::{
    Action, Cube, Event, Match, MatchRules, Phase, Position, ResignLevel, ResultKind, RuleError,
    Setup,
};
use testkit::position;

#[test]
fn beaver_turns_the_cube_again_and_keeps_it() {
    let m = Match::from_setup(Setup::new(beaver_rules(), Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, ev) = act(&m, O, Action::Beaver);
    assert_eq!(ev, vec![Event::Beavered { by: O, value: 4 }]);
    assert_eq!(m.to_act(), Some(X), "the doubler answers the beaver");
    let (m, _) = act(&m, X, Action::Take);
    assert_eq!(
        m.cube(),
        Cube {
            value: 4,
            owner: Some(O)
        }
    );
    assert_eq!(m.phase(), Phase::ToRoll(X));
}

#[test]
fn beaver_dropped_pays_the_value_before_the_beaver() {
    let m = Match::from_setup(Setup::new(beaver_rules(), Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Beaver);
    let (m, ev) = act(&m, X, Action::Drop);
    assert_eq!(game_over(&ev), (O, 2, ResultKind::Dropped));
    assert_eq!(m.score(), [0, 2]);
}

#[test]
fn raccoon_turns_the_cube_once_more_and_ownership_stays_with_the_beaverer() {
    let m = Match::from_setup(Setup::new(beaver_rules(), Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Beaver);
    let (m, ev) = act(&m, X, Action::Raccoon);
    assert_eq!(ev, vec![Event::Raccooned { by: X, value: 8 }]);
    let (m, _) = act(&m, O, Action::Take);
    assert_eq!(
        m.cube(),
        Cube {
            value: 8,
            owner: Some(O)
        }
    );
}

#[test]
fn beaver_refused_when_not_agreed() {
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    assert_eq!(
        m.apply(O, &Action::Beaver).unwrap_err(),
        RuleError::NoBeavers
    );
}

#[test]
fn beavers_are_never_used_in_match_play() {
    let rules = MatchRules {
        beavers: true,
        ..MatchRules::match_to(5)
    };
    assert!(Match::new(rules).is_err());
}

#[test]
fn crawford_game_has_no_cube_and_the_next_game_has_it_again() {
    // 5-point match, X at 3 wins a single game to reach 4: the next game is Crawford.
    let mut s = Setup::new(MatchRules::match_to(5), x_about_to_win(&[(6, 14)]), X);
    s.score = [3, 0];
    let m = Match::from_setup(s).unwrap();
    let (m, _) = act(&m, X, Action::Roll(dice(2, 1)));
    let (m, ev) = play(&m, X, "1/off");
    assert!(ev.contains(&Event::GameStarted {
        number: 2,
        crawford: true
    }));
    assert!(m.is_crawford_game());
    // The Crawford game: nobody may double.
    let (m, _) = act(&m, X, Action::OpeningRoll { x: 1, o: 2 });
    let (m, _) = play(&m, O, "13/11 6/5");
    assert_eq!(
        m.apply(X, &Action::Double).unwrap_err(),
        RuleError::CrawfordGame
    );
    // Post-Crawford: X resigns a single game, the cube comes back.
    let (m, _) = act(&m, X, Action::Resign(ResignLevel::Single));
    let (m, ev) = act(&m, O, Action::AcceptResign);
    assert!(ev.contains(&Event::GameStarted {
        number: 3,
        crawford: false
    }));
    assert_eq!(m.score(), [4, 1]);
    assert!(m.is_post_crawford());
    let (m, _) = act(&m, X, Action::OpeningRoll { x: 1, o: 2 });
    let (m, _) = play(&m, O, "13/11 6/5");
    assert!(m.may_double(X).is_ok());
}

#[test]
fn crawford_game_happens_only_once() {
    let mut s = Setup::new(MatchRules::match_to(5), x_about_to_win(&[(6, 14)]), X);
    s.score = [4, 3];
    s.post_crawford = true;
    let m = Match::from_setup(s).unwrap();
    // O wins a single game to reach 4-4: that is not a second Crawford game.
    let mut s2 = Setup::new(MatchRules::match_to(5), position(&[(6, 14)], &[(1, 1)]), O);
    s2.score = [4, 3];
    s2.post_crawford = true;
    let m2 = Match::from_setup(s2).unwrap();
    let (m2, _) = act(&m2, O, Action::Roll(dice(2, 1)));
    let (m2, ev) = play(&m2, O, "1/off");
    assert!(ev.contains(&Event::GameStarted {
        number: 2,
        crawford: false
    }));
    assert_eq!(m2.score(), [4, 4]);
    assert!(!m.is_crawford_game());
}

#[test]
fn holland_rule_trailer_waits_until_both_sides_have_played_two_rolls() {
    let rules = MatchRules {
        holland: true,
        ..MatchRules::match_to(5)
    };
    let mut s = Setup::new(rules, Position::start(), X);
    s.score = [1, 4];
    s.post_crawford = true;
    let mut m = Match::from_setup(s).unwrap();
    assert_eq!(m.may_double(X).unwrap_err(), RuleError::Holland);
    for (side, d, text) in [
        (X, dice(3, 1), "8/5 6/5"),
        (O, dice(3, 1), "8/5 6/5"),
        (X, dice(2, 1), "13/11 6/5"),
        (O, dice(2, 1), "13/11 6/5"),
    ] {
        assert_eq!(
            m.may_double(side).map_err(|_| ()),
            if side == X { Err(()) } else { Ok(()) }
        );
        m = act(&m, side, Action::Roll(d)).0;
        m = play(&m, side, text).0;
    }
    assert!(m.may_double(X).is_ok(), "both have played two rolls");
}
