//! The league and leaderboard pages on Discord (`docs/web.md`): a league answer
//! (`/league standings`, `fixtures`, `bracket`) carries a "League page" link button, a
//! rating answer (`/leaderboard`, `/rating`) a "Leaderboard" one, when `PUBLIC_URL` is
//! set; and `/server web:public|private`, which a manager of the server uses to open its
//! league and leaderboard pages at a public address, or close it.

use poise::serenity_prelude as serenity;

use super::context::{Context, actor};
use club::{Club, Outcome, WebPage};

/// The label of the link button to a league's page.
pub const LEAGUE_LABEL: &str = "League page";
/// The label of the link button to the server's leaderboard page.
pub const LEADERBOARD_LABEL: &str = "Leaderboard";

/// The link button to the page `out` is about (a league's, the leaderboard), when `web`
/// is set; none when the club cannot give the link (then logged).
pub(super) async fn page_link(
    out: &Outcome,
    club: &Club,
    web: Option<&str>,
) -> Option<serenity::CreateButton> {
    let (base, page) = (web?, out.web?);
    match club.web().web_page_link(page).await {
        Ok(token) => {
            let label = match page {
                WebPage::League(_) => LEAGUE_LABEL,
                WebPage::Leaderboard(_) => LEADERBOARD_LABEL,
            };
            Some(
                serenity::CreateButton::new_link(::web::web_page_url(base, page, &token))
                    .label(label),
            )
        }
        Err(e) => {
            tracing::warn!(?page, error = %e, "no web link for the page");
            None
        }
    }
}

/// Whether a server's league and leaderboard pages have a public address.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WebVisibility {
    /// At a public address anyone may be given.
    #[name = "public"]
    Public,
    /// Only through the links the bot posts.
    #[name = "private"]
    Private,
}

/// `/server web:` for a manager (checked by the caller): the answer, for the manager
/// alone. Without `PUBLIC_URL` nothing changes.
pub(crate) async fn set_visibility(ctx: Context<'_>, to: WebVisibility) -> String {
    let data = ctx.data();
    let Some(base) = data.web.as_deref() else {
        return "\u{26A0} this bot has no web pages (its PUBLIC_URL is not set), so there is nothing to make public".into();
    };
    match data
        .club
        .web().set_web_public(&actor(ctx), matches!(to, WebVisibility::Public))
        .await
    {
        Ok(Some(key)) => format!(
            "This server's league and leaderboard pages are public at {} (no Discord id appears there). /server web:private closes that address.",
            ::web::public_url(base, &key)
        ),
        Ok(None) => "This server's league and leaderboard pages have no public address: only the links the bot posts reach them.".into(),
        Err(e) => format!("\u{26A0} {e}"),
    }
}
