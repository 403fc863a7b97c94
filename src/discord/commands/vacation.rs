//! `/vacation` (docs/vacation.md): `days:5d` goes away (the clocks of your matches here
//! stop; your opponents are told), `from:` and `to:` (dates) plan one, `end:true` comes
//! back early or cancels a planned one, none shows the days used and left this year (to
//! you only). The server's allowance is `/server
//! vacation_days:` (Manage Server, `player.rs`).

use crate::discord::answer::outcome_content;
use crate::discord::context::{Context, Error};
use crate::discord::reply::{execute, run, tell};
use club::{Command, PlayerOp, VacationOp};

/// Vacation: stop the clocks of your matches here for some days, come back early, or see
/// your days.
#[poise::command(slash_command, guild_only)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How long you are away, in days (e.g. 5d)"]
    #[max_length = 20]
    days: Option<String>,
    #[description = "Come back before the planned end (or cancel a planned vacation)"] end: Option<
        bool,
    >,
    #[description = "Plan one by dates: the first day away, YYYY-MM-DD (your /settings tz, else UTC)"]
    #[max_length = 20]
    from: Option<String>,
    #[description = "Plan one by dates: the last day away, YYYY-MM-DD"]
    #[max_length = 20]
    to: Option<String>,
) -> Result<(), Error> {
    let dates = match (from.as_deref(), to.as_deref()) {
        (None, None) => None,
        (f, t) => Some(format!(
            "{} {}",
            f.map_or(String::new(), |f| format!("from:{}", f.trim())),
            t.map_or(String::new(), |t| format!("to:{}", t.trim()))
        )),
    };
    let given =
        usize::from(days.is_some()) + usize::from(end == Some(true)) + usize::from(dates.is_some());
    if given > 1 {
        tell(
            ctx,
            "\u{26A0} give days to go away, from: and to: to plan by dates, or end:true to come back; one of them",
        )
        .await?;
        return Ok(());
    }
    let words = match (days.as_deref(), end, dates.as_deref()) {
        (_, Some(true), _) => "end",
        (Some(d), _, _) => d,
        (_, _, Some(d)) => d,
        _ => "",
    };
    let op = match VacationOp::parse(words) {
        Ok(op) => op,
        Err(e) => {
            tell(ctx, format!("\u{26A0} {e}")).await?;
            return Ok(());
        }
    };
    if op == VacationOp::Show {
        // Your own days: shown to you only.
        let text = match execute(ctx, Command::Player(PlayerOp::Vacation(op))).await {
            Ok(out) => outcome_content(&out),
            Err(e) => format!("\u{26A0} {e}"),
        };
        tell(ctx, text).await?;
        return Ok(());
    }
    run(ctx, Command::Player(PlayerOp::Vacation(op))).await
}
