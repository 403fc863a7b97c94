//! Welsh rules 21 and 24 iv: nominating a throw for yourself or your opponent.

use engine::Side::{O, X};
use engine::welsh::{
    NominateFor, Throw, WelshAction, WelshError, WelshEvent, WelshMatch, WelshPhase, WelshRules,
};
use testkit::position;
use testkit::welsh::{act, at, play_where};

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
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(2, 1)], &[(6, 14)]),
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
