//! The league side of the club's sweep: seasons that start by themselves (`recur`),
//! results followed up, the season deadline's reminders to players with unplayed
//! fixtures, the organiser told once it has passed.

use super::terms::{League, days};
use crate::duration_words;
use crate::{Club, ClubError, Notice};
use std::collections::HashMap;
use store::{FixtureRow, PlayerRow};

/// The league side of the sweep: what follows results (restart-safe), the season
/// deadline's reminders to players with unplayed fixtures, and the organiser told of
/// unfinished matches once the deadline has passed.
pub(super) async fn league_sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    // Seasons that start by themselves (recurring, or a check-in closed).
    // Their news is written right after each start's commits (not in them).
    let mut notices = super::recur::start_due(club).await?;
    club.owe(&notices).await?;
    for row in club.store.running_leagues().await? {
        let id = row.id;
        let lines = match super::advance::advance_league(club, id).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(league = id, error = %e, "cannot advance a league");
                continue;
            }
        };
        let entrants = club.store.league_entrants(id).await?;
        let by_id: HashMap<i64, &PlayerRow> =
            entrants.iter().map(|e| (e.player.id, &e.player)).collect();
        if !lines.is_empty() {
            if let Some(o) = by_id.get(&row.organiser) {
                // Written right after the league's advance (not in its commits).
                let news = Notice {
                    match_id: crate::MatchNo::from(0),
                    channel: row.channel.clone(),
                    user_id: o.platform_id.clone(),
                    dm: false,
                    text: lines.join("\n"),
                };
                club.owe(std::slice::from_ref(&news)).await?;
                notices.push(news);
            }
        }
        let Some(season) = club.store.league_season(id, row.season).await? else {
            continue;
        };
        if season.status != "running" {
            continue;
        }
        let Ok(league) = League::read(row) else {
            continue;
        };
        let open: Vec<FixtureRow> = club
            .store
            .league_fixtures(id, season.season)
            .await?
            .into_iter()
            .filter(|f| f.status == "playing")
            .collect();
        let left = season.deadline_at - now;
        let [first, second] = league.settings.remind_days;
        let bits = if left <= 0 {
            4
        } else if second > 0 && left <= days(second) {
            3
        } else if first > 0 && left <= days(first) {
            1
        } else {
            0
        };
        if bits == 0 || season.reminded & bits == bits {
            continue;
        }
        // The reminders, written with their mark in its transaction.
        let told = if bits == 4 {
            let ids: Vec<String> = open
                .iter()
                .filter_map(|f| f.match_id.map(|m| format!("#{m}")))
                .collect();
            match (by_id.get(&league.row.organiser), ids.is_empty()) {
                (Some(o), false) => vec![Notice {
                    match_id: crate::MatchNo::from(0),
                    channel: league.row.channel.clone(),
                    user_id: o.platform_id.clone(),
                    dm: o.notify_dm,
                    text: format!(
                        "League {} season {}: the deadline has passed with {} unfinished ({}); the clock forfeits whoever runs out, report the others with /league result",
                        league.row.name,
                        season.season,
                        ids.len(),
                        ids.join(", ")
                    ),
                }],
                _ => Vec::new(),
            }
        } else {
            let mut told = Vec::new();
            for f in &open {
                for p in f.players.iter().flatten() {
                    let Some(player) = by_id.get(p) else { continue };
                    told.push(Notice {
                        match_id: f.match_id.unwrap_or(0).into(),
                        channel: league.row.channel.clone(),
                        user_id: player.platform_id.clone(),
                        dm: player.notify_dm,
                        text: format!(
                            "Reminder: {}, league {} season {} ends in {}; your match #{} is unfinished",
                            player.display_name,
                            league.row.name,
                            season.season,
                            duration_words(left),
                            f.match_id.unwrap_or(0)
                        ),
                    });
                }
            }
            told
        };
        let owed = crate::outbox::rows::owed_rows(&told);
        if club
            .store
            .mark_season_reminded(id, season.season, bits & !season.reminded, &owed, now)
            .await?
        {
            notices.extend(told);
        }
    }
    Ok(notices)
}
