//! Standard rules: readings with their own tests (docs/rules/standard.md).

use super::fixtures::{act, beaver_rules, dice, game_over, money_setup, play, x_about_to_win};
use engine::Side::{O, X};
use engine::{
    Action, Cube, Event, Match, MatchRules, Phase, Position, ResignLevel, ResultKind, RuleError,
    Setup,
};

/// Reading: an automatic double leaves the cube centred, and a centred cube was never
/// "passed and accepted", so under the Jacoby rule a gammon counts single at the cube's
/// value (2), not 4. Without the Jacoby rule the same game is worth 4.
#[test]
fn jacoby_rule_a_gammon_after_an_automatic_double_counts_single_at_the_cube_value() {
    // Given the cube at 2 and centred, as an automatic double leaves it
    let after_tie = |jacoby: bool| {
        let mut s = Setup::new(
            MatchRules {
                auto_doubles: 1,
                jacoby,
                ..MatchRules::money()
            },
            x_about_to_win(&[(6, 15)]),
            X,
        );
        s.cube = Cube {
            value: 2,
            owner: None,
        };
        Match::from_setup(s).unwrap()
    };
    // When X bears off his last man with O still having all fifteen
    let (m, _) = act(&after_tie(true), X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    // Then the gammon counts single: 1 x 2
    assert_eq!(game_over(&ev), (X, 2, ResultKind::Gammon));
    let (m, _) = act(&after_tie(false), X, Action::Roll(dice(2, 1)));
    let (_, ev) = play(&m, X, "1/off");
    assert_eq!(game_over(&ev), (X, 4, ResultKind::Gammon));
}

/// The same reading through the opening: a tie doubles the cube automatically, and a
/// gammon resigned in that game still counts single (1 x 2).
#[test]
fn jacoby_rule_an_automatic_double_from_an_opening_tie_is_not_a_turned_cube() {
    let rules = MatchRules {
        auto_doubles: 1,
        ..MatchRules::money()
    };
    let m = Match::new(rules).unwrap();
    let (m, _) = act(&m, X, Action::OpeningRoll { x: 4, o: 4 });
    let (m, _) = act(&m, X, Action::OpeningRoll { x: 3, o: 1 });
    assert_eq!(
        m.cube(),
        Cube {
            value: 2,
            owner: None
        }
    );
    let (m, _) = act(&m, O, Action::Resign(ResignLevel::Gammon));
    let (m, ev) = act(&m, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 2, ResultKind::Resigned(ResignLevel::Gammon))
    );
    assert_eq!(m.score(), [2, 0]);
}

/// Reading: an accepted resignation of a gammon is scored as a gammon would be, so under
/// the Jacoby rule it counts single while the cube is centred, and double once the cube
/// has been turned and taken.
#[test]
fn jacoby_rule_an_accepted_gammon_resignation_counts_single_while_the_cube_is_centred() {
    // Centred cube: 1 point.
    let m = Match::from_setup(money_setup(Position::start(), X)).unwrap();
    let (centred, _) = act(&m, O, Action::Resign(ResignLevel::Gammon));
    let (_, ev) = act(&centred, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 1, ResultKind::Resigned(ResignLevel::Gammon))
    );
    // A backgammon resigned on a centred cube: also single.
    let (bg, _) = act(&m, O, Action::Resign(ResignLevel::Backgammon));
    let (_, ev) = act(&bg, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 1, ResultKind::Resigned(ResignLevel::Backgammon))
    );
    // Turned and taken at 2: the gammon counts, 2 x 2.
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Take);
    let (m, _) = act(&m, O, Action::Resign(ResignLevel::Gammon));
    let (_, ev) = act(&m, X, Action::AcceptResign);
    assert_eq!(
        game_over(&ev),
        (X, 4, ResultKind::Resigned(ResignLevel::Gammon))
    );
}

/// Reading: after a raccoon the "animals" alternate, each one notch more and each a
/// raccoon (a beaver answers only the double itself); ownership stays with the beaverer,
/// and a drop pays the value before the last notch.
#[test]
fn beaver_after_a_raccoon_is_refused_and_the_next_animal_is_a_raccoon() {
    let m = Match::from_setup(Setup::new(beaver_rules(), Position::start(), X)).unwrap();
    let (m, _) = act(&m, X, Action::Double);
    let (m, _) = act(&m, O, Action::Beaver);
    let (m, _) = act(&m, X, Action::Raccoon);
    // A second beaver by the beaverer is refused and changes nothing.
    let e = m.apply(O, &Action::Beaver).unwrap_err();
    assert!(
        matches!(&e, RuleError::WrongMoment(why) if why.contains("raccoon instead")),
        "{e:?}"
    );
    // The beaverer turns it once more: a raccoon to 16, the doubler answers.
    let (m, ev) = act(&m, O, Action::Raccoon);
    assert_eq!(ev, vec![Event::Raccooned { by: O, value: 16 }]);
    assert_eq!(m.to_act(), Some(X));
    // And once more by the doubler: 32, the beaverer answers.
    let (m32, ev) = act(&m, X, Action::Raccoon);
    assert_eq!(ev, vec![Event::Raccooned { by: X, value: 32 }]);
    assert_eq!(m32.to_act(), Some(O));
    let (taken, _) = act(&m32, O, Action::Take);
    assert_eq!(
        taken.cube(),
        Cube {
            value: 32,
            owner: Some(O)
        }
    );
    assert_eq!(taken.phase(), Phase::ToRoll(X));
    // Dropping the raccoon to 16 pays 8, the value before it.
    let (_, ev) = act(&m, X, Action::Drop);
    assert_eq!(game_over(&ev), (O, 8, ResultKind::Dropped));
}

/// Reading: a 1-point match has no cube (both players are a point from victory), and its
/// one game decides it, a gammon counting in full.
#[test]
fn one_point_match_has_no_cube_and_its_first_game_decides_it() {
    let m = Match::new(MatchRules::match_to(1)).unwrap();
    let (m, _) = act(&m, X, Action::OpeningRoll { x: 3, o: 1 });
    let (m, _) = play(&m, X, "8/5 6/5");
    // O, on roll, may not double.
    assert!(m.may_double(O).is_err());
    assert!(m.apply(O, &Action::Double).is_err());
    let (m, _) = act(&m, O, Action::Roll(dice(6, 4)));
    let (m, _) = play(&m, O, "24/14");
    assert!(m.may_double(X).is_err());
    assert!(m.apply(X, &Action::Double).is_err());
    // X resigns a single game: O wins the match 1-0.
    let (single, _) = act(&m, X, Action::Resign(ResignLevel::Single));
    let (single, ev) = act(&single, O, Action::AcceptResign);
    assert!(ev.contains(&Event::MatchOver { winner: O }));
    assert_eq!(single.phase(), Phase::MatchOver { winner: O });
    assert_eq!(single.score(), [0, 1]);
    assert_eq!(
        single.apply(X, &Action::Roll(dice(1, 2))).unwrap_err(),
        RuleError::MatchOver
    );
    // X resigns a gammon instead: it counts 2, and the match is over all the same.
    let (gammon, _) = act(&m, X, Action::Resign(ResignLevel::Gammon));
    let (gammon, _) = act(&gammon, O, Action::AcceptResign);
    assert_eq!(gammon.phase(), Phase::MatchOver { winner: O });
    assert_eq!(gammon.score(), [0, 2]);
}
