//! A finished league match announced in the league's channel: who beat whom, and the
//! table as it now stands in one line (a knockout: who goes through).

use super::advance::{division_table, round_name};
use super::standings::Points;
use super::{Format, League};
use crate::Club;
use std::collections::{HashMap, HashSet};

impl Club {
    /// The announcement of league match `match_id`'s result, once its end is committed:
    /// the league's channel and the words; `None` for a match of no league.
    pub(crate) async fn league_result(&self, match_id: i64) -> Option<(String, String)> {
        match self.league_result_words(match_id).await {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!(match_id, error = %e, "league result not announced");
                None
            }
        }
    }

    async fn league_result_words(
        &self,
        match_id: i64,
    ) -> Result<Option<(String, String)>, crate::ClubError> {
        let Some((league_id, fixture)) = self.store.fixture_of_match(match_id).await? else {
            return Ok(None);
        };
        let Some(row) = self.store.league(league_id).await? else {
            return Ok(None);
        };
        let league = League::read(row)?;
        let (Some(winner), [Some(x), Some(o)]) = (fixture.winner, fixture.players) else {
            return Ok(None);
        };
        let entrants = self.store.league_entrants(league_id).await?;
        let names: HashMap<i64, String> = entrants
            .iter()
            .map(|e| (e.player.id, e.player.display_name.clone()))
            .collect();
        let name = |p: i64| names.get(&p).cloned().unwrap_or_else(|| "?".into());
        let loser = if winner == x { o } else { x };
        let season = league.row.season;
        let fixtures = self.store.league_fixtures(league_id, season).await?;
        let how = match fixture.how.as_deref() {
            Some("forfeit") => " by forfeit",
            Some("adjudicated") => " by adjudication",
            _ => "",
        };
        let mut text = format!(
            "League {}, {}: {} beats {}{how} (match #{match_id}).",
            league.row.name,
            round_name(league.format, fixture.round, &fixtures),
            name(winner),
            name(loser),
        );
        if league.format == Format::Knockout {
            text.push_str(&format!(" {} goes through.", name(winner)));
        } else {
            let withdrawn: HashSet<i64> = entrants
                .iter()
                .filter(|e| e.status == "withdrawn")
                .map(|e| e.player.id)
                .collect();
            let places = self.store.league_places(league_id, season).await?;
            let points = Points {
                win: league.settings.win_points,
                loss: league.settings.loss_points,
            };
            let table = division_table(&places, fixture.division, &fixtures, &withdrawn, points);
            let rows: Vec<String> = table
                .iter()
                .map(|r| {
                    let plural = if r.points == 1 { "" } else { "s" };
                    format!("{}. {} {} pt{plural}", r.rank, name(r.player), r.points)
                })
                .collect();
            text.push_str(&format!(" Standings: {}", rows.join(", ")));
        }
        Ok(Some((league.row.channel.clone(), text)))
    }
}
