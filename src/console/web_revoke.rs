//! `/web revoke ...` in the local chat: a page's link replaced (the old one then finds
//! nothing), as Discord's `/web revoke`: `#N` a match's (its players), `cN` a chouette's
//! (a player who sat in it), `league [name]` a league's (its organiser), `leaderboard` the
//! leaderboard's, `player` the speaker's own player page. The local chat has no server
//! rights: anyone may revoke the leaderboard's link, as anyone may set `/server
//! vacation-days`. `/web private on|off`: the speaker's player page kept off every other
//! page and answer, or linked again.

use club::{Actor, Club, RevokeTarget, Rights};

use super::output::refusal_text;
use super::parse_words::ParseError;

/// What `/web` takes.
const USAGE: &str = "write `/web revoke #N` (match N's page), `/web revoke cN` (chouette N's), `/web revoke league [name]`, `/web revoke leaderboard`, `/web revoke player` (your own page) or `/web private on|off` (your page linked from no other page or answer, or linked again)";

/// What a `/web` line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum WebAsk {
    /// A page's link replaced.
    Revoke(RevokeTarget),
    /// The speaker's player page kept private (`true`) or shared again.
    Private(bool),
}

/// The page a `/web revoke` line names, from the words after `revoke`.
fn target(args: &[&str]) -> Option<RevokeTarget> {
    let number = |n: &str| n.parse::<i64>().ok().filter(|n| *n > 0);
    match args {
        [w, name @ ..] if w.eq_ignore_ascii_case("league") => Some(RevokeTarget::League(
            (!name.is_empty()).then(|| name.join(" ")),
        )),
        [w] if w.eq_ignore_ascii_case("leaderboard") => Some(RevokeTarget::Leaderboard),
        [w] if w.eq_ignore_ascii_case("player") => Some(RevokeTarget::Player),
        [w] => match w.strip_prefix('#') {
            Some(n) => number(n).map(RevokeTarget::Match),
            None => w
                .strip_prefix(['c', 'C'])
                .and_then(number)
                .map(RevokeTarget::Chouette),
        },
        _ => None,
    }
}

/// A `/web` line: who speaks and what they ask; `None` for any other line.
pub(super) fn web_line(line: &str) -> Option<Result<(String, WebAsk), ParseError>> {
    let (name, rest) = line.trim().split_once(':')?;
    let rest = rest.trim();
    let verb = rest.split_whitespace().next()?;
    if !verb.eq_ignore_ascii_case("/web") {
        return None;
    }
    let name = name.trim();
    let args: Vec<&str> = rest.split_whitespace().skip(1).collect();
    Some(match args.split_first() {
        Some((revoke, rest)) if revoke.eq_ignore_ascii_case("revoke") => target(rest)
            .map(|t| (name.to_string(), WebAsk::Revoke(t)))
            .ok_or_else(|| ParseError(USAGE.into())),
        Some((private, [on])) if private.eq_ignore_ascii_case("private") => {
            match on.to_ascii_lowercase().as_str() {
                "on" => Ok((name.to_string(), WebAsk::Private(true))),
                "off" => Ok((name.to_string(), WebAsk::Private(false))),
                _ => Err(ParseError(USAGE.into())),
            }
        }
        _ => Err(ParseError(USAGE.into())),
    })
}

/// Runs a `/web` line under `web` (the pages' address): the text to print and whether it
/// was refused.
pub(super) async fn run_web_line(
    club: &Club,
    parsed: Result<(String, WebAsk), ParseError>,
    web: Option<&str>,
) -> (String, bool) {
    let (name, ask) = match parsed {
        Ok(p) => p,
        Err(e) => return (format!("?? {e}\n"), true),
    };
    let Some(base) = web else {
        let what = match ask {
            WebAsk::Revoke(_) => "there is no link to revoke",
            WebAsk::Private(_) => "there is no page to keep private",
        };
        return (
            format!("!! this chat serves no web pages, so {what}\n"),
            true,
        );
    };
    let target = match ask {
        WebAsk::Revoke(t) => t,
        WebAsk::Private(private) => {
            return match club
                .web()
                .set_player_private(&Actor::local(&name), private)
                .await
            {
                Ok(words) => (format!("{words}\n"), false),
                Err(e) => (format!("!! {}\n", refusal_text(&e)), true),
            };
        }
    };
    let rights = Rights {
        manager: target == RevokeTarget::Leaderboard,
        roles: Vec::new(),
    };
    match club
        .web()
        .revoke_link_by(&Actor::local(&name), target, &rights)
        .await
    {
        Ok(r) => (
            format!("{}\n", r.answer(&web::page_url(base, &r.link))),
            false,
        ),
        Err(e) => (format!("!! {}\n", refusal_text(&e)), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revoke_line_names_one_page() {
        let t = |s: &str| match web_line(s).unwrap() {
            Ok((_, WebAsk::Revoke(t))) => Some(t),
            _ => None,
        };
        assert_eq!(t("al: /web revoke #3"), Some(RevokeTarget::Match(3)));
        assert_eq!(t("al: /web revoke c2"), Some(RevokeTarget::Chouette(2)));
        assert_eq!(
            t("al: /web revoke leaderboard"),
            Some(RevokeTarget::Leaderboard)
        );
        assert_eq!(t("al: /web revoke player"), Some(RevokeTarget::Player));
        assert_eq!(
            t("al: /web revoke league"),
            Some(RevokeTarget::League(None))
        );
        assert_eq!(
            t("al: /web revoke league Autumn  Cup"),
            Some(RevokeTarget::League(Some("Autumn Cup".into())))
        );
        for bad in [
            "al: /web revoke",
            "al: /web revoke #x",
            "al: /web revoke #0",
            "al: /web revoke c",
            "al: /web revoke cup",
            "al: /web revoke #1 #2",
            "al: /web",
        ] {
            assert_eq!(t(bad), None, "{bad}");
        }
        assert!(web_line("al: /games").is_none());
    }

    #[test]
    fn a_private_line_says_on_or_off() {
        let t = |s: &str| web_line(s).unwrap().ok().map(|(_, a)| a);
        assert_eq!(t("al: /web private on"), Some(WebAsk::Private(true)));
        assert_eq!(t("al: /web private OFF"), Some(WebAsk::Private(false)));
        for bad in [
            "al: /web private",
            "al: /web private maybe",
            "al: /web private on off",
        ] {
            assert_eq!(t(bad), None, "{bad}");
        }
    }
}
