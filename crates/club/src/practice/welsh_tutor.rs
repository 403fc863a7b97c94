//! The tutor in a Welsh practice match (issue 50): a player's decision is judged by
//! gammonbot's own Welsh player at its strongest level, at the score
//! ([`welsh_advisor`]: the chance of winning the match through the match equity table,
//! put on the scale of games), in place of GNU Backgammon, who knows the standard rules
//! only. The flow (made and held for `/undo` or `/keep`, a warning before a throw, the
//! opponent's automatic moves waiting) is the standard tutor's (`tutor.rs`).
//!
//! The same threshold flags a decision: [`TUTOR_THRESHOLD`] (0.04, gnubg's mark for a
//! "doubtful" decision), here in games per unit of the doubling die at the score. Judged:
//!
//! - a **play** with two or more legal plays (not one that ends the game): the best of
//!   the strong level's candidates against the play made, each at 1-ply
//!   ([`Advisor::plays`]); with an acey-deucey (rule 13), also playing the 1-2 where
//!   throwing again was better ([`Advisor::throw_again`]). Held.
//! - **doubling** where the player may double, at the score ([`welsh_player::CubeView`],
//!   its loss in games): a double where not doubling was right is held; a throw without
//!   doubling where doubling was right is said before the dice are thrown (a throw cannot
//!   be taken back once seen), and the player throws again to throw anyway. Not judged
//!   beyond the table (a match longer than its 25 games), where the Welsh player's
//!   cubeless doubling has no equity.
//! - **throwing a 1-2 again** where playing it was better: said before the throw, as a
//!   throw without doubling is.
//! - the **answer to an offer to concede** (rule 18; not the compulsory acceptance of an
//!   offer to 24 with the payment): accepting against playing on by the chance of winning
//!   the match, turned into games by the scale of a single game at the die; beyond the
//!   table, the games offered against the cubeless equity times the die. A refusal is
//!   held; an acceptance ends the game and is written at once (told, not held).
//!
//! Not judged: the call, who starts, nominating, one die beside a full spread, and the
//! offer to concede itself.

use crate::MatchOp;
use crate::practice::tutor_flag::{Mode, TUTOR_THRESHOLD};
use crate::practice::undo::TutorNote;
use crate::practice::welsh_hint::{ahead_words, pct, per_game, throw_words, welsh_advisor};
use engine::Side;
use engine::welsh::{WelshMatch, WelshPhase, format_welsh_play, resolve_welsh_play};
use welsh_player::advice::acey_deucey;
use welsh_player::evaluator::terminal;
use welsh_player::player::can_double;

/// A Welsh decision put to the Welsh player: the match before it, who decides, and what.
pub(super) struct WelshJudge {
    m: WelshMatch,
    side: Side,
    what: What,
}

/// What was decided.
enum What {
    /// The play of this index among the legal plays.
    Play(usize),
    Double,
    /// A throw (two dice or one) without doubling.
    Throw,
    /// A 1-2 thrown again.
    Reroll,
    /// The answer to the offer pending.
    Answer {
        accept: bool,
    },
}

impl WelshJudge {
    /// What the tutor should judge when `side` does `op` in `m` (None: nothing to judge,
    /// or the command will be refused anyway), and what to do with a flag.
    pub(super) fn of(
        m: &WelshMatch,
        side: Side,
        op: &MatchOp,
        note: Option<&TutorNote>,
    ) -> Option<(WelshJudge, Mode)> {
        if m.to_act() != Some(side) {
            return None;
        }
        let retaken = matches!(note, Some(TutorNote::Undone { side: s }) if *s == side);
        let warned = matches!(note, Some(TutorNote::Warned { side: w }) if *w == side);
        let made = if retaken {
            Mode::Tell("a decision taken back once is not held again")
        } else {
            Mode::Hold
        };
        let judge = |what: What| WelshJudge {
            m: m.clone(),
            side,
            what,
        };
        if let (_, Some((by, _, _))) = m.concede() {
            if by == side {
                return None;
            }
            return match op {
                MatchOp::AcceptConcede => Some((
                    judge(What::Answer { accept: true }),
                    if retaken {
                        made
                    } else {
                        Mode::Tell("accepting ends the game, which is written at once")
                    },
                )),
                MatchOp::RejectConcede => Some((judge(What::Answer { accept: false }), made)),
                _ => None,
            };
        }
        match (op, m.phase()) {
            (MatchOp::Double, WelshPhase::ToRoll(_)) if can_double(m, side) => {
                Some((judge(What::Double), made))
            }
            (MatchOp::Roll | MatchOp::RollOne, WelshPhase::ToRoll(_)) if can_double(m, side) => {
                (!warned && !retaken).then(|| (judge(What::Throw), Mode::Warn))
            }
            (MatchOp::Reroll, WelshPhase::ToPlay { .. }) if acey_deucey(m, side) => {
                (!warned && !retaken).then(|| (judge(What::Reroll), Mode::Warn))
            }
            (MatchOp::Move(text), WelshPhase::ToPlay { throw, .. }) => {
                let legal = m.legal_plays();
                let made_play = resolve_welsh_play(&m.position().view(side), throw, text).ok()?;
                let i = legal.iter().position(|l| l.play == made_play.play)?;
                // A play that ends the game: written at once, not judged.
                if terminal(&legal[i].board).is_some() {
                    return None;
                }
                (legal.len() >= 2 || acey_deucey(m, side)).then(|| (judge(What::Play(i)), made))
            }
            _ => None,
        }
    }

