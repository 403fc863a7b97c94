//! The learnt player: every decision read from the evaluator, at three levels.
//!
//! - **Weak**: 0-ply with noise: each play's equity gets a normal error of standard
//!   deviation [`WEAK_NOISE`] before the best is taken.
//! - **Medium**: 0-ply: the play whose resulting position the network rates best.
//! - **Strong**: 1-ply: the best [`STRONG_CANDIDATES`] plays at 0-ply (within
//!   [`STRONG_MARGIN`] of the best) are looked at one throw ahead, over the 21 throws
//!   (or the one throw nominated for the opponent).
//!
//! The decisions besides the play (policies, the same at every level):
//! - **The call**: odd. The evaluator cannot reach it: the shaker's dice are concealed
//!   and odd and even are 18 throws in 36 each, so no call is better than another.
//! - **Who starts**: itself, when the network rates the start position better than even
//!   for the side to throw (it does: throwing first is an advantage).
//! - **Doubling**: when its cubeless chance of winning is at least [`DOUBLE_AT`]. Welsh
//!   has no take or drop (the die passes to the opponent), so there is no taking to
//!   decide.
//! - **Nominating** (rule 21): looked at when one throw matters most: the thrower has a
//!   man on the roof or all men home. For itself: the throw with the best play, when it is
//!   at least [`NOMINATE_GAIN`] better than the average throw and wins no match. For the
//!   opponent, before its own play: the throw worst for the opponent from the board the
//!   play leaves, by the same margin.
//! - **One die beside a full spread**: when the six one-die throws average better than
//!   the 36 throws of two dice.
//! - **Acey-deucey**: a 1-2 is thrown again when its best play is worse than the average
//!   throw.
//! - **Offers to concede** (rule 18): the expected loss in games, rounded, when it is at
//!   least [`OFFER_FROM`] game (never the payment of the offer to 24). **Accepting**: an
//!   offer at least as large as the expected gain.
//! - **Breaks**: never taken.
//!
//! **At the score** ([`EvalPlayer::with_table`], issue 50): with a match equity table,
//! every value above is the chance of winning the match on the scale of games (see
//! [`crate::evaluator`]), so plays, nominations, the acey-deucey and the one die are
//! chosen for the match; doubling is the better of doubling and not doubling by that
//! chance one throw ahead ([`crate::cube_decision`]); an offer to concede is the most
//! games whose concession leaves at least the chance of playing on, and an offer is
//! accepted when the games offered leave at least that chance. Without a table (as in
//! training) the player is the one described above, each game for its games.

use engine::welsh::WelshPhase;
use engine::welsh::{Parity, Throw, WelshMatch};
use engine::{Board, LegalPlay, Position, Side};

use crate::cube_decision::{CubeView, cube_view};
use crate::evaluator::{Evaluator, throws_again};
use crate::features::Context;
use crate::heuristic::throw_matters;
use crate::match_table::{MatchTable, Next};
use crate::net::{Net, equity};
use crate::player::{WelshPlayer, nominate_wins};
use crate::rng::Rng;

/// Standard deviation of the weak level's noise, in equity.
pub const WEAK_NOISE: f32 = 0.25;
/// Plays the strong level looks at one throw ahead.
pub const STRONG_CANDIDATES: usize = 5;
/// ... when they are within this equity of the best at 0-ply.
pub const STRONG_MARGIN: f32 = 0.25;
/// The chance of winning from which the player doubles.
pub const DOUBLE_AT: f32 = 0.72;
/// The gain in equity over the average throw that spends the nominate card.
pub const NOMINATE_GAIN: f32 = 0.5;
/// The expected loss in games from which an offer to concede is made.
pub const OFFER_FROM: f32 = 0.75;
/// The cubeless equity from which the player spends its nominate card to keep a 1-1
/// from washing the game after the opponent's 1-1 (rule 22 (ii)).
pub const SNAKES_GUARD_FROM: f32 = 0.5;

