//! `/web revoke`: a player of a match replaces its web page's link (`docs/web.md`).

use super::autocomplete::autocomplete_match;
use crate::discord::{Context, Error, actor, tell};

/// The match's web page.
#[poise::command(slash_command, subcommands("web_revoke"), subcommand_required)]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Replace the link of a match's web page (the old one stops working); players only.
#[poise::command(slash_command, rename = "revoke")]
pub async fn web_revoke(
    ctx: Context<'_>,
    #[description = "The match whose link to replace"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: i64,
) -> Result<(), Error> {
    let data = ctx.data();
    let Some(base) = data.web.as_deref() else {
        tell(
            ctx,
            "\u{26A0} this bot has no web pages (its PUBLIC_URL is not set), so there is no link to revoke",
        )
        .await?;
        return Ok(());
    };
    let text = match data.club.revoke_match_link_by(&actor(ctx), id).await {
        Ok(token) => format!(
            "The old link of match #{id}'s page no longer works. The new one: {}",
            ::web::match_url(base, &token)
        ),
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}
