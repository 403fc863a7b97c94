//! Welsh turn flow, scoring and money (seed 000): one test or more per rule, named for it.

use engine::welsh::{
    BreakReason, GameEnd, MatchEnd, NominateFor, Parity, Rates, ScoopPot, Throw, WelshAction,
    WelshError, WelshEvent, WelshMatch, WelshPhase, WelshRules, format_amount, game_value,
    has_rectangle, has_triangle, jackpot, match_prize,
};
use engine::{Board, Position, Side};
use testkit::Rng;

const X: Side = Side::X;
const O: Side = Side::O;

/// X's men and O's men, each in his own numbering (25 = roof).
fn pos(x: &[(usize, i8)], o: &[(usize, i8)]) -> Position {
    testkit::position(x, o)
}

fn act(m: &WelshMatch, side: Side, a: WelshAction) -> (WelshMatch, Vec<WelshEvent>) {
    m.apply(side, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {side}: {e}"))
}

/// Plays the first legal play whose resulting board satisfies `want`.
fn play_where(
    m: &WelshMatch,
    side: Side,
    want: impl Fn(&Board) -> bool,
) -> (WelshMatch, Vec<WelshEvent>) {
    let l = m
        .legal_plays()
        .into_iter()
        .find(|l| want(&l.board))
        .expect("a play of that kind");
    act(m, side, WelshAction::Play(l.play))
}

fn at(x: &[(usize, i8)], o: &[(usize, i8)], to_roll: Side) -> WelshMatch {
    WelshMatch::at(WelshRules::default(), pos(x, o), to_roll, [0, 0])
}

#[test]
fn rule_01_the_match_is_won_on_reaching_25_games() {
    // X at 24 checks out his last man for a single game.
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(1, 1)], &[(6, 14)]),
        X,
        [24, 10],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (m, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Games
    }));
    assert_eq!(m.score(), [25, 10]);
}

#[test]
fn rule_02_either_player_about_to_roll_may_double_and_the_right_passes_over() {
    let m = at(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        X,
    );
    let (m, ev) = act(&m, X, WelshAction::Double);
    assert_eq!(ev, vec![WelshEvent::Doubled { by: X, value: 2 }]);
    assert_eq!(
        m.apply(X, &WelshAction::Double).unwrap_err(),
        WelshError::NotYourRight
    );
    let (m, _) = act(&m, X, WelshAction::Roll(3, 1));
    let (m, _) = play_where(&m, X, |_| true);
    let (m, ev) = act(&m, O, WelshAction::Double);
    assert_eq!(
        ev,
        vec![WelshEvent::Doubled { by: O, value: 4 }],
        "no take or drop: it is simply worth 4"
    );
    assert_eq!(m.cube().right, Some(X));
}

#[test]
fn rule_03_a_gammon_counts_three_times() {
    let m = at(&[(1, 1)], &[(6, 15)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 3,
        how: GameEnd::Gammon
    }));
}

#[test]
fn rule_04_a_backgammon_counts_six_times_with_a_man_outside_the_losers_home_board() {
    let m = at(&[(1, 1)], &[(6, 14), (7, 1)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 6,
        how: GameEnd::Backgammon
    }));
}

