//! A chat line read into a club [`Command`]: `name: /command args`, `#N` naming a match.
//! The words every command shares (on/off, durations, amounts, rules) are in
//! `parse_words`; the commands with options of their own read them in `challenge`,
//! `chouette` and `league`.

use club::{
    ChallengeOp, ChouetteRef, Command, DrillChoice, DrillOp, FairOp, FairRef, Look, MatchOp,
    MatchRef, PlayerOp, PracticeOp, Starter,
};
use engine::welsh::{NominateFor, Parity};
use engine::{ResignLevel, excerpt};

use super::challenge::challenge;
use super::chouette::chouette;
use super::league::league;
use super::parse_words::{ParseError, err, on_off, rules_option};
use super::vacation::{server, vacation};

/// How `/settings` is written.
const SETTINGS_USAGE: &str = "/settings [auto-roll:on|off] [dm:on|off] [digest:daily|off] [at:HH:MM] [tz:Europe/London|+02:00]";

/// `/rating [player] [rules:standard|welsh] [vs:<player>]` (or a second player: the
/// head-to-head of the two follows the rating).
fn rating(args: &[&str]) -> Result<Command, ParseError> {
    let (mut player, mut ruleset, mut vs) = (None, None, None);
    for a in args {
        match a.split_once(':') {
            Some(("rules", v)) => ruleset = Some(rules_option(v)?),
            Some(("vs", v)) if vs.is_none() && !v.is_empty() => vs = Some(v.to_string()),
            None if player.is_none() => player = Some((*a).to_string()),
            None if vs.is_none() => vs = Some((*a).to_string()),
            _ => return err("/rating [player] [rules:standard|welsh] [vs:<player>]"),
        }
    }
    Ok(Command::Look(Look::Rating {
        player,
        ruleset,
        vs,
    }))
}

/// `/h2h [player] <opponent>`: one player named is against me. It takes no options: an
/// option is refused by name rather than read as a player.
fn h2h(args: &[&str]) -> Result<Command, ParseError> {
    if let Some(option) = args.iter().find(|a| a.contains(':')) {
        let key = option.split_once(':').map_or(*option, |(k, _)| k);
        return err(format!(
            "/h2h takes no option `{}:`: it names players only, and shows each ruleset apart \
             (/h2h <player> or /h2h <player> <player>)",
            excerpt(key)
        ));
    }
    match args {
        [b] => Ok(Command::Look(Look::HeadToHead {
            player: None,
            opponent: (*b).to_string(),
        })),
        [a, b] => Ok(Command::Look(Look::HeadToHead {
            player: Some((*a).to_string()),
            opponent: (*b).to_string(),
        })),
        _ => err("/h2h <player> (you against that player) or /h2h <player> <player>"),
    }
}

/// `/drill`, `/drill stats`, `/drill answer <number>|<play typed>` (the card due first).
fn drill(args: &[&str]) -> Result<Command, ParseError> {
    const USAGE: &str = "/drill (your next card), /drill answer 2 (or the play typed, or \
         take, drop, double, no double), /drill stats";
    Ok(Command::Drill(match args {
        [] => DrillOp::Next,
        ["stats"] => DrillOp::Stats,
        ["answer", rest @ ..] if !rest.is_empty() => {
            let text = rest.join(" ");
            let choice = match text.parse::<usize>() {
                Ok(n) => DrillChoice::Number(n),
                Err(_) => DrillChoice::Typed(text),
            };
            DrillOp::Answer { card: None, choice }
        }
        _ => return err(USAGE),
    }))
}

/// `/fair stats [player] [rules:standard|welsh]`.
fn fair_stats(args: &[&str]) -> Result<Command, ParseError> {
    let (mut player, mut ruleset) = (None, None);
    for a in args {
        match a.split_once(':') {
            Some(("rules", v)) => ruleset = Some(rules_option(v)?),
            None if player.is_none() => player = Some((*a).to_string()),
            _ => return err("/fair stats [player] [rules:standard|welsh]"),
        }
    }
    Ok(Command::Look(Look::FairStats { player, ruleset }))
}

