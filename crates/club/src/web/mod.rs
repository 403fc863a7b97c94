//! The read side of the web pages: link tokens, revoking them, and what each page shows.
//!
//! Entry points, on [`Web`] (through [`Club::web`](crate::Club::web)): `chouette_page`,
//! `chouette_frame`, `chouette_version` (`chouette`); `league_link`, `leaderboard_link`,
//! `web_page_link`, `resolve_league_link`, `league_link_stamp`, `public_league_stamp`,
//! `league_link_bracket`, `resolve_leaderboard_link`, `leaderboard_link_stamp`,
//! `public_leaderboard_stamp`, `set_web_public`, `web_public`, `public_index`,
//! `public_league`, `public_league_bracket`, `public_leaderboard` (`league`); `links_for`,
//! `match_link`, `revoke_match_link`, `revoke_match_link_by`, `outcome_link`,
//! `outcome_player_links`, `chouette_link`, `resolve_chouette_link`, `resolve_match_link`,
//! `player_link` (`links`); `match_page`, `match_frame`, `match_page_stamp`,
//! `match_version`, `match_file`, `match_dice_export`, `match_dice_anchor` (`match_page`);
//! `revoke_player_link_by`, `set_player_private`, `resolve_player_link`,
//! `player_rating_chart`, `player_pr_chart` (`player`);
//! `revoke_link_by` (`revoke`).

mod chouette;
mod league;
pub(crate) mod links;
mod match_page;
mod player;
mod refusal;
mod revoke;

pub use chouette::{ChouettePage, ChouetteVersion};
pub use league::{
    FixtureLink, LEADERBOARD_PAGE_ROWS, LeaderLine, LeaderboardPage, LeaguePage, PageStamp,
    PublicIndex, RulesetBoard, SeasonPage, WebPage,
};
pub use links::{PageKind, PageLink, is_token};
pub use match_page::{Frame, MatchPage};
pub use player::{
    DrillProgress, HeadToHead, PlayerAnalysis, PlayerMatch, PlayerPage, PlayerRating,
    RECENT_MATCHES,
};
pub use refusal::WebRefusal;
pub use revoke::{RevokeTarget, Revoked, Rights};

use crate::Actor;
use crate::Attachment;
use crate::Club;
use crate::ClubError;
use crate::CommunityId;
use crate::MatchNo;
use crate::Outcome;
use crate::PlayerId;
use engine::Ruleset;
use render::Scene;
use render::{PrHistory, RatingHistory};
use std::collections::HashMap;

/// The read side of the web pages, reached through [`Club::web`]: link tokens (made,
/// resolved, revoked) and what each page shows.
#[derive(Clone, Copy)]
pub struct Web<'c> {
    club: &'c Club,
}

impl Club {
    /// The web pages' reads and links.
    #[must_use]
    pub fn web(&self) -> Web<'_> {
        Web { club: self }
    }
}

