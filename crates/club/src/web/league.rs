//! The web companion's league and leaderboard pages (`docs/web.md`), and a server's
//! public address.
//!
//! - A league's page is reached through one unguessable token per league (kept in
//!   `web_links` with kind `league`, target the league's id), a server's leaderboard
//!   through one per server (kind `leaderboard`, target the community's id); both made
//!   when first asked for, like a match's.
//! - `/server web:public` gives the server a public key (kind `public`, target the
//!   community's id): under it, the index of the server's leagues, each league's page
//!   and the leaderboard. Turning it off removes the key: its addresses then find
//!   nothing. Turning it on again gives a new key.
//!
//! The pages show display names, league names and match numbers; never a server's,
//! channel's or player's Discord id.

use std::collections::{HashMap, HashSet};

use engine::Ruleset;
use engine::rating::format_rating;
use store::FixtureRow;
pub use store::PageStamp;

use crate::league::standings::Points;
use crate::league::{League, TableLine, division_table, fixture_line};
use crate::web::links::player_kind;
use crate::web::links::{MATCH, is_token, new_token};
use crate::web::refusal::WebRefusal;
use crate::{Actor, Club, ClubError, spec_words};

/// The store's kind for league links (target: the league's id).
pub(crate) const LEAGUE: &str = "league";
/// The store's kind for leaderboard links (target: the community's id).
pub(crate) const LEADERBOARD: &str = "leaderboard";
/// The store's kind for a server's public key (target: the community's id).
const PUBLIC: &str = "public";

/// The most players a leaderboard page lists per ruleset.
pub const LEADERBOARD_PAGE_ROWS: u32 = 200;

/// The rulesets a leaderboard page shows, in order.
const RULESETS: [Ruleset; 2] = [Ruleset::Standard, Ruleset::Welsh];

/// A web page an answer is about, beside its match's (which `Outcome::match_id` names):
/// the adapters link to it when the web pages are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebPage {
    /// The page of league `id`.
    League(i64),
    /// The leaderboard of community `id`.
    Leaderboard(crate::CommunityId),
}

/// A league as its page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaguePage {
    pub name: String,
    /// The format in words (`round robin`, `knockout`, ...).
    pub format: String,
    /// The match terms in words, as `/league standings` writes them.
    pub terms: String,
    /// `signup`, `running` or `finished`.
    pub status: String,
    pub knockout: bool,
    /// Entrants (entered or withdrawn).
    pub entrants: usize,
    /// The tie-breaks and the points, in words.
    pub rules: String,
    /// Each season, the newest first.
    pub seasons: Vec<SeasonPage>,
}

/// One season of a league.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonPage {
    pub season: i64,
    /// `running` or `finished`.
    pub status: String,
    /// The table of each division (the top one first), as `/league standings` reads it
    /// (none in a knockout).
    pub divisions: Vec<Vec<TableLine>>,
    /// Every fixture, in the words of `/league fixtures`, with its match page's token.
    pub fixtures: Vec<FixtureLink>,
}

/// A fixture: its words and, once it has a match, the token of the match's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureLink {
    pub text: String,
    pub token: Option<String>,
}

/// A server's leaderboard as its page shows it. The server's stored name is not shown:
/// on Discord it is made from the server's id.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage {
    /// Players need this experience to be listed (as on `/leaderboard`).
    pub min_experience: u32,
    /// One table per ruleset.
    pub boards: Vec<RulesetBoard>,
}

/// The leaderboard of one ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesetBoard {
    pub ruleset: Ruleset,
    pub rows: Vec<LeaderLine>,
}

/// One player on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderLine {
    pub rank: u32,
    pub name: String,
    /// The rating as `/rating` writes it.
    pub rating: String,
    pub experience: u32,
    pub won: u32,
    pub lost: u32,
    /// The token of the player's page; `None` while the player keeps it private (the name
    /// is then shown with no link).
    pub player: Option<String>,
    /// gnubg's PR over his last analysed matches here with its 95% interval (`5.2 ±1.3`),
    /// standard only, once he has enough of them (as `/leaderboard`'s column).
    pub pr: Option<String>,
}

/// The index of a server's public pages (without the server's stored name, made from
/// its id on Discord).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicIndex {
    /// Each league: its id and name.
    pub leagues: Vec<(i64, String)>,
}

/// The token of `kind`'s `target`, made now if there is none.
async fn web_link_of(club: &Club, kind: &str, target: i64) -> Result<String, ClubError> {
    if let Some(t) = club.store.web_token(kind, target).await? {
        return Ok(t);
    }
    let token = new_token()?;
    Ok(club
        .store
        .insert_web_token(kind, target, &token, club.clock.now())
        .await?)
}