#[test]
fn rule_05_maximum_score_of_one_game_is_384() {
    // The doubling die goes 2, 4 ... 64 and no higher.
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let mut m = at(&start, &start, X);
    let mut side = X;
    for (i, dice) in [(4, 3), (6, 5), (4, 2), (6, 3), (5, 3), (6, 4)]
        .into_iter()
        .enumerate()
    {
        m = act(&m, side, WelshAction::Double).0;
        assert_eq!(m.cube().value, 2 << i);
        m = act(&m, side, WelshAction::Roll(dice.0, dice.1)).0;
        if let WelshPhase::ToPlay { .. } = m.phase() {
            m = play_where(&m, side, |_| true).0;
        }
        side = side.opponent();
    }
    assert_eq!(m.phase(), WelshPhase::ToRoll(X));
    assert_eq!(
        m.apply(X, &WelshAction::Double).unwrap_err(),
        WelshError::CubeAtMax
    );
    // A backgammon at 64: the loser has checked out none and has a man on the roof.
    let after = pos(&[], &[(25, 1), (6, 14)]).view(X);
    assert_eq!(game_value(64, &after), 384);
}

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
fn rule_17b_a_rectangle_wins_the_match() {
    let m = at(
        &[(6, 3), (5, 3), (4, 3), (3, 3), (2, 2), (8, 1)],
        &[(6, 15)],
        X,
    );
    // With 6-6 the first 6 (8/2) would complete the rectangle, but all four 6s must be
    // played (rule 7) and the others check out from the 6-spike: no play ends in one.
    let (m, _) = act(&m, X, WelshAction::Roll(6, 6));
    let legal = m.legal_plays();
    assert!(!legal.is_empty(), "6-6 has plays here");
    assert!(
        legal.iter().all(|l| !has_rectangle(&l.board)),
        "no 6-6 play may stop at the rectangle"
    );
    let m = at(
        &[(6, 3), (5, 3), (4, 3), (3, 3), (2, 2), (9, 1)],
        &[(6, 15)],
        X,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(4, 3));
    let (m, ev) = play_where(&m, X, has_rectangle);
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Rectangle
    }));
    assert!(matches!(m.phase(), WelshPhase::MatchOver { .. }));
}

#[test]
fn rule_18_the_first_to_check_out_gets_a_bonus_throw_and_doubles_chain_it() {
    let m = at(&[(3, 2), (2, 2), (1, 11)], &[(6, 15)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(3, 1));
    let (m, ev) = play_where(&m, X, |b| b.mine_off() > 0);
    assert!(ev.contains(&WelshEvent::FirstCheckOut { by: X }));
    assert_eq!(m.phase(), WelshPhase::ToRoll(X), "bonus throw");
    let (m, _) = act(&m, X, WelshAction::Roll(1, 1));
    assert!(matches!(m.phase(), WelshPhase::ToPlay { side: X, .. }));
    let (m, _) = play_where(&m, X, |_| true);
    assert_eq!(
        m.phase(),
        WelshPhase::ToRoll(X),
        "a double on the bonus throw earns another"
    );
}

#[test]
fn rule_18_offer_to_concede_on_the_first_one_throw_win_occasion() {
    // X will stand with two men home after playing (a one-throw win); O is far from home.
    let m = at(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(6, 1));
    let (m, ev) = play_where(&m, X, |b| (7..=25).all(|p| b.mine(p) == 0));
    assert!(
        ev.contains(&WelshEvent::ConcedeOccasion {
            offerer: O,
            at_stake: 6
        }),
        "{ev:?}"
    );
    // O would lose a gammon or backgammon (6); he offers 2 games, X rejects.
    assert!(matches!(
        m.apply(
            O,
            &WelshAction::OfferConcede {
                games: 6,
                payment: false
            }
        ),
        Err(WelshError::ConcedeTooMuch(_))
    ));
    let (m2, _) = act(
        &m,
        O,
        WelshAction::OfferConcede {
            games: 2,
            payment: false,
        },
    );
    let (m3, ev) = act(&m2, X, WelshAction::RejectConcede);
    assert_eq!(ev, vec![WelshEvent::ConcedeRejected { by: X }]);
    assert_eq!(
        m3.apply(
            O,
            &WelshAction::OfferConcede {
                games: 2,
                payment: false
            }
        )
        .unwrap_err(),
        WelshError::NoConcedeOccasion,
        "only that occasion"
    );
    let (m4, ev) = act(&m2, X, WelshAction::AcceptConcede);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 2,
        how: GameEnd::Conceded
    }));
    assert_eq!(m4.score(), [2, 0]);
}

#[test]
fn rule_18_an_offer_to_24_with_the_payment_must_be_accepted() {
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
        X,
        [22, 3],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(6, 1));
    let (m, _) = play_where(&m, X, |b| (7..=25).all(|p| b.mine(p) == 0));
    let (m, _) = act(
        &m,
        O,
        WelshAction::OfferConcede {
            games: 2,
            payment: true,
        },
    );
    assert_eq!(
        m.apply(X, &WelshAction::RejectConcede).unwrap_err(),
        WelshError::MustAcceptConcede
    );
    let (m, _) = act(&m, X, WelshAction::AcceptConcede);
    assert_eq!(m.score(), [24, 3]);
}

