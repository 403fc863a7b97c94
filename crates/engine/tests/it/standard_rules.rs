//! Standard rules (seeds 001-004): one test per rule, named for it.

use engine::{
    Action, Cube, Dice, Event, IllegalPlay, Match, MatchRules, Phase, Position, ResignLevel,
    ResultKind, RuleError, Setup, Side,
};

const X: Side = Side::X;
const O: Side = Side::O;

/// A position from each side's checkers in his own numbering (25 = his bar).
fn pos(x: &[(usize, i8)], o: &[(usize, i8)]) -> Position {
    testkit::position(x, o)
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

fn act(m: &Match, side: Side, a: Action) -> (Match, Vec<Event>) {
    m.apply(side, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {side} refused: {e}"))
}

fn play(m: &Match, side: Side, text: &str) -> (Match, Vec<Event>) {
    let p = m
        .resolve_play(side, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    act(m, side, Action::Play(p))
}

fn game_over(events: &[Event]) -> (Side, u64, ResultKind) {
    events
        .iter()
        .find_map(|e| match e {
            Event::GameOver(r) => Some((r.winner, r.points, r.kind)),
            _ => None,
        })
        .expect("the game ended")
}

/// A race where X bears off his last checker with any roll: X has one checker on his 1.
fn x_about_to_win(o: &[(usize, i8)]) -> Position {
    pos(&[(1, 1)], o)
}

fn money_setup(position: Position, to_roll: Side) -> Setup {
    Setup::new(MatchRules::money(), position, to_roll)
}

// ---- Opening roll (seed 001 "Starting the game", 002 5.1) ----

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

// ---- Cube (seed 001 "Doubling", 002 5.9, 003 "Doubling Cube") ----

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
    let m = Match::from_setup(money_setup(pos(&[(25, 1), (6, 14)], &o_closed), X)).unwrap();
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

// ---- Beavers and raccoons (seed 001 "Beavers and raccoons") ----

fn beaver_rules() -> MatchRules {
    MatchRules {
        beavers: true,
        raccoons: true,
        ..MatchRules::money()
    }
}

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

// ---- Crawford and Holland (seed 001, 002 5.11, 003) ----

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
    let mut s2 = Setup::new(MatchRules::match_to(5), pos(&[(6, 14)], &[(1, 1)]), O);
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

// ---- Scoring (seed 001 "Gammons and backgammons", 003 "Scoring", 004) ----

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

// ---- Resignation (seed 002 5.12) ----

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

// ---- Play (seed 001 "Movement", "Compulsory move", "Bearing off") ----

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
        pos(&[(25, 1), (13, 14)], &[(6, 5), (8, 3), (13, 5), (24, 2)]),
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
    let m = Match::from_setup(money_setup(pos(&[(20, 1)], &[(16, 2), (6, 13)]), X)).unwrap();
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
        pos(&[(5, 1), (2, 2)], &[(1, 1), (25, 1), (6, 13)]),
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
    let m = Match::from_setup(money_setup(pos(&[(8, 1), (3, 14)], &[(6, 15)]), X)).unwrap();
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

// ---- Match score display, Crawford labels (002 "Match Play", 5.11, 5.14) ----

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

// ---- Readings with their own tests (docs/rules/standard.md) ----

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
