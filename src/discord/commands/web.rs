//! `/web revoke`: a page's link replaced, the old one then finds nothing (`docs/web.md`):
//! a match's (its players, or a manager of its server), a chouette's (a player who sat in
//! it, or a manager), a league's (its organiser, a manager, or a holder of its organiser
//! role), the server's leaderboard's (a manager) and the sender's own player page's. The
//! club decides who may; this reads the options and the sender's rights. `/web private
//! on|off`: the sender's player page kept off every other page and answer, or linked
//! again.

use club::{RevokeTarget, Rights};

use super::autocomplete::autocomplete_match;
use crate::discord::context::{Context, Error, actor};
use crate::discord::league::{autocomplete_league, rights};
use crate::discord::reply::tell;

/// The web pages' links.
#[poise::command(
    slash_command,
    subcommands("web_revoke", "web_private"),
    subcommand_required
)]
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
        Ok(r) => r.answer(&::web::page_url(base, &r.link)),
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}

/// On or off.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum OnOff {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Keep your player page private: other pages and answers show your name with no link.
///
/// Your own answers still give you the link; whoever already has it can still open the
/// page (`/web revoke player:True` makes a new one).
#[poise::command(slash_command, rename = "private")]
pub async fn web_private(
    ctx: Context<'_>,
    #[description = "on: linked from no other page or answer; off: linked again"] state: OnOff,
) -> Result<(), Error> {
    let data = ctx.data();
    if data.web.is_none() {
        tell(
            ctx,
            "\u{26A0} this bot has no web pages (its PUBLIC_URL is not set), so there is no page to keep private",
        )
        .await?;
        return Ok(());
    }
    let private = matches!(state, OnOff::On);
    let text = match data
        .club
        .web()
        .set_player_private(&actor(ctx), private)
        .await
    {
        Ok(words) => words,
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}