#[test]
fn rule_21_nominate_once_per_match_for_yourself_or_your_opponent() {
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = at(&start, &start, X);
    let (m, ev) = act(
        &m,
        X,
        WelshAction::Nominate {
            whose: NominateFor::Me,
            dice: (6, 4),
        },
    );
    assert!(ev.contains(&WelshEvent::Thrown {
        by: X,
        throw: Throw::Two(6, 4),
        nominated: true
    }));
    let (m, _) = play_where(&m, X, |_| true);
    let (m, _) = act(&m, O, WelshAction::Roll(3, 1));
    // O nominates X's next throw during his own turn.
    let (m, _) = act(
        &m,
        O,
        WelshAction::Nominate {
            whose: NominateFor::Opponent,
            dice: (1, 1),
        },
    );
    let (m, _) = play_where(&m, O, |_| true);
    let (m, ev) = act(&m, X, WelshAction::Roll(6, 6));
    assert!(ev.contains(&WelshEvent::Thrown {
        by: X,
        throw: Throw::Two(1, 1),
        nominated: true
    }));
    assert!(!m.nominate_left(X) && !m.nominate_left(O));
    assert!(matches!(m.phase(), WelshPhase::ToPlay { side: X, .. }));
    let (m, _) = play_where(&m, X, |_| true);
    assert_eq!(m.phase(), WelshPhase::ToRoll(O));
    // O has used his card: he cannot nominate his own throw now.
    assert_eq!(
        m.apply(
            O,
            &WelshAction::Nominate {
                whose: NominateFor::Me,
                dice: (2, 2)
            }
        )
        .unwrap_err(),
        WelshError::NominateUsed
    );
}

#[test]
fn rule_21_a_match_winning_throw_cannot_be_nominated_for_yourself() {
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(2, 1)], &[(6, 14)]),
        X,
        [24, 0],
    );
    let err = m
        .apply(
            X,
            &WelshAction::Nominate {
                whose: NominateFor::Me,
                dice: (2, 1),
            },
        )
        .unwrap_err();
    assert!(matches!(err, WelshError::NominateWins(_)), "{err}");
    assert!(
        m.apply(
            X,
            &WelshAction::Nominate {
                whose: NominateFor::Me,
                dice: (6, 5)
            }
        )
        .is_ok()
    );
}

#[test]
fn rule_22_wash_by_snakes_1_1_after_the_opponents_1_1() {
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = WelshMatch::at(WelshRules::default(), pos(&start, &start), X, [3, 4]);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 1));
    let (m, _) = play_where(&m, X, |_| true);
    let (m, ev) = act(&m, O, WelshAction::Roll(1, 1));
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: None,
        games: 1,
        how: GameEnd::WashBySnakes
    }));
    assert_eq!(m.score(), [4, 5], "one game each, the cube disregarded");
    assert!(
        matches!(m.phase(), WelshPhase::Call { .. }),
        "a new call after a wash"
    );
}

#[test]
fn rule_22_wash_by_sticks_both_hold_a_full_spike() {
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
}

#[test]
fn rule_23_the_28_12_match_pays_14_00() {
    let r = Rates::default();
    assert_eq!(
        format_amount(match_prize(&r, 28, 12, 12, MatchEnd::Games)),
        "14.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 25, 3, 3, MatchEnd::Rectangle)),
        "7.50"
    );
    assert_eq!(
        format_amount(match_prize(&r, 4, 9, 4, MatchEnd::TimedOut)),
        "20.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 25, 0, 0, MatchEnd::Games)),
        "41.25",
        "10 + 6.25 + a pony"
    );
}

#[test]
fn rule_23_scoop_pot_pays_the_tally_to_the_backgammon_winner_and_restarts() {
    let r = Rates::default();
    let mut pot = ScoopPot::default();
    for _ in 0..6 {
        assert_eq!(pot.record_game(&r, false), None);
    }
    assert_eq!(pot.record_game(&r, true), Some(700));
    assert_eq!(pot.games, 0);
    assert_eq!(jackpot(&r, 2), None);
    assert_eq!(jackpot(&r, 5), Some(5000));
}