/// `/fair [cN] [export | seed text:<seed>]`: a match by `#N`, a chouette session by `cN`.
fn fair(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    if let ["stats", rest @ ..] = args {
        return fair_stats(rest);
    }
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
                "/fair, /fair export, or /fair seed text:<your seed> (add c3 for a chouette); \
                 /fair stats [player] [rules:standard|welsh]",
            );
        }
    };
    Ok(Command::Fair(target, op))
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
            [] => Command::Challenge(ChallengeOp::Accept(m)),
            ["shaker:me" | "role:shake"] => {
                Command::Challenge(ChallengeOp::AcceptShaking(m, Starter::Me))
            }
            ["shaker:opponent" | "shaker:them" | "role:call"] => {
                Command::Challenge(ChallengeOp::AcceptShaking(m, Starter::Opponent))
            }
            _ => {
                return err(
                    "/accept, or for Welsh /accept shaker:me|opponent (or role:shake|call)",
                );
            }
        },
        "decline" => no_args(Command::Challenge(ChallengeOp::Decline(m)))?,
        "cancel" => no_args(Command::Challenge(ChallengeOp::Cancel(m)))?,
        // Welsh players throw: the prompts say so.
        "roll" | "throw" => no_args(Command::Match(m, MatchOp::Roll))?,
        "move" => {
            if args.is_empty() {
                return err("which play? e.g. /move 13/7 8/7 (/moves lists them)");
            }
            Command::Match(m, MatchOp::Move(args.join(" ")))
        }
        "moves" => no_args(Command::Look(Look::Moves(m)))?,
        "double" => no_args(Command::Match(m, MatchOp::Double))?,
        "take" => no_args(Command::Match(m, MatchOp::Take))?,
        "drop" | "pass" => no_args(Command::Match(m, MatchOp::Drop))?,
        "beaver" => no_args(Command::Match(m, MatchOp::Beaver))?,
        "raccoon" => no_args(Command::Match(m, MatchOp::Raccoon))?,
        "resign" => match args.as_slice() {
            [] | ["single"] => Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
            ["gammon"] => Command::Match(m, MatchOp::Resign(ResignLevel::Gammon)),
            ["backgammon"] => Command::Match(m, MatchOp::Resign(ResignLevel::Backgammon)),
            ["accept"] => Command::Match(m, MatchOp::AcceptResign),
            ["session"] => Command::Match(m, MatchOp::Stop),
            ["reject"] => Command::Match(m, MatchOp::RejectResign),
            _ => {
                return err(
                    "/resign [single|gammon|backgammon], /resign accept|reject, or /resign session (money play)",
                );
            }
        },
        "call" => match args.as_slice() {
            ["odds" | "odd"] => Command::Match(m, MatchOp::Call(Parity::Odd)),
            ["evens" | "even"] => Command::Match(m, MatchOp::Call(Parity::Even)),
            _ => return err("/call odds or /call evens"),
        },
        "choose" => match args.as_slice() {
            ["me"] => Command::Match(m, MatchOp::Choose(Starter::Me)),
            ["opponent" | "them"] => Command::Match(m, MatchOp::Choose(Starter::Opponent)),
            _ => return err("/choose me or /choose opponent (who starts)"),
        },
        "reroll" => no_args(Command::Match(m, MatchOp::Reroll))?,
        "break" => no_args(Command::Match(m, MatchOp::Break))?,
        "resume" => no_args(Command::Match(m, MatchOp::Resume))?,
        // `/onedie` as on Discord and in the README; `/one` as before.
        "onedie" | "one" => no_args(Command::Match(m, MatchOp::RollOne))?,
        "nominate" => match args.as_slice() {
            ["me", d] => Command::Match(m, MatchOp::Nominate(NominateFor::Me, dice(d)?)),
            ["opponent" | "them", d] => {
                Command::Match(m, MatchOp::Nominate(NominateFor::Opponent, dice(d)?))
            }
            _ => return err("/nominate me 6-5 or /nominate opponent 2-1"),
        },
        "concede" => match args.as_slice() {
            ["accept"] => Command::Match(m, MatchOp::AcceptConcede),
            ["reject"] => Command::Match(m, MatchOp::RejectConcede),
            [n] | [n, "payment"] => Command::Match(
                m,
                MatchOp::Concede {
                    games: n.parse().map_err(|_| {
                        ParseError(format!(
                            "/concede N: a number of games, not `{}`",
                            excerpt(n)
                        ))
                    })?,
                    payment: args.len() == 2,
                },
            ),
            _ => return err("/concede N [payment], or /concede accept|reject"),
        },
        "board" => no_args(Command::Look(Look::Board(m)))?,
        "stop" => no_args(Command::Match(m, MatchOp::Stop))?,
        "games" => match args.as_slice() {
            [] => Command::Look(Look::Games),
            ["waiting"] => Command::Look(Look::Waiting),
            _ => return err("/games, or /games waiting (the matches waiting on you)"),
        },
        "history" => no_args(Command::Look(Look::History(m)))?,
        "export" => no_args(Command::Look(Look::Export(m)))?,
        "ledger" => no_args(Command::Look(Look::Ledger))?,
        "name" => match args.as_slice() {
            [n] => Command::Player(PlayerOp::Rename((*n).to_string())),
            _ => return err("/name Alice: how your name is written (its case only)"),
        },
        "pot" => match args.as_slice() {
            [who] => Command::Look(Look::Pot((*who).to_string())),
            _ => return err("/pot <player>"),
        },
        "settings" => {
            let (mut auto_roll, mut notify_dm) = (None, None);
            let mut digest = club::DigestOptions::default();
            let mut seen: Vec<&str> = Vec::new();
            for a in &args {
                // A repeated option is refused, not silently overridden by the last one,
                // as /challenge refuses it.
                if let Some((k, _)) = a.split_once(':') {
                    if seen.contains(&k) {
                        return err(format!(
                            "`{}` is given twice; give each option once",
                            excerpt(k)
                        ));
                    }
                    seen.push(k);
                }
                match a.split_once(':') {
                    Some(("auto-roll", v)) => auto_roll = Some(on_off("auto-roll", v)?),
                    Some(("dm", v)) => notify_dm = Some(on_off("dm", v)?),
                    Some(("digest", "daily" | "on")) => digest.daily = Some(true),
                    Some(("digest", "off")) => digest.daily = Some(false),
                    Some(("digest", v)) => {
                        return err(format!("digest: say daily or off, not `{}`", excerpt(v)));
                    }
                    Some(("at", v)) => digest.at = Some(v.to_string()),
                    Some(("tz", v)) => digest.tz = Some(v.to_string()),
                    _ => return err(SETTINGS_USAGE),
                }
            }
            Command::Player(PlayerOp::Settings {
                auto_roll,
                notify_dm,
                digest,
            })
        }
        "chouette" => chouette(&args, m)?,
        "league" => league(&args, m)?,
        "rating" => rating(&args)?,
        "leaderboard" => match args.as_slice() {
            [] => Command::Look(Look::Leaderboard { ruleset: None }),
            [a] if a.starts_with("rules:") => Command::Look(Look::Leaderboard {
                ruleset: Some(rules_option(&a["rules:".len()..])?),
            }),
            _ => return err("/leaderboard [rules:standard|welsh]"),
        },
        "fair" => fair(&args, m)?,
        "analyse" | "analyze" => no_args(Command::Analyse(m))?,
        "hint" => no_args(Command::Practice(m, PracticeOp::Hint))?,
        "undo" => no_args(Command::Practice(m, PracticeOp::Undo))?,
        "keep" => no_args(Command::Practice(m, PracticeOp::Keep))?,
        "vacation" => vacation(&args)?,
        "server" => server(&args)?,
        "h2h" => h2h(&args)?,
        "block" => match args.as_slice() {
            [] => Command::Player(PlayerOp::Block(None)),
            [who] => Command::Player(PlayerOp::Block(Some((*who).to_string()))),
            _ => return err("/block <player>, or /block alone to list whom you block"),
        },
        "unblock" => match args.as_slice() {
            [who] => Command::Player(PlayerOp::Unblock((*who).to_string())),
            _ => return err("/unblock <player>"),
        },
        "drill" => drill(&args)?,
        "puzzle" => super::puzzle::puzzle(&args)?,
        "stats" => match args.as_slice() {
            [] => Command::Look(Look::Stats(None)),
            [who] => Command::Look(Look::Stats(Some((*who).to_string()))),
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
