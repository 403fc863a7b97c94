//! Advice for people: what the learnt player at [`ADVICE_LEVEL`] would do at a decision,
//! with the equities that decide it, for `/hint` and for the review of a finished match
//! (`/analyse`). Built on the player's public parts only ([`EvalPlayer`],
//! [`Evaluator`]); nothing here changes how the player plays.
//!
//! Equities are the network's, for the side deciding, in games per unit of the doubling
//! die (a single game 1, a gammon 3, a backgammon 6), cubeless.
//!
//! - **Plays** ([`Advisor::plays`]): the strong level's candidates (the best
//!   [`STRONG_CANDIDATES`] plays at 0-ply within [`STRONG_MARGIN`] of the best), each
//!   looked at one throw ahead (1-ply), best first; so the first is the strong level's
//!   choice. When fewer than asked for, the next plays by 0-ply are added, also at 1-ply,
//!   after them (the strong level does not look at them).
//! - **Doubling** ([`Advisor::doubling`]): the player doubles at a cubeless chance of
//!   winning of [`DOUBLE_AT`] or more. The network knows the die's value and right only as
//!   inputs, not what the right to double is worth, so the decision is given with the
//!   chance that decides it and no equity lost.
//! - **Nominating** ([`Advisor::nominate_for_me`], [`Advisor::nominate_for_opponent`],
//!   rule 21): each throw's best play at 0-ply against the average throw; the card is
//!   worth [`NOMINATE_GAIN`] to the player (it spends it only for a throw that much better,
//!   or that much worse for the opponent), so keeping it is valued at the average throw
//!   plus that.
//! - **Acey-deucey** ([`Advisor::throw_again`], rule 13): the 1-2's best play against the
//!   average throw, both at 0-ply (the figures the player decides by).
//! - **Concessions** ([`Advisor::concession`], rule 18): the games offered against the
//!   games expected by playing on, the figure the player's own answer uses.
//!
//! **At the score** ([`Advisor::at_score`], issue 50): with the match equity table the
//! equities above are the chance of winning the match on the scale of games (see
//! [`crate::evaluator`]), and doubling ([`DoublingAdvice::at_score`]), the answer to an
//! offer to concede ([`ConcessionAdvice::at_score`]) and the offer itself
//! ([`Advisor::offer`]) carry the chances of winning the match that decide them.

use engine::welsh::{Throw, WelshMatch, WelshPhase};
use engine::{Board, LegalPlay, Side};

use crate::cube_decision::CubeView;
use crate::eval_player::{
    DOUBLE_AT, EvalPlayer, Level, NOMINATE_GAIN, STRONG_CANDIDATES, STRONG_MARGIN,
};
use crate::evaluator::{Evaluator, terminal, throws_again};
use crate::features::Context;
use crate::match_table::MatchTable;
use crate::net::{Net, equity};
use crate::player::{WelshPlayer, can_double, may_nominate_for_me, nominate_wins};

/// The level whose choices advice gives: the strongest (1-ply).
pub const ADVICE_LEVEL: Level = Level::Strong;

/// How many plays a hint names.
pub const HINT_PLAYS: usize = 3;

/// One play as the advice ranks it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedPlay {
    /// Its index among the legal plays given.
    pub index: usize,
    /// Its equity one throw ahead (1-ply), for the mover.
    pub equity: f32,
    /// The strong level looks at it (one of its candidates).
    pub candidate: bool,
}

/// The doubling decision before a throw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DoublingAdvice {
    /// The player would double.
    pub double: bool,
    /// The cubeless chance of winning the game, for the side deciding.
    pub p_win: f32,
    /// Its cubeless equity now.
    pub equity: f32,
    /// At the score: the chances of winning the match with and without the double (the
    /// decision's own figures).
    pub at_score: Option<CubeView>,
}