#[test]
fn regulation_d_breaks_at_backgammons_and_at_6_12_18_24() {
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(1, 1)], &[(6, 14), (7, 1)]),
        X,
        [0, 0],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::BreakEntitled(BreakReason::Backgammon)));
    assert!(ev.contains(&WelshEvent::BreakEntitled(BreakReason::Reached(6))));
}

#[test]
fn rule_01_a_seeded_match_plays_to_its_end_through_the_engine_alone() {
    let mut rng = Rng::new(25);
    let mut m = WelshMatch::new(WelshRules {
        target: 7,
        ..WelshRules::default()
    });
    let mut actions = 0;
    while !matches!(m.phase(), WelshPhase::MatchOver { .. }) {
        actions += 1;
        assert!(actions < 50_000, "the match ends");
        let (side, a) = match m.phase() {
            WelshPhase::Call { caller } => (
                caller,
                WelshAction::Call {
                    shaker_dice: (rng.die(), rng.die()),
                    call: Parity::Odd,
                },
            ),
            WelshPhase::Choose { chooser } => (chooser, WelshAction::Choose(chooser)),
            WelshPhase::ToRoll(s) => (s, WelshAction::Roll(rng.die(), rng.die())),
            WelshPhase::ToPlay { side, .. } => {
                let plays = m.legal_plays();
                (side, WelshAction::Play(plays[rng.below(plays.len())].play))
            }
            WelshPhase::MatchOver { .. } => unreachable!(),
        };
        match m.apply(side, &a) {
            Ok((next, _)) => m = next,
            Err(WelshError::ThirdIdenticalThrow) => {}
            Err(WelshError::WrongMoment(_)) if m.concede().1.is_some() => {
                m = m
                    .apply(side.opponent(), &WelshAction::RejectConcede)
                    .or_else(|_| m.apply(side.opponent(), &WelshAction::AcceptConcede))
                    .unwrap()
                    .0;
            }
            Err(e) => panic!("{a:?} by {side}: {e}"),
        }
        let b = m.position().view(Side::X);
        assert!(
            (1..=24).all(|p| b.points()[p].abs() <= 6),
            "no spike above 6"
        );
    }
    let s = m.score();
    assert!(
        s[0] >= 7
            || s[1] >= 7
            || matches!(
                m.phase(),
                WelshPhase::MatchOver {
                    how: MatchEnd::Rectangle,
                    ..
                }
            )
    );
}

