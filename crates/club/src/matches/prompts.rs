//! What the player who must act is told: who acts, their choices, the prompt, and a break
//! under way (regulation D).
//! (Was `words`: the name now says which words.)

use crate::kernel::phrases::{duration_words, utc_words};
use crate::{Choice, choices_words};
use engine::welsh::{MAX_CUBE, Throw, WelshMatch, WelshPhase, has_full_spread};
use engine::{AnyMatch, Phase, Side};

/// Who must act: the engine's answer, or X when a standard match waits for its first
/// throw (either player may make it; X's clock runs).
pub(crate) fn acting_side(game: &AnyMatch) -> Option<Side> {
    match game {
        AnyMatch::Standard(m) if m.phase() == Phase::Opening => Some(Side::X),
        _ => game.to_act(),
    }
}

/// What the player who must act has to do, in words ("roll or double", "take or drop"):
/// his [`next_choices`] in words.
#[must_use]
pub fn next_words(game: &AnyMatch) -> String {
    choices_words(crate::MatchNo::from(0), &next_choices(game))
}

/// What the player who must act may do (none: the match is over).
#[must_use]
pub fn next_choices(game: &AnyMatch) -> Vec<Choice> {
    match game {
        AnyMatch::Standard(m) => {
            if m.resign_offer().is_some() {
                return vec![Choice::AcceptResignation, Choice::RejectResignation];
            }
            match m.phase() {
                Phase::Opening => vec![Choice::OpeningRoll],
                Phase::ToRoll(s) => {
                    if m.may_double(s).is_ok() {
                        vec![Choice::Roll, Choice::Double]
                    } else {
                        vec![Choice::Roll]
                    }
                }
                Phase::CubeOffered(o) => {
                    // Seed 002, 5.14: a take alone where a drop would end the match (the
                    // words say why).
                    let mut c = vec![Choice::Take];
                    if !m.drop_allowed() {
                        return c;
                    }
                    c.push(Choice::Drop);
                    if m.rules().beavers && o.notches == 0 {
                        c.push(Choice::Beaver);
                    } else if m.rules().raccoons && o.notches > 0 {
                        c.push(Choice::Raccoon);
                    }
                    c
                }
                Phase::ToPlay { dice, .. } => vec![Choice::Move {
                    high: dice.high(),
                    low: Some(dice.low()),
                }],
                Phase::MatchOver { .. } => Vec::new(),
            }
        }
        AnyMatch::Welsh(m) => {
            if let (_, Some(_)) = m.concede() {
                return vec![Choice::AcceptConcession, Choice::RejectConcession];
            }
            match m.phase() {
                WelshPhase::Call { .. } => vec![Choice::CallOdds, Choice::CallEvens],
                WelshPhase::Choose { .. } => vec![Choice::StartMyself, Choice::StartOpponent],
                WelshPhase::ToRoll(s) => {
                    // Rule 21: a throw nominated for him is set; he cannot nominate it again
                    // nor throw one die instead.
                    let set = m.nominated_throw().filter(|(who, _)| *who == s);
                    let mut opts = vec![Choice::Throw(set.map(|(_, t)| t))];
                    if welsh_may_double(m, s) {
                        opts.push(Choice::Double);
                    }
                    if m.nominate_left(s) && set.is_none() {
                        opts.push(Choice::Nominate);
                    }
                    if has_full_spread(&m.position().view(s)) && set.is_none() {
                        opts.push(Choice::OneDie);
                    }
                    // Rule 18: the occasion to offer to concede, and what may be offered
                    // (at most 0: none is possible, which the words say).
                    if let Some(most) = m.concede_most(s) {
                        opts.push(Choice::OfferConcession { most });
                    }
                    opts
                }
                WelshPhase::ToPlay {
                    throw, nominated, ..
                } => {
                    let acey = !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                    let mut opts = vec![match throw {
                        Throw::Two(a, b) => Choice::Move {
                            high: a.max(b),
                            low: Some(a.min(b)),
                        },
                        Throw::One(a) => Choice::Move { high: a, low: None },
                    }];
                    // Rule 13: a thrown 1-2 with no legal play waits for the choice to
                    // throw again or to pass (a pass with men on the roof is a dance).
                    if acey && m.legal_plays().iter().all(|l| l.play.is_empty()) {
                        opts.push(Choice::Pass);
                    }
                    if acey {
                        opts.push(Choice::Reroll);
                    }
                    opts
                }
                WelshPhase::MatchOver { .. } => Vec::new(),
            }
        }
    }
}

pub(crate) fn welsh_may_double(m: &WelshMatch, s: Side) -> bool {
    m.cube().right != Some(s.opponent()) && m.triangle().is_none() && m.cube().value < MAX_CUBE
}

/// The end of a break (regulation D) seen at `now`: "until 2027-01-15 09:55 UTC
/// (10 minutes left)".
pub(crate) fn break_end(until: i64, now: i64) -> String {
    format!(
        "until {} ({} left)",
        utc_words(until),
        duration_words(until - now)
    )
}

/// A Welsh break under way at `now` (regulation D) and its end, as the prompt says it:
/// "wait: a break (regulation D) runs until 2027-01-15 09:55 UTC (10 minutes left;
/// /resume ends it sooner), then call odds or evens".
pub(crate) fn break_prompt(until: i64, now: i64, game: &AnyMatch) -> String {
    break_prompt_then(until, now, &next_words(game))
}

/// [`break_prompt`] with what comes after the break already in words.
pub(crate) fn break_prompt_then(until: i64, now: i64, then: &str) -> String {
    format!(
        "wait: a break (regulation D) runs until {} ({} left; /resume ends it sooner), then {then}",
        utc_words(until),
        duration_words(until - now),
    )
}

/// A break under way on the board's prompt line, short enough for the picture: "break
/// until 2027-01-15 09:55 UTC (or /resume)".
pub(crate) fn break_board_prompt(until: i64) -> String {
    format!("break until {} (or /resume)", utc_words(until))
}
