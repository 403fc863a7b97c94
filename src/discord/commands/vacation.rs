//! `/vacation` (docs/vacation.md): `days:5d` goes away (the clocks of your matches here
//! stop; your opponents are told), `end:true` comes back early, neither shows the days
//! used and left this year (to you only). The server's allowance is `/server
//! vacation_days:` (Manage Server, `player.rs`).

use crate::discord::{Context, Error, execute, outcome_content, run, tell};
use club::{Command, VacationOp};

/// Vacation: stop the clocks of your matches here for some days, come back early, or see
/// your days.
#[poise::command(slash_command, guild_only)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How long you are away, in days (e.g. 5d)"]
    #[max_length = 20]
    days: Option<String>,
    #[description = "Come back before the planned end"] end: Option<bool>,
) -> Result<(), Error> {
    let words = match (days.as_deref(), end) {
        (Some(_), Some(true)) => {
            tell(
                ctx,
                "\u{26A0} give days to go away, or end:true to come back; not both",
            )
            .await?;
            return Ok(());
        }
        (_, Some(true)) => "end",
        (Some(d), _) => d,
        (None, _) => "",
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
        let text = match execute(ctx, Command::Vacation(op)).await {
            Ok(out) => outcome_content(&out),
            Err(e) => format!("\u{26A0} {e}"),
        };
        tell(ctx, text).await?;
        return Ok(());
    }
    run(ctx, Command::Vacation(op)).await
}
