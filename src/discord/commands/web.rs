//! `/web revoke`: a page's link replaced, the old one then finds nothing (`docs/web.md`):
//! a match's (its players, or a manager of its server), a chouette's (a player who sat in
//! it, or a manager), a league's (its organiser, a manager, or a holder of its organiser
//! role), the server's leaderboard's (a manager) and the sender's own player page's. The
//! club decides who may; this reads the options and the sender's rights.

use club::{RevokeTarget, Rights};

use super::autocomplete::autocomplete_match;
use crate::discord::context::{Context, Error, actor};
use crate::discord::league::{autocomplete_league, rights};
use crate::discord::reply::tell;

/// The web pages' links.
#[poise::command(slash_command, subcommands("web_revoke"), subcommand_required)]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The one page the options name, if they name exactly one.
fn target(
    id: Option<i64>,
    chouette: Option<i64>,
    league: Option<String>,
    leaderboard: bool,
    player: bool,
) -> Option<RevokeTarget> {
    let mut named = Vec::new();
    named.extend(id.map(RevokeTarget::Match));
    named.extend(chouette.map(RevokeTarget::Chouette));
    named.extend(league.map(|l| RevokeTarget::League(Some(l))));
    named.extend(leaderboard.then_some(RevokeTarget::Leaderboard));
    named.extend(player.then_some(RevokeTarget::Player));
    match named.len() {
        1 => named.pop(),
        _ => None,
    }
}

/// Replace the link of a web page; the old one stops working.
///
/// A match's players may, a chouette's players, a league's organiser, and the server's
/// managers (Manage Server) for any page here; anyone for their own player page.
#[poise::command(slash_command, rename = "revoke")]
pub async fn web_revoke(
    ctx: Context<'_>,
    #[description = "The match whose link to replace"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "The chouette session whose link to replace"]
    #[min = 1]
    chouette: Option<i64>,
    #[description = "The league whose link to replace (its organiser, or a manager)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
    #[description = "Replace the link of this server's leaderboard (Manage Server)"]
    leaderboard: Option<bool>,
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
    let Some(target) = target(
        id,
        chouette,
        league,
        leaderboard.unwrap_or(false),
        player.unwrap_or(false),
    ) else {
        tell(
            ctx,
            "\u{26A0} name one page: a match (match:), a chouette (chouette:), a league (league:), the leaderboard (leaderboard:True) or your player page (player:True)",
        )
        .await?;
        return Ok(());
    };
    let (manager, roles) = rights(ctx);
    let text = match data
        .club
        .web()
        .revoke_link_by(&actor(ctx), target, &Rights { manager, roles })
        .await
    {
        Ok(r) => format!(
            "The old link of {} no longer works. The new one: {}",
            r.page,
            ::web::page_url(base, &r.link)
        ),
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}
