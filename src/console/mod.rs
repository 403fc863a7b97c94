//! The local terminal chat: lines like `alice: /challenge bob rules:welsh length:25`,
//! each turned into a club [`Command`] and answered with the outcome, the board as text
//! and who must act next. No rules here: parsing and printing only.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};

mod analysis;

use club::{
    Actor, ChallengeSpec, Chart, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command, FairOp,
    FairRef, Format, LeagueCommand, LeagueOp, MatchRef, Notice, Outcome, Span, Starter,
    TimeControl, duration_words,
};
use engine::chouette::Consultation;
use engine::welsh::{NominateFor, Parity};
use engine::{Amount, ResignLevel, Ruleset, excerpt};
use render::{bracket_png, standings_png};
use render::{history_png, leaderboard_png, render_png, render_text};

/// The commands, for `/help`.
pub const HELP: &str = "\
Type `name: /command ...`; the name is who speaks. A match is named `#N` when you have several.
  /challenge <player> [rules:standard|welsh] [length:N|money] [crawford:on|off]
             [holland:on|off] [jacoby:on|off] [beavers:on|off] [raccoons:on|off] [autodoubles:N]
             [stake:1.00] [move:2d] [bank:5d] [remind:12h] [clock:live] [rated:on|off]
             [expires:3d]           an unanswered challenge expires (default 7 days)
  /accept /decline /cancel            answer (or withdraw) a challenge
  /accept shaker:me|opponent          Welsh: the guest shakes or calls first (or role:shake|call)
  /roll (Welsh: /throw)  /move 13/7 8/7  /moves   throw, play, list the legal plays
  /double /take /drop /beaver /raccoon
  /resign [single|gammon|backgammon]  /resign accept  /resign reject
  /stop (or /resign session)          money play: either player ends the session between games
  Welsh: /call odds|evens  /choose me|opponent  /reroll  /onedie  /nominate me|opponent 6-5
         /concede N [payment]  /concede accept  /concede reject
                                        N: fewer games than the game would cost you, so none
                                        at the die's 1 with no gammon at stake (rule 18)
         /break /resume                 a ten-minute break between games (regulation D)
  /board /games /history /export /ledger /pot <player> /settings [auto-roll:on|off] [dm:on|off]
  /name Alice                         write your name otherwise (its case only)
  /rating [player] [rules:standard|welsh]   rating, rank, record, last ten changes, chart
  /leaderboard [rules:standard|welsh]      the best ratings here
  /analyse [#N]                       GNU Backgammon reviews a finished match (money: the
                                      games finished so far); the result comes when ready
  /stats [player]                     average error rate and PR over the analysed matches here
                                      anyone here may look at a match (/board #N, /history #N,
                                      /export #N, /moves #N); without #N: your open match, else
                                      your last finished one; /games lists both
  Chouette: /chouette create [cubes:multiple|single] [consult:free|none|after-cube]
            [order:shuffled|joined] [jacoby:on] [beavers:on] [stake:1.00]
            /chouette join|leave|start|roll|board|moves|standings  /chouette move 13/7 8/7
            /chouette double [names]  /chouette take|drop|beaver [name]  /chouette suggest 8/5 6/5
  Fair dice: /fair [c3]  /fair export [c3]  /fair seed [c3] text:<up to 64 characters>
            (a match by #N; a chouette session by cN)
  League: /league create name:Autumn Cup format:round-robin|double|knockout|divisions
                 [rules:welsh] [length:7] [move:2d] ...(the terms a challenge takes)
          /league join|leave|withdraw|standings [division:N]|fixtures|bracket|log|log export|list [league:Name]
          /league start [order:alice,bob,...]          (organiser; else random seeding)
          /league settings win-points:1|loss-points:0|withdrawal:forfeit|void|seeding:random|entry
                 |season-days:28|remind:3,1|entry-fee:10.00|division-size:8|movers:2
          /league result #12 winner:bob reason:...   /league forfeit #12 loser:dave reason:...
          /league extend #12 by:2d                    (organiser: the tournament director)
  /help";

/// A line that could not be read as a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(m: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(m.into()))
}

/// `2d`, `12h`, `30m`, `90s` or plain seconds (the club's [`Span`]).
fn seconds(text: &str) -> Result<i64, ParseError> {
    text.parse::<Span>()
        .map(Span::seconds)
        .map_err(|e| ParseError(e.to_string()))
}

fn on_off(key: &str, v: &str) -> Result<bool, ParseError> {
    match v {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => err(format!("{key}: say on or off, not `{}`", excerpt(v))),
    }
}

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

/// `rules:standard` or `rules:welsh`.
fn rules_option(v: &str) -> Result<Ruleset, ParseError> {
    v.parse()
        .map_err(|_| ParseError(format!("rules: standard or welsh, not `{}`", excerpt(v))))
}

/// `/rating [player] [rules:standard|welsh]`.
fn rating(args: &[&str]) -> Result<Command, ParseError> {
    let (mut player, mut ruleset) = (None, None);
    for a in args {
        match a.split_once(':') {
            Some(("rules", v)) => ruleset = Some(rules_option(v)?),
            None if player.is_none() => player = Some((*a).to_string()),
            _ => return err("/rating [player] [rules:standard|welsh]"),
        }
    }
    Ok(Command::Rating { player, ruleset })
}

fn amount(v: &str) -> Result<u64, ParseError> {
    v.parse::<Amount>()
        .map(Amount::minor)
        .map_err(|e| ParseError(format!("stake: {e}")))
}

fn challenge(args: &[&str]) -> Result<Command, ParseError> {
    let Some((opponent, opts)) = args.split_first() else {
        return err("whom? /challenge <player> [rules:welsh] [length:7]");
    };
    let mut ruleset = Ruleset::Standard;
    let mut length: Option<Option<u32>> = None;
    let mut flags: Vec<(&str, &str)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for o in opts {
        let Some((k, v)) = o.split_once(':') else {
            return err(format!(
                "`{}`: options are written key:value, e.g. length:7",
                excerpt(o)
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
        match k {
            "rules" => ruleset = rules_option(v)?,
            "length" => {
                length = Some(if v == "money" {
                    None
                } else {
                    Some(v.parse().map_err(|_| {
                        ParseError(format!(
                            "length: a number of points (or money), not `{}`",
                            excerpt(v)
                        ))
                    })?)
                });
            }
            _ => flags.push((k, v)),
        }
    }
    let mut spec = match ruleset {
        Ruleset::Standard => ChallengeSpec::standard(length.unwrap_or(Some(7))),
        Ruleset::Welsh => ChallengeSpec::welsh(length.flatten().unwrap_or(25)),
    };
    if ruleset == Ruleset::Welsh && length == Some(None) {
        return err("a Welsh match is played to a number of games: length:25");
    }
    for (k, v) in flags.iter().copied() {
        match k {
            "crawford" => spec.crawford = on_off(k, v)?,
            "holland" => spec.holland = on_off(k, v)?,
            "jacoby" => spec.jacoby = on_off(k, v)?,
            "beavers" => spec.beavers = on_off(k, v)?,
            "raccoons" => spec.raccoons = on_off(k, v)?,
            "autodoubles" => {
                spec.auto_doubles = v.parse().map_err(|_| {
                    ParseError(format!("autodoubles: a number, not `{}`", excerpt(v)))
                })?;
            }
            "stake" => spec.stake = amount(v)?,
            "move" => spec.time.per_move = seconds(v)?,
            "bank" => spec.time.bank = seconds(v)?,
            "remind" => spec.time.remind_before = seconds(v)?,
            "expires" => spec.expires = Some(seconds(v)?),
            "clock" if v == "live" => spec.time = TimeControl::welsh_live(),
            "clock" if v == "days" => spec.time = TimeControl::default(),
            "rated" => spec.rated = rated_option(v)?,
            _ => {
                return err(format!(
                    "unknown option `{}`; /help lists them",
                    excerpt(&format!("{k}:{v}"))
                ));
            }
        }
    }
    for (k, v) in flags {
        if let Some(why) = option_does_not_apply(ruleset, spec.length, k, v) {
            return err(why);
        }
    }
    Ok(Command::Challenge {
        opponent: (*opponent).to_string(),
        spec,
    })
}

/// `/fair [cN] [export | seed text:<seed>]`: a match by `#N`, a chouette session by `cN`.
fn fair(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    let mut target = FairRef::Match(m);
    // The session may come first or last: `/fair c1 export` and `/fair export c1`.
    let session = args.iter().position(|a| {
        a.strip_prefix('c')
            .is_some_and(|n| n.parse::<i64>().is_ok())
    });
    let args: Vec<&str> = match session {
        Some(i)
            if i == 0 || (i == 1 && args.len() == 2 && matches!(args[0], "export" | "show")) =>
        {
            let n = args[i][1..].parse().unwrap_or(0);
            target = FairRef::Chouette(ChouetteRef {
                id: Some(n),
                version: None,
            });
            args.iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, a)| *a)
                .collect()
        }
        _ => args.to_vec(),
    };
    let op = match args.as_slice() {
        [] | ["show"] => FairOp::Show,
        ["export"] => FairOp::Export,
        ["seed", words @ ..] if !words.is_empty() => {
            let text = words.join(" ");
            let text = text.strip_prefix("text:").unwrap_or(&text).to_string();
            FairOp::Seed(text)
        }
        _ => {
            return err(
                "/fair, /fair export, or /fair seed text:<your seed> (add c3 for a chouette)",
            );
        }
    };
    Ok(Command::Fair(target, op))
}

/// Why challenge option `k:v` does not apply to these terms, if it does not: an option
/// that would be ignored is refused instead.
fn option_does_not_apply(
    ruleset: Ruleset,
    length: Option<u32>,
    k: &str,
    v: &str,
) -> Option<String> {
    const MATCH_ONLY: [&str; 2] = ["crawford", "holland"];
    const MONEY_ONLY: [&str; 5] = ["jacoby", "beavers", "raccoons", "autodoubles", "stake"];
    match (ruleset, length) {
        (Ruleset::Welsh, _) if MATCH_ONLY.contains(&k) || MONEY_ONLY.contains(&k) => Some(format!(
            "`{k}:{v}`: Welsh backgammon has its own rules (no Crawford, Holland, Jacoby, beavers, raccoons, automatic doubles or stake); leave it out"
        )),
        (Ruleset::Standard, None) if MATCH_ONLY.contains(&k) => Some(format!(
            "`{k}:{v}`: {k} is for match play; money play has no match length (leave it out, or give a length)"
        )),
        (Ruleset::Standard, Some(n)) if MONEY_ONLY.contains(&k) => Some(format!(
            "`{k}:{v}`: {k} is for money play (length:money); a {n}-point match has none"
        )),
        (Ruleset::Standard, _) if k == "clock" && v == "live" => Some(
            "clock:live is the Welsh 70-minute play clock (rules:welsh); standard play uses move: and bank:".into(),
        ),
        _ if k == "move" && seconds(v).is_ok_and(|s| s == 0) => Some(format!(
            "`move:{v}`: a decision needs some time, e.g. move:2d (2 days if left out){}",
            if ruleset == Ruleset::Welsh {
                "; the live 70-minute clock is clock:live"
            } else {
                ""
            }
        )),
        _ => None,
    }
}

fn chouette(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    let r = ChouetteRef {
        id: m.id,
        version: m.version,
    };
    let Some((verb, rest)) = args.split_first() else {
        return err(
            "/chouette create|join|leave|start|roll|move|moves|double|take|drop|beaver|suggest|board|standings",
        );
    };
    let one = |rest: &[&str]| -> Result<Option<String>, ParseError> {
        match rest {
            [] => Ok(None),
            [who] => Ok(Some((*who).to_string())),
            _ => err("name one player"),
        }
    };
    let op = match *verb {
        "create" => {
            let mut spec = ChouetteSpec::default();
            for o in rest {
                match o.split_once(':') {
                    Some(("cubes", "multiple")) => spec.rules.multiple_cubes = true,
                    Some(("cubes", "single")) => spec.rules.multiple_cubes = false,
                    Some(("consult", "free")) => spec.rules.consultation = Consultation::Free,
                    Some(("consult", "none")) => spec.rules.consultation = Consultation::None,
                    Some(("consult", "after-cube")) => {
                        spec.rules.consultation = Consultation::AfterCube;
                    }
                    Some(("order", "shuffled")) => spec.shuffle = true,
                    Some(("order", "joined")) => spec.shuffle = false,
                    Some(("jacoby", v)) => spec.rules.jacoby = on_off("jacoby", v)?,
                    Some(("beavers", v)) => spec.rules.beavers = on_off("beavers", v)?,
                    Some(("stake", v)) => spec.stake = amount(v)?,
                    _ => {
                        return err(format!(
                            "`{}`: /chouette create [cubes:multiple|single] [consult:free|none|after-cube] [order:shuffled|joined] [jacoby:on|off] [beavers:on|off] [stake:1.00]",
                            excerpt(o)
                        ));
                    }
                }
            }
            ChouetteOp::Create(spec)
        }
        "join" => ChouetteOp::Join,
        "leave" => ChouetteOp::Leave,
        "start" => ChouetteOp::Start,
        "roll" => ChouetteOp::Roll,
        "board" => ChouetteOp::Board,
        "standings" => ChouetteOp::Standings,
        "moves" => ChouetteOp::Moves,
        "move" if !rest.is_empty() => ChouetteOp::Move(rest.join(" ")),
        "move" => return err("which play? e.g. /chouette move 13/7 8/7"),
        "double" => ChouetteOp::Double(rest.iter().map(|s| (*s).to_string()).collect()),
        "take" => ChouetteOp::Take(one(rest)?),
        "drop" => ChouetteOp::Drop(one(rest)?),
        "beaver" => ChouetteOp::Beaver(one(rest)?),
        "suggest" if !rest.is_empty() => ChouetteOp::Suggest(rest.join(" ")),
        "suggest" => return err("suggest which play? e.g. /chouette suggest 13/7 8/7"),
        other => {
            return err(format!(
                "unknown /chouette {}; /help lists them",
                excerpt(other)
            ));
        }
    };
    Ok(Command::Chouette(r, op))
}

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
        "organiser-role",
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

fn league(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    let Some((verb, rest)) = args.split_first() else {
        return err(
            "/league create|join|leave|start|withdraw|standings|fixtures|bracket|result|forfeit|extend|settings|list|log",
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
    let need_match = || {
        m.id.ok_or_else(|| ParseError(format!("/league {verb}: which match? e.g. #12")))
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
            let Command::Challenge { spec, .. } = challenge(&words)? else {
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

fn dice(text: &str) -> Result<(u8, u8), ParseError> {
    let bad = || {
        ParseError(format!(
            "`{}` is not a throw: write it like 6-5",
            excerpt(text)
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    Ok((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?))
}

/// Reads one chat line: `name: /command args`. `Ok(None)` for a blank line or a comment.
///
/// # Errors
/// What is wrong with the line.
pub fn parse_line(line: &str) -> Result<Option<(String, Command)>, ParseError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let Some((name, rest)) = line.split_once(':') else {
        return err("write `name: /command`, e.g. `alice: /challenge bob`");
    };
    let name = name.trim();
    if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return err("a name is one word, e.g. `alice: /roll`");
    }
    let rest = rest.trim();
    let Some(rest) = rest.strip_prefix('/') else {
        return err("commands start with /, e.g. `/roll`; /help lists them");
    };
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if words.is_empty() {
        return err("which command? /help lists them");
    }
    let verb = words.remove(0).to_lowercase();
    // `#12` or `#12@5` names a match (and the version seen).
    let mut m = MatchRef::default();
    let mut args = Vec::new();
    for w in words {
        // ` # ...` (a `#` standing alone) starts a comment to the end of the line.
        if w == "#" {
            break;
        }
        if let Some(r) = w.strip_prefix('#') {
            let (id, v) = r.split_once('@').map_or((r, None), |(a, b)| (a, Some(b)));
            m.id = Some(id.parse().map_err(|_| {
                ParseError(format!("`{}` is not a match number like #12", excerpt(w)))
            })?);
            if let Some(v) = v {
                m.version =
                    Some(v.parse().map_err(|_| {
                        ParseError(format!("`{}`: a version is a number", excerpt(w)))
                    })?);
            }
        } else {
            args.push(w);
        }
    }
    let no_args = |c: Command| {
        if args.is_empty() {
            Ok(c)
        } else {
            err(format!(
                "/{verb} takes no more words (got `{}`)",
                excerpt(&args.join(" "))
            ))
        }
    };
    let cmd = match verb.as_str() {
        "challenge" => challenge(&args)?,
        "accept" => match args.as_slice() {
            [] => Command::Accept(m),
            ["shaker:me" | "role:shake"] => Command::AcceptShaking(m, Starter::Me),
            ["shaker:opponent" | "shaker:them" | "role:call"] => {
                Command::AcceptShaking(m, Starter::Opponent)
            }
            _ => {
                return err(
                    "/accept, or for Welsh /accept shaker:me|opponent (or role:shake|call)",
                );
            }
        },
        "decline" => no_args(Command::Decline(m))?,
        "cancel" => no_args(Command::Cancel(m))?,
        // Welsh players throw: the prompts say so.
        "roll" | "throw" => no_args(Command::Roll(m))?,
        "move" => {
            if args.is_empty() {
                return err("which play? e.g. /move 13/7 8/7 (/moves lists them)");
            }
            Command::Move(m, args.join(" "))
        }
        "moves" => no_args(Command::Moves(m))?,
        "double" => no_args(Command::Double(m))?,
        "take" => no_args(Command::Take(m))?,
        "drop" | "pass" => no_args(Command::Drop(m))?,
        "beaver" => no_args(Command::Beaver(m))?,
        "raccoon" => no_args(Command::Raccoon(m))?,
        "resign" => match args.as_slice() {
            [] | ["single"] => Command::Resign(m, ResignLevel::Single),
            ["gammon"] => Command::Resign(m, ResignLevel::Gammon),
            ["backgammon"] => Command::Resign(m, ResignLevel::Backgammon),
            ["accept"] => Command::AcceptResign(m),
            ["session"] => Command::Stop(m),
            ["reject"] => Command::RejectResign(m),
            _ => {
                return err(
                    "/resign [single|gammon|backgammon], /resign accept|reject, or /resign session (money play)",
                );
            }
        },
        "call" => match args.as_slice() {
            ["odds" | "odd"] => Command::Call(m, Parity::Odd),
            ["evens" | "even"] => Command::Call(m, Parity::Even),
            _ => return err("/call odds or /call evens"),
        },
        "choose" => match args.as_slice() {
            ["me"] => Command::Choose(m, Starter::Me),
            ["opponent" | "them"] => Command::Choose(m, Starter::Opponent),
            _ => return err("/choose me or /choose opponent (who starts)"),
        },
        "reroll" => no_args(Command::Reroll(m))?,
        "break" => no_args(Command::Break(m))?,
        "resume" => no_args(Command::Resume(m))?,
        // `/onedie` as on Discord and in the README; `/one` as before.
        "onedie" | "one" => no_args(Command::RollOne(m))?,
        "nominate" => match args.as_slice() {
            ["me", d] => Command::Nominate(m, NominateFor::Me, dice(d)?),
            ["opponent" | "them", d] => Command::Nominate(m, NominateFor::Opponent, dice(d)?),
            _ => return err("/nominate me 6-5 or /nominate opponent 2-1"),
        },
        "concede" => match args.as_slice() {
            ["accept"] => Command::AcceptConcede(m),
            ["reject"] => Command::RejectConcede(m),
            [n] | [n, "payment"] => Command::Concede(
                m,
                n.parse().map_err(|_| {
                    ParseError(format!(
                        "/concede N: a number of games, not `{}`",
                        excerpt(n)
                    ))
                })?,
                args.len() == 2,
            ),
            _ => return err("/concede N [payment], or /concede accept|reject"),
        },
        "board" => no_args(Command::Board(m))?,
        "stop" => no_args(Command::Stop(m))?,
        "games" => no_args(Command::Games)?,
        "history" => no_args(Command::History(m))?,
        "export" => no_args(Command::Export(m))?,
        "ledger" => no_args(Command::Ledger)?,
        "name" => match args.as_slice() {
            [n] => Command::Rename((*n).to_string()),
            _ => return err("/name Alice: how your name is written (its case only)"),
        },
        "pot" => match args.as_slice() {
            [who] => Command::Pot((*who).to_string()),
            _ => return err("/pot <player>"),
        },
        "settings" => {
            let (mut auto_roll, mut notify_dm) = (None, None);
            for a in &args {
                match a.split_once(':') {
                    Some(("auto-roll", v)) => auto_roll = Some(on_off("auto-roll", v)?),
                    Some(("dm", v)) => notify_dm = Some(on_off("dm", v)?),
                    _ => return err("/settings [auto-roll:on|off] [dm:on|off]"),
                }
            }
            Command::Settings {
                auto_roll,
                notify_dm,
            }
        }
        "chouette" => chouette(&args, m)?,
        "league" => league(&args, m)?,
        "rating" => rating(&args)?,
        "leaderboard" => match args.as_slice() {
            [] => Command::Leaderboard { ruleset: None },
            [a] if a.starts_with("rules:") => Command::Leaderboard {
                ruleset: Some(rules_option(&a["rules:".len()..])?),
            },
            _ => return err("/leaderboard [rules:standard|welsh]"),
        },
        "fair" => fair(&args, m)?,
        "analyse" | "analyze" => no_args(Command::Analyse(m))?,
        "stats" => match args.as_slice() {
            [] => Command::Stats(None),
            [who] => Command::Stats(Some((*who).to_string())),
            _ => return err("/stats [player]"),
        },
        other => {
            return err(format!(
                "unknown command /{}; /help lists them",
                excerpt(other)
            ));
        }
    };
    Ok(Some((name.to_string(), cmd)))
}

/// The outcome as chat text: what happened, the board, who must act next.
#[must_use]
pub fn outcome_text(out: &Outcome, now: i64) -> String {
    let mut s = String::new();
    for l in &out.lines {
        let _ = writeln!(s, "{l}");
    }
    if let Some(scene) = &out.board {
        s.push_str(&render_text(scene));
    }
    if let Some(next) = &out.next {
        let _ = write!(s, "-> {} to {}", next.name, next.what);
        if let Some(d) = next.deadline {
            let _ = write!(s, " (within {})", duration_words(d - now));
        }
        s.push('\n');
    }
    if let Some(a) = &out.attachment {
        let _ = writeln!(s, "--- {} ---\n{}", a.name, a.text.trim_end());
    }
    s
}

/// How the local chat runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Replay this transcript instead of reading the terminal.
    pub script: Option<PathBuf>,
    /// Write each board as `match-N.png` here.
    pub png_dir: Option<PathBuf>,
}

/// Whether the line asks for the help: `/help`, alone or after a name (`alice: /help`);
/// a line that only ends in `/help` (`alice: /move 13/help`) is some other command.
fn is_help(line: &str) -> bool {
    let line = line.trim();
    let command = line.split_once(':').map_or(line, |(_, rest)| rest).trim();
    command.eq_ignore_ascii_case("/help") || line.eq_ignore_ascii_case("/help")
}

/// One line through the club; the text to print and whether it was refused.
pub async fn run_line(club: &Club, line: &str, png_dir: Option<&Path>) -> (String, bool) {
    if is_help(line) {
        return (format!("{HELP}\n"), false);
    }
    let parsed = match parse_line(line) {
        Ok(None) => return (String::new(), false),
        Ok(Some(p)) => p,
        Err(e) => return (format!("?? {e}\n"), true),
    };
    let (name, cmd) = parsed;
    match club.execute(&Actor::local(&name), cmd).await {
        Ok(out) => {
            let mut text = outcome_text(&out, club.now());
            let file = match (out.match_id, out.chouette) {
                (Some(id), _) => Some(format!("match-{id}.png")),
                (None, Some(id)) => Some(format!("chouette-{id}.png")),
                _ => None,
            };
            if let (Some(dir), Some(Chart::Blunders(b))) = (png_dir, out.chart.clone()) {
                let id = out.match_id.unwrap_or(0);
                let _ = writeln!(text, "{}", analysis::write_blunders(dir, id, b).await);
            } else if let (Some(dir), Some(chart)) = (png_dir, out.chart.clone()) {
                let _ = writeln!(text, "{}", write_chart(dir, chart).await);
            }
            if let Some(a) = &out.attachment {
                // The file itself, beside the board pictures (`/fair export`'s JSON for
                // the checker, a match's .mat).
                let _ = writeln!(text, "{}", write_attachment(png_dir, a));
            }
            if let (Some(dir), Some(scene), Some(file)) = (png_dir, &out.board, file) {
                let scene = scene.clone();
                let path = dir.join(file);
                let written = tokio::task::spawn_blocking(move || {
                    let png = render_png(&scene).map_err(|e| e.to_string())?;
                    std::fs::write(&path, png).map_err(|e| e.to_string())?;
                    Ok::<_, String>(path)
                })
                .await;
                match written {
                    Ok(Ok(p)) => {
                        let _ = writeln!(text, "(board: {})", p.display());
                    }
                    Ok(Err(e)) => {
                        let _ = writeln!(text, "(board not written: {e})");
                    }
                    Err(e) => {
                        let _ = writeln!(text, "(board not written: {e})");
                    }
                }
            }
            (text, false)
        }
        Err(e) => (format!("!! {}\n", refusal_text(&e)), true),
    }
}

/// A refusal in words, with the chat's own syntax where the club leaves it to the chat.
fn refusal_text(e: &club::ClubError) -> String {
    match e {
        club::ClubError::MatchLength(_) => format!("{e}; for money play say length:money"),
        _ => e.to_string(),
    }
}

/// Writes an attachment into the pictures' folder; says where (or why not).
fn write_attachment(dir: Option<&Path>, a: &club::Attachment) -> String {
    let Some(dir) = dir else {
        return format!(
            "({} is shown above, not written: start the local chat with --png DIR to have files written there)",
            a.name
        );
    };
    // The name is the club's own (`fair-c3.json`, `match-12.mat`); no folder in it.
    let name = Path::new(&a.name)
        .file_name()
        .map_or_else(|| "attachment".into(), |n| n.to_string_lossy().to_string());
    let path = dir.join(name);
    match std::fs::write(&path, &a.text) {
        Ok(()) => format!("(file: {})", path.display()),
        Err(e) => format!("({} not written to {}: {e})", a.name, path.display()),
    }
}

/// Writes a chart (`leaderboard.png`, `rating.png`) into `dir`, off the async runtime;
/// says where, or why not.
async fn write_chart(dir: &Path, chart: Chart) -> String {
    // A league's pictures are named by the league (and division): several leagues do
    // not write over each other's.
    let (file, what) = match &chart {
        Chart::Leaderboard(_) => ("leaderboard.png".to_string(), "leaderboard"),
        Chart::History(_) => ("rating.png".to_string(), "rating history"),
        Chart::Standings(t) => (
            format!("standings-{}.png", file_slug(&t.title, &t.subtitle)),
            "standings",
        ),
        Chart::Bracket(b) => (
            format!("bracket-{}.png", file_slug(&b.title, "")),
            "bracket",
        ),
        Chart::Blunders(_) => ("analysis.png".to_string(), "worst decision"),
    };
    let path = dir.join(file);
    let written = tokio::task::spawn_blocking(move || {
        let png = match &chart {
            Chart::Leaderboard(b) => leaderboard_png(b),
            Chart::History(h) => history_png(h),
            Chart::Standings(t) => standings_png(t),
            Chart::Bracket(b) => bracket_png(b),
            Chart::Blunders(b) => match b.first() {
                Some(first) => render::blunder_png(first),
                None => return Err("no decision to draw".to_string()),
            },
        }
        .map_err(|e| e.to_string())?;
        std::fs::write(&path, png).map_err(|e| e.to_string())?;
        Ok::<_, String>(path)
    })
    .await;
    match written {
        Ok(Ok(p)) => format!("({what}: {})", p.display()),
        Ok(Err(e)) => format!("({what} not written: {e})"),
        Err(e) => format!("({what} not written: {e})"),
    }
}

/// A league's name for a file: lower case letters and digits joined by `-`, with the
/// division when the subtitle names one (`spring-cup-division-2`).
fn file_slug(title: &str, subtitle: &str) -> String {
    let division = subtitle
        .split(" \u{b7} ")
        .find(|p| p.starts_with("Division "))
        .map_or("", |p| p.split(" of ").next().unwrap_or(p));
    let mut slug = String::new();
    for c in format!("{title} {division}").chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "league".into()
    } else {
        slug
    }
}

fn notice_text(n: &Notice) -> String {
    if n.user_id.is_empty() {
        return format!("[in {} for match #{}] {}\n", n.channel, n.match_id, n.text);
    }
    format!("[to {} in match #{}] {}\n", n.user_id, n.match_id, n.text)
}

/// Runs the local chat: a script (stops at the first refused line not marked with a
/// leading `!`, and at a `!` line that is not refused) or the terminal. Returns whether
/// every line went as expected.
///
/// # Errors
/// The script or the terminal cannot be read.
pub async fn run(club: Arc<Club>, opts: Options) -> std::io::Result<bool> {
    if let Some(dir) = &opts.png_dir {
        std::fs::create_dir_all(dir)?;
    }
    let png = opts.png_dir.as_deref();
    // Deadlines that came while the bot was down are acted on at once.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let sweeper = Arc::clone(&club).spawn_deadlines(Duration::from_secs(30), tx);
    let mut analyses = club.analysis_events();
    let analysts = Arc::clone(&club).spawn_analysis();
    if let Some(path) = &opts.script {
        let text = std::fs::read_to_string(path)?;
        let mut ok = true;
        for (n, raw) in text.lines().enumerate() {
            let (expect_refusal, line) = match raw.trim_start().strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, raw),
            };
            if parse_line(line) == Ok(None) {
                continue;
            }
            // The transcript quotes the line; one too long or with control characters
            // only as an excerpt.
            let plain = line.chars().count() <= 200 && !line.chars().any(char::is_control);
            if plain {
                println!("> {}", line.trim());
            } else {
                println!("> {}", excerpt(line));
            }
            let (out, refused) = run_line(&club, line, png).await;
            print!("{out}");
            while let Ok(n) = rx.try_recv() {
                if !n.channel.is_empty() {
                    print!("{}", notice_text(&n));
                }
            }
            while let Ok(e) = analyses.try_recv() {
                print!("{}", analysis::event_text(e, png).await);
            }
            if refused != expect_refusal {
                eprintln!(
                    "gammonbot: script line {}: {}",
                    n + 1,
                    if refused {
                        "refused (mark it with a leading ! if that is expected)"
                    } else {
                        "marked ! as refused, but it was accepted"
                    }
                );
                ok = false;
                break;
            }
        }
        sweeper.abort();
        analysts.iter().for_each(tokio::task::JoinHandle::abort);
        return Ok(ok);
    }
    println!(
        "gammonbot local chat. Type `alice: /challenge bob` to start; `/help` lists commands; Ctrl-D quits."
    );
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    loop {
        tokio::select! {
            line = lines.next_line() => {
                let Some(line) = line? else { break };
                let (out, _) = run_line(&club, &line, png).await;
                print!("{out}");
            }
            // A notice with no channel is a direct message: the terminal has none.
            Some(n) = rx.recv() => if !n.channel.is_empty() { print!("{}", notice_text(&n)) },
            Ok(e) = analyses.recv() => print!("{}", analysis::event_text(e, png).await),
        }
    }
    sweeper.abort();
    analysts.iter().for_each(tokio::task::JoinHandle::abort);
    Ok(true)
}
