//! `/vacation [5d|end|from:YYYY-MM-DD to:YYYY-MM-DD]` and `/server [vacation-days:N]` read into
//! a club [`Command`] (docs/vacation.md). The local chat has no server rights: anyone may
//! set the allowance.

use club::{Command, PlayerOp, VacationOp};
use engine::excerpt;

use super::parse_words::{ParseError, err};

/// `/vacation`, `/vacation 5d`, `/vacation end`, `/vacation from:2027-07-01 to:2027-07-05`.
pub(super) fn vacation(args: &[&str]) -> Result<Command, ParseError> {
    VacationOp::parse(&args.join(" "))
        .map(|op| Command::Player(PlayerOp::Vacation(op)))
        .map_err(|e| ParseError(e.to_string()))
}

/// `/server` (the settings shown) or `/server vacation-days:20`.
pub(super) fn server(args: &[&str]) -> Result<Command, ParseError> {
    let days = match args {
        [] => None,
        [a] => match a.strip_prefix("vacation-days:").map(str::parse::<i64>) {
            Some(Ok(n)) => Some(n),
            _ => {
                return err(format!(
                    "/server vacation-days:N (the yearly vacation allowance), not `{}`",
                    excerpt(a)
                ));
            }
        },
        _ => return err("/server vacation-days:N (the yearly vacation allowance)"),
    };
    Ok(Command::Player(PlayerOp::Vacation(VacationOp::Allowance {
        days,
        manager: true,
    })))
}
