//! `/vacation [5d|end|from:YYYY-MM-DD to:YYYY-MM-DD]` and `/server [vacation-days:N |
//! analysis:auto|league|off]` read into a club [`Command`] (docs/vacation.md,
//! docs/analysis.md). The local chat has no server rights: anyone may set them.

use club::{AutoAnalysis, Command, PlayerOp, VacationOp};
use engine::excerpt;

use super::parse_words::{ParseError, err};

/// `/vacation`, `/vacation 5d`, `/vacation end`, `/vacation from:2027-07-01 to:2027-07-05`.
pub(super) fn vacation(args: &[&str]) -> Result<Command, ParseError> {
    VacationOp::parse(&args.join(" "))
        .map(|op| Command::Player(PlayerOp::Vacation(op)))
        .map_err(|e| ParseError(e.to_string()))
}

/// `/server` (the settings shown), `/server vacation-days:20`, `/server
/// analysis:auto|league|off` (which finished matches are analysed by themselves), or
/// `/server puzzle ...` (the position of the day: `super::puzzle`).
pub(super) fn server(args: &[&str]) -> Result<Command, ParseError> {
    if let ["puzzle", rest @ ..] = args {
        return super::puzzle::server_puzzle(rest);
    }
    if let [a] = args
        && let Some(word) = a.strip_prefix("analysis:")
    {
        return match AutoAnalysis::parse(word) {
            Some(mode) => Ok(Command::ServerAnalysis(Some(mode))),
            None => err(format!(
                "/server analysis:auto|league|off (which finished matches are analysed by \
                 themselves), not `{}`",
                excerpt(word)
            )),
        };
    }
    if args == ["analysis"] {
        return Ok(Command::ServerAnalysis(None));
    }
    let days = match args {
        [] => None,
        [a] => match a.strip_prefix("vacation-days:").map(str::parse::<i64>) {
            Some(Ok(n)) => Some(n),
            _ => {
                return err(format!(
                    "/server vacation-days:N (the yearly vacation allowance) or \
                     analysis:auto|league|off, not `{}`",
                    excerpt(a)
                ));
            }
        },
        _ => {
            return err(
                "/server takes one setting: vacation-days:N (the yearly vacation allowance) \
                 or analysis:auto|league|off",
            );
        }
    };
    Ok(Command::Player(PlayerOp::Vacation(VacationOp::Allowance {
        days,
        manager: true,
    })))
}