    /// The tutor's words when the decision gives away more than [`TUTOR_THRESHOLD`] in
    /// games at the score. Blocks (a 1-ply look: run on a blocking thread).
    pub(super) fn verdict(&self) -> Option<String> {
        let adv = welsh_advisor();
        let (m, side) = (&self.m, self.side);
        let flag = |loss: f32, words: String| (f64::from(loss) > TUTOR_THRESHOLD).then_some(words);
        match self.what {
            What::Play(i) => {
                let mut said = Vec::new();
                let legal = m.legal_plays();
                let before = m.position().view(side);
                let text = |j: usize| {
                    let t = format_welsh_play(&before, &legal[j].play);
                    if t.is_empty() { "pass".to_string() } else { t }
                };
                if acey_deucey(m, side) {
                    let a = adv.throw_again(m, side);
                    said.extend(flag(
                        a.loss(false),
                        format!(
                            "throwing the 1-2 again was better: playing it loses {:.3} (its best play {:+.3} against {:+.3} for the average throw, at 0-ply)",
                            a.loss(false),
                            a.play,
                            a.average
                        ),
                    ));
                }
                if legal.len() >= 2 {
                    let ranked = adv.plays(m, side, &legal, 1, Some(i));
                    let best = ranked
                        .iter()
                        .copied()
                        .fold(ranked[0], |b, r| if r.equity > b.equity { r } else { b });
                    let mine = ranked
                        .iter()
                        .find(|r| r.index == i)
                        .map_or(best.equity, |r| r.equity);
                    let loss = (best.equity - mine).max(0.0);
                    said.extend(flag(
                        loss,
                        format!(
                            "{} was better: {} loses {loss:.3} (1-ply, {})",
                            text(best.index),
                            text(i),
                            scale(m, side)
                        ),
                    ));
                }
                (!said.is_empty()).then(|| said.join("; "))
            }
            What::Double | What::Throw => {
                let v = adv.doubling(m, side).at_score?;
                let chances = format!(
                    "match-winning chance {} doubling, {} not, at the score {}",
                    pct(v.double),
                    pct(v.no_double),
                    ahead_words(&v)
                );
                if matches!(self.what, What::Double) {
                    let loss = v.loss_in_games(true);
                    flag(
                        loss,
                        format!(
                            "not doubling was right: doubling loses {loss:.3} in games ({chances})"
                        ),
                    )
                } else {
                    let loss = v.loss_in_games(false);
                    flag(
                        loss,
                        format!(
                            "doubling is right here: throwing without doubling loses {loss:.3} in games ({chances})"
                        ),
                    )
                }
            }
            What::Reroll => {
                let a = adv.throw_again(m, side);
                flag(
                    a.loss(true),
                    format!(
                        "playing the 1-2 is right here: throwing again loses {:.3} (its best play {:+.3} against {:+.3} for the average throw, at 0-ply)",
                        a.loss(true),
                        a.play,
                        a.average
                    ),
                )
            }
            What::Answer { accept } => {
                let (_, Some((_, games, payment))) = m.concede() else {
                    return None;
                };
                let c = adv.concession(m, side, games, payment);
                if c.compulsory {
                    return None;
                }
                let (right, wrong) = if accept {
                    ("refusing", "accepting")
                } else {
                    ("accepting", "refusing")
                };
                match (c.at_score, per_game(m, side)) {
                    (Some((acc, on)), Some(per)) => {
                        let (made, other) = if accept { (acc, on) } else { (on, acc) };
                        let loss = (other - made).max(0.0) / per;
                        flag(
                            loss,
                            format!(
                                "{right} was right: {wrong} loses {loss:.3} in games (match-winning chance {} accepting, {} playing on, at the score)",
                                pct(acc),
                                pct(on)
                            ),
                        )
                    }
                    _ => {
                        let offered = games as f32;
                        let loss = if accept {
                            c.expected - offered
                        } else {
                            offered - c.expected
                        };
                        flag(
                            loss,
                            format!(
                                "{right} was right: {wrong} loses {loss:.3} in games ({games} offered against {:.2} expected playing on, cubeless: the score is beyond the match equity table)",
                                c.expected
                            ),
                        )
                    }
                }
            }
        }
    }
}

