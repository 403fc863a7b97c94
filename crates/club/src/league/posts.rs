//! What a chat platform needs to post a league's matches: each match under way with its
//! two players (to mention them), and the move of a league match into its own thread;
//! for a season the sweep started, the matches owed a thread each.

use super::tables::round_name;
use super::terms::League;
use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::LeagueRefusal;
use crate::Notice;
use std::collections::HashMap;

/// A league match under way, as a platform posts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaguePost {
    pub league: String,
    pub match_id: crate::MatchNo,
    /// The players' ids on the platform, X then O (for mentions).
    pub user_ids: [String; 2],
    pub names: [String; 2],
    /// "round 1", "the final", ...
    pub round: String,
    /// The match's channel now.
    pub channel: String,
}

/// The matches under way in the league's current season, in fixture order (at the
/// start: every match it started).
pub(super) async fn league_posts(
    club: &Club,
    actor: &Actor,
    league: Option<&str>,
) -> Result<Vec<LeaguePost>, ClubError> {
    let (_, community) = club.me(actor).await?;
    let league = super::record::find_league(club, community, league).await?;
    posts_of(club, &league).await
}

/// The matches under way in `league`'s current season, in fixture order.
async fn posts_of(club: &Club, league: &League) -> Result<Vec<LeaguePost>, ClubError> {
    let fixtures = club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?;
    let players: HashMap<i64, (String, String)> = club
        .store
        .league_entrants(league.row.id)
        .await?
        .into_iter()
        .map(|e| (e.player.id, (e.player.platform_id, e.player.display_name)))
        .collect();
    let mut out = Vec::new();
    for f in fixtures.iter().filter(|f| f.status == "playing") {
        let (Some(id), [Some(x), Some(o)]) = (f.match_id, f.players) else {
            continue;
        };
        let (Some(px), Some(po)) = (players.get(&x), players.get(&o)) else {
            continue;
        };
        let channel = club
            .store
            .load_match(id)
            .await?
            .map(|m| m.channel)
            .unwrap_or_default();
        out.push(LeaguePost {
            league: league.row.name.clone(),
            match_id: id.into(),
            user_ids: [px.0.clone(), po.0.clone()],
            names: [px.1.clone(), po.1.clone()],
            round: round_name(league.format, f.round, &fixtures),
            channel,
        });
    }
    Ok(out)
}

/// A season the sweep started (a recurring league's, a knockout's after its
/// check-in) in a server that keeps a thread per match: its matches are owed a
/// thread each, which the platform makes (owed in the outbox: `league_threads_owed`), as
/// `/league start` has the adapter do at once. The players are then told in the
/// match's thread, not each in the league's channel.
async fn owe_posts(club: &Club, league: &League) -> Result<bool, ClubError> {
    if !club.store.match_threads(league.row.community_id).await? {
        return Ok(false);
    }
    let row = crate::outbox::rows::threads_row(league.row.id, &league.row.channel);
    club.store.owe(&[row], club.clock.now()).await?;
    Ok(true)
}

/// The matches of league `id`'s season that the sweep started, in a server that keeps
/// a thread per match, still in the league's channel (those already moved into their
/// thread are left out, so that posting again after a restart makes no second thread):
/// the platform makes a thread for each, moves the match there
/// ([`Club::move_owed_league_match`]) and mentions both players in it. Owed in the
/// outbox, written as the sweep starts the season.
pub(super) async fn league_threads_owed(
    club: &Club,
    id: i64,
) -> Result<Vec<LeaguePost>, ClubError> {
    let Some(row) = club.store.league(id).await? else {
        return Ok(Vec::new());
    };
    let league = League::read(row)?;
    let channel = league.row.channel.clone();
    Ok(posts_of(club, &league)
        .await?
        .into_iter()
        .filter(|p| p.channel == channel)
        .collect())
}

/// Moves league match `match_id`, still in its league's channel, into its own thread
/// (`channel`): a season the sweep started, posted by the platform.
pub(super) async fn move_owed_league_match(
    club: &Club,
    match_id: i64,
    channel: &str,
) -> Result<(), ClubError> {
    let league = match club.store.fixture_of_match(match_id).await? {
        Some((l, _)) => club.store.league(l).await?,
        None => None,
    };
    let here = club.store.load_match(match_id).await?.map(|m| m.channel);
    match (league, here) {
        (Some(l), Some(here)) if here == l.channel => {
            club.store.set_channel(match_id, channel).await?;
            Ok(())
        }
        _ => Err(LeagueRefusal::NotWaitingInChannel { id: match_id }.into()),
    }
}

/// Moves a match of the league into its own thread (`channel`): the league's
/// organiser's part when its matches are posted.
pub(super) async fn move_league_match(
    club: &Club,
    actor: &Actor,
    league: Option<&str>,
    match_id: i64,
    channel: &str,
) -> Result<(), ClubError> {
    let (_, community) = club.me(actor).await?;
    let league = super::record::find_league(club, community, league).await?;
    match club.store.fixture_of_match(match_id).await? {
        Some((l, _)) if l == league.row.id => {
            club.store.set_channel(match_id, channel).await?;
            Ok(())
        }
        _ => Err(LeagueRefusal::NotOfLeague {
            id: match_id,
            league: league.row.name.clone(),
        }
        .into()),
    }
}

/// Each player of a season the sweep started told of his matches, mentioned in the
/// league's channel (and by direct message when he asked for it). In a server that
/// keeps a thread per match the matches are owed a thread each, where the platform
/// mentions both players ([`Club::owe_posts`]): then only the direct messages.
pub(super) async fn match_notices(club: &Club, league: &League) -> Result<Vec<Notice>, ClubError> {
    let Some(row) = club.store.league(league.row.id).await? else {
        return Ok(Vec::new());
    };
    let threads = super::posts::owe_posts(club, league).await?;
    let fixtures = club.store.league_fixtures(row.id, row.season).await?;
    let players: HashMap<i64, store::PlayerRow> = club
        .store
        .league_entrants(row.id)
        .await?
        .into_iter()
        .map(|e| (e.player.id, e.player))
        .collect();
    let mut notices = Vec::new();
    for f in fixtures.iter().filter(|f| f.status == "playing") {
        let (Some(m), [Some(x), Some(o)]) = (f.match_id, f.players) else {
            continue;
        };
        for (me, them) in [(x, o), (o, x)] {
            let (Some(p), Some(q)) = (players.get(&me), players.get(&them)) else {
                continue;
            };
            if threads && !p.notify_dm {
                continue;
            }
            notices.push(Notice {
                match_id: m.into(),
                channel: if threads {
                    String::new()
                } else {
                    row.channel.clone()
                },
                user_id: p.platform_id.clone(),
                dm: p.notify_dm,
                text: format!(
                    "League {} season {}: your match #{m} against {} starts now; /board #{m} shows it",
                    row.name, row.season, q.display_name
                ),
            });
        }
    }
    Ok(notices)
}