/// The token of league `league`'s web page, made now if it has none.
pub(super) async fn league_link(club: &Club, league: i64) -> Result<String, ClubError> {
    if club.store.league(league).await?.is_none() {
        return Err(WebRefusal::NoLeague { league }.into());
    }
    web_link_of(club, LEAGUE, league).await
}

/// The token of community `community`'s leaderboard page, made now if it has none.
pub(super) async fn leaderboard_link(club: &Club, community: i64) -> Result<String, ClubError> {
    web_link_of(club, LEADERBOARD, community).await
}

/// The token of the page `page` names.
pub(super) async fn web_page_link(club: &Club, page: WebPage) -> Result<String, ClubError> {
    match page {
        WebPage::League(id) => league_link(club, id).await,
        WebPage::Leaderboard(c) => leaderboard_link(club, c.get()).await,
    }
}

/// The league whose page's token is `token`, if any.
async fn league_of_link(club: &Club, token: &str) -> Result<Option<League>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    let Some(id) = club.store.web_target(LEAGUE, token).await? else {
        return Ok(None);
    };
    match club.store.league(id).await? {
        Some(row) => Ok(Some(League::read(row)?)),
        None => Ok(None),
    }
}

/// The league page whose token is `token`, if any.
pub(super) async fn resolve_league_link(
    club: &Club,
    token: &str,
) -> Result<Option<LeaguePage>, ClubError> {
    match league_of_link(club, token).await? {
        Some(l) => Ok(Some(league_page(club, &l).await?)),
        None => Ok(None),
    }
}

/// The stamp of the league page whose token is `token` (`None`: the token finds
/// nothing): read cheaply, it changes whenever the page would (the web page cache).
pub(super) async fn league_link_stamp(
    club: &Club,
    token: &str,
) -> Result<Option<PageStamp>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    match club.store.web_target(LEAGUE, token).await? {
        Some(id) => Ok(club.store.league_page_stamp(id).await?),
        None => Ok(None),
    }
}

/// [`Web::league_link_stamp`](crate::Web::league_link_stamp) of league `league` under the public key `key`.
pub(super) async fn public_league_stamp(
    club: &Club,
    key: &str,
    league: i64,
) -> Result<Option<PageStamp>, ClubError> {
    let Some(c) = public_community(club, key).await? else {
        return Ok(None);
    };
    match club.store.league(league).await? {
        Some(row) if row.community_id == c => Ok(club.store.league_page_stamp(league).await?),
        _ => Ok(None),
    }
}

/// The bracket of season `season` of the knockout whose page's token is `token`, for
/// the renderer; `None` for no such league, season or knockout.
pub(super) async fn league_link_bracket(
    club: &Club,
    token: &str,
    season: i64,
) -> Result<Option<render::Bracket>, ClubError> {
    match league_of_link(club, token).await? {
        Some(l) => season_bracket(club, l, season).await,
        None => Ok(None),
    }
}

/// The leaderboard page whose token is `token`, if any.
pub(super) async fn resolve_leaderboard_link(
    club: &Club,
    token: &str,
) -> Result<Option<LeaderboardPage>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    match club.store.web_target(LEADERBOARD, token).await? {
        Some(c) => Ok(Some(leaderboard_page(club, c).await?)),
        None => Ok(None),
    }
}

/// The stamp of the leaderboard page whose token is `token` (`None`: the token finds
/// nothing), as [`Web::league_link_stamp`](crate::Web::league_link_stamp).
pub(super) async fn leaderboard_link_stamp(
    club: &Club,
    token: &str,
) -> Result<Option<PageStamp>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    match club.store.web_target(LEADERBOARD, token).await? {
        Some(c) => Ok(Some(club.store.leaderboard_page_stamp(c).await?)),
        None => Ok(None),
    }
}

/// The stamp of the leaderboard under the public key `key`, as
/// [`Web::league_link_stamp`](crate::Web::league_link_stamp).
pub(super) async fn public_leaderboard_stamp(
    club: &Club,
    key: &str,
) -> Result<Option<PageStamp>, ClubError> {
    match public_community(club, key).await? {
        Some(c) => Ok(Some(club.store.leaderboard_page_stamp(c).await?)),
        None => Ok(None),
    }
}

