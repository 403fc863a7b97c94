//! Revoking a web page's link (`/web revoke`, `docs/web.md`): who may, and the new token.
//! A revoked link gets a new token in one write, and the old token finds nothing from
//! then on (its pages answer 404). A match's or a player's new link is hidden: no other
//! page or answer gives it (the match, the name shown with no link) until its owner
//! shares it (a player: `/web private off`; a match's: only the revoker has it, to give).
//!
//! - a match: one of its players, or a manager of its server ([`Web::revoke_match_link_by`](crate::Web::revoke_match_link_by));
//! - a chouette session: a player who sat in it (anyone in its log), or a manager of its
//!   server;
//! - a league: its organiser, a manager of its server, or a holder of the league's
//!   organiser role (as for the league's other organiser commands);
//! - the server's leaderboard: a manager of the server;
//! - a player page: its own player.
//!
//! A refusal says why and changes nothing; a page of another server is not found.

use crate::Refusal;
use crate::league::League;
use crate::web::league::{LEADERBOARD, LEAGUE};
use crate::web::links::{CHOUETTE, PageKind, PageLink};
use crate::web::refusal::WebRefusal;
use crate::{Actor, Club, ClubError};

/// The page whose link to revoke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevokeTarget {
    /// Match N.
    Match(i64),
    /// Chouette session N.
    Chouette(i64),
    /// The league named, or the only one here.
    League(Option<String>),
    /// The server's leaderboard.
    Leaderboard,
    /// The actor's own player page.
    Player,
}

/// What the platform says of the actor's rights on their server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rights {
    /// A manager of the server (Discord: Manage Server).
    pub manager: bool,
    /// The actor's roles there (a league's organiser role counts).
    pub roles: Vec<String>,
}

/// A revoked link: the new one, and the page in words (`match #3's page`, `the page of
/// league Autumn Cup`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revoked {
    pub link: PageLink,
    pub page: String,
}

impl Revoked {
    /// The private answer to the revoker, the new link's address being `url`: what
    /// revoking did (the old link finds nothing), who is given the new one, and what it
    /// cannot do (recall copies saved elsewhere).
    #[must_use]
    pub fn answer(&self, url: &str) -> String {
        let who = match self.link.kind {
            PageKind::Match => {
                "It is given only here: no other page or answer links the match any more \
                 (its boards, the players' and the league's pages show it with no link); \
                 give it to whom you choose."
            }
            PageKind::Player => {
                "Your page is private now: other pages and answers show your name with no \
                 link (your own answers still give you yours); `/web private off` links it \
                 again."
            }
            PageKind::Chouette | PageKind::League | PageKind::Leaderboard => {
                "Answers about it give the new link from now on, as they gave the old one."
            }
        };
        format!(
            "The old link of {} no longer works: whoever opens it finds nothing. The new \
             one: {url}\n{who} Copies of the page saved before (a saved page, a \
             screenshot) cannot be recalled.",
            self.page
        )
    }
}

/// Revokes the link of `target`'s page for `actor`, whose rights on the server are
/// `rights`: a new token replaces it (answered), and the old one finds nothing from
/// now on. A refusal changes nothing.
pub(super) async fn revoke_link_by(
    club: &Club,
    actor: &Actor,
    target: RevokeTarget,
    rights: &Rights,
) -> Result<Revoked, ClubError> {
    let (kind, token, page) = match target {
        RevokeTarget::Match(id) => (
            PageKind::Match,
            super::links::revoke_match_link_by(club, actor, id, rights.manager).await?,
            format!("match #{id}'s page"),
        ),
        RevokeTarget::Player => (
            PageKind::Player,
            super::player::revoke_player_link_by(club, actor).await?,
            "your player page".to_string(),
        ),
        RevokeTarget::Chouette(id) => (
            PageKind::Chouette,
            revoke_chouette_link_by(club, actor, id, rights.manager).await?,
            format!("chouette #{id}'s page"),
        ),
        RevokeTarget::League(name) => {
            let (league, token) =
                revoke_league_link_by(club, actor, name.as_deref(), rights).await?;
            (
                PageKind::League,
                token,
                format!("the page of league {league}"),
            )
        }
        RevokeTarget::Leaderboard => (
            PageKind::Leaderboard,
            revoke_leaderboard_link_by(club, actor, rights.manager).await?,
            "the leaderboard's page".to_string(),
        ),
    };
    Ok(Revoked {
        link: PageLink { kind, token },
        page,
    })
}

/// Revokes chouette session `id`'s link for `actor`: a player who sat in it (anyone
/// in its log), or a manager of its server (`manager`).
async fn revoke_chouette_link_by(
    club: &Club,
    actor: &Actor,
    id: i64,
    manager: bool,
) -> Result<String, ClubError> {
    let (me, community) = club.me(actor).await?;
    // A session of another server stays unknown.
    club.store
        .load_chouette(id)
        .await?
        .filter(|row| row.community_id == community)
        .ok_or(Refusal::UnknownChouette(id))?;
    if !manager {
        let sat = club
            .store
            .chouette_actions(id)
            .await?
            .iter()
            .any(|(p, _)| *p == Some(me.id));
        if !sat {
            return Err(WebRefusal::RevokeChouette { id }.into());
        }
    }
    let token = super::links::replace_web_link(club, CHOUETTE, id, false).await?;
    tracing::info!(
        chouette = id,
        by = me.id,
        manager,
        "a chouette page's link revoked"
    );
    Ok(token)
}

/// Revokes the link of the league named `name` (or the only one here) for `actor`:
/// its organiser, a manager of the server, or a holder of its organiser role. Answers
/// the league's name and the new token.
async fn revoke_league_link_by(
    club: &Club,
    actor: &Actor,
    name: Option<&str>,
    rights: &Rights,
) -> Result<(String, String), ClubError> {
    let (me, community) = club.me(actor).await?;
    let league: League = club.find_league(community, name).await?;
    // The rights are the platform's word (the local chat gives none).
    let organiser = league.row.organiser == me.id
        || rights.manager
        || league
            .settings
            .organiser_role
            .as_ref()
            .is_some_and(|r| rights.roles.contains(r));
    if !organiser {
        return Err(WebRefusal::RevokeLeague {
            league: league.row.name,
        }
        .into());
    }
    let token = super::links::replace_web_link(club, LEAGUE, league.row.id, false).await?;
    tracing::info!(
        league = league.row.id,
        by = me.id,
        "a league page's link revoked"
    );
    Ok((league.row.name, token))
}

/// Revokes the link of `actor`'s server's leaderboard page: a manager of the server
/// (`manager`) only.
async fn revoke_leaderboard_link_by(
    club: &Club,
    actor: &Actor,
    manager: bool,
) -> Result<String, ClubError> {
    if !manager {
        return Err(WebRefusal::RevokeLeaderboard.into());
    }
    let (me, community) = club.me(actor).await?;
    let token = super::links::replace_web_link(club, LEADERBOARD, community, false).await?;
    tracing::info!(community, by = me.id, "a leaderboard page's link revoked");
    Ok(token)
}