/// A nominate decision (rule 21): the player's choice, and the values that decide it.
#[derive(Clone, Debug, PartialEq)]
pub struct NominateAdvice {
    /// The throw the player would nominate (`None`: keep the card).
    pub choice: Option<(u8, u8)>,
    /// Each of the 21 throws (higher die first; for itself, those that may be nominated)
    /// with its value for the side deciding:
    /// its own best play's equity when nominating for itself, the opponent's best play's
    /// equity turned to the decider's view when nominating for the opponent.
    pub throws: Vec<((u8, u8), f32)>,
    /// The average throw, valued the same way.
    pub average: f32,
    /// The value of keeping the card: the average plus [`NOMINATE_GAIN`].
    pub keep: f32,
}

impl NominateAdvice {
    /// The value of an option: `None` keeps the card; a throw not among the 21 is valued
    /// as keeping it.
    #[must_use]
    pub fn value(&self, option: Option<(u8, u8)>) -> f32 {
        let Some(d) = option else {
            return self.keep;
        };
        let d = (d.0.max(d.1), d.0.min(d.1));
        self.throws
            .iter()
            .find(|(t, _)| *t == d)
            .map_or(self.keep, |&(_, v)| v)
    }

    /// The best throw by value (ties: the first, higher dice first).
    #[must_use]
    pub fn best_throw(&self) -> Option<((u8, u8), f32)> {
        self.throws
            .iter()
            .copied()
            .fold(None, |best, (t, v)| match best {
                Some((_, bv)) if bv >= v => best,
                _ => Some((t, v)),
            })
    }

    /// What choosing `made` instead of the player's choice loses (never below 0: an
    /// option the values rate above the player's choice loses nothing).
    #[must_use]
    pub fn loss(&self, made: Option<(u8, u8)>) -> f32 {
        (self.value(self.choice) - self.value(made)).max(0.0)
    }
}

/// The answer to an offer to concede (rule 18): accept the games offered or play on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConcessionAdvice {
    /// The player would accept.
    pub accept: bool,
    /// The games the side offered them expects by playing on: its cubeless equity now
    /// (from the view of the side on turn) times the doubling die; the player accepts
    /// an offer of at least this many.
    pub expected: f32,
    /// The offer is to 24 with the payment, which must be accepted (rule 18).
    pub compulsory: bool,
    /// At the score: the chance of winning the match by accepting and by playing on
    /// (0-ply); the player accepts when the first is at least the second.
    pub at_score: Option<(f32, f32)>,
}

/// The offer to concede of the side holding the occasion (rule 18), at the score.
#[derive(Clone, Debug, PartialEq)]
pub struct OfferAdvice {
    /// The games the player would offer (`None`: play on).
    pub offer: Option<u32>,
    /// The chance of winning the match by playing on (0-ply).
    pub play_on: f32,
    /// Each offer that may be made, with the chance of winning the match if accepted.
    pub by_games: Vec<(u32, f32)>,
}

/// The acey-deucey decision (rule 13): play the 1-2 or throw again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThrowAgainAdvice {
    /// The player would throw again.
    pub again: bool,
    /// The 1-2's best play (0-ply).
    pub play: f32,
    /// The average throw (0-ply), what throwing again is worth.
    pub average: f32,
}

impl ThrowAgainAdvice {
    /// What choosing `again` loses against the better of the two (never below 0).
    #[must_use]
    pub fn loss(&self, again: bool) -> f32 {
        let (made, other) = if again {
            (self.average, self.play)
        } else {
            (self.play, self.average)
        };
        (other - made).max(0.0)
    }
}

/// Everything a hint says at one decision of the side to act: the decisions open to it
/// before the throw, or the plays of the throw in hand with the decisions around them.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// Before the throw, when the side may double.
    pub doubling: Option<DoublingAdvice>,
    /// Before the throw, when the side may nominate for itself.
    pub nominate_for_me: Option<NominateAdvice>,
    /// With a 1-2 not nominated (rule 13).
    pub throw_again: Option<ThrowAgainAdvice>,
    /// With the throw in hand: the plays ranked ([`Advisor::plays`]).
    pub plays: Vec<RankedPlay>,
    /// With the throw in hand and the card held: the nomination for the opponent after
    /// the best play (none when that play throws again or ends the game).
    pub nominate_for_opponent: Option<NominateAdvice>,
}

