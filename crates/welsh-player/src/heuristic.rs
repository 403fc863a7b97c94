//! A hand-written Welsh player, the baseline the learnt evaluator must beat. It scores
//! the board each legal play leaves, from the mover's view, in pips (higher is better):
//!
//! - **Race**: the opponent's pip count less the mover's (the roof counts 25).
//! - **Blots exposed to direct shots**: a lone man of the mover's that an opponent's man
//!   (or a man entering from the roof) reaches with one die of 1 to 6 may be hit; it
//!   costs the pips it would lose (its progress plus 8 for the time to re-enter) times the
//!   chance of a hit, about 11/36 for each distinct distance it is shot from (men in a
//!   full spread cannot be hit, rule 11).
//! - **The roof**: each man of the mover's on the roof costs 15 more, two of them another
//!   30 (a third loses the game, rule 14); the opponent's men there count the other way.
//! - **The stream**: a man in the far outer board leaves it only with exactly its spike
//!   number (rule 15), so a man by the central bar (spike 1, point 18) is stuck more than
//!   one at the edge (spike 6, point 13): half a pip per spike number below 7.
//! - **Points** (two men or more) in the mover's home board block the opponent's entry:
//!   3 each; men past three on a spike are idle: 1 each.
//! - **Full spikes** (rule 10): a full spike of the mover's costs 5 (one of the
//!   opponent's beside it washes the game, rule 22); a play that makes the wash itself
//!   scores 0, even, which the player takes only when behind.
//! - A play that ends the game (all men out, three of the opponent's men on the roof, a
//!   rectangle) scores above everything.
//!
//! The other decisions: call odd and start first; double when 15 pips ahead in the race
//! with no man on the roof; nominate (for itself or the opponent), when the thrower has a
//! man on the roof or all men home, a throw that is at least 25 pips better (or worse for
//! the opponent) than the throws on average, by the same score one throw ahead; throw a 1-2 again when the throws score better on average;
//! never throw one die; offer to concede half of what is at stake; accept an offer of at
//! least the doubling die's value.

use engine::welsh::{
    Parity, Throw, WelshMatch, has_rectangle, protected_spikes, welsh_legal_plays,
};
use engine::{BAR, Board, LegalPlay, OPP_BAR, Side};

use crate::player::{ThrowValues, WelshPlayer, nominate_wins, throws};

/// The pips a game-ending play is worth to the heuristic.
const WIN: f32 = 1000.0;

/// The heuristic score of `b`, the board the mover leaves (mover's view).
#[must_use]
pub fn heuristic_score(b: &Board) -> f32 {
    if b.mine_off() == 15 || b.theirs(OPP_BAR) >= 3 || has_rectangle(b) {
        return WIN;
    }
    let full = |b: &Board| (1..=24).any(|p| b.mine(p) >= 6);
    if full(b) && full(&b.swapped()) {
        return 0.0;
    }
    let (mine, theirs) = b.pips();
    let mut s = theirs as f32 - mine as f32;
    // The roof.
    let roof = |n: u8| match n {
        0 => 0.0,
        1 => 15.0,
        _ => 15.0 * f32::from(n) + 30.0,
    };
    s -= roof(b.mine(BAR));
    s += roof(b.theirs(OPP_BAR));
    // Blots exposed to direct shots.
    let safe = protected_spikes(&b.swapped());
    // The opponent's men by the mover's point they stand on (0: his roof).
    for p in 1..=24usize {
        if b.mine(p) != 1 || safe & (1 << (25 - p)) != 0 {
            continue;
        }
        let mut distances = 0u32;
        for d in 1..=6usize {
            if d > p {
                break;
            }
            // The opponent moves towards higher numbers here; from his roof he enters
            // on points 1..6.
            let q = p - d;
            if b.theirs(q) > 0 {
                distances += 1;
            }
        }
        if distances > 0 {
            let chance = 1.0 - (1.0 - 11.0 / 36.0f32).powi(distances as i32);
            s -= chance * ((25 - p) as f32 + 8.0);
        }
    }
    // The stream, points, stacks.
    for p in 1..=24usize {
        let n = b.mine(p);
        if (13..=18).contains(&p) {
            s -= 0.5 * (p as f32 - 12.0) * f32::from(n);
        }
        if p <= 6 && n >= 2 {
            s += 3.0;
        }
        if n > 3 {
            s -= f32::from(n - 3);
        }
        if n >= 6 {
            s -= 5.0;
        }
    }
    s
}

