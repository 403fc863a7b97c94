//! What a chat platform needs to post a league's matches: each match under way with its
//! two players (to mention them), and the move of a league match into its own thread.

use std::collections::HashMap;

use super::tables::round_name;
use crate::{Actor, Club, ClubError};

/// A league match under way, as a platform posts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaguePost {
    pub league: String,
    pub match_id: i64,
    /// The players' ids on the platform, X then O (for mentions).
    pub user_ids: [String; 2],
    pub names: [String; 2],
    /// "round 1", "the final", ...
    pub round: String,
    /// The match's channel now.
    pub channel: String,
}

impl Club {
    /// The matches under way in the league's current season, in fixture order (at the
    /// start: every match it started).
    ///
    /// # Errors
    /// No such league, or a database error.
    pub async fn league_posts(
        &self,
        actor: &Actor,
        league: Option<&str>,
    ) -> Result<Vec<LeaguePost>, ClubError> {
        let (_, community) = self.me(actor).await?;
        let league = self.find_league(community, league).await?;
        let fixtures = self
            .store
            .league_fixtures(league.row.id, league.row.season)
            .await?;
        let players: HashMap<i64, (String, String)> = self
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
            let channel = self
                .store
                .load_match(id)
                .await?
                .map(|m| m.channel)
                .unwrap_or_default();
            out.push(LeaguePost {
                league: league.row.name.clone(),
                match_id: id,
                user_ids: [px.0.clone(), po.0.clone()],
                names: [px.1.clone(), po.1.clone()],
                round: round_name(league.format, f.round, &fixtures),
                channel,
            });
        }
        Ok(out)
    }

    /// Moves a match of the league into its own thread (`channel`): the league's
    /// organiser's part when its matches are posted.
    ///
    /// # Errors
    /// A match that is not the league's, or a database error.
    pub async fn move_league_match(
        &self,
        actor: &Actor,
        league: Option<&str>,
        match_id: i64,
        channel: &str,
    ) -> Result<(), ClubError> {
        let (_, community) = self.me(actor).await?;
        let league = self.find_league(community, league).await?;
        match self.store.fixture_of_match(match_id).await? {
            Some((l, _)) if l == league.row.id => {
                self.store.set_channel(match_id, channel).await?;
                Ok(())
            }
            _ => Err(ClubError::Refused(format!(
                "match #{match_id} is not a match of league {}",
                league.row.name
            ))),
        }
    }
}
