//! `/challenge` (and a league's terms, written the same way): the `key:value` words
//! converted into the club's [`ChallengeOptions`], which the club checks, and a refusal of
//! an option put back in the words the player typed. No rules here.

use club::{ChallengeOp, ChallengeOption, ChallengeOptions, Command, TermsError};
use engine::excerpt;

use super::parse_words::{ParseError, amount, err, on_off, rules_option, span};

/// `rated:on` (the default) or `rated:off`.
fn rated_option(v: &str) -> Result<bool, ParseError> {
    match v {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => err(format!(
            "rated: on (the default: the result moves both ratings) or off (a friendly \
             match), not `{v}`"
        )),
    }
}

/// `level:expert`: one of GNU Backgammon's levels, read as the gnubg crate reads them
/// (`world-class`, `world_class`, `worldclass`), or of the Welsh player's (`level:weak`,
/// `medium`, `strong`); the club checks that it suits the rules.
fn level_option(v: &str) -> Result<club::BotLevel, ParseError> {
    v.parse::<club::BotLevel>()
        .map_err(|e| ParseError(format!("level: {e}")))
}

/// The words with `level:world class` (a level of two words) made one word.
fn join_world_class<'a>(words: &[&'a str]) -> Vec<std::borrow::Cow<'a, str>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if w.eq_ignore_ascii_case("level:world")
            && words
                .get(i + 1)
                .is_some_and(|n| n.eq_ignore_ascii_case("class"))
        {
            out.push(std::borrow::Cow::Owned(format!("{w}-class")));
            i += 2;
        } else {
            out.push(std::borrow::Cow::Borrowed(w));
            i += 1;
        }
    }
    out
}

/// `/challenge <player> [key:value ...]`: the options as the club takes them; the club
/// makes the terms. `/challenge bot [level:expert]` is a match against GNU Backgammon,
/// `/challenge bot rules:welsh [level:strong]` one against the bot's Welsh player.
pub(super) fn challenge(args: &[&str]) -> Result<Command, ParseError> {
    use ChallengeOption as O;
    let Some((opponent, words)) = args.split_first() else {
        return err("whom? /challenge <player> [rules:welsh] [length:7] (or /challenge bot)");
    };
    let words = join_world_class(words);
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let mut o = ChallengeOptions::default();
    // Each option with the word that gave it, to name it if the club refuses it.
    let mut given: Vec<(ChallengeOption, &str)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for word in &words {
        let word: &str = word;
        let Some((k, v)) = word.split_once(':') else {
            return err(format!(
                "`{}`: options are written key:value, e.g. length:7",
                excerpt(word)
            ));
        };
        // A repeated option is refused, not silently overridden by the last one.
        if seen.contains(&k) {
            return err(format!(
                "`{}` is given twice; give each option once",
                excerpt(k)
            ));
        }
        seen.push(k);
        let option = match k {
            "rules" => {
                o.ruleset = Some(rules_option(v)?);
                O::Rules
            }
            "length" if v == "money" => {
                o.money = Some(true);
                O::Money
            }
            "length" => {
                o.length = Some(v.parse().map_err(|_| {
                    ParseError(format!(
                        "length: a number of points (or money), not `{}`",
                        excerpt(v)
                    ))
                })?);
                O::Length
            }
            "crawford" => {
                o.crawford = Some(on_off(k, v)?);
                O::Crawford
            }
            "holland" => {
                o.holland = Some(on_off(k, v)?);
                O::Holland
            }
            "jacoby" => {
                o.jacoby = Some(on_off(k, v)?);
                O::Jacoby
            }
            "beavers" => {
                o.beavers = Some(on_off(k, v)?);
                O::Beavers
            }
            "raccoons" => {
                o.raccoons = Some(on_off(k, v)?);
                O::Raccoons
            }
            "autodoubles" => {
                o.auto_doubles = Some(v.parse().map_err(|_| {
                    ParseError(format!("autodoubles: a number, not `{}`", excerpt(v)))
                })?);
                O::AutoDoubles
            }
            "stake" => {
                o.stake = Some(amount(v)?);
                O::Stake
            }
            "move" => {
                o.per_move = Some(span(v)?);
                O::MoveTime
            }
            "bank" => {
                o.bank = Some(span(v)?);
                O::Bank
            }
            "remind" => {
                o.remind_before = Some(span(v)?);
                O::Remind
            }
            "expires" => {
                o.expires = Some(span(v)?);
                O::Expires
            }
            "clock" if v == "live" || v == "days" => {
                o.live_clock = Some(v == "live");
                O::LiveClock
            }
            "rated" => {
                o.rated = Some(rated_option(v)?);
                O::Rated
            }
            "level" => {
                o.level = Some(level_option(v)?);
                O::Level
            }
            "practice" => {
                o.practice = Some(on_off(k, v)?);
                O::Practice
            }
            "tutor" => {
                o.tutor = Some(on_off(k, v)?);
                O::Tutor
            }
            _ => {
                return err(format!(
                    "unknown option `{}`; /help lists them",
                    excerpt(word)
                ));
            }
        };
        given.push((option, word));
    }
    let spec = o.terms().map_err(|e| refused(&e, &given))?;
    Ok(Command::Challenge(ChallengeOp::New {
        opponent: (*opponent).to_string(),
        spec,
    }))
}

/// The club's refusal of an option, after the word that gave it.
fn refused(e: &TermsError, given: &[(ChallengeOption, &str)]) -> ParseError {
    match given.iter().find(|(o, _)| *o == e.option) {
        Some((_, word)) => ParseError(format!("`{}`: {e}", excerpt(word))),
        None => ParseError(e.to_string()),
    }
}
