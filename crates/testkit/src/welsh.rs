//! Welsh matches set up at a given moment, and actions applied that must be legal: shared
//! by the engine's rule tests and the club's tests of what a player is told there.

use engine::welsh::{WelshAction, WelshEvent, WelshMatch, WelshPhase, WelshRules};
use engine::{Board, Side};

use crate::position;

/// Applies `a` by `side`; panics, saying the action, when it is refused.
pub fn act(m: &WelshMatch, side: Side, a: WelshAction) -> (WelshMatch, Vec<WelshEvent>) {
    m.apply(side, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {side}: {e}"))
}

/// Plays the first legal play whose resulting board satisfies `want`.
pub fn play_where(
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

/// Plays one turn of `side` with `dice` (the first legal play).
pub fn turn(m: &WelshMatch, side: Side, dice: (u8, u8)) -> WelshMatch {
    let (m, _) = act(m, side, WelshAction::Roll(dice.0, dice.1));
    assert!(
        matches!(m.phase(), WelshPhase::ToPlay { .. }),
        "{dice:?} has a play here"
    );
    play_where(&m, side, |_| true).0
}

/// A match under the default rules at 0-0 with X's men and O's men (each in their own
/// numbering, 25 = the roof), `to_roll` to throw. Men may be parked beyond six to a
/// spike where the test never moves them ([`WelshMatch::at_parked`]).
pub fn at(x: &[(usize, i8)], o: &[(usize, i8)], to_roll: Side) -> WelshMatch {
    WelshMatch::at_parked(WelshRules::default(), position(x, o), to_roll, [0, 0])
}

/// Given X with two men on the roof and O's 1 and 2 points covered: a 2-1 cannot enter.
pub fn two_on_the_roof_and_no_entry_with_2_1() -> WelshMatch {
    at(&[(25, 2), (6, 13)], &[(1, 2), (2, 2), (6, 11)], Side::X)
}

/// X on `score` has just brought their last men home (a one-throw win); O has checked out
/// a man, so no gammon is at stake: O's occasion to offer to concede, the die at 1.
pub fn one_throw_win_at_die_1(score: [u32; 2]) -> WelshMatch {
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(2, 1), (9, 1)], &[(6, 14)]),
        Side::X,
        score,
    );
    let (m, _) = act(&m, Side::X, WelshAction::Roll(6, 1));
    let (m, ev) = play_where(&m, Side::X, |b| (7..=25).all(|p| b.mine(p) == 0));
    assert!(
        ev.contains(&WelshEvent::ConcedeOccasion {
            offerer: Side::O,
            at_stake: 1
        }),
        "{ev:?}"
    );
    m
}