/// How hard the learnt player looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 0-ply with noise.
    Weak,
    /// 0-ply.
    Medium,
    /// 1-ply over the 21 throws.
    Strong,
}

impl Level {
    /// The level's name as typed (`weak`, `medium`, `strong`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Weak => "weak",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    /// The level named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "weak" => Some(Level::Weak),
            "medium" => Some(Level::Medium),
            "strong" => Some(Level::Strong),
            _ => None,
        }
    }
}

/// The learnt player at a level.
#[derive(Clone, Debug)]
pub struct EvalPlayer<'a> {
    eval: Evaluator<'a>,
    level: Level,
    rng: Rng,
    explore: f32,
}

impl<'a> EvalPlayer<'a> {
    /// The player with `net` at `level`; `seed` draws the weak level's noise.
    #[must_use]
    pub fn new(net: &'a Net, level: Level, seed: u64) -> EvalPlayer<'a> {
        EvalPlayer {
            eval: Evaluator::new(net),
            level,
            rng: Rng::new(seed),
            explore: 0.0,
        }
    }

    /// The same player, playing a uniformly random legal play with chance `explore`
    /// (for training).
    #[must_use]
    pub fn with_exploration(self, explore: f32) -> EvalPlayer<'a> {
        EvalPlayer { explore, ..self }
    }

