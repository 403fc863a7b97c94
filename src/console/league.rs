//! `/league ...`: a league command's words read into a club [`Command`]; a league's
//! terms are a challenge's, read as `/challenge` reads them.

use club::{ChallengeOp, Command, Format, LeagueCommand, LeagueOp, MatchRef};

use super::challenge::challenge;
use super::parse_words::{ParseError, err, seconds};

/// The words after `/league <verb>` as key:value pairs; a value runs on over the words
/// that follow it until the next known key (names and reasons have spaces).
fn league_pairs(rest: &[&str]) -> Result<Vec<(String, String)>, ParseError> {
    const KEYS: &[&str] = &[
        "league",
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
        "order",
        "winner",
        "loser",
        "reason",
        "by",
        "division",
        "win-points",
        "loss-points",
        "withdrawal",
        "seeding",
        "season-days",
        "entry-fee",
        "division-size",
        "movers",
        "reset",
        "rounds",
        "organiser-role",
        "vacation",
        "recur",
        "checkin",
        "match",
    ];
    let mut out: Vec<(String, String)> = Vec::new();
    for w in rest {
        match w.split_once(':') {
            Some((k, v)) if KEYS.contains(&k) => out.push((k.to_string(), v.to_string())),
            _ => match out.last_mut() {
                Some((_, v)) => {
                    v.push(' ');
                    v.push_str(w);
                }
                None => {
                    return err(format!(
                        "`{w}`: league options are written key:value, e.g. league:Autumn Cup"
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
    let mut pairs = league_pairs(rest)?;
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
                engine::excerpt(v)
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