/// Turns the public address of `actor`'s server on (its key: the one it had, or a new
/// one) or off (`None`; its addresses then find nothing). Who may is the adapter's
/// to check (Discord: Manage Server), as for the server's other settings.
pub(super) async fn set_web_public(
    club: &Club,
    actor: &Actor,
    on: bool,
) -> Result<Option<String>, ClubError> {
    let (_, community) = club.me(actor).await?;
    if on {
        let key = web_link_of(club, PUBLIC, community).await?;
        tracing::info!(community, "web pages public");
        Ok(Some(key))
    } else {
        if club.store.delete_web_token(PUBLIC, community).await? {
            tracing::info!(community, "web pages no longer public");
        }
        Ok(None)
    }
}

/// The public key of `actor`'s server, when its pages are public.
pub(super) async fn web_public(club: &Club, actor: &Actor) -> Result<Option<String>, ClubError> {
    let (_, community) = club.me(actor).await?;
    Ok(club.store.web_token(PUBLIC, community).await?)
}

/// The community whose public key is `key`, if its pages are public.
async fn public_community(club: &Club, key: &str) -> Result<Option<i64>, ClubError> {
    if !is_token(key) {
        return Ok(None);
    }
    Ok(club.store.web_target(PUBLIC, key).await?)
}

/// The index of the public pages under `key`: the server's leagues.
pub(super) async fn public_index(club: &Club, key: &str) -> Result<Option<PublicIndex>, ClubError> {
    let Some(c) = public_community(club, key).await? else {
        return Ok(None);
    };
    let leagues = club
        .store
        .leagues_in(c)
        .await?
        .into_iter()
        .map(|l| (l.id, l.name))
        .collect();
    Ok(Some(PublicIndex { leagues }))
}

/// League `league` of the server whose public key is `key`, if there is one.
async fn public_league_of(
    club: &Club,
    key: &str,
    league: i64,
) -> Result<Option<League>, ClubError> {
    let Some(c) = public_community(club, key).await? else {
        return Ok(None);
    };
    match club.store.league(league).await? {
        Some(row) if row.community_id == c => Ok(Some(League::read(row)?)),
        _ => Ok(None),
    }
}

/// The page of league `league` under the public key `key` (`None` when the key finds
/// nothing or the league is another server's).
pub(super) async fn public_league(
    club: &Club,
    key: &str,
    league: i64,
) -> Result<Option<LeaguePage>, ClubError> {
    match public_league_of(club, key, league).await? {
        Some(l) => Ok(Some(league_page(club, &l).await?)),
        None => Ok(None),
    }
}

/// [`Web::league_link_bracket`](crate::Web::league_link_bracket) under a public key.
pub(super) async fn public_league_bracket(
    club: &Club,
    key: &str,
    league: i64,
    season: i64,
) -> Result<Option<render::Bracket>, ClubError> {
    match public_league_of(club, key, league).await? {
        Some(l) => season_bracket(club, l, season).await,
        None => Ok(None),
    }
}

/// The leaderboard under the public key `key`.
pub(super) async fn public_leaderboard(
    club: &Club,
    key: &str,
) -> Result<Option<LeaderboardPage>, ClubError> {
    match public_community(club, key).await? {
        Some(c) => Ok(Some(leaderboard_page(club, c).await?)),
        None => Ok(None),
    }
}

/// The bracket picture of season `season` of knockout `league`.
async fn season_bracket(
    club: &Club,
    mut league: League,
    season: i64,
) -> Result<Option<render::Bracket>, ClubError> {
    if league.format != crate::Format::Knockout || season < 1 || season > league.row.season {
        return Ok(None);
    }
    league.row.season = season;
    Ok(Some(club.bracket_picture(&league).await?))
}

