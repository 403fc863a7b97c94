//! `/puzzle` and `/server puzzle` read into a club [`Command`] (docs/puzzle.md): the
//! position of the day shown, answered (`/puzzle answer 2`, or the play typed), the
//! player's name allowed on it (`/puzzle names on|off`); the server's setting
//! (`/server puzzle hour:18`, `/server puzzle off`). The local chat has one channel,
//! `local`, and no server rights: anyone may set it.

use club::{Command, DrillChoice, PuzzleOp, PuzzleSetting};
use engine::excerpt;

use super::parse_words::{ParseError, err, on_off};

/// How `/puzzle` is written.
const USAGE: &str = "/puzzle (today's position), /puzzle answer 2 (or the play typed, or take, \
     drop, double, no double), /puzzle names on|off";

/// How `/server puzzle` is written.
const SERVER_USAGE: &str = "/server puzzle hour:18 (a position of the day each day at 18:00 \
     UTC), /server puzzle off, or /server puzzle alone (the setting shown)";

/// `/puzzle`, `/puzzle answer <number>|<play typed>`, `/puzzle names on|off`.
pub(super) fn puzzle(args: &[&str]) -> Result<Command, ParseError> {
    Ok(Command::Puzzle(match args {
        [] => PuzzleOp::Show,
        ["answer", rest @ ..] if !rest.is_empty() => {
            let text = rest.join(" ");
            let choice = match text.parse::<usize>() {
                Ok(n) => DrillChoice::Number(n),
                Err(_) => DrillChoice::Typed(text),
            };
            PuzzleOp::Answer {
                puzzle: None,
                choice,
            }
        }
        ["names", v] => PuzzleOp::Names(on_off("names", v)?),
        _ => return err(USAGE),
    }))
}

/// `/server puzzle [channel:<name>] hour:H`, `/server puzzle off`, `/server puzzle`.
pub(super) fn server_puzzle(args: &[&str]) -> Result<Command, ParseError> {
    match args {
        [] => return Ok(Command::ServerPuzzle(None)),
        ["off"] => return Ok(Command::ServerPuzzle(Some(PuzzleSetting::Off))),
        _ => {}
    }
    let (mut channel, mut hour) = ("local".to_string(), None);
    for a in args {
        match a.split_once(':') {
            Some(("hour", h)) => match h.parse::<i64>() {
                Ok(h) => hour = Some(h),
                Err(_) => {
                    return err(format!(
                        "hour: a whole hour 0 to 23 (UTC), not `{}`",
                        excerpt(h)
                    ));
                }
            },
            Some(("channel", c)) if !c.is_empty() => {
                channel = c.trim_start_matches('#').to_string();
            }
            _ => return err(SERVER_USAGE),
        }
    }
    let Some(hour) = hour else {
        return err(SERVER_USAGE);
    };
    Ok(Command::ServerPuzzle(Some(PuzzleSetting::On {
        channel,
        hour,
    })))
}
