//! The evaluator: the network's view of a position for the side about to throw, and of
//! the board a play leaves (the game's end read exactly, a bonus throw or a triangle
//! giving the mover the next throw), at 0-ply and at 1-ply over the 21 throws.
//!
//! Its values are equities in games per unit of the doubling die. Without a match
//! equity table they are the network's cubeless equity (each game for its value in
//! games: the training's and the money view). With a table ([`Evaluator::with_table`])
//! and a score the table holds, a value is the chance of winning the match at the score
//! ([`MatchTable::mwc`], the die as it stands) put on the same scale: `2 (mwc - L) /
//! (W - L) - 1`, `W` and `L` the chances after winning and after losing a single game
//! at the die's value. The scale turns over exactly with the view (the opponent's value
//! is minus the mover's), so plays, nominations and throws are compared as before,
//! and the game is played for the match.

use engine::Board;
use engine::OPP_BAR;
use engine::welsh::{Throw, game_value, has_rectangle, has_triangle, welsh_legal_plays};

use crate::features::{Context, INPUTS, encode};
use crate::match_table::{Ending, MatchTable};
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

/// How a play that ends the game ends it, for the match equity table (the order of
/// [`terminal`]).
#[must_use]
pub fn ending(after: &Board) -> Option<Ending> {
    if after.theirs(OPP_BAR) >= 3 {
        return Some(Ending::Won(1));
    }
    if has_rectangle(after) {
        return Some(Ending::Match);
    }
    if after.mine_off() == 15 {
        return Some(Ending::Won(game_value(1, after)));
    }
    let full = |b: &Board| (1..=24).any(|p| b.mine(p) >= 6);
    if full(after) && full(&after.swapped()) {
        return Some(Ending::Wash);
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

/// The network over positions, with a match equity table or not.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator<'a> {
    net: &'a Net,
    table: Option<&'a MatchTable>,
}

impl<'a> Evaluator<'a> {
    /// An evaluator with `net`, valuing each game for its games (cubeless equity).
    #[must_use]
    pub fn new(net: &'a Net) -> Evaluator<'a> {
        Evaluator { net, table: None }
    }

    /// An evaluator with `net` that values positions for the match through `table`
    /// where the score is one it holds.
    #[must_use]
    pub fn with_table(net: &'a Net, table: &'a MatchTable) -> Evaluator<'a> {
        Evaluator {
            net,
            table: Some(table),
        }
    }

    /// The network.
    #[must_use]
    pub fn net(&self) -> &'a Net {
        self.net
    }

    /// The match equity table, if the evaluator plays for the match.
    #[must_use]
    pub fn table(&self) -> Option<&'a MatchTable> {
        self.table
    }

    /// The table and the games needed (mine, theirs) when `ctx`'s score is one the
    /// table holds.
    #[must_use]
    pub fn at_score(&self, ctx: &Context) -> Option<(&'a MatchTable, i32, i32)> {
        let t = self.table?;
        let (me, them) = ctx.away?;
        MatchTable::holds(me, them).then_some((t, me, them))
    }

    /// The chance of winning the match of the side whose chances are `p`, in `ctx` (its
    /// view), the die as it stands; `None` without a table or a score it holds.
    #[must_use]
    pub fn mwc(&self, p: &Probs, ctx: &Context) -> Option<f32> {
        let (t, me, them) = self.at_score(ctx)?;
        Some(t.mwc(p, me, them, ctx.cube))
    }

    /// `mwc` (a chance of winning the match in `ctx`) on the scale of games: see the
    /// module.
    fn scaled(t: &MatchTable, mwc: f32, me: i32, them: i32, cube: u32) -> f32 {
        if me <= 0 && them <= 0 {
            return 2.0 * mwc - 1.0;
        }
        let (w, l) = t.single(me, them, cube);
        if w - l < 1e-6 {
            return 2.0 * mwc - 1.0;
        }
        2.0 * (mwc - l) / (w - l) - 1.0
    }

    /// The value of chances `p` for the side they belong to, in `ctx` (its view): the
    /// cubeless equity, or the chance of winning the match on the scale of games.
    #[must_use]
    pub fn value(&self, p: &Probs, ctx: &Context) -> f32 {
        match self.at_score(ctx) {
            None => equity(p),
            Some((t, me, them)) => {
                Self::scaled(t, t.mwc(p, me, them, ctx.cube), me, them, ctx.cube)
            }
        }
    }

    /// The mover's value of the game ending on `after` (`None` if it goes on).
    #[must_use]
    pub fn terminal_value(&self, after: &Board, ctx: &Context) -> Option<f32> {
        match self.at_score(ctx) {
            None => terminal(after).map(|t| equity(&t)),
            Some((t, me, them)) => ending(after)
                .map(|e| Self::scaled(t, e.mwc(t, me, them, ctx.cube), me, them, ctx.cube)),
        }
    }

    /// The mover's value after leaving `after` (see [`Evaluator::after_play`]).
    #[must_use]
    pub fn after_play_value(&self, before: &Board, after: &Board, ctx: &Context) -> f32 {
        if self.at_score(ctx).is_none() {
            return equity(&self.after_play(before, after, ctx));
        }
        if let Some(v) = self.terminal_value(after, ctx) {
            return v;
        }
        if throws_again(before, after) {
            return self.value(&self.probs(after, ctx), ctx);
        }
        let theirs = ctx.swapped();
        -self.value(&self.probs(&after.swapped(), &theirs), &theirs)
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

    /// The best play's value for the side about to throw `throw` on `b` (its view).
    #[must_use]
    pub fn best_equity(&self, b: &Board, throw: Throw, ctx: &Context) -> f32 {
        let ctx = Context {
            set_for_me: None,
            ..*ctx
        };
        welsh_legal_plays(b, throw)
            .iter()
            .map(|l| self.after_play_value(b, &l.board, &ctx))
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
        if let Some(v) = self.terminal_value(after, ctx) {
            return v;
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
