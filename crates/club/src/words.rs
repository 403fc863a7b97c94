//! How the club puts things in words: what a player must do next, durations, rulesets,
//! a match in one line.

use super::lookup::Loaded;
use super::{Choice, DAY, choices_words, spec_words};
use engine::welsh::{MAX_CUBE, Throw, WelshMatch, WelshPhase, has_full_spread};
use engine::{AnyMatch, Phase, Ruleset, Side};

pub(super) fn ruleset_word(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Standard => "standard",
        Ruleset::Welsh => "Welsh",
    }
}

/// What the player who must act has to do, in words ("roll or double", "take or drop"):
/// his [`next_choices`] in words.
#[must_use]
pub fn next_words(game: &AnyMatch) -> String {
    choices_words(0, &next_choices(game))
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

pub(super) fn join_or(opts: &[&str]) -> String {
    match opts {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub(super) fn welsh_may_double(m: &WelshMatch, s: Side) -> bool {
    m.cube().right != Some(s.opponent()) && m.triangle().is_none() && m.cube().value < MAX_CUBE
}

/// The end of a break (regulation D) seen at `now`: "until 2027-01-15 09:55 UTC
/// (10 minutes left)".
pub(super) fn break_end(until: i64, now: i64) -> String {
    format!(
        "until {} ({} left)",
        super::league::utc_words(until),
        duration_words(until - now)
    )
}

/// A Welsh break under way at `now` (regulation D) and its end, as the prompt says it:
/// "wait: a break (regulation D) runs until 2027-01-15 09:55 UTC (10 minutes left;
/// /resume ends it sooner), then call odds or evens".
pub(super) fn break_prompt(until: i64, now: i64, game: &AnyMatch) -> String {
    format!(
        "wait: a break (regulation D) runs until {} ({} left; /resume ends it sooner), then {}",
        super::league::utc_words(until),
        duration_words(until - now),
        next_words(game)
    )
}

/// A break under way on the board's prompt line, short enough for the picture: "break
/// until 2027-01-15 09:55 UTC (or /resume)".
pub(super) fn break_board_prompt(until: i64) -> String {
    format!(
        "break until {} (or /resume)",
        super::league::utc_words(until)
    )
}

/// Why nothing can be played during a break (regulation D): its end, and `/resume`.
pub(super) fn break_refusal(until: i64, now: i64) -> String {
    format!(
        "a break (regulation D) runs {}: play waits for its end, or for /resume to end it sooner",
        break_end(until, now)
    )
}

pub(super) fn next_words_refusal(game: &AnyMatch) -> String {
    format!("there is no roll to play: you must {}", next_words(game))
}

/// A match in one line: `#3 alice v bob, a 5-point match (Crawford), ...`.
pub(super) fn match_label(l: &Loaded) -> String {
    format!(
        "#{} {} v {}, {}",
        l.row.id,
        l.names[0],
        l.names[1],
        spec_words(&l.spec)
    )
}

/// "2 days 3 hours", "45 minutes".
#[must_use]
pub fn duration_words(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / DAY, secs % DAY / 3600, secs % 3600 / 60);
    let unit = |n: i64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (d, h) {
        // Under a minute: the seconds, never "0 minutes".
        (0, 0) if m == 0 => unit(secs, "second"),
        (0, 0) => unit(m, "minute"),
        (0, _) if m == 0 => unit(h, "hour"),
        (0, _) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (_, 0) => unit(d, "day"),
        _ => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}