#[test]
fn rule_24_iv_a_nomination_for_the_opponent_is_made_during_your_own_turn() {
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = at(&start, &start, X);
    // It is X's turn: O cannot nominate now.
    assert!(matches!(
        m.apply(
            O,
            &WelshAction::Nominate {
                whose: NominateFor::Opponent,
                dice: (6, 6)
            }
        ),
        Err(WelshError::NotYourTurn(_))
    ));
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
fn rule_01_a_match_carries_its_ruleset() {
    use engine::{AnyMatch, Match, MatchRules, Ruleset};
    let w = AnyMatch::Welsh(WelshMatch::new(WelshRules::default()));
    let s = AnyMatch::Standard(Match::new(MatchRules::match_to(5)).unwrap());
    assert_eq!(
        (w.ruleset(), s.ruleset()),
        (Ruleset::Welsh, Ruleset::Standard)
    );
    assert_eq!(
        w.position(),
        s.position(),
        "both start from the same layout"
    );
    let welsh_options = MatchRules {
        ruleset: Ruleset::Welsh,
        ..MatchRules::match_to(5)
    };
    assert!(
        Match::new(welsh_options).is_err(),
        "the standard engine refuses Welsh options"
    );
}

#[test]
fn rule_21_a_throw_already_nominated_cannot_be_nominated_again() {
    // Given X has nominated 6-6 for O's next throw during his own turn
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = at(&start, &start, X);
    let (m, _) = act(&m, X, WelshAction::Roll(4, 3));
    let (m, _) = act(
        &m,
        X,
        WelshAction::Nominate {
            whose: NominateFor::Opponent,
            dice: (6, 6),
        },
    );
    let (m, _) = play_where(&m, X, |_| true);
    assert_eq!(m.phase(), WelshPhase::ToRoll(O));
    // When O tries to nominate 5-5 for himself
    let err = m
        .apply(
            O,
            &WelshAction::Nominate {
                whose: NominateFor::Me,
                dice: (5, 5),
            },
        )
        .unwrap_err();
    // Then he is refused with the reason, and keeps his card
    assert!(err.to_string().contains("already nominated"), "{err}");
    assert!(m.nominate_left(O), "O keeps his nominate card");
    // And his throw is X's 6-6, however the dice fall
    let (_, ev) = act(&m, O, WelshAction::Roll(5, 5));
    assert!(
        ev.contains(&WelshEvent::Thrown {
            by: O,
            throw: Throw::Two(6, 6),
            nominated: true
        }),
        "{ev:?}"
    );
}

/// Plays one turn of `side` with `dice` (the first legal play).
fn turn(m: &WelshMatch, side: Side, dice: (u8, u8)) -> WelshMatch {
    let (m, _) = act(m, side, WelshAction::Roll(dice.0, dice.1));
    assert!(
        matches!(m.phase(), WelshPhase::ToPlay { .. }),
        "{dice:?} has a play here"
    );
    play_where(&m, side, |_| true).0
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
fn rule_23_a_match_to_nil_counts_the_games_won_not_the_washes() {
    // Given a match to 2: X wins the first game
    let rules = WelshRules {
        target: 2,
        ..WelshRules::default()
    };
    let m = WelshMatch::at(rules, pos(&[(1, 1)], &[(6, 14)]), X, [0, 0]);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 1));
    let (m, _) = play_where(&m, X, |b| b.mine_off() == 15);
    assert_eq!(m.score(), [1, 0]);
    // When the second game is a wash by snakes (mugs away: O throws first)
    let m = turn(&m, O, (1, 1));
    let (m, ev) = act(&m, X, WelshAction::Roll(1, 1));
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Games
    }));
    // Then O has a game from the wash but won none: a pony on the bill
    assert_eq!(m.score(), [2, 1]);
    assert_eq!(m.games_won(), [1, 0]);
    let r = Rates::default();
    assert_eq!(
        format_amount(match_prize(&r, 2, 1, m.games_won()[1], MatchEnd::Games)),
        "35.25",
        "10.00 + 0.25 + 25.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 2, 1, 1, MatchEnd::Games)),
        "10.25"
    );
}

#[test]
fn rule_01_setup_a_new_welsh_game_starts_from_the_seed_layout() {
    // Two back men in the back board (24), five in the far outer board (13), three in the
    // near outer board (8), five in the home board (6), for each player; nothing else.
    let m = WelshMatch::new(WelshRules::default());
    for side in [X, O] {
        let b = m.position().view(side);
        let mut want = [0i8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            want[p] = n;
            want[25 - p] = -n;
        }
        assert_eq!(b.points(), &want, "{side}'s view");
        assert_eq!((b.mine_off(), b.theirs_off()), (0, 0));
    }
    assert_eq!(m.score(), [0, 0]);
    assert_eq!(m.cube().value, 1);
    assert!(matches!(m.phase(), WelshPhase::Call { .. }));
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
fn rule_18_the_payment_goes_only_with_an_offer_that_puts_the_winner_on_24() {
    // Given X on 20 has a one-throw win and O may offer to concede
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
        X,
        [20, 3],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(6, 1));
    let (m, _) = play_where(&m, X, |b| (7..=25).all(|p| b.mine(p) == 0));
    // When O offers 2 games (X to 22) with the payment, he is refused with the reason
    assert_eq!(
        m.apply(
            O,
            &WelshAction::OfferConcede {
                games: 2,
                payment: true
            }
        )
        .unwrap_err(),
        WelshError::PaymentOnlyTo24(22)
    );
    // Then without the payment the offer stands, and X may reject it
    let (m, _) = act(
        &m,
        O,
        WelshAction::OfferConcede {
            games: 2,
            payment: false,
        },
    );
    let (_, ev) = act(&m, X, WelshAction::RejectConcede);
    assert!(ev.contains(&WelshEvent::ConcedeRejected { by: X }));
}

