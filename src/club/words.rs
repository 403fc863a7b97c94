//! How the club puts things in words: what a player must do next, durations, rulesets,
//! a match in one line.

use super::lookup::Loaded;
use super::state;
use super::{DAY, spec_words};
use crate::engine::welsh::{MAX_CUBE, Throw, WelshMatch, WelshPhase, has_full_spread};
use crate::engine::{AnyMatch, Phase, Ruleset, Side};

pub(super) fn ruleset_word(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Standard => "standard",
        Ruleset::Welsh => "Welsh",
    }
}

/// What the player who must act has to do, in words ("roll or double", "take or drop").
#[must_use]
pub fn next_words(game: &AnyMatch) -> String {
    match game {
        AnyMatch::Standard(m) => {
            if m.resign_offer().is_some() {
                return "accept or reject the resignation".into();
            }
            match m.phase() {
                Phase::Opening => "roll the opening throw".into(),
                Phase::ToRoll(s) => {
                    if m.may_double(s).is_ok() {
                        "roll or double".into()
                    } else {
                        "roll".into()
                    }
                }
                Phase::CubeOffered(o) => {
                    if m.rules().beavers && o.notches == 0 {
                        "take, drop or beaver".into()
                    } else if m.rules().raccoons && o.notches > 0 {
                        "take, drop or raccoon".into()
                    } else {
                        "take or drop".into()
                    }
                }
                Phase::ToPlay { dice, .. } => format!("move {}", state::dice_words(dice)),
                Phase::MatchOver { .. } => "nothing: the match is over".into(),
            }
        }
        AnyMatch::Welsh(m) => {
            if let (_, Some(_)) = m.concede() {
                return "accept or reject the offer to concede".into();
            }
            match m.phase() {
                WelshPhase::Call { .. } => "call odds or evens".into(),
                WelshPhase::Choose { .. } => "choose who starts (me or opponent)".into(),
                WelshPhase::ToRoll(s) => {
                    // Rule 21: a throw nominated for him is set; he cannot nominate it again
                    // nor throw one die instead.
                    let set = m.nominated_throw().filter(|(who, _)| *who == s);
                    let throw = set.map(|(_, (a, b))| {
                        format!("throw the nominated {}-{}", a.max(b), a.min(b))
                    });
                    let mut opts = vec![throw.as_deref().unwrap_or("throw")];
                    if welsh_may_double(m, s) {
                        opts.push("double");
                    }
                    if m.nominate_left(s) && set.is_none() {
                        opts.push("nominate");
                    }
                    if has_full_spread(&m.position().view(s)) && set.is_none() {
                        opts.push("throw one die");
                    }
                    join_or(&opts)
                }
                WelshPhase::ToPlay {
                    throw, nominated, ..
                } => {
                    let acey = !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                    format!(
                        "move {}{}",
                        match throw {
                            Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
                            Throw::One(a) => format!("{a}"),
                        },
                        if acey {
                            " (or /reroll: throw the 1-2 again)"
                        } else {
                            ""
                        }
                    )
                }
                WelshPhase::MatchOver { .. } => "nothing: the match is over".into(),
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
