//! The web companion's links: one unguessable token per match (128 bits from the OS's
//! random source, as 32 hex digits), made when first asked for and kept by the store
//! (migration 0013); revoking a link gives the match a new token, and the old one then
//! finds nothing. A page is reached only through its token: the token names no
//! server, player or Discord id (`docs/web.md`).

use std::collections::HashMap;

use rand::TryRng;
use rand::rngs::SysRng;

use crate::Refusal;
use crate::web::refusal::WebRefusal;
use crate::{Actor, Club, ClubError, MatchRef, Outcome};

/// The kind of target a match link names in the store.
pub(crate) const MATCH: &str = "match";

/// The kind of target a chouette session's link names in the store.
pub(crate) const CHOUETTE: &str = "chouette";

/// Which page a link leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    Match,
    Chouette,
    Player,
    League,
    Leaderboard,
}

/// A link to a web page: its kind and token (the adapter puts its address in front).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageLink {
    pub kind: PageKind,
    pub token: String,
}

/// The bytes of a token: 128 bits.
const TOKEN_BYTES: usize = 16;

/// A new token: [`TOKEN_BYTES`] from the OS's random source, in lowercase hex.
pub(crate) fn new_token() -> Result<String, ClubError> {
    let mut bytes = [0u8; TOKEN_BYTES];
    SysRng
        .try_fill_bytes(&mut bytes)
        .map_err(WebRefusal::NoRandomness)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `token` has the form of a token (so that no other text reaches the store).
#[must_use]
pub fn is_token(token: &str) -> bool {
    token.len() == TOKEN_BYTES * 2
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The tokens of `kind`'s `targets` (ids the store has, as a league's matches or a
/// leaderboard's players), made now for those that have none, in one transaction.
pub(super) async fn links_for(
    club: &Club,
    kind: &str,
    targets: &[i64],
) -> Result<HashMap<i64, String>, ClubError> {
    let mut tokens = club.store.web_tokens(kind, targets).await?;
    let missing: Vec<(i64, String)> = targets
        .iter()
        .filter(|id| !tokens.contains_key(id))
        .map(|&id| Ok::<_, ClubError>((id, new_token()?)))
        .collect::<Result<_, _>>()?;
    if !missing.is_empty() {
        club.store
            .insert_web_tokens(kind, &missing, club.clock.now())
            .await?;
        let ids: Vec<i64> = missing.iter().map(|m| m.0).collect();
        tokens.extend(club.store.web_tokens(kind, &ids).await?);
    }
    Ok(tokens)
}

/// The token of match `match_id`'s web page, made now if it has none.
pub(super) async fn match_link(club: &Club, match_id: i64) -> Result<String, ClubError> {
    if let Some(t) = club.store.web_token(MATCH, match_id).await? {
        return Ok(t);
    }
    club.store
        .load_match(match_id)
        .await?
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(match_id)))?;
    let token = new_token()?;
    Ok(club
        .store
        .insert_web_token(MATCH, match_id, &token, club.clock.now())
        .await?)
}

/// Revokes match `match_id`'s web link: a new token replaces it (answered), and the
/// old one finds nothing from now on.
pub(super) async fn revoke_match_link(club: &Club, match_id: i64) -> Result<String, ClubError> {
    club.store
        .load_match(match_id)
        .await?
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(match_id)))?;
    replace_web_link(club, MATCH, match_id).await
}

/// Gives `kind`'s `target` a new token in one write (answered): the old one finds
/// nothing from now on.
pub(super) async fn replace_web_link(
    club: &Club,
    kind: &str,
    target: i64,
) -> Result<String, ClubError> {
    let token = new_token()?;
    club.store
        .replace_web_token(kind, target, &token, club.clock.now())
        .await?;
    Ok(token)
}

