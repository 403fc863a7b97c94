//! Welsh rules 6, 7, 11, 13, 14, 16 and 17a: who starts, throws thrown again, throws with
//! no legal play, dances, the roof, triangles.

use engine::Side::{O, X};
use engine::welsh::{
    GameEnd, NominateFor, Parity, Throw, WelshAction, WelshError, WelshEvent, WelshMatch,
    WelshPhase, WelshRules, has_triangle,
};
use testkit::welsh::{act, at, play_where, turn, two_on_the_roof_and_no_entry_with_2_1};

#[test]
fn rule_06_odds_or_evens_call_decides_who_chooses_the_start() {
    let m = WelshMatch::new(WelshRules::default());
    assert_eq!(m.phase(), WelshPhase::Call { caller: O });
    // 3 + 4 = 7 is odd: O called evens and is wrong, so X (the shaker) chooses.
    let (m2, ev) = act(
        &m,
        O,
        WelshAction::Call {
            shaker_dice: (3, 4),
            call: Parity::Even,
        },
    );
    assert_eq!(ev, vec![WelshEvent::CallWon { chooser: X }]);
    let (m2, _) = act(&m2, X, WelshAction::Choose(O));
    assert_eq!(m2.phase(), WelshPhase::ToRoll(O));
    let (m3, ev) = act(
        &m,
        O,
        WelshAction::Call {
            shaker_dice: (3, 4),
            call: Parity::Odd,
        },
    );
    assert_eq!(ev, vec![WelshEvent::CallWon { chooser: O }]);
    assert!(
        m3.apply(X, &WelshAction::Choose(X)).is_err(),
        "only the chooser chooses"
    );
}

#[test]
fn rule_06_mugs_away_the_loser_of_a_game_starts_the_next() {
    let m = at(&[(1, 1)], &[(6, 14)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (m, _) = play_where(&m, X, |b| b.mine_off() == 15);
    assert_eq!(m.phase(), WelshPhase::ToRoll(O));
}

#[test]
fn rule_06_a_third_identical_throw_in_a_row_is_thrown_again() {
    let mut m = at(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        X,
    );
    for _ in 0..2 {
        m = act(&m, X, WelshAction::Roll(4, 3)).0;
        m = play_where(&m, X, |_| true).0;
        m = act(&m, O, WelshAction::Roll(2, 1)).0;
        if let WelshPhase::ToPlay { .. } = m.phase() {
            m = play_where(&m, O, |_| true).0;
        }
    }
    assert_eq!(
        m.apply(X, &WelshAction::Roll(3, 4)).unwrap_err(),
        WelshError::ThirdIdenticalThrow
    );
    assert!(m.apply(X, &WelshAction::Roll(3, 5)).is_ok());
}

#[test]
fn rule_07_a_throw_with_no_legal_play_passes_the_turn() {
    let m = at(&[(25, 1), (6, 14)], &[(3, 2), (2, 2), (5, 2), (1, 9)], X);
    let (m, ev) = act(&m, X, WelshAction::Roll(3, 2));
    assert!(ev.contains(&WelshEvent::Danced { by: X }));
    assert_eq!(m.phase(), WelshPhase::ToRoll(O));
}

#[test]
fn rule_11_a_full_spread_allows_a_one_die_throw() {
    let m = at(
        &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (8, 9)],
        &[(6, 15)],
        X,
    );
    let (m2, ev) = act(&m, X, WelshAction::RollOne(4));
    assert!(ev.contains(&WelshEvent::Thrown {
        by: X,
        throw: Throw::One(4),
        nominated: false
    }));
    assert!(matches!(m2.phase(), WelshPhase::ToPlay { .. }));
    let m = at(&[(24, 2), (13, 5), (8, 3), (6, 5)], &[(6, 15)], X);
    assert_eq!(
        m.apply(X, &WelshAction::RollOne(4)).unwrap_err(),
        WelshError::NoFullSpread
    );
}

#[test]
fn rule_13_acey_deucey_a_thrown_1_2_may_be_thrown_again() {
    let m = at(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        X,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (m2, ev) = act(&m, X, WelshAction::Reroll(6, 5));
    assert!(ev.contains(&WelshEvent::Rethrown { by: X }));
    assert!(matches!(
        m2.phase(),
        WelshPhase::ToPlay {
            throw: Throw::Two(6, 5),
            ..
        }
    ));
    assert_eq!(
        m2.apply(X, &WelshAction::Reroll(1, 1)).unwrap_err(),
        WelshError::NoAceyDeucey
    );
}

#[test]
fn rule_14_three_on_the_roof_loses_the_game_at_the_cube_value() {
    // O already has two on the roof; X hits a third.
    let m = at(&[(8, 2), (6, 13)], &[(25, 2), (20, 1), (1, 12)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(3, 1));
    let (_, ev) = play_where(&m, X, |b| b.theirs(0) == 3);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 1,
        how: GameEnd::ThreeOnTheRoof
    }));
}