/// Given X with two men on the roof and O's 1 and 2 points covered: a 2-1 cannot enter.
fn two_on_the_roof_and_no_entry_with_2_1() -> WelshMatch {
    at(&[(25, 2), (6, 13)], &[(1, 2), (2, 2), (6, 11)], X)
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
    // And the prompt offers both choices
    let words = club::next_words(&engine::AnyMatch::Welsh(m.clone()));
    assert!(
        words.contains("/move pass") && words.contains("throw the 1-2 again"),
        "{words}"
    );
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
    let m = WelshMatch::at(WelshRules::default(), *m.position(), O, [0, 0]);
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

#[test]
fn rule_23_reading_a_pony_comes_on_top_of_a_set_payment() {
    // The set payments replace only "the standard calculations" (rule 23.1 a, b); the pony
    // is one of "the additional calculations" (23.2), which have no such exception.
    let r = Rates::default();
    // A rectangle at 3-0: the set 7.50 and a pony
    assert_eq!(
        format_amount(match_prize(&r, 3, 0, 0, MatchEnd::Rectangle)),
        "32.50"
    );
    // A time-out of a loser who won no game: the set 20.00 and a pony
    assert_eq!(
        format_amount(match_prize(&r, 2, 0, 0, MatchEnd::TimedOut)),
        "45.00"
    );
    // Without a match to nil, the set payments alone
    assert_eq!(
        format_amount(match_prize(&r, 3, 1, 1, MatchEnd::Rectangle)),
        "7.50"
    );
    assert_eq!(
        format_amount(match_prize(&r, 2, 5, 5, MatchEnd::TimedOut)),
        "20.00"
    );
}

/// X on `score` has just brought her last men home (a one-throw win); O has checked out a
/// man, so no gammon is at stake: O's occasion to offer to concede, the die at 1.
fn one_throw_win_at_die_1(score: [u32; 2]) -> WelshMatch {
    let m = WelshMatch::at(
        WelshRules::default(),
        pos(&[(2, 1), (9, 1)], &[(6, 14)]),
        X,
        score,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(6, 1));
    let (m, ev) = play_where(&m, X, |b| (7..=25).all(|p| b.mine(p) == 0));
    assert!(
        ev.contains(&WelshEvent::ConcedeOccasion {
            offerer: O,
            at_stake: 1
        }),
        "{ev:?}"
    );
    m
}

#[test]
fn rule_18_reading_at_die_1_with_no_gammon_at_stake_no_offer_is_possible_not_even_to_24() {
    // Given X on 23, the game worth 1 game to O (die at 1, no gammon at stake)
    let m = one_throw_win_at_die_1([23, 3]);
    assert_eq!(m.concede_most(O), Some(0));
    // When O offers 1 game with the payment (it would put X on exactly 24)
    let offer = |games| WelshAction::OfferConcede {
        games,
        payment: true,
    };
    // Then it is refused, saying why: an offer must cost fewer games than the game would
    assert_eq!(
        m.apply(O, &offer(1)).unwrap_err(),
        WelshError::NoSmallerOffer
    );
    let why = WelshError::NoSmallerOffer.to_string();
    assert!(why.contains("1 game") && why.contains("24"), "{why}");
    // And O's prompt says so before O tries
    let words = club::next_words(&engine::AnyMatch::Welsh(m.clone()));
    assert!(words.contains("no offer to concede"), "{words}");
    // While doubling first (the die to 2) makes an offer of 1 possible, to 24 with the payment
    let (m, _) = act(&m, O, WelshAction::Double);
    assert_eq!(m.concede_most(O), Some(1));
    let words = club::next_words(&engine::AnyMatch::Welsh(m.clone()));
    assert!(words.contains("offer to concede"), "{words}");
    assert!(!words.contains("no offer to concede"), "{words}");
    let (m, _) = act(&m, O, offer(1));
    assert_eq!(
        m.apply(X, &WelshAction::RejectConcede).unwrap_err(),
        WelshError::MustAcceptConcede
    );
}