/// Revokes match `match_id`'s web link for `actor`, who must be one of its players (on
/// the server where it is played), or a manager of that server (`manager`: Discord's
/// Manage Server): a new token replaces it (answered), and the old one finds nothing
/// from now on. A refusal changes nothing.
pub(super) async fn revoke_match_link_by(
    club: &Club,
    actor: &Actor,
    match_id: i64,
    manager: bool,
) -> Result<String, ClubError> {
    let (me, community) = club.me(actor).await?;
    if manager {
        // A manager revokes any match of the server; one of another server stays
        // unknown to them.
        let here = club
            .store
            .load_match(match_id)
            .await?
            .is_some_and(|row| row.community_id == community);
        if here {
            let token = revoke_match_link(club, match_id).await?;
            tracing::info!(
                match_id,
                by = me.id,
                "a manager revoked a match page's link"
            );
            return Ok(token);
        }
    }
    let l = club
        .find(&me, community, MatchRef::id(match_id), "revoke")
        .await?;
    let token = revoke_match_link(club, l.row.id).await?;
    tracing::info!(match_id, by = me.id, "a player revoked a match page's link");
    Ok(token)
}

/// The link of the page an outcome is about: the match or chouette whose board it
/// shows, else the one player it is about (`/rating`, `/stats`); `None` when it is
/// about none, or about several players ([`Web::outcome_player_links`](crate::Web::outcome_player_links)).
pub(super) async fn outcome_link(
    club: &Club,
    out: &Outcome,
) -> Result<Option<PageLink>, ClubError> {
    let (kind, token) = match (
        out.board.is_some(),
        out.match_id.map(crate::MatchNo::get),
        out.chouette,
        out.players.as_slice(),
    ) {
        (true, Some(id), _, _) => (PageKind::Match, match_link(club, id).await?),
        (true, None, Some(id), _) => (PageKind::Chouette, chouette_link(club, id).await?),
        (_, _, _, &[crate::PlayerRef { community, player }]) => (
            PageKind::Player,
            player_link(club, community.get(), player.get()).await?,
        ),
        _ => return Ok(None),
    };
    Ok(Some(PageLink { kind, token }))
}

/// The pages of the players an outcome is about when it is about several (`/h2h`:
/// both), each with the player's display name, in the outcome's order; empty for one
/// or none ([`Web::outcome_link`](crate::Web::outcome_link) gives the one).
pub(super) async fn outcome_player_links(
    club: &Club,
    out: &Outcome,
) -> Result<Vec<(String, PageLink)>, ClubError> {
    if out.players.len() < 2 {
        return Ok(Vec::new());
    }
    let mut links = Vec::with_capacity(out.players.len());
    for &crate::PlayerRef { community, player } in &out.players {
        let name = club.store.player_by_id(player.get()).await?.display_name;
        let token = player_link(club, community.get(), player.get()).await?;
        links.push((
            name,
            PageLink {
                kind: PageKind::Player,
                token,
            },
        ));
    }
    Ok(links)
}

/// The token of chouette session `id`'s web page, made now if it has none.
pub(super) async fn chouette_link(club: &Club, id: i64) -> Result<String, ClubError> {
    if let Some(t) = club.store.web_token(CHOUETTE, id).await? {
        return Ok(t);
    }
    club.store
        .load_chouette(id)
        .await?
        .ok_or(Refusal::UnknownChouette(id))?;
    let token = new_token()?;
    Ok(club
        .store
        .insert_web_token(CHOUETTE, id, &token, club.clock.now())
        .await?)
}

/// The chouette session whose web token is `token`, if any.
pub(super) async fn resolve_chouette_link(
    club: &Club,
    token: &str,
) -> Result<Option<i64>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    Ok(club.store.web_target(CHOUETTE, token).await?)
}

/// The match whose web token is `token`, if any.
pub(super) async fn resolve_match_link(club: &Club, token: &str) -> Result<Option<i64>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    Ok(club.store.web_target(MATCH, token).await?)
}

/// The store's kind for player links in community `community`.
pub(crate) fn player_kind(community: i64) -> String {
    format!("player:{community}")
}

/// The token of the web page of player `user` in community `community`, made now if
/// there is none.
pub(super) async fn player_link(
    club: &Club,
    community: i64,
    user: i64,
) -> Result<String, ClubError> {
    let kind = player_kind(community);
    if let Some(t) = club.store.web_token(&kind, user).await? {
        return Ok(t);
    }
    club.store.player_by_id(user).await?;
    let token = new_token()?;
    Ok(club
        .store
        .insert_web_token(&kind, user, &token, club.clock.now())
        .await?)
}
