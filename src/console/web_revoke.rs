//! `/web revoke #N` in the local chat: a player of match N replaces the link of its web
//! page (the old one then finds nothing), as Discord's `/web revoke match:N`.

use club::{Actor, Club};

use super::output::refusal_text;
use super::parse::ParseError;

/// A `/web` line: who speaks and the match named; `None` for any other line.
pub(super) fn web_line(line: &str) -> Option<Result<(String, i64), ParseError>> {
    let (name, rest) = line.trim().split_once(':')?;
    let rest = rest.trim();
    let verb = rest.split_whitespace().next()?;
    if !verb.eq_ignore_ascii_case("/web") {
        return None;
    }
    let name = name.trim();
    let args: Vec<&str> = rest.split_whitespace().skip(1).collect();
    let usage =
        || ParseError("write `/web revoke #N` to replace the link of match N's page".into());
    Some(match args.as_slice() {
        [revoke, m] if revoke.eq_ignore_ascii_case("revoke") => m
            .strip_prefix('#')
            .and_then(|n| n.parse::<i64>().ok())
            .map(|id| (name.to_string(), id))
            .ok_or_else(usage),
        _ => Err(usage()),
    })
}

/// Runs a `/web` line under `web` (the pages' address): the text to print and whether it
/// was refused.
pub(super) async fn run_web_line(
    club: &Club,
    parsed: Result<(String, i64), ParseError>,
    web: Option<&str>,
) -> (String, bool) {
    let (name, id) = match parsed {
        Ok(p) => p,
        Err(e) => return (format!("?? {e}\n"), true),
    };
    let Some(base) = web else {
        return (
            "!! this chat serves no web pages, so there is no link to revoke\n".into(),
            true,
        );
    };
    match club
        .revoke_match_link_by(&Actor::local(&name), id, false)
        .await
    {
        Ok(token) => (
            format!(
                "The old link of match #{id}'s page no longer works. The new one: {}\n",
                web::match_url(base, &token)
            ),
            false,
        ),
        Err(e) => (format!("!! {}\n", refusal_text(&e)), true),
    }
}
