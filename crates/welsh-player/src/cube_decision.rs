//! The doubling decision at the score (issue 50): double or not, by the chance of winning
//! the match, looking one throw ahead.
//!
//! Welsh has no take or drop (rule 2 as the engine reads it): a double makes the game
//! worth twice as much at once and gives the right to the other side. Judged with the
//! die frozen where it stands, a favourite would always double. What a double gives
//! away is the opponent's chance to turn it again when the game swings, so each choice
//! is valued one throw ahead ([`cube_lookahead`]): over the 21 throws of the side
//! deciding (or the one nominated for it), its best play by the chance of winning the
//! match, and then the side to throw next, if it holds the right, turning the die when
//! that is better for it with the die frozen after (a greedy double, the 0-ply view).
//! The die's value and who holds its right are the network's inputs too, so each choice
//! is read with its own die.
//!
//! This is the cube model of a 1-ply search with dead-die leaves, the simplest of those
//! the backgammon literature uses (Janowski's live-cube interpolation needs a take point,
//! which a die that cannot be refused does not have). The die's raise on a game's first
//! dance (rule 5) is not foreseen: it is read when it has happened.

use engine::Board;
use engine::welsh::{MAX_CUBE, Throw, welsh_legal_plays};

use crate::evaluator::{Evaluator, ending, throws_again};
use crate::features::Context;
use crate::match_table::MatchTable;
use crate::net::Probs;
use crate::player::throws;

/// A doubling decision at the score: the chances of winning the match, for the side
/// deciding, with and without the double.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeView {
    /// Not doubling: the chance of winning the match one throw ahead.
    pub no_double: f32,
    /// Doubling.
    pub double: f32,
    /// The chance of winning the match now with the die frozen where it stands (0-ply).
    pub dead: f32,
    /// How far ahead the two chances look: 1 (one throw), or 0 when the position alone
    /// (the same model read now, [`CLEARLY_NOT`]) puts doubling so far behind that the
    /// throw ahead is not looked at.
    pub ply: u8,
    /// Half what a single game at the die's value swings the chance of winning the match
    /// (between winning it and losing it): a chance divided by this is in games, the
    /// scale of the other decisions' equities.
    pub per_game: f32,
}

impl CubeView {
    /// Whether doubling is the better choice.
    #[must_use]
    pub fn doubles(&self) -> bool {
        self.double > self.no_double
    }

    /// What the other choice than `doubled` would have gained (never below 0).
    #[must_use]
    pub fn loss(&self, doubled: bool) -> f32 {
        let (made, other) = if doubled {
            (self.double, self.no_double)
        } else {
            (self.no_double, self.double)
        };
        (other - made).max(0.0)
    }

    /// [`CubeView::loss`] in games per unit of the die at the score (the scale of the
    /// plays' equities).
    #[must_use]
    pub fn loss_in_games(&self, doubled: bool) -> f32 {
        self.loss(doubled) / self.per_game.max(1e-6)
    }
}

/// How much of the die's life the model counts: the share of the "live" die (the side
/// holding the right turns it just before winning) against the die frozen where it
/// stands.
///
/// At the score 0-0 to 7, the medium level with the shipped weights won 56.5%, 57.6% and
/// 56.9% of 1,000 matches against the same level without the table at 0.5, 0.7 and
/// 0.85; doubling from the cubeless 72% instead (plays and concessions still at the
/// score) won 54.7%, and the frozen die alone (no live share) 49.8% of 400.
pub const CUBE_LIFE: f32 = 0.7;

/// The chance of winning the match of the side about to throw with chances `p`, the die
/// at `cube` with its right `right` (its view), not turning it now: [`CUBE_LIFE`] of the
/// live die (whoever may turn it does so just before winning: that side's wins count at
/// twice the die) and the rest of the die frozen.
#[must_use]
pub fn keep_value(
    t: &MatchTable,
    p: &Probs,
    me: i32,
    them: i32,
    cube: u32,
    right: Option<bool>,
) -> f32 {
    let dead = t.mwc(p, me, them, cube);
    let up = (cube * 2).min(MAX_CUBE);
    let win = if right == Some(false) { cube } else { up };
    let lose = if right == Some(true) { cube } else { up };
    let live = t.mwc_split(p, me, them, win, lose);
    let x = CUBE_LIFE;
    (1.0 - x) * dead + x * live
}

