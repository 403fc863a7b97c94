//! Practice (a match against the bot, or one both players opened with `practice:true`):
//! `/hint` (shown to the caller only), and the tutor's `/undo` and `/keep`, with the match option as the other match
//! commands.

use super::autocomplete::autocomplete_match;
use super::choices::m;
use crate::discord::answer::outcome_content;
use crate::discord::context::{Context, Error};
use crate::discord::reply::{execute, run, tell};
use club::{Command, PracticeOp};

/// Practice: best plays for your roll or the cube decision (Welsh: our own player); only
/// you see it.
#[poise::command(slash_command)]
pub async fn hint(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    // Advice for one player: shown to the caller only, like a refusal (the answer is
    // deferred privately should gnubg be slow).
    let text = match execute(ctx, Command::Practice(m(id), PracticeOp::Hint)).await {
        Ok(out) => outcome_content(&out),
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}
simple!(
    undo,
    "Practice with the tutor: take back your last play or cube action, once.",
    Practice(Undo)
);
simple!(
    keep,
    "Practice with the tutor: keep the play it flagged, and play on.",
    Practice(Keep)
);