/// What the page of `league` shows.
async fn league_page(club: &Club, league: &League) -> Result<LeaguePage, ClubError> {
    let id = league.row.id;
    let entrants = club.store.league_entrants(id).await?;
    let names: HashMap<i64, String> = entrants
        .iter()
        .map(|e| (e.player.id, e.player.display_name.clone()))
        .collect();
    let withdrawn: HashSet<i64> = entrants
        .iter()
        .filter(|e| e.status == "withdrawn")
        .map(|e| e.player.id)
        .collect();
    let points = Points {
        win: league.settings.win_points,
        loss: league.settings.loss_points,
    };
    let knockout = league.format == crate::Format::Knockout;
    let mut seasons = Vec::new();
    for season in (1..=league.row.season).rev() {
        let status = club
            .store
            .league_season(id, season)
            .await?
            .map(|s| s.status)
            .unwrap_or_default();
        let fixtures = club.store.league_fixtures(id, season).await?;
        let mut divisions = Vec::new();
        if !knockout {
            let places = club.store.league_places(id, season).await?;
            let count = places.iter().map(|p| p.division).max().unwrap_or(1);
            for d in 1..=count {
                let rows = division_table(league.format, &places, d, &fixtures, &withdrawn, points);
                divisions.push(
                    rows.into_iter()
                        .map(|row| TableLine {
                            name: names.get(&row.player).cloned().unwrap_or_default(),
                            row,
                        })
                        .collect(),
                );
            }
        }
        let fixtures = fixture_links(club, league, season, &fixtures, &names).await?;
        seasons.push(SeasonPage {
            season,
            status,
            divisions,
            fixtures,
        });
    }
    let difference = match league.spec.ruleset {
        Ruleset::Welsh => "games",
        Ruleset::Standard => "points",
    };
    Ok(LeaguePage {
        name: league.row.name.clone(),
        format: league.format.words().to_string(),
        terms: spec_words(&league.spec),
        status: league.row.status.clone(),
        knockout,
        entrants: entrants.len(),
        rules: format!(
            "A win scores {}, a loss {}. Ties: points, head to head (H2H), Sonneborn-Berger (SB), {difference} difference (Diff), then the order of entry.",
            plural(points.win, "point"),
            plural(points.loss, "point")
        ),
        seasons,
    })
}

/// A season's fixtures in words with their match pages' tokens (made for the
/// matches that have none).
async fn fixture_links(
    club: &Club,
    league: &League,
    season: i64,
    fixtures: &[FixtureRow],
    names: &HashMap<i64, String>,
) -> Result<Vec<FixtureLink>, ClubError> {
    let causes = club
        .store
        .league_match_causes(league.row.id, season)
        .await?;
    let ids: Vec<i64> = fixtures.iter().filter_map(|f| f.match_id).collect();
    let mut tokens = super::links::links_for(club, MATCH, &ids).await?;
    let mut season_league = league.clone();
    season_league.row.season = season;
    let name = |p: Option<i64>| {
        p.and_then(|p| names.get(&p).cloned())
            .unwrap_or_else(|| "(to come)".into())
    };
    let mut out = Vec::with_capacity(fixtures.len());
    for f in fixtures {
        let token = f.match_id.and_then(|m| tokens.remove(&m));
        let cause = f.match_id.and_then(|m| causes.get(&m));
        out.push(FixtureLink {
            text: fixture_line(&season_league, f, fixtures, &name, cause),
            token,
        });
    }
    Ok(out)
}

/// What the leaderboard page of community `community` shows.
async fn leaderboard_page(club: &Club, community: i64) -> Result<LeaderboardPage, ClubError> {
    let kind = player_kind(community);
    // The PR column (standard only: gnubg's PR), for players with enough analysed matches.
    let prs = crate::analysis::pr_history::all_prs(club, community).await?;
    let pr_of = |ruleset: Ruleset, player: i64| {
        if ruleset != Ruleset::Standard {
            return None;
        }
        prs.get(&player)
            .and_then(|m| crate::analysis::pr::pr_summary(m))
            .filter(|s| s.matches >= crate::analysis::pr::PR_MIN_MATCHES)
            .and_then(|s| s.half_width.map(|h| format!("{:.1} \u{b1}{h:.1}", s.pr)))
    };
    let mut boards = Vec::new();
    for ruleset in RULESETS {
        let rows = club
            .store
            .leaderboard(
                community,
                ruleset,
                club.leaderboard_min_experience,
                LEADERBOARD_PAGE_ROWS,
            )
            .await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.player_id).collect();
        let mut tokens = super::links::links_for(club, &kind, &ids).await?;
        let mut lines = Vec::with_capacity(rows.len());
        for (r, rank) in rows.into_iter().zip(1u32..) {
            // A player keeping their page private has no token here.
            let player = tokens.remove(&r.player_id);
            let pr = pr_of(ruleset, r.player_id);
            lines.push(LeaderLine {
                rank,
                name: r.name,
                rating: format_rating(r.rating.value),
                experience: r.rating.experience,
                won: r.won,
                lost: r.lost,
                player,
                pr,
            });
        }
        boards.push(RulesetBoard {
            ruleset,
            rows: lines,
        });
    }
    Ok(LeaderboardPage {
        min_experience: club.leaderboard_min_experience,
        boards,
    })
}

/// `n` with the noun, in the plural unless it is one ("1 point", "0 points").
fn plural(n: i64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
