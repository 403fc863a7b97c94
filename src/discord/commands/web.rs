//! `/web revoke`: a player of a match, or a manager of its server, replaces the link of
//! the match's web page; a player replaces the link of their own player page
//! (`docs/web.md`).

use super::autocomplete::autocomplete_match;
use crate::discord::{Context, Error, actor, tell};

/// The web pages' links.
#[poise::command(slash_command, subcommands("web_revoke"), subcommand_required)]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Whether the sender has Manage Server here.
fn manages_server(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

/// Replace the link of a match's page or of your own player page; the old one stops working.
///
/// A match's players may, and the server's managers (Manage Server) for any match here.
#[poise::command(slash_command, rename = "revoke")]
pub async fn web_revoke(
    ctx: Context<'_>,
    #[description = "The match whose link to replace"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "Replace the link of your own player page"] player: Option<bool>,
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
    let text = match (id, player.unwrap_or(false)) {
        (Some(id), false) => match data
            .club
            .revoke_match_link_by(&actor(ctx), id, manages_server(ctx))
            .await
        {
            Ok(token) => format!(
                "The old link of match #{id}'s page no longer works. The new one: {}",
                ::web::match_url(base, &token)
            ),
            Err(e) => format!("\u{26A0} {e}"),
        },
        (None, true) => match data.club.revoke_player_link_by(&actor(ctx)).await {
            Ok(token) => format!(
                "The old link of your player page no longer works. The new one: {}",
                ::web::player_url(base, &token)
            ),
            Err(e) => format!("\u{26A0} {e}"),
        },
        _ => "\u{26A0} name one page: a match (match:) or your player page (player:True)".into(),
    };
    tell(ctx, text).await?;
    Ok(())
}
