//! `/league ...`: a league command's words read into a club [`Command`]; a league's
//! terms are a challenge's, read as `/challenge` reads them.

use club::{ChallengeOp, Command, Format, LeagueCommand, LeagueOp, MatchRef};

use super::challenge::challenge;
use super::parse_words::{ParseError, err, seconds};
use engine::excerpt;

/// A league's terms at `/league create`: a challenge's, as `/challenge` reads them (the
/// club refuses those a league cannot have, practice and the tutor, with its reason).
const TERMS: &[&str] = &[
    "name",
    "format",
    "rules",
    "length",
    "crawford",
    "holland",
    "jacoby",
    "beavers",
    "raccoons",
    "autodoubles",
    "stake",
    "move",
    "bank",
    "remind",
    "clock",
    "practice",
    "tutor",
];

/// The league's settings (`/league settings key:value`), as the club knows them.
const SETTINGS: &[&str] = &[
    "win-points",
    "loss-points",
    "withdrawal",
    "seeding",
    "season-days",
    "remind",
    "entry-fee",
    "division-size",
    "movers",
    "reset",
    "rounds",
    "organiser-role",
    "vacation",
    "recur",
    "checkin",
];

/// The options `/league <verb>` takes besides `league:`; `None`: no such verb. Settings
/// take any `key:value` (the club names a setting it does not know).
fn takes(verb: &str) -> Option<&'static [&'static str]> {
    Some(match verb {
        "create" => TERMS,
        "start" => &["order"],
        "standings" | "table" => &["division"],
        "suggest" => &["match"],
        "result" => &["match", "winner", "reason"],
        "forfeit" => &["match", "loser", "reason"],
        "extend" => &["match", "by"],
        "settings" | "set" => SETTINGS,
        "join" | "signup" | "leave" | "withdraw" | "checkin" | "check-in" | "fixtures"
        | "bracket" | "list" | "log" => &[],
        _ => return None,
    })
}