/// The chance of winning the match of the side about to throw on `b` (its view) in
/// `ctx`, choosing now whether to turn the die when it may (0-ply, [`keep_value`] for
/// each choice).
fn leaf(eval: &Evaluator<'_>, t: &MatchTable, b: &Board, ctx: &Context, me: i32, them: i32) -> f32 {
    let p = eval.probs(b, ctx);
    let keep = keep_value(t, &p, me, them, ctx.cube, ctx.cube_right);
    let may_turn = ctx.cube_right != Some(false) && ctx.cube < MAX_CUBE;
    if !may_turn {
        return keep;
    }
    keep.max(keep_value(t, &p, me, them, ctx.cube * 2, Some(false)))
}

/// The chance of winning the match of the side about to throw on `b` (its view) in
/// `ctx` (its die, its right), one throw ahead: each throw's best play by that chance,
/// the next side to throw turning the die greedily when it may. `None` without a table
/// or at a score it does not hold.
#[must_use]
pub fn cube_lookahead(eval: &Evaluator<'_>, b: &Board, ctx: &Context) -> Option<f32> {
    let (t, me, them) = eval.at_score(ctx)?;
    let spent = Context {
        set_for_me: None,
        ..*ctx
    };
    let theirs = spent.swapped();
    let after_value = |after: &Board| -> f32 {
        if let Some(e) = ending(after) {
            return e.mwc(t, me, them, ctx.cube);
        }
        if throws_again(b, after) {
            return leaf(eval, t, after, &spent, me, them);
        }
        1.0 - leaf(eval, t, &after.swapped(), &theirs, them, me)
    };
    let best = |throw: Throw| -> f32 {
        welsh_legal_plays(b, throw)
            .iter()
            .map(|l| after_value(&l.board))
            .fold(f32::MIN, f32::max)
    };
    if let Some(d) = ctx.set_for_me {
        return Some(best(Throw::Two(d.0, d.1)));
    }
    let mut avg = 0.0;
    for (dice, weight) in throws() {
        avg += best(Throw::Two(dice.0, dice.1)) * weight / 36.0;
    }
    Some(avg)
}

/// How far behind (in games at the score) doubling must be, read on the position alone
/// with the same model ([`keep_value`] for each choice), for the throw ahead not to be
/// looked at: most turns of a game are far from a double, and the look ahead costs 42
/// throws' plays.
pub const CLEARLY_NOT: f32 = 0.5;

/// The doubling decision of the side about to throw on `b` (its view) in `ctx`, which
/// may double: each choice one throw ahead ([`cube_lookahead`]), unless the position
/// alone puts doubling more than [`CLEARLY_NOT`] games behind. `None` without a table
/// or at a score it does not hold.
#[must_use]
pub fn cube_view(eval: &Evaluator<'_>, b: &Board, ctx: &Context) -> Option<CubeView> {
    let (t, me, them) = eval.at_score(ctx)?;
    let doubled = Context {
        cube: ctx.cube * 2,
        cube_right: Some(false),
        ..*ctx
    };
    let p = eval.probs(b, ctx);
    let dead = t.mwc(&p, me, them, ctx.cube);
    let (w, l) = t.single(me, them, ctx.cube);
    let per_game = ((w - l) / 2.0).max(1e-6);
    let keep = keep_value(t, &p, me, them, ctx.cube, ctx.cube_right);
    let turn = keep_value(
        t,
        &eval.probs(b, &doubled),
        me,
        them,
        doubled.cube,
        Some(false),
    );
    if turn < keep - CLEARLY_NOT * per_game {
        return Some(CubeView {
            no_double: keep,
            double: turn,
            dead,
            ply: 0,
            per_game,
        });
    }
    Some(CubeView {
        no_double: cube_lookahead(eval, b, ctx)?,
        double: cube_lookahead(eval, b, &doubled)?,
        dead,
        ply: 1,
        per_game,
    })
}