impl Web<'_> {
    // chouette
    /// The page of chouette session `id`.
    ///
    /// # Errors
    /// No such session, a log that does not replay, or a database error.
    pub async fn chouette_page(&self, id: i64) -> Result<ChouettePage, ClubError> {
        chouette::chouette_page(self.club, id).await
    }

    /// The board of chouette session `id` at step `n` of its replay, if there is one.
    ///
    /// # Errors
    /// As for [`Web::chouette_page`](crate::Web::chouette_page).
    pub async fn chouette_frame(&self, id: i64, n: usize) -> Result<Option<Scene>, ClubError> {
        chouette::chouette_frame(self.club, id, n).await
    }

    /// Session `id`'s version (bumped by every change) and whether it has ended
    /// (everyone left), if it exists.
    ///
    /// # Errors
    /// A database error, or a state that does not read.
    pub async fn chouette_version(&self, id: i64) -> Result<Option<ChouetteVersion>, ClubError> {
        chouette::chouette_version(self.club, id).await
    }

    // league
    /// The token of league `league`'s web page, made now if it has none.
    ///
    /// # Errors
    /// No such league, or a database error.
    pub async fn league_link(&self, league: i64) -> Result<String, ClubError> {
        league::league_link(self.club, league).await
    }

    /// The token of community `community`'s leaderboard page, made now if it has none
    /// (the id typed, or the store's row id).
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard_link(
        &self,
        community: impl Into<CommunityId>,
    ) -> Result<String, ClubError> {
        league::leaderboard_link(self.club, community.into().get()).await
    }

    /// The token of the page `page` names.
    ///
    /// # Errors
    /// No such league, or a database error.
    pub async fn web_page_link(&self, page: WebPage) -> Result<String, ClubError> {
        league::web_page_link(self.club, page).await
    }

    /// The league page whose token is `token`, if any.
    ///
    /// # Errors
    /// A database error, or a league that cannot be read.
    pub async fn resolve_league_link(&self, token: &str) -> Result<Option<LeaguePage>, ClubError> {
        league::resolve_league_link(self.club, token).await
    }

    /// The stamp of the league page whose token is `token` (`None`: the token finds
    /// nothing): read cheaply, it changes whenever the page would (the web page cache).
    ///
    /// # Errors
    /// A database error.
    pub async fn league_link_stamp(&self, token: &str) -> Result<Option<PageStamp>, ClubError> {
        league::league_link_stamp(self.club, token).await
    }

    /// [`Web::league_link_stamp`](crate::Web::league_link_stamp) of league `league` under the public key `key`.
    ///
    /// # Errors
    /// A database error.
    pub async fn public_league_stamp(
        &self,
        key: &str,
        league: i64,
    ) -> Result<Option<PageStamp>, ClubError> {
        league::public_league_stamp(self.club, key, league).await
    }

    /// The bracket of season `season` of the knockout whose page's token is `token`, for
    /// the renderer; `None` for no such league, season or knockout.
    ///
    /// # Errors
    /// A database error.
    pub async fn league_link_bracket(
        &self,
        token: &str,
        season: i64,
    ) -> Result<Option<render::Bracket>, ClubError> {
        league::league_link_bracket(self.club, token, season).await
    }

    /// The leaderboard page whose token is `token`, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn resolve_leaderboard_link(
        &self,
        token: &str,
    ) -> Result<Option<LeaderboardPage>, ClubError> {
        league::resolve_leaderboard_link(self.club, token).await
    }

    /// The stamp of the leaderboard page whose token is `token` (`None`: the token finds
    /// nothing), as [`Web::league_link_stamp`](crate::Web::league_link_stamp).
    ///
    /// # Errors
    /// A database error.
    pub async fn leaderboard_link_stamp(
        &self,
        token: &str,
    ) -> Result<Option<PageStamp>, ClubError> {
        league::leaderboard_link_stamp(self.club, token).await
    }

    /// The stamp of the leaderboard under the public key `key`, as
    /// [`Web::league_link_stamp`](crate::Web::league_link_stamp).
    ///
    /// # Errors
    /// A database error.
    pub async fn public_leaderboard_stamp(
        &self,
        key: &str,
    ) -> Result<Option<PageStamp>, ClubError> {
        league::public_leaderboard_stamp(self.club, key).await
    }

    /// Turns the public address of `actor`'s server on (its key: the one it had, or a new
    /// one) or off (`None`; its addresses then find nothing). Who may is the adapter's
    /// to check (Discord: Manage Server), as for the server's other settings.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_web_public(
        &self,
        actor: &Actor,
        on: bool,
    ) -> Result<Option<String>, ClubError> {
        league::set_web_public(self.club, actor, on).await
    }

    /// The public key of `actor`'s server, when its pages are public.
    ///
    /// # Errors
    /// A database error.
    pub async fn web_public(&self, actor: &Actor) -> Result<Option<String>, ClubError> {
        league::web_public(self.club, actor).await
    }

    /// The index of the public pages under `key`: the server's leagues.
    ///
    /// # Errors
    /// A database error.
    pub async fn public_index(&self, key: &str) -> Result<Option<PublicIndex>, ClubError> {
        league::public_index(self.club, key).await
    }

    /// The page of league `league` under the public key `key` (`None` when the key finds
    /// nothing or the league is another server's).
    ///
    /// # Errors
    /// A database error.
    pub async fn public_league(
        &self,
        key: &str,
        league: i64,
    ) -> Result<Option<LeaguePage>, ClubError> {
        league::public_league(self.club, key, league).await
    }

    /// [`Web::league_link_bracket`](crate::Web::league_link_bracket) under a public key.
    ///
    /// # Errors
    /// A database error.
    pub async fn public_league_bracket(
        &self,
        key: &str,
        league: i64,
        season: i64,
    ) -> Result<Option<render::Bracket>, ClubError> {
        league::public_league_bracket(self.club, key, league, season).await
    }

    /// The leaderboard under the public key `key`.
    ///
    /// # Errors
    /// A database error.
    pub async fn public_leaderboard(
        &self,
        key: &str,
    ) -> Result<Option<LeaderboardPage>, ClubError> {
        league::public_leaderboard(self.club, key).await
    }

    // links
    /// The tokens of `kind`'s `targets` (ids the store has, as a league's matches or a
    /// leaderboard's players), made now for those that have none, in one transaction.
    ///
    /// # Errors
    /// No randomness, or a database error.
    pub(crate) async fn links_for(
        &self,
        kind: &str,
        targets: &[i64],
    ) -> Result<HashMap<i64, String>, ClubError> {
        links::links_for(self.club, kind, targets).await
    }

    /// The token of match `match_id`'s web page, made now if it has none.
    ///
    /// # Errors
    /// No such match, or a database error.
    pub async fn match_link(&self, match_id: MatchNo) -> Result<String, ClubError> {
        links::match_link(self.club, match_id.get()).await
    }

    /// Revokes match `match_id`'s web link: a new token replaces it (answered), hidden
    /// from every other page and answer, and the old one finds nothing from now on.
    ///
    /// # Errors
    /// No such match, or a database error.
    pub async fn revoke_match_link(&self, match_id: MatchNo) -> Result<String, ClubError> {
        links::revoke_match_link(self.club, match_id.get()).await
    }

    /// Revokes match `match_id`'s web link for `actor`, who must be one of its players (on
    /// the server where it is played), or a manager of that server (`manager`: Discord's
    /// Manage Server): a new token replaces it (answered), and the old one finds nothing
    /// from now on. A refusal changes nothing.
    ///
    /// # Errors
    /// No such match (or one of another server the actor does not play), the actor is no
    /// player of it (and no manager here), or a database error.
    pub async fn revoke_match_link_by(
        &self,
        actor: &Actor,
        match_id: MatchNo,
        manager: bool,
    ) -> Result<String, ClubError> {
        links::revoke_match_link_by(self.club, actor, match_id.get(), manager).await
    }

    /// The link of the page an outcome is about, in the answer to `viewer` (`None`: an
    /// answer to no one in particular, as the bot's own move): the match or chouette whose
    /// board it shows, else the one player it is about (`/rating`, `/stats`); `None` when
    /// it is about none, or about several players ([`Web::outcome_player_links`](crate::Web::outcome_player_links)),
    /// or when the link is hidden: a match's once revoked, a player's while kept private
    /// (`/web private on`) unless `viewer` is that player.
    ///
    /// # Errors
    /// A database error.
    pub async fn outcome_link(
        &self,
        out: &Outcome,
        viewer: Option<&Actor>,
    ) -> Result<Option<PageLink>, ClubError> {
        links::outcome_link(self.club, out, viewer).await
    }

    /// The pages of the players an outcome is about when it is about several (`/h2h`:
    /// both), each with the player's display name, in the outcome's order, in the answer
    /// to `viewer`; empty for one or none ([`Web::outcome_link`](crate::Web::outcome_link)
    /// gives the one). A player keeping their page private is left out unless they are
    /// `viewer`.
    ///
    /// # Errors
    /// A database error.
    pub async fn outcome_player_links(
        &self,
        out: &Outcome,
        viewer: Option<&Actor>,
    ) -> Result<Vec<(String, PageLink)>, ClubError> {
        links::outcome_player_links(self.club, out, viewer).await
    }

    /// The token of chouette session `id`'s web page, made now if it has none.
    ///
    /// # Errors
    /// No such session, or a database error.
    pub async fn chouette_link(&self, id: i64) -> Result<String, ClubError> {
        links::chouette_link(self.club, id).await
    }

    /// The chouette session whose web token is `token`, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn resolve_chouette_link(&self, token: &str) -> Result<Option<i64>, ClubError> {
        links::resolve_chouette_link(self.club, token).await
    }

    /// The match whose web token is `token`, if any: its number as the store keeps it
    /// (`MatchNo::from` it for the other reads).
    ///
    /// # Errors
    /// A database error.
    pub async fn resolve_match_link(&self, token: &str) -> Result<Option<i64>, ClubError> {
        links::resolve_match_link(self.club, token).await
    }

    // match_page
    /// The page of match `id`.
    ///
    /// # Errors
    /// No such match, a log that does not replay, or a database error.
    pub async fn match_page(&self, id: MatchNo) -> Result<MatchPage, ClubError> {
        match_page::match_page(self.club, id.get()).await
    }

    /// The board of match `id` at step `n` of its replay, if there is one.
    ///
    /// # Errors
    /// As for [`Web::match_page`](crate::Web::match_page).
    pub async fn match_frame(&self, id: MatchNo, n: usize) -> Result<Option<Scene>, ClubError> {
        match_page::match_frame(self.club, id.get(), n).await
    }

    /// The stamp of match `id`'s page (its version and players' names), if the match
    /// exists: read cheaply, it changes whenever the page would (the web page cache).
    ///
    /// # Errors
    /// A database error.
    pub async fn match_page_stamp(
        &self,
        id: MatchNo,
    ) -> Result<Option<store::PageStamp>, ClubError> {
        match_page::match_page_stamp(self.club, id.get()).await
    }

    /// Match `id`'s version (bumped by every change), if the match exists: the version
    /// alone is read, not the match.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_version(&self, id: MatchNo) -> Result<Option<i64>, ClubError> {
        match_page::match_version(self.club, id.get()).await
    }

    /// Match `id` as a file: a standard match's `.mat`, a Welsh match's record; `None`
    /// before it is accepted.
    ///
    /// # Errors
    /// No such match, a log that does not replay, or a database error.
    pub async fn match_file(&self, id: MatchNo) -> Result<Option<Attachment>, ClubError> {
        match_page::match_file(self.club, id.get()).await
    }

    /// Match `id`'s fair-dice export (as `/fair export` gives it), if it has a record.
    ///
    /// # Errors
    /// No such match, a log that does not replay, or a database error.
    pub async fn match_dice_export(&self, id: MatchNo) -> Result<Option<String>, ClubError> {
        match_page::match_dice_export(self.club, id.get()).await
    }

    /// The anchor of match `id`'s fair dice as posted before its first throw (its first
    /// chain's), if it has a record.
    ///
    /// # Errors
    /// A database error, or a record that does not read.
    pub async fn match_dice_anchor(&self, id: MatchNo) -> Result<Option<String>, ClubError> {
        match_page::match_dice_anchor(self.club, id.get()).await
    }

    // player
    /// The token of the web page of player `user` in community `community`, made now if
    /// there is none (either id typed, or the store's row id).
    ///
    /// # Errors
    /// No such player, or a database error.
    pub async fn player_link(
        &self,
        community: impl Into<CommunityId>,
        user: impl Into<PlayerId>,
    ) -> Result<String, ClubError> {
        let (community, user) = (community.into(), user.into());
        links::player_link(self.club, community.get(), user.get()).await
    }

    /// Revokes the link of `actor`'s own player page on their server: a new token replaces
    /// it (answered), kept private until `/web private off`
    /// ([`Web::set_player_private`](crate::Web::set_player_private)), and the old one finds
    /// nothing from now on.
    ///
    /// # Errors
    /// A database error.
    pub async fn revoke_player_link_by(&self, actor: &Actor) -> Result<String, ClubError> {
        player::revoke_player_link_by(self.club, actor).await
    }

    /// `/web private on|off`: keeps `actor`'s player page on their server off every other
    /// page and answer (`private`: the leaderboard, other players' pages and answers to
    /// others show the name with no link; their own answers still give it), or links it
    /// again. The link itself does not change. Answers the words to say (privately).
    ///
    /// # Errors
    /// A database error, or no randomness for a link the player did not have yet.
    pub async fn set_player_private(
        &self,
        actor: &Actor,
        private: bool,
    ) -> Result<String, ClubError> {
        player::set_player_private(self.club, actor, private).await
    }

    /// The player page whose token is `token`, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn resolve_player_link(&self, token: &str) -> Result<Option<PlayerPage>, ClubError> {
        player::resolve_player_link(self.club, token).await
    }

    /// The rating history in `ruleset` of the player whose page's token is `token`, for
    /// the page's chart; `None` for a token that finds no player, or a player without a
    /// rated match in `ruleset`.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_rating_chart(
        &self,
        token: &str,
        ruleset: Ruleset,
    ) -> Result<Option<RatingHistory>, ClubError> {
        player::player_rating_chart(self.club, token, ruleset).await
    }

    /// The PR history of the player whose page's token is `token`, for the page's PR
    /// chart; `None` for a token that finds no player, or one with no analysed standard
    /// match.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_pr_chart(&self, token: &str) -> Result<Option<PrHistory>, ClubError> {
        player::player_pr_chart(self.club, token).await
    }

    // revoke
    /// Revokes the link of `target`'s page for `actor`, whose rights on the server are
    /// `rights`: a new token replaces it (answered), and the old one finds nothing from
    /// now on. A refusal changes nothing.
    ///
    /// # Errors
    /// No such page on the actor's server, the actor may not revoke its link, or a
    /// database error.
    pub async fn revoke_link_by(
        &self,
        actor: &Actor,
        target: RevokeTarget,
        rights: &Rights,
    ) -> Result<Revoked, ClubError> {
        revoke::revoke_link_by(self.club, actor, target, rights).await
    }
}