    /// The same player, playing for the match through `table` (see the module).
    #[must_use]
    pub fn with_table(self, table: &'a MatchTable) -> EvalPlayer<'a> {
        EvalPlayer {
            eval: Evaluator::with_table(self.eval.net(), table),
            ..self
        }
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> Evaluator<'a> {
        self.eval
    }

    /// The side on turn in `m` (`me` between turns), and its chances now.
    fn chances_now(&self, m: &WelshMatch, me: Side) -> (bool, crate::net::Probs, Context) {
        let ctx = Context::of(m, me);
        let b = m.position().view(me);
        let on_turn = match m.phase() {
            WelshPhase::ToRoll(s) | WelshPhase::ToPlay { side: s, .. } => s,
            _ => me,
        };
        if on_turn != me {
            let theirs = ctx.swapped();
            (false, self.eval.probs(&b.swapped(), &theirs), theirs)
        } else {
            (true, self.eval.probs(&b, &ctx), ctx)
        }
    }

    /// `me`'s cubeless equity now, from the view of whichever side is on turn: what its
    /// offers to concede and their answers are judged by (times the doubling die)
    /// without a table.
    #[must_use]
    pub fn equity_now(&self, m: &WelshMatch, me: Side) -> f32 {
        let (mine, p, _) = self.chances_now(m, me);
        if mine { equity(&p) } else { -equity(&p) }
    }

    /// `me`'s chance of winning the match now, playing on (0-ply, the die as it stands,
    /// from the view of whichever side is on turn); `None` without a table or at a
    /// score it does not hold.
    #[must_use]
    pub fn mwc_now(&self, m: &WelshMatch, me: Side) -> Option<f32> {
        let (mine, p, ctx) = self.chances_now(m, me);
        let v = self.eval.mwc(&p, &ctx)?;
        Some(if mine { v } else { 1.0 - v })
    }

    /// `me`'s chance of winning the match once the game ends with `games` games won by
    /// `me` (`won`) or by the opponent; `None` without a table or at a score it does not
    /// hold.
    #[must_use]
    pub fn mwc_after_game(&self, m: &WelshMatch, me: Side, won: bool, games: u32) -> Option<f32> {
        let (t, a, b) = self.eval.at_score(&Context::of(m, me))?;
        if a <= 0 && b <= 0 {
            return Some(if won { 1.0 } else { 0.0 });
        }
        let g = i32::try_from(games).unwrap_or(i32::MAX);
        let v = if won {
            t.away(a.saturating_sub(g), b, Next::Them)
        } else {
            t.away(a, b.saturating_sub(g), Next::Me)
        };
        Some(v as f32)
    }

    /// The doubling decision of `me`, about to throw in `m` with the right to double, at
    /// the score; `None` without a table or at a score it does not hold.
    #[must_use]
    pub fn cube_view(&self, m: &WelshMatch, me: Side) -> Option<CubeView> {
        cube_view(&self.eval, &m.position().view(me), &Context::of(m, me))
    }

    /// Each play's equity at 0-ply (the mover's throw spent).
    #[must_use]
    pub fn play_equities(&self, before: &Board, ctx: &Context, plays: &[LegalPlay]) -> Vec<f32> {
        let ctx = Context {
            set_for_me: None,
            ..*ctx
        };
        plays
            .iter()
            .map(|l| self.eval.after_play_value(before, &l.board, &ctx))
            .collect()
    }

    /// The index of the play this level chooses, and its equity as this level sees it.
    #[must_use]
    pub fn choose(&mut self, before: &Board, ctx: &Context, plays: &[LegalPlay]) -> (usize, f32) {
        let mut eq = self.play_equities(before, ctx, plays);
        match self.level {
            Level::Weak => {
                for e in &mut eq {
                    *e += WEAK_NOISE * self.rng.normal();
                }
            }
            Level::Medium => {}
            Level::Strong if plays.len() > 1 => {
                let best = eq.iter().copied().fold(f32::MIN, f32::max);
                let mut order: Vec<usize> = (0..eq.len()).collect();
                order.sort_by(|&a, &b| eq[b].total_cmp(&eq[a]));
                let ctx = Context {
                    set_for_me: None,
                    ..*ctx
                };
                let mut deep = vec![f32::MIN; eq.len()];
                for &i in order
                    .iter()
                    .take(STRONG_CANDIDATES)
                    .filter(|&&i| eq[i] >= best - STRONG_MARGIN)
                {
                    deep[i] = self.eval.after_play_1ply(before, &plays[i].board, &ctx);
                }
                eq = deep;
            }
            Level::Strong => {}
        }
        let mut best = (0, f32::MIN);
        for (i, &e) in eq.iter().enumerate() {
            if e > best.1 {
                best = (i, e);
            }
        }
        best
    }
}

/// Whether `me`'s next throw washes the game if it is a 1-1: the opponent's throw just
/// gone was a 1-1 (rule 22 (ii)).
fn snakes_threaten(m: &WelshMatch, me: Side) -> bool {
    matches!(m.last_throw(), Some((s, (1, 1))) if s == me.opponent())
}

/// Whether the opponent's next throw may wash the game by sticks (rule 22 (i)): `after`
/// (the mover's view) has a full spike of the mover's and a spike of four or five of the
/// opponent's.
fn sticks_threaten(after: &Board) -> bool {
    (1..=24).any(|p| after.mine(p) >= 6) && (1..=24).any(|p| (4..6).contains(&after.theirs(p)))
}

impl EvalPlayer<'_> {
    /// After the opponent's 1-1, a 1-1 of `me`'s (thrown or nominated) washes the game:
    /// when `me` stands at least [`SNAKES_GUARD_FROM`] ahead, it nominates its best throw
    /// other than 1-1 (that wins no match) rather than risk the wash.
    fn guard_against_snakes(
        &self,
        b: &Board,
        ctx: &Context,
        m: &WelshMatch,
        me: Side,
    ) -> Option<(u8, u8)> {
        if self.eval.value(&self.eval.probs(b, ctx), ctx) < SNAKES_GUARD_FROM {
            return None;
        }
        let (mut all, _) = self.eval.throw_equities(b, ctx);
        all.retain(|&(dice, _)| dice != (1, 1));
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all.into_iter()
            .map(|(dice, _)| dice)
            .find(|&dice| !nominate_wins(m, me, dice))
    }
}

