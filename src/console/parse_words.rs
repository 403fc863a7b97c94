//! The words every command's parser shares (`parse` and the commands with options of
//! their own, `challenge`, `chouette`, `league`, `vacation`): the error, on/off,
//! durations, amounts, rules. It names none of them.

use club::Span;
use engine::{Amount, Ruleset, excerpt};

/// A line that could not be read as a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub(super) fn err<T>(m: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(m.into()))
}

/// `2d`, `12h`, `30m`, `90s` or plain seconds (the club's [`Span`]).
pub(super) fn span(text: &str) -> Result<Span, ParseError> {
    text.parse::<Span>().map_err(|e| ParseError(e.to_string()))
}

/// A [`span`] in seconds.
pub(super) fn seconds(text: &str) -> Result<i64, ParseError> {
    span(text).map(Span::seconds)
}

pub(super) fn on_off(key: &str, v: &str) -> Result<bool, ParseError> {
    match v {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => err(format!("{key}: say on or off, not `{}`", excerpt(v))),
    }
}

/// `rules:standard` or `rules:welsh`.
pub(super) fn rules_option(v: &str) -> Result<Ruleset, ParseError> {
    v.parse()
        .map_err(|_| ParseError(format!("rules: standard or welsh, not `{}`", excerpt(v))))
}

/// A stake: `10`, `10.5`, `10.50` (the engine's [`Amount`]).
pub(super) fn amount(v: &str) -> Result<Amount, ParseError> {
    v.parse::<Amount>()
        .map_err(|e| ParseError(format!("stake: {e}")))
}
