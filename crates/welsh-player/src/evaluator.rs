//! The evaluator: the network's view of a position for the side about to throw, and of
//! the board a play leaves (the game's end read exactly, a bonus throw or a triangle
//! giving the mover the next throw), at 0-ply and at 1-ply over the 21 throws.

use engine::Board;
use engine::OPP_BAR;
use engine::welsh::{Throw, game_value, has_rectangle, has_triangle, welsh_legal_plays};

use crate::features::{Context, INPUTS, encode};
use crate::net::{Net, Probs, equity, flip};
use crate::player::{ThrowValues, throws};

/// How a play that ends the game ends it, from the mover's view (as the engine's end of
/// turn reads it, in its order): three of the opponent's men on the roof win a single
/// game (rule 14); a rectangle wins the match, counted here as a backgammon (rule 17b);
/// all men out win 1, 3 or 6 times the die (rules 3, 4); two full spikes facing each
/// other are a wash (rule 22), even.
#[must_use]
pub fn terminal(after: &Board) -> Option<Probs> {
    if after.theirs(OPP_BAR) >= 3 {
        return Some([1.0, 0.0, 0.0, 0.0, 0.0]);
    }
    if has_rectangle(after) {
        return Some([1.0, 1.0, 1.0, 0.0, 0.0]);
    }
    if after.mine_off() == 15 {
        return Some(match game_value(1, after) {
            1 => [1.0, 0.0, 0.0, 0.0, 0.0],
            3 => [1.0, 1.0, 0.0, 0.0, 0.0],
            _ => [1.0, 1.0, 1.0, 0.0, 0.0],
        });
    }
    let full = |b: &Board| (1..=24).any(|p| b.mine(p) >= 6);
    if full(after) && full(&after.swapped()) {
        return Some([0.5, 0.0, 0.0, 0.0, 0.0]);
    }
    None
}

/// Whether the mover throws again after leaving `after` (from `before`): the game's
/// first man checked out earns a bonus throw (rule 18), a triangle keeps its maker
/// throwing (rule 17a).
#[must_use]
pub fn throws_again(before: &Board, after: &Board) -> bool {
    let first_out = before.mine_off() == 0 && before.theirs_off() == 0 && after.mine_off() > 0;
    first_out || has_triangle(after)
}

/// The network over positions.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator<'a> {
    net: &'a Net,
}

impl<'a> Evaluator<'a> {
    /// An evaluator with `net`.
    #[must_use]
    pub fn new(net: &'a Net) -> Evaluator<'a> {
        Evaluator { net }
    }

    /// The network.
    #[must_use]
    pub fn net(&self) -> &'a Net {
        self.net
    }

    /// The chances of the side about to throw on `b` (its view) in context `ctx`.
    #[must_use]
    pub fn probs(&self, b: &Board, ctx: &Context) -> Probs {
        let mut x = [0.0f32; INPUTS];
        encode(b, ctx, &mut x);
        self.net.forward(&x)
    }

    /// The mover's chances after leaving `after` (from `before`; both the mover's view,
    /// `ctx` the mover's context with his throw spent): exact at the game's end, else the
    /// network for whoever throws next.
    #[must_use]
    pub fn after_play(&self, before: &Board, after: &Board, ctx: &Context) -> Probs {
        if let Some(t) = terminal(after) {
            return t;
        }
        if throws_again(before, after) {
            return self.probs(after, ctx);
        }
        flip(&self.probs(&after.swapped(), &ctx.swapped()))
    }

    /// The best play's equity for the side about to throw `throw` on `b` (its view).
    #[must_use]
    pub fn best_equity(&self, b: &Board, throw: Throw, ctx: &Context) -> f32 {
        let ctx = Context {
            set_for_me: None,
            ..*ctx
        };
        welsh_legal_plays(b, throw)
            .iter()
            .map(|l| equity(&self.after_play(b, &l.board, &ctx)))
            .fold(f32::MIN, f32::max)
    }

    /// For the side about to throw on `b`: each of the 21 throws' best equity, and their
    /// average over the 36.
    #[must_use]
    pub fn throw_equities(&self, b: &Board, ctx: &Context) -> (ThrowValues, f32) {
        let mut all = Vec::with_capacity(21);
        let mut avg = 0.0;
        for (dice, weight) in throws() {
            let v = self.best_equity(b, Throw::Two(dice.0, dice.1), ctx);
            avg += v * weight / 36.0;
            all.push((dice, v));
        }
        (all, avg)
    }

    /// The mover's equity after leaving `after`, looking one throw ahead: whoever throws
    /// next plays each of the 21 throws (or the one nominated for him) as well as 0-ply
    /// sees it.
    #[must_use]
    pub fn after_play_1ply(&self, before: &Board, after: &Board, ctx: &Context) -> f32 {
        if let Some(t) = terminal(after) {
            return equity(&t);
        }
        let (board, next_ctx, sign) = if throws_again(before, after) {
            (*after, *ctx, 1.0)
        } else {
            (after.swapped(), ctx.swapped(), -1.0)
        };
        if let Some(dice) = next_ctx.set_for_me {
            return sign * self.best_equity(&board, Throw::Two(dice.0, dice.1), &next_ctx);
        }
        sign * self.throw_equities(&board, &next_ctx).1
    }
}
