//! The web companion's links: one unguessable token per match (128 bits from the OS's
//! random source, as 32 hex digits), made when first asked for and kept by the store
//! (migration 0013); revoking a link gives the match a new token, and the old one then
//! finds nothing. A page is reached only through its token: the token names no
//! server, player or Discord id (`docs/web.md`). A hidden link (migration 0024: a match's
//! once revoked, a player's kept private) is given by no other page or answer: they show
//! the match or the name with no link.

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
/// leaderboard's players), made now for those that have none, in one transaction; a
/// hidden link is left out (the page shows that target with no link).
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
    Ok(tokens
        .into_iter()
        .filter(|(_, t)| !t.hidden)
        .map(|(id, t)| (id, t.token))
        .collect())
}

/// The token of `kind`'s `target` as another page or answer may give it: `None` when
/// its link is hidden, else the token (made now by `make` when it has none).
async fn shown_link(
    club: &Club,
    kind: &str,
    target: i64,
    make: impl AsyncFnOnce() -> Result<String, ClubError>,
) -> Result<Option<String>, ClubError> {
    match club.store.web_token_row(kind, target).await? {
        Some(t) if t.hidden => Ok(None),
        Some(t) => Ok(Some(t.token)),
        None => make().await.map(Some),
    }
}

/// The token of match `match_id`'s page as other pages and answers give it: `None` once
/// its link was revoked (the new one is the revoker's to give).
pub(super) async fn shown_match_link(
    club: &Club,
    match_id: i64,
) -> Result<Option<String>, ClubError> {
    shown_link(club, MATCH, match_id, async || {
        match_link(club, match_id).await
    })
    .await
}

/// The token of the page of player `user` in community `community` as an answer to
/// `viewer` gives it: `None` while the player keeps it private, unless `viewer` is the
/// player.
pub(super) async fn shown_player_link(
    club: &Club,
    community: i64,
    user: i64,
    viewer: Option<i64>,
) -> Result<Option<String>, ClubError> {
    if viewer == Some(user) {
        return player_link(club, community, user).await.map(Some);
    }
    shown_link(club, &player_kind(community), user, async || {
        player_link(club, community, user).await
    })
    .await
}

/// The store's id of `viewer`, if the club knows them (one it does not know has no page
/// of their own).
async fn viewer_id(club: &Club, viewer: Option<&Actor>) -> Result<Option<i64>, ClubError> {
    let Some(a) = viewer else {
        return Ok(None);
    };
    Ok(club
        .store
        .find_player(&a.platform, &a.user_id)
        .await?
        .map(|p| p.id))
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

/// Revokes match `match_id`'s web link: a new token replaces it (answered), hidden from
/// every other page and answer, and the old one finds nothing from now on.
pub(super) async fn revoke_match_link(club: &Club, match_id: i64) -> Result<String, ClubError> {
    club.store
        .load_match(match_id)
        .await?
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(match_id)))?;
    replace_web_link(club, MATCH, match_id, true).await
}

/// Gives `kind`'s `target` a new token in one write (answered), hidden from every other
/// page and answer or not (`hidden`): the old one finds nothing from now on.
pub(super) async fn replace_web_link(
    club: &Club,
    kind: &str,
    target: i64,
    hidden: bool,
) -> Result<String, ClubError> {
    let token = new_token()?;
    club.store
        .replace_web_token(kind, target, &token, hidden, club.clock.now())
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
/// about none, or about several players ([`Web::outcome_player_links`](crate::Web::outcome_player_links)),
/// or when its link is hidden (a match's revoked; a player's kept private, unless the
/// answer is to `viewer` and about them).
pub(super) async fn outcome_link(
    club: &Club,
    out: &Outcome,
    viewer: Option<&Actor>,
) -> Result<Option<PageLink>, ClubError> {
    let (kind, token) = match (
        out.board.is_some(),
        out.match_id.map(crate::MatchNo::get),
        out.chouette,
        out.players.as_slice(),
    ) {
        (true, Some(id), _, _) => (PageKind::Match, shown_match_link(club, id).await?),
        (true, None, Some(id), _) => (PageKind::Chouette, Some(chouette_link(club, id).await?)),
        (_, _, _, &[crate::PlayerRef { community, player }]) => {
            let viewer = viewer_id(club, viewer).await?;
            (
                PageKind::Player,
                shown_player_link(club, community.get(), player.get(), viewer).await?,
            )
        }
        _ => return Ok(None),
    };
    Ok(token.map(|token| PageLink { kind, token }))
}

/// The pages of the players an outcome is about when it is about several (`/h2h`:
/// both), each with the player's display name, in the outcome's order; empty for one
/// or none ([`Web::outcome_link`](crate::Web::outcome_link) gives the one). A player
/// keeping their page private is left out, unless the answer is to `viewer` and they are
/// the viewer.
pub(super) async fn outcome_player_links(
    club: &Club,
    out: &Outcome,
    viewer: Option<&Actor>,
) -> Result<Vec<(String, PageLink)>, ClubError> {
    if out.players.len() < 2 {
        return Ok(Vec::new());
    }
    let viewer = viewer_id(club, viewer).await?;
    let mut links = Vec::with_capacity(out.players.len());
    for &crate::PlayerRef { community, player } in &out.players {
        let Some(token) = shown_player_link(club, community.get(), player.get(), viewer).await?
        else {
            continue;
        };
        let name = club.store.player_by_id(player.get()).await?.display_name;
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
