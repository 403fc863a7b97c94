//! Welsh rules 2 and 18: doubling, the bonus throw, offers to concede.

use engine::Side::{O, X};
use engine::welsh::{
    GameEnd, WelshAction, WelshError, WelshEvent, WelshMatch, WelshPhase, WelshRules,
};
use testkit::position;
use testkit::welsh::{act, at, one_throw_win_at_die_1, play_where};

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
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
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
fn rule_18_the_payment_goes_only_with_an_offer_that_puts_the_winner_on_24() {
    // Given X on 20 has a one-throw win and O may offer to concede
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
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
    // (O's prompt says so before O tries: the club's `welsh_prompts`.)
    // While doubling first (the die to 2) makes an offer of 1 possible, to 24 with the payment
    let (m, _) = act(&m, O, WelshAction::Double);
    assert_eq!(m.concede_most(O), Some(1));
    let (m, _) = act(&m, O, offer(1));
    assert_eq!(
        m.apply(X, &WelshAction::RejectConcede).unwrap_err(),
        WelshError::MustAcceptConcede
    );
}
