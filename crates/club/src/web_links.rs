//! The web companion's links: one unguessable token per match (128 bits from the OS's
//! random source, as 32 hex digits), made when first asked for and kept by the store
//! (migration 0013); revoking a link gives the match a new token, and the old one then
//! finds nothing. A page is reached only through its token: the token names no
//! server, player or Discord id (`docs/web.md`).

use rand::TryRng;
use rand::rngs::SysRng;

use super::{Actor, Club, ClubError, MatchRef};

/// The kind of target a match link names in the store.
pub(super) const MATCH: &str = "match";

/// The bytes of a token: 128 bits.
const TOKEN_BYTES: usize = 16;

/// A new token: [`TOKEN_BYTES`] from the OS's random source, in lowercase hex.
pub(super) fn new_token() -> Result<String, ClubError> {
    let mut bytes = [0u8; TOKEN_BYTES];
    SysRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| ClubError::Refused(format!("no randomness for a web link: {e}")))?;
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

impl Club {
    /// The token of match `match_id`'s web page, made now if it has none.
    ///
    /// # Errors
    /// No such match, or a database error.
    pub async fn match_link(&self, match_id: i64) -> Result<String, ClubError> {
        if let Some(t) = self.store.web_token(MATCH, match_id).await? {
            return Ok(t);
        }
        self.store
            .load_match(match_id)
            .await?
            .ok_or(ClubError::UnknownMatch(match_id))?;
        let token = new_token()?;
        Ok(self
            .store
            .insert_web_token(MATCH, match_id, &token, self.clock.now())
            .await?)
    }

    /// Revokes match `match_id`'s web link: a new token replaces it (answered), and the
    /// old one finds nothing from now on.
    ///
    /// # Errors
    /// No such match, or a database error.
    pub async fn revoke_match_link(&self, match_id: i64) -> Result<String, ClubError> {
        self.store
            .load_match(match_id)
            .await?
            .ok_or(ClubError::UnknownMatch(match_id))?;
        let token = new_token()?;
        self.store
            .replace_web_token(MATCH, match_id, &token, self.clock.now())
            .await?;
        Ok(token)
    }

    /// Revokes match `match_id`'s web link for `actor`, who must be one of its players (on
    /// the server where it is played): a new token replaces it (answered), and the old one
    /// finds nothing from now on. A refusal changes nothing.
    ///
    /// # Errors
    /// No such match (or one of another server the actor does not play), the actor is no
    /// player of it, or a database error.
    pub async fn revoke_match_link_by(
        &self,
        actor: &Actor,
        match_id: i64,
    ) -> Result<String, ClubError> {
        let (me, community) = self.me(actor).await?;
        let l = self
            .find(&me, community, MatchRef::id(match_id), "revoke")
            .await?;
        self.revoke_match_link(l.row.id).await
    }

    /// The match whose web token is `token`, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn resolve_match_link(&self, token: &str) -> Result<Option<i64>, ClubError> {
        if !is_token(token) {
            return Ok(None);
        }
        Ok(self.store.web_target(MATCH, token).await?)
    }
}