impl WelshPlayer for EvalPlayer<'_> {
    fn name(&self) -> String {
        self.level.name().into()
    }
    fn call(&mut self, _m: &WelshMatch, _me: Side) -> Parity {
        Parity::Odd
    }
    fn starter(&mut self, _m: &WelshMatch, me: Side) -> Side {
        let start = Position::start().view(me);
        if equity(&self.eval.probs(&start, &Context::default())) >= 0.0 {
            me
        } else {
            me.opponent()
        }
    }
    fn double(&mut self, m: &WelshMatch, me: Side) -> bool {
        if let Some(view) = self.cube_view(m, me) {
            return view.doubles();
        }
        let p = self.eval.probs(&m.position().view(me), &Context::of(m, me));
        p[0] >= DOUBLE_AT
    }
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)> {
        let b = m.position().view(me);
        let ctx = Context::of(m, me);
        if snakes_threaten(m, me) {
            return self.guard_against_snakes(&b, &ctx, m, me);
        }
        if !throw_matters(&b) {
            return None;
        }
        let (all, avg) = self.eval.throw_equities(&b, &ctx);
        let mut all: Vec<((u8, u8), f32)> = all
            .into_iter()
            .filter(|&(_, v)| v >= avg + NOMINATE_GAIN)
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all.into_iter()
            .map(|(dice, _)| dice)
            .find(|&dice| !nominate_wins(m, me, dice))
    }
    fn throw_one_die(&mut self, m: &WelshMatch, me: Side) -> bool {
        let b = m.position().view(me);
        let ctx = Context::of(m, me);
        let one: f32 = (1..=6u8)
            .map(|d| self.eval.best_equity(&b, Throw::One(d), &ctx))
            .sum::<f32>()
            / 6.0;
        one > self.eval.throw_equities(&b, &ctx).1
    }
    fn throw_again(&mut self, m: &WelshMatch, me: Side) -> bool {
        let b = m.position().view(me);
        let ctx = Context::of(m, me);
        self.eval.best_equity(&b, Throw::Two(2, 1), &ctx) < self.eval.throw_equities(&b, &ctx).1
    }
    fn play(&mut self, m: &WelshMatch, me: Side, plays: &[LegalPlay]) -> usize {
        if self.explore > 0.0 && self.rng.chance(self.explore) {
            return self.rng.below(plays.len());
        }
        self.choose(&m.position().view(me), &Context::of(m, me), plays)
            .0
    }
    fn nominate_for_opponent(
        &mut self,
        m: &WelshMatch,
        me: Side,
        after: &Board,
    ) -> Option<(u8, u8)> {
        let before = m.position().view(me);
        if throws_again(&before, after) || crate::evaluator::terminal(after).is_some() {
            return None;
        }
        let theirs = after.swapped();
        if !throw_matters(&theirs) && !sticks_threaten(after) {
            return None;
        }
        let ctx = Context {
            set_for_me: None,
            ..Context::of(m, me)
        }
        .swapped();
        let (all, avg) = self.eval.throw_equities(&theirs, &ctx);
        all.into_iter()
            .filter(|&(_, v)| v <= avg - NOMINATE_GAIN)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(dice, _)| dice)
    }
    fn offer_concede(&mut self, m: &WelshMatch, me: Side, most: u32) -> Option<u32> {
        if let Some(on) = self.mwc_now(m, me) {
            // The most games whose concession leaves at least the chance of playing on.
            return (1..=most).rev().find(|&g| {
                self.mwc_after_game(m, me, false, g)
                    .is_some_and(|after| after >= on)
            });
        }
        let loss = -self.equity_now(m, me) * m.cube().value as f32;
        (loss >= OFFER_FROM).then(|| (loss.round() as u32).clamp(1, most))
    }
    fn accept_concede(&mut self, m: &WelshMatch, me: Side, games: u32) -> bool {
        if let (Some(on), Some(after)) =
            (self.mwc_now(m, me), self.mwc_after_game(m, me, true, games))
        {
            return after >= on;
        }
        let gain = self.equity_now(m, me) * m.cube().value as f32;
        games as f32 >= gain
    }
}