/// Whether a word is written as an option (`key:value`, the key a word of letters,
/// digits and dashes): its key.
fn option_key(word: &str) -> Option<&str> {
    let (k, _) = word.split_once(':')?;
    (!k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')).then_some(k)
}

/// An option `/league <verb>` does not take, refused by name with what it takes (and,
/// for a setting, the command that sets it).
fn not_taken(verb: &str, word: &str, key: &str, taken: &[&str]) -> ParseError {
    let options: Vec<String> = std::iter::once("league")
        .chain(taken.iter().copied())
        .map(|k| format!("{k}:"))
        .collect();
    let mut text = format!(
        "`{}`: /league {verb} takes no option {}; it takes {}",
        excerpt(word),
        excerpt(key),
        options.join(", ")
    );
    if SETTINGS.contains(&key) {
        text.push_str(&format!(
            "; {key} is a league setting, set by the organiser with /league settings {}",
            excerpt(word)
        ));
    }
    ParseError(text)
}

/// The words after `/league <verb>` as key:value pairs, each key one the verb takes, given
/// once; a value runs on over the words that follow it that are not options (names and
/// reasons have spaces; a reason's words may have colons).
fn league_pairs(verb: &str, rest: &[&str]) -> Result<Vec<(String, String)>, ParseError> {
    let Some(taken) = takes(verb) else {
        return err(format!("unknown /league {verb}; /help lists them"));
    };
    let any = matches!(verb, "settings" | "set");
    let mut out: Vec<(String, String)> = Vec::new();
    for w in rest {
        let free = out.last().is_some_and(|(k, _)| k == "reason");
        match (option_key(w), w.split_once(':')) {
            (Some(k), Some((_, v))) if k == "league" || any || taken.contains(&k) => {
                if out.iter().any(|(seen, _)| seen == k) {
                    return err(format!("`{k}` is given twice; give each option once"));
                }
                out.push((k.to_string(), v.to_string()));
            }
            (Some(k), _) if !free => return Err(not_taken(verb, w, k, taken)),
            _ => match out.last_mut() {
                Some((_, v)) => {
                    v.push(' ');
                    v.push_str(w);
                }
                None => {
                    return err(format!(
                        "`{}`: league options are written key:value, e.g. league:Autumn Cup",
                        excerpt(w)
                    ));
                }
            },
        }
    }
    Ok(out)
}

pub(super) fn league(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    let Some((verb, rest)) = args.split_first() else {
        return err(
            "/league create|join|leave|start|checkin|withdraw|standings|fixtures|bracket|result|forfeit|extend|suggest|settings|list|log",
        );
    };
    // `/league log export [league:Name]`: the log as stored.
    let (export, rest) = match (*verb, rest.split_first()) {
        ("log", Some((&"export", more))) => (true, more),
        _ => (false, rest),
    };
    let mut pairs = league_pairs(verb, rest)?;
    let mut name = None;
    pairs.retain(|(k, v)| {
        if k == "league" {
            name = Some(v.clone());
            false
        } else {
            true
        }
    });
    let take = |pairs: &[(String, String)], key: &str| {
        pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let typed_match = take(&pairs, "match");
    let need_match = || match (m.id, typed_match.as_deref()) {
        (Some(id), _) => Ok(id.get()),
        (None, Some(v)) => v.trim().trim_start_matches('#').parse().map_err(|_| {
            ParseError(format!(
                "match: a match number like 12, not `{}`",
                excerpt(v)
            ))
        }),
        (None, None) => Err(ParseError(format!("/league {verb}: which match? e.g. #12"))),
    };
    let op = match *verb {
        "create" => {
            let title = take(&pairs, "name").or(name.clone()).unwrap_or_default();
            let format = match take(&pairs, "format") {
                Some(f) => Format::parse(&f).map_err(|e| ParseError(e.to_string()))?,
                None => Format::RoundRobin,
            };
            let opts: Vec<String> = pairs
                .iter()
                .filter(|(k, _)| k != "name" && k != "format")
                .map(|(k, v)| format!("{k}:{v}"))
                .collect();
            let mut words = vec!["league"];
            words.extend(opts.iter().map(String::as_str));
            let Command::Challenge(ChallengeOp::New { spec, .. }) = challenge(&words)? else {
                return err("the league's terms are a challenge's: rules:, length:, move:, ...");
            };
            name = Some(title.clone());
            LeagueOp::Create {
                name: title,
                format,
                spec,
            }
        }
        "join" | "signup" => LeagueOp::Join,
        "leave" => LeagueOp::Leave,
        "withdraw" => LeagueOp::Withdraw,
        "checkin" | "check-in" => LeagueOp::Checkin,
        "suggest" => LeagueOp::Suggest {
            match_id: need_match()?,
        },
        "start" => LeagueOp::Start {
            order: take(&pairs, "order").map(|o| {
                o.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
        },
        "standings" | "table" => LeagueOp::Standings {
            division: match take(&pairs, "division") {
                Some(d) => Some(d.trim().parse().map_err(|_| {
                    ParseError(format!("division: a number (1 is the top), not `{d}`"))
                })?),
                None => None,
            },
        },
        "fixtures" => LeagueOp::Fixtures,
        "bracket" => LeagueOp::Bracket,
        "list" => LeagueOp::List,
        "log" if export => LeagueOp::LogExport,
        "log" => LeagueOp::Log,
        "result" => LeagueOp::Result {
            match_id: need_match()?,
            winner: take(&pairs, "winner").ok_or_else(|| {
                ParseError("/league result #12 winner:<player> reason:...".into())
            })?,
            reason: take(&pairs, "reason").unwrap_or_default(),
        },
        "forfeit" => LeagueOp::Forfeit {
            match_id: need_match()?,
            loser: take(&pairs, "loser").ok_or_else(|| {
                ParseError("/league forfeit #12 loser:<player> reason:...".into())
            })?,
            reason: take(&pairs, "reason").unwrap_or_default(),
        },
        "extend" => LeagueOp::Extend {
            match_id: need_match()?,
            seconds: seconds(
                &take(&pairs, "by").ok_or_else(|| ParseError("/league extend #12 by:2d".into()))?,
            )?,
        },
        "settings" | "set" => match pairs.as_slice() {
            [(k, v)] => LeagueOp::Set {
                key: k.clone(),
                value: v.trim().to_string(),
            },
            _ => return err("/league settings <one setting>:<value>, e.g. win-points:2"),
        },
        other => return err(format!("unknown /league {other}; /help lists them")),
    };
    Ok(Command::League(LeagueCommand {
        league: name,
        op,
        manage_server: false,
        roles: Vec::new(),
    }))
}