/// What the equities are, in words.
fn scale(m: &WelshMatch, side: Side) -> &'static str {
    if per_game(m, side).is_some() {
        "equities at the score"
    } else {
        "cubeless equities: the score is beyond the match equity table"
    }
}

/// The line after a warning before a throw: what the player may do instead, or how to
/// throw anyway.
pub(super) fn warned_line(name: &str, op: &MatchOp, m: &WelshMatch) -> String {
    match (op, m.phase()) {
        (MatchOp::Reroll, WelshPhase::ToPlay { .. }) => format!(
            "Nothing is thrown yet: {name} may play the {} (/move), or /reroll again to throw again anyway.",
            throw_words((1, 2))
        ),
        (MatchOp::RollOne, _) => {
            format!("Nothing is thrown yet: {name} may /double, or /onedie again to throw anyway.")
        }
        _ => format!("Nothing is thrown yet: {name} may /double, or /roll again to throw anyway."),
    }
}

#[cfg(test)]
mod tests {
    use super::{Mode, WelshJudge};
    use crate::MatchOp;
    use crate::practice::undo::TutorNote;
    use engine::Side;
    use engine::welsh::{Parity, WelshAction, WelshMatch};
    use welsh_player::fresh_match;

    /// A match to 5 games with X about to throw its first game, the die in the middle.
    fn x_to_throw() -> WelshMatch {
        let m = fresh_match(5);
        let call = WelshAction::Call {
            shaker_dice: (3, 1),
            call: Parity::Even,
        };
        let (m, _) = m.apply(Side::O, &call).unwrap();
        let chooser = m.to_act().unwrap();
        let (m, _) = m.apply(chooser, &WelshAction::Choose(Side::X)).unwrap();
        m
    }

    #[test]
    fn the_welsh_tutor_holds_a_double_at_the_start_and_warns_before_a_throw_only_when_doubling_is_right()
     {
        let m = x_to_throw();
        let view = crate::practice::welsh_hint::welsh_advisor()
            .doubling(&m, Side::X)
            .at_score
            .expect("a match to 5 is within the table");
        // A double is judged and held; flagged when it loses more than the threshold in
        // games at the score, with both match-winning chances
        let (judge, mode) = WelshJudge::of(&m, Side::X, &MatchOp::Double, None).unwrap();
        assert_eq!(mode, Mode::Hold);
        let words = judge.verdict();
        assert_eq!(
            words.is_some(),
            f64::from(view.loss_in_games(true)) > super::TUTOR_THRESHOLD
        );
        if let Some(w) = words {
            assert!(
                w.starts_with("not doubling was right: doubling loses "),
                "{w}"
            );
            assert!(w.contains("match-winning chance"), "{w}");
        }
        // A throw without doubling is said before the throw
        let (judge, mode) = WelshJudge::of(&m, Side::X, &MatchOp::Roll, None).unwrap();
        assert_eq!(mode, Mode::Warn);
        assert_eq!(
            judge.verdict().is_some(),
            f64::from(view.loss_in_games(false)) > super::TUTOR_THRESHOLD
        );
        // Once warned, the throw is not judged again; a retaken double is told, not held
        let warned = TutorNote::Warned { side: Side::X };
        assert!(WelshJudge::of(&m, Side::X, &MatchOp::Roll, Some(&warned)).is_none());
        let undone = TutorNote::Undone { side: Side::X };
        let (_, mode) = WelshJudge::of(&m, Side::X, &MatchOp::Double, Some(&undone)).unwrap();
        assert!(matches!(mode, Mode::Tell(_)));
        // And nothing is judged for the side whose decision it is not
        assert!(WelshJudge::of(&m, Side::O, &MatchOp::Double, None).is_none());
    }
}