#[test]
fn rule_16_the_first_dance_of_a_game_raises_the_doubling_die() {
    let m = at(&[(25, 1), (6, 14)], &[(3, 2), (2, 2), (5, 2), (1, 9)], X);
    let (m, ev) = act(&m, X, WelshAction::Roll(3, 2));
    assert!(ev.contains(&WelshEvent::CubeRaisedByDance { value: 2 }));
    assert_eq!(m.cube().value, 2);
    assert_eq!(m.cube().right, None, "the right to double does not change");
    // O cannot play 6-6 (all his men are home, none on his 6-spike): his turn passes.
    let (m, _) = act(&m, O, WelshAction::Roll(6, 6));
    assert_eq!(m.phase(), WelshPhase::ToRoll(X), "O has no play with 6-6");
    // X dances again: no second raise.
    let (m, ev) = act(&m, X, WelshAction::Roll(3, 2));
    assert!(ev.contains(&WelshEvent::Danced { by: X }), "{ev:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, WelshEvent::CubeRaisedByDance { .. })),
        "{ev:?}"
    );
    assert_eq!(m.cube().value, 2);
}

#[test]
fn rule_17a_a_triangle_keeps_the_player_rolling_and_freezes_the_cube() {
    // X makes 4-3-2-1 on his 6-5-4-3 with 7/3, playing the 1 in his back board.
    let m = at(&[(6, 4), (5, 3), (4, 2), (7, 1), (20, 5)], &[(2, 15)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(4, 1));
    let (m, ev) = play_where(&m, X, has_triangle);
    assert!(ev.contains(&WelshEvent::Triangle { by: X }));
    assert_eq!(m.phase(), WelshPhase::ToRoll(X), "rolls again");
    assert_eq!(
        m.apply(X, &WelshAction::Double).unwrap_err(),
        WelshError::TriangleFreezesCube
    );
}

#[test]
fn rule_06_a_third_identical_throw_from_an_acey_deucey_rethrow_is_thrown_again() {
    // Given X threw 4-3 on each of his last two turns
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = at(&start, &start, X);
    let m = turn(&m, X, (4, 3));
    let m = turn(&m, O, (6, 5));
    let m = turn(&m, X, (4, 3));
    let m = turn(&m, O, (5, 4));
    // When on his third turn he throws 1-2 and throws again: 4-3
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    // Then that third 4-3 is thrown again, like any other
    assert_eq!(
        m.apply(X, &WelshAction::Reroll(3, 4)).unwrap_err(),
        WelshError::ThirdIdenticalThrow
    );
    assert!(m.apply(X, &WelshAction::Reroll(3, 5)).is_ok());
}

#[test]
fn rule_06_an_acey_deucey_rethrow_keeps_three_turns_in_the_window() {
    // Given X threw 4-3, then on his next turn 1-2 and threw again: 4-3
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = at(&start, &start, X);
    let m = turn(&m, X, (4, 3));
    let m = turn(&m, O, (6, 5));
    let (m, _) = act(&m, X, WelshAction::Roll(2, 1));
    let (m, _) = act(&m, X, WelshAction::Reroll(4, 3));
    let (m, _) = play_where(&m, X, |_| true);
    let m = turn(&m, O, (5, 4));
    // When he throws 4-3 on his third turn: his third 4-3 in three turns in a row
    // Then it is thrown again (the 1-2 of the second turn does not count as a turn)
    assert_eq!(
        m.apply(X, &WelshAction::Roll(4, 3)).unwrap_err(),
        WelshError::ThirdIdenticalThrow
    );
}

#[test]
fn rule_13_a_thrown_1_2_with_no_legal_play_may_be_thrown_again_before_any_dance() {
    let m = two_on_the_roof_and_no_entry_with_2_1();
    // When X throws 2-1, which has no legal play
    let (m, ev) = act(&m, X, WelshAction::Roll(2, 1));
    // Then no dance is applied yet: the turn waits for X's choice, the die unmoved
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            WelshEvent::Danced { .. } | WelshEvent::CubeRaisedByDance { .. }
        )),
        "{ev:?}"
    );
    assert_eq!(
        m.phase(),
        WelshPhase::ToPlay {
            side: X,
            throw: Throw::Two(2, 1),
            nominated: false
        }
    );
    assert_eq!(m.cube().value, 1);
    // (What the prompt offers here: the club's `welsh_prompts`.)
    // And a re-throw of 5-3 enters both men: no dance at all
    let (again, ev) = act(&m, X, WelshAction::Reroll(5, 3));
    assert!(ev.contains(&WelshEvent::Rethrown { by: X }), "{ev:?}");
    let (again, ev) = play_where(&again, X, |b| b.mine(25) == 0);
    assert!(!ev.contains(&WelshEvent::Danced { by: X }), "{ev:?}");
    assert_eq!(
        (again.cube().value, again.phase()),
        (1, WelshPhase::ToRoll(O))
    );
    // Or X keeps the 2-1 (passes): only then is it a dance, and the first raises the die
    let (kept, ev) = act(&m, X, WelshAction::Play(engine::Play::default()));
    assert!(ev.contains(&WelshEvent::Danced { by: X }), "{ev:?}");
    assert!(
        ev.contains(&WelshEvent::CubeRaisedByDance { value: 2 }),
        "{ev:?}"
    );
    assert_eq!(kept.phase(), WelshPhase::ToRoll(O));
}