/// The advice of the learnt player at [`ADVICE_LEVEL`] with one network.
#[derive(Clone, Copy, Debug)]
pub struct Advisor<'a> {
    net: &'a Net,
    eval: Evaluator<'a>,
    table: Option<&'a MatchTable>,
}

impl<'a> Advisor<'a> {
    /// The advisor with `net`, each game for its games.
    #[must_use]
    pub fn new(net: &'a Net) -> Advisor<'a> {
        Advisor {
            net,
            eval: Evaluator::new(net),
            table: None,
        }
    }

    /// The advisor with `net`, playing for the match through `table` (as the bot plays).
    #[must_use]
    pub fn at_score(net: &'a Net, table: &'a MatchTable) -> Advisor<'a> {
        Advisor {
            net,
            eval: Evaluator::with_table(net, table),
            table: Some(table),
        }
    }

    fn player(&self) -> EvalPlayer<'a> {
        // The seed draws only the weak level's noise: none at the advice's level.
        let p = EvalPlayer::new(self.net, ADVICE_LEVEL, 0);
        match self.table {
            Some(t) => p.with_table(t),
            None => p,
        }
    }

    /// The offer to concede of `side`, which holds the occasion in `m` and may offer up
    /// to `most` games; `None` without a table or at a score it does not hold.
    #[must_use]
    pub fn offer(&self, m: &WelshMatch, side: Side, most: u32) -> Option<OfferAdvice> {
        let mut p = self.player();
        let play_on = p.mwc_now(m, side)?;
        let by_games = (1..=most)
            .filter_map(|g| Some((g, p.mwc_after_game(m, side, false, g)?)))
            .collect();
        Some(OfferAdvice {
            offer: p.offer_concede(m, side, most),
            play_on,
            by_games,
        })
    }

    /// The plays of `side`, who must play `plays` (the legal plays of its throw) in `m`:
    /// at least `at_least` of them (fewer when there are fewer), and `also` (the play
    /// made, for a review) whatever its rank, each at 1-ply; the strong level's candidates
    /// first, best first, then the others, best first.
    #[must_use]
    pub fn plays(
        &self,
        m: &WelshMatch,
        side: Side,
        plays: &[LegalPlay],
        at_least: usize,
        also: Option<usize>,
    ) -> Vec<RankedPlay> {
        let before = m.position().view(side);
        let ctx = Context {
            set_for_me: None,
            ..Context::of(m, side)
        };
        let player = self.player();
        let zero = player.play_equities(&before, &ctx, plays);
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| zero[b].total_cmp(&zero[a]));
        let top = order.first().map_or(f32::MIN, |&i| zero[i]);
        let deep = |i: usize| {
            if plays.len() == 1 {
                zero[i]
            } else {
                self.eval.after_play_1ply(&before, &plays[i].board, &ctx)
            }
        };
        let mut candidates: Vec<RankedPlay> = order
            .iter()
            .take(STRONG_CANDIDATES)
            .filter(|&&i| zero[i] >= top - STRONG_MARGIN)
            .map(|&i| RankedPlay {
                index: i,
                equity: deep(i),
                candidate: true,
            })
            .collect();
        let chosen = |i: usize| candidates.iter().any(|c| c.index == i);
        let mut extra: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| !chosen(i))
            .take(at_least.saturating_sub(candidates.len()))
            .collect();
        if let Some(i) = also
            && i < plays.len()
            && !chosen(i)
            && !extra.contains(&i)
        {
            extra.push(i);
        }
        let mut others: Vec<RankedPlay> = extra
            .into_iter()
            .map(|i| RankedPlay {
                index: i,
                equity: deep(i),
                candidate: false,
            })
            .collect();
        candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        others.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        candidates.extend(others);
        candidates
    }

    /// The hint for `side`, who is to throw or to play in `m` (naming at least `plays`
    /// plays); empty at other moments.
    #[must_use]
    pub fn hint(&self, m: &WelshMatch, side: Side, plays: usize) -> Hint {
        let mut h = Hint {
            doubling: None,
            nominate_for_me: None,
            throw_again: None,
            plays: Vec::new(),
            nominate_for_opponent: None,
        };
        match m.phase() {
            WelshPhase::ToRoll(s) if s == side => {
                h.doubling = can_double(m, side).then(|| self.doubling(m, side));
                h.nominate_for_me =
                    may_nominate_for_me(m, side).then(|| self.nominate_for_me(m, side));
            }
            WelshPhase::ToPlay { side: s, .. } if s == side => {
                h.throw_again = acey_deucey(m, side).then(|| self.throw_again(m, side));
                let legal = m.legal_plays();
                h.plays = self.plays(m, side, &legal, plays, None);
                // Not when the best play throws again or ends the game: the opponent
                // does not throw next.
                if m.nominate_left(side)
                    && let Some(best) = h.plays.first()
                    && !throws_again(&m.position().view(side), &legal[best.index].board)
                    && terminal(&legal[best.index].board).is_none()
                {
                    h.nominate_for_opponent =
                        Some(self.nominate_for_opponent(m, side, &legal[best.index].board));
                }
            }
            _ => {}
        }
        h
    }

    /// The doubling decision of `side`, about to throw in `m`.
    #[must_use]
    pub fn doubling(&self, m: &WelshMatch, side: Side) -> DoublingAdvice {
        let p = self
            .eval
            .probs(&m.position().view(side), &Context::of(m, side));
        let at_score = self.player().cube_view(m, side);
        DoublingAdvice {
            double: at_score.map_or(p[0] >= DOUBLE_AT, |v| v.doubles()),
            p_win: p[0],
            equity: equity(&p),
            at_score,
        }
    }

    /// The answer of `side` to the offer to concede open in `m` (`games` offered, with
    /// the payment or not): the player's own decision with the figure that decides it, so
    /// the two cannot disagree.
    #[must_use]
    pub fn concession(
        &self,
        m: &WelshMatch,
        side: Side,
        games: u32,
        payment: bool,
    ) -> ConcessionAdvice {
        let mut p = self.player();
        let compulsory = payment && m.score()[side.index()] + games == 24;
        let at_score = p
            .mwc_after_game(m, side, true, games)
            .zip(p.mwc_now(m, side));
        ConcessionAdvice {
            accept: compulsory || p.accept_concede(m, side, games),
            expected: p.equity_now(m, side) * m.cube().value as f32,
            compulsory,
            at_score,
        }
    }

    /// The nomination for itself of `side`, about to throw in `m` with its card.
    #[must_use]
    pub fn nominate_for_me(&self, m: &WelshMatch, side: Side) -> NominateAdvice {
        let b = m.position().view(side);
        let (mut throws, average) = self.eval.throw_equities(&b, &Context::of(m, side));
        // Rule 21: a throw with which a play wins the match may not be nominated.
        throws.retain(|&(d, _)| !nominate_wins(m, side, d));
        NominateAdvice {
            choice: self.player().nominate_for_me(m, side),
            throws,
            average,
            keep: average + NOMINATE_GAIN,
        }
    }

    /// The nomination for the opponent's next turn of `side`, about to leave `after`
    /// (its view) in `m`, with its card.
    #[must_use]
    pub fn nominate_for_opponent(
        &self,
        m: &WelshMatch,
        side: Side,
        after: &Board,
    ) -> NominateAdvice {
        let ctx = Context {
            set_for_me: None,
            ..Context::of(m, side)
        }
        .swapped();
        let (theirs, avg) = self.eval.throw_equities(&after.swapped(), &ctx);
        let throws: Vec<((u8, u8), f32)> = theirs.into_iter().map(|(d, v)| (d, -v)).collect();
        NominateAdvice {
            choice: self.player().nominate_for_opponent(m, side, after),
            throws,
            average: -avg,
            keep: -avg + NOMINATE_GAIN,
        }
    }

    /// The acey-deucey decision of `side`, who has thrown a 1-2 in `m`.
    #[must_use]
    pub fn throw_again(&self, m: &WelshMatch, side: Side) -> ThrowAgainAdvice {
        let b = m.position().view(side);
        let ctx = Context::of(m, side);
        let play = self.eval.best_equity(&b, Throw::Two(2, 1), &ctx);
        let average = self.eval.throw_equities(&b, &ctx).1;
        ThrowAgainAdvice {
            again: self.player().throw_again(m, side),
            play,
            average,
        }
    }
}