/// The best score of `board`'s plays with `throw` (mover's view).
fn best_score(board: &Board, throw: Throw) -> f32 {
    welsh_legal_plays(board, throw)
        .iter()
        .map(|l| heuristic_score(&l.board))
        .fold(f32::MIN, f32::max)
}

/// For the side to throw on `board`: the best score each of the 21 throws gives
/// (reported from the thrower's view), and their average over the 36.
fn throw_scores(board: &Board) -> (ThrowValues, f32) {
    let mut all = Vec::with_capacity(21);
    let mut avg = 0.0;
    for (dice, weight) in throws() {
        let v = best_score(board, Throw::Two(dice.0, dice.1));
        avg += v * weight / 36.0;
        all.push((dice, v));
    }
    (all, avg)
}

/// Whether one throw matters most for the side about to throw on `b`: a man on the roof,
/// or all men home.
pub(crate) fn throw_matters(b: &Board) -> bool {
    b.mine(BAR) > 0 || (7..=24).all(|p| b.mine(p) == 0)
}

/// The hand-written baseline player (see the module's documentation).
#[derive(Clone, Debug, Default)]
pub struct HeuristicPlayer;

impl WelshPlayer for HeuristicPlayer {
    fn name(&self) -> String {
        "heuristic".into()
    }
    fn call(&mut self, _m: &WelshMatch, _me: Side) -> Parity {
        Parity::Odd
    }
    fn starter(&mut self, _m: &WelshMatch, me: Side) -> Side {
        me
    }
    fn double(&mut self, m: &WelshMatch, me: Side) -> bool {
        let b = m.position().view(me);
        let (mine, theirs) = b.pips();
        b.mine(BAR) == 0 && theirs >= mine + 15
    }
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)> {
        let b = m.position().view(me);
        if !throw_matters(&b) {
            return None;
        }
        let (all, avg) = throw_scores(&b);
        all.into_iter()
            .filter(|&(dice, v)| v >= avg + 25.0 && v < WIN && !nominate_wins(m, me, dice))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(dice, _)| dice)
    }
    fn throw_one_die(&mut self, _m: &WelshMatch, _me: Side) -> bool {
        false
    }
    fn throw_again(&mut self, m: &WelshMatch, me: Side) -> bool {
        let b = m.position().view(me);
        let (_, avg) = throw_scores(&b);
        best_score(&b, Throw::Two(2, 1)) < avg
    }
    fn play(&mut self, _m: &WelshMatch, _me: Side, plays: &[LegalPlay]) -> usize {
        let mut best = (0, f32::MIN);
        for (i, l) in plays.iter().enumerate() {
            let s = heuristic_score(&l.board);
            if s > best.1 {
                best = (i, s);
            }
        }
        best.0
    }
    fn nominate_for_opponent(
        &mut self,
        _m: &WelshMatch,
        _me: Side,
        after: &Board,
    ) -> Option<(u8, u8)> {
        if after.mine_off() == 15 || !throw_matters(&after.swapped()) {
            return None;
        }
        let (all, avg) = throw_scores(&after.swapped());
        all.into_iter()
            .filter(|&(_, v)| v <= avg - 25.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(dice, _)| dice)
    }
    fn offer_concede(&mut self, _m: &WelshMatch, _me: Side, most: u32) -> Option<u32> {
        Some(most.div_ceil(2))
    }
    fn accept_concede(&mut self, m: &WelshMatch, _me: Side, games: u32) -> bool {
        games >= m.cube().value
    }
}