#[test]
fn rule_13_a_nominated_1_2_with_no_legal_play_passes_at_once() {
    // Given O nominated 2-1 for X's next throw, and X cannot enter with it
    let m = two_on_the_roof_and_no_entry_with_2_1();
    let m = WelshMatch::at_parked(WelshRules::default(), *m.position(), O, [0, 0]);
    let (m, _) = act(&m, O, WelshAction::Roll(4, 3));
    let (m, _) = act(
        &m,
        O,
        WelshAction::Nominate {
            whose: NominateFor::Opponent,
            dice: (2, 1),
        },
    );
    let (m, _) = play_where(&m, O, |b| b.mine(1) >= 2 && b.mine(2) >= 2);
    // When X throws (the nominated 2-1)
    let (m, ev) = act(&m, X, WelshAction::Roll(4, 4));
    // Then it is no acey-deucey (rule 13 is for a thrown 1-2): the dance is at once
    assert!(ev.contains(&WelshEvent::Danced { by: X }), "{ev:?}");
    assert_eq!(m.phase(), WelshPhase::ToRoll(O));
}

#[test]
fn rule_06_the_third_identical_throw_window_carries_across_games() {
    // Given X threw 4-2 on the last turn of game 1 (checking out his last man)
    let m = at(&[(2, 1)], &[(6, 14)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(4, 2));
    let (m, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameStarted { number: 2, cube: 1 }));
    // And 4-2 again on his first turn of game 2 (mugs away: O starts)
    let m = turn(&m, O, (6, 5));
    let m = turn(&m, X, (4, 2));
    let m = turn(&m, O, (5, 3));
    // When he throws 4-2 a third turn in a row
    // Then it is thrown again: the rule counts his turns, not the games
    assert_eq!(
        m.apply(X, &WelshAction::Roll(2, 4)).unwrap_err(),
        WelshError::ThirdIdenticalThrow
    );
    assert!(m.apply(X, &WelshAction::Roll(2, 5)).is_ok());
}

#[test]
fn rule_06_the_1_1_of_a_wash_by_snakes_is_a_turn_in_the_window() {
    // Given X threw 1-1 and O's 1-1 straight after made a wash by snakes
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = turn(&at(&start, &start, X), X, (1, 1));
    let (m, ev) = act(&m, O, WelshAction::Roll(1, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        WelshEvent::GameOver {
            how: GameEnd::WashBySnakes,
            ..
        }
    )));
    // And after the call O starts game 2 with 1-1 again
    let (m, _) = act(
        &m,
        O,
        WelshAction::Call {
            shaker_dice: (1, 2),
            call: Parity::Odd,
        },
    );
    let (m, _) = act(&m, O, WelshAction::Choose(O));
    let m = turn(&m, O, (1, 1));
    let m = turn(&m, X, (6, 5));
    // When O throws 1-1 a third turn in a row (the wash's throw was his turn too)
    // Then it is thrown again
    assert_eq!(
        m.apply(O, &WelshAction::Roll(1, 1)).unwrap_err(),
        WelshError::ThirdIdenticalThrow
    );
}