/// Whether one throw matters most for the side about to throw on `b` (its view): a man
/// on the roof, or all men home; where the player looks at nominating.
#[must_use]
pub fn nominate_matters(b: &Board) -> bool {
    crate::heuristic::throw_matters(b)
}

/// Whether `side` has thrown an acey-deucey it may throw again in `m` (a 1-2 not
/// nominated, rule 13).
#[must_use]
pub fn acey_deucey(m: &WelshMatch, side: Side) -> bool {
    matches!(
        m.phase(),
        WelshPhase::ToPlay { side: s, throw: Throw::Two(a, b), nominated: false }
            if s == side && a.min(b) == 1 && a.max(b) == 2
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fresh_match;
    use engine::welsh::{Parity, WelshAction};

    /// A fresh match with X to play `dice` at the start.
    fn x_to_play(dice: (u8, u8)) -> WelshMatch {
        let m = fresh_match(25);
        let call = WelshAction::Call {
            shaker_dice: (3, 1),
            call: Parity::Even,
        };
        let (m, _) = m.apply(Side::O, &call).unwrap();
        let chooser = m.to_act().unwrap();
        let (m, _) = m.apply(chooser, &WelshAction::Choose(Side::X)).unwrap();
        let (m, _) = m
            .apply(Side::X, &WelshAction::Roll(dice.0, dice.1))
            .unwrap();
        m
    }

    #[test]
    fn the_first_play_advised_is_the_strong_levels_choice_and_the_list_is_best_first() {
        let net = crate::shipped();
        let m = x_to_play((6, 4));
        let plays = m.legal_plays();
        let advice = Advisor::new(net).plays(&m, Side::X, &plays, 3, None);
        let before = m.position().view(Side::X);
        let (chosen, _) = EvalPlayer::new(net, Level::Strong, 9).choose(
            &before,
            &Context::of(&m, Side::X),
            &plays,
        );
        assert!(advice.len() >= 3);
        assert_eq!(advice[0].index, chosen);
        let cands: Vec<f32> = advice
            .iter()
            .filter(|r| r.candidate)
            .map(|r| r.equity)
            .collect();
        assert!(cands.windows(2).all(|w| w[0] >= w[1]), "{advice:?}");
    }

    #[test]
    fn a_play_made_outside_the_candidates_is_ranked_too() {
        let net = crate::shipped();
        let m = x_to_play((5, 3));
        let plays = m.legal_plays();
        let last = plays.len() - 1;
        let advice = Advisor::new(net).plays(&m, Side::X, &plays, 1, Some(last));
        assert!(advice.iter().any(|r| r.index == last));
    }

    #[test]
    fn keeping_the_card_is_priced_at_the_players_margin_and_losses_are_never_negative() {
        let net = crate::shipped();
        let m = x_to_play((6, 4));
        let plays = m.legal_plays();
        let a = Advisor::new(net).nominate_for_opponent(&m, Side::X, &plays[0].board);
        assert!((a.keep - a.average - NOMINATE_GAIN).abs() < 1e-6);
        for (d, _) in &a.throws {
            assert!(a.loss(Some(*d)) >= 0.0);
        }
        assert!(a.loss(None) >= 0.0);
    }
}
