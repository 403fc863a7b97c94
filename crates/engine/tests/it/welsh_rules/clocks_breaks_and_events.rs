//! Welsh rules 12 and 24 vi and regulation D: clocks, "ten for two", breaks, significant
//! events announced.

use engine::Side::{O, X};
use engine::welsh::{
    BreakReason, GameEnd, MatchEnd, Parity, WelshAction, WelshError, WelshEvent, WelshMatch,
    WelshRules, has_triangle,
};
use testkit::position;
use testkit::welsh::{act, at, play_where, turn};

#[test]
fn rule_12a_a_player_timed_out_loses_the_match() {
    let m = at(&[(24, 2), (13, 5), (8, 3), (6, 5)], &[(6, 15)], X);
    let (m, ev) = act(&m, O, WelshAction::TimedOut);
    assert_eq!(
        ev,
        vec![WelshEvent::MatchOver {
            winner: X,
            how: MatchEnd::TimedOut
        }]
    );
    assert_eq!(
        m.apply(X, &WelshAction::Roll(1, 2)).unwrap_err(),
        WelshError::MatchOver
    );
}

#[test]
fn rule_12b_ten_for_two_starts_the_game_at_2_when_both_clocks_are_under_ten_minutes() {
    let m = at(&[(1, 1)], &[(6, 14)], X);
    let (m, _) = act(&m, X, WelshAction::Clocks([540, 300]));
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (m, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameStarted { number: 2, cube: 2 }));
    assert_eq!(m.cube().right, None);
}

#[test]
fn regulation_d_breaks_at_backgammons_and_at_6_12_18_24() {
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(1, 1)], &[(6, 14), (7, 1)]),
        X,
        [0, 0],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::BreakEntitled(BreakReason::Backgammon)));
    assert!(ev.contains(&WelshEvent::BreakEntitled(BreakReason::Reached(6))));
}

#[test]
fn rule_24_vi_significant_events_are_announced() {
    // X completes a full spread in his home board (8/6), and crosses the stream with the 6.
    let m = at(
        &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (8, 1), (13, 9)],
        &[(2, 15)],
        X,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(6, 2));
    let (_, ev) = play_where(&m, X, |b| (1..=6).all(|p| b.points()[p] == 1));
    assert!(ev.contains(&WelshEvent::FullSpread { by: X }), "{ev:?}");
}

#[test]
fn regulation_d_time_for_tea_and_both_clocks_under_35_minutes() {
    let m = at(&[(3, 1), (2, 1)], &[(6, 14)], X);
    let (m, _) = act(&m, X, WelshAction::Clocks([30 * 60, 20 * 60]));
    let (m, _) = act(&m, X, WelshAction::Roll(2, 3));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(
        ev.contains(&WelshEvent::BreakEntitled(BreakReason::TimeForTea)),
        "{ev:?}"
    );
    assert!(ev.contains(&WelshEvent::BreakEntitled(BreakReason::BothUnder35Minutes)));
}

#[test]
fn rule_24_vi_each_significant_event_kind_is_announced() {
    // A dance: X cannot enter with 3-2.
    let m = at(&[(25, 1), (6, 14)], &[(3, 2), (2, 2), (5, 2), (1, 9)], X);
    let (_, ev) = act(&m, X, WelshAction::Roll(3, 2));
    assert!(ev.contains(&WelshEvent::Danced { by: X }), "{ev:?}");
    // A triangle: 4-3-2-1 on X's 6-5-4-3.
    let m = at(&[(6, 4), (5, 3), (4, 2), (7, 1), (20, 5)], &[(2, 15)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(4, 1));
    let (_, ev) = play_where(&m, X, has_triangle);
    assert!(ev.contains(&WelshEvent::Triangle { by: X }), "{ev:?}");
    // A full spread: one man on each spike of X's home board.
    let m = at(
        &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (8, 1), (13, 9)],
        &[(2, 15)],
        X,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(6, 2));
    let (_, ev) = play_where(&m, X, |b| (1..=6).all(|p| b.points()[p] == 1));
    assert!(ev.contains(&WelshEvent::FullSpread { by: X }), "{ev:?}");
    // A wash by sticks: both hold a full spike.
    let m = at(&[(7, 5), (8, 1), (6, 9)], &[(6, 6), (1, 9)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.points()[7] == 6);
    assert!(
        ev.contains(&WelshEvent::GameOver {
            winner: None,
            games: 1,
            how: GameEnd::WashBySticks
        }),
        "{ev:?}"
    );
    // A wash by snakes: 1-1 straight after the opponent's 1-1.
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = turn(&at(&start, &start, X), X, (1, 1));
    let (_, ev) = act(&m, O, WelshAction::Roll(1, 1));
    assert!(
        ev.contains(&WelshEvent::GameOver {
            winner: None,
            games: 1,
            how: GameEnd::WashBySnakes
        }),
        "{ev:?}"
    );
}

#[test]
fn regulation_12b_ten_for_two_applies_to_the_first_game_too() {
    // Given a new match, both clocks under ten minutes before the first call
    let m = WelshMatch::new(WelshRules::default());
    let (m, ev) = act(&m, O, WelshAction::Clocks([540, 539]));
    // Then the first game starts with the doubling die at 2, centred, and says so
    assert!(
        ev.contains(&WelshEvent::GameStarted { number: 1, cube: 2 }),
        "{ev:?}"
    );
    let call = WelshAction::Call {
        shaker_dice: (1, 2),
        call: Parity::Odd,
    };
    let (m, _) = act(&m, O, call);
    let (m, _) = act(&m, O, WelshAction::Clocks([530, 520]));
    let (m, _) = act(&m, O, WelshAction::Choose(O));
    assert_eq!((m.cube().value, m.cube().right), (2, None));
    // And either player may turn it to 4
    let (m, _) = act(&m, O, WelshAction::Double);
    assert_eq!(m.cube().value, 4);
    // But with one clock at ten minutes or more, the first game starts at 1
    let m = WelshMatch::new(WelshRules::default());
    let (m, ev) = act(&m, O, WelshAction::Clocks([600, 300]));
    assert!(ev.is_empty(), "{ev:?}");
    let (m, _) = act(&m, O, call);
    assert_eq!(m.cube().value, 1);
}
