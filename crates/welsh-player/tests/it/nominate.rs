//! The learnt player's nominate card against washes (rule 22).

use engine::welsh::{WelshAction, WelshMatch, WelshRules};
use engine::{Position, Side};
use welsh_player::{EvalPlayer, Level, WelshPlayer, shipped};

/// X's men by point (own numbering) and O's by point (own numbering).
fn points(x: &[(usize, i8)], o: &[(usize, i8)]) -> [i8; 26] {
    let mut p = [0i8; 26];
    for &(pt, n) in x {
        p[pt] += n;
    }
    for &(pt, n) in o {
        p[25 - pt] -= n;
    }
    p
}

/// X well ahead (ten men checked out, five home; O's all in its back board), O to throw.
fn x_far_ahead() -> WelshMatch {
    let rules = WelshRules {
        target: 25,
        first_shaker: Side::X,
    };
    let board = points(&[(1, 2), (2, 2), (3, 1)], &[(19, 5), (20, 5), (21, 5)]);
    WelshMatch::at(rules, Position::new(board).unwrap(), Side::O, [0, 0]).unwrap()
}

/// `m` after O throws `dice` and plays its first legal play.
fn after_os_throw(m: &WelshMatch, dice: (u8, u8)) -> WelshMatch {
    let (m, _) = m
        .apply(Side::O, &WelshAction::Roll(dice.0, dice.1))
        .unwrap();
    let play = m.legal_plays()[0].play;
    m.apply(Side::O, &WelshAction::Play(play)).unwrap().0
}

#[test]
fn rule_22_ii_well_ahead_after_the_opponents_1_1_the_card_keeps_a_1_1_from_washing() {
    // Given X far ahead with its card, and O's throw just gone a 1-1
    let m = after_os_throw(&x_far_ahead(), (1, 1));
    assert_eq!(m.last_throw(), Some((Side::O, (1, 1))));
    // When X is asked whether to nominate before throwing
    let mut x = EvalPlayer::new(shipped(), Level::Strong, 1);
    let nominated = x.nominate_for_me(&m, Side::X);
    // Then it nominates a throw, and not the 1-1 that would wash the game
    let dice = nominated.expect("the card is spent against the snakes");
    assert_ne!(dice, (1, 1));
    assert!(
        m.apply(
            Side::X,
            &WelshAction::Nominate {
                whose: engine::welsh::NominateFor::Me,
                dice
            }
        )
        .is_ok(),
        "the engine takes the nomination"
    );
}

#[test]
fn rule_22_ii_after_any_other_throw_the_card_follows_the_ordinary_rule() {
    // Given the same position after O's 2-1: no 1-1 of X's can wash the game
    let m = after_os_throw(&x_far_ahead(), (2, 1));
    let mut x = EvalPlayer::new(shipped(), Level::Strong, 1);
    let b = m.position().view(Side::X);
    let ctx = welsh_player::features::Context::of(&m, Side::X);
    let (all, avg) = x.evaluator().throw_equities(&b, &ctx);
    // Then the card is spent only as anywhere else: for the best throw at least
    // NOMINATE_GAIN better than the average (a 1-1 included), or kept
    let best = all
        .iter()
        .copied()
        .filter(|&(d, _)| !welsh_player::player::nominate_wins(&m, Side::X, d))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let expected = (best.1 >= avg + welsh_player::eval_player::NOMINATE_GAIN).then_some(best.0);
    assert_eq!(
        x.nominate_for_me(&m, Side::X),
        expected,
        "{all:?}, average {avg}"
    );
}
