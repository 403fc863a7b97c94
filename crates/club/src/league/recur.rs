//! Seasons that start by themselves: a divisions league with `recur:Nd` opens sign-up for
//! its next season when one ends (announced in its channel) and, N days later, the sweep
//! starts it with everyone signed up (promotion and relegation as between any two
//! seasons). The same sweep closes a knockout's check-in. The moment is the league's
//! `start_at`, written with the season's end, so a restart during the window loses
//! nothing; each start is one version-checked transaction, done once.

use super::entries::{LeagueEntry, entry_text};
use super::terms::{Format, League, MIN_PLAYERS, days};
use crate::kernel::phrases::{duration_words, utc_words};
use crate::{Club, ClubError, Notice};
use std::collections::HashMap;

impl Club {
    /// The end of a recurring season: the next one's sign-up opens until `now` + the
    /// window, written in `change`, with the words announcing it.
    pub(super) fn open_signup(
        league: &League,
        recur: i64,
        change: &mut store::LeagueChange,
        lines: &mut Vec<String>,
    ) -> Result<(), ClubError> {
        let next = league.row.season + 1;
        let until = change.now + days(recur);
        change.start_at = Some(until);
        change.log.push((
            None,
            entry_text(&LeagueEntry::SignupOpen {
                season: next,
                until,
            })?,
        ));
        lines.push(format!(
            "Sign-up for season {next} of {} is open: newcomers join with /league join, and whoever stops leaves with /league leave; season {next} starts by itself in {} ({}) with everyone signed up",
            league.row.name,
            duration_words(days(recur)),
            utc_words(until)
        ));
        Ok(())
    }

    /// The sweep's part for leagues whose start has come: a knockout's check-in closed
    /// (the draw from those who checked in), a recurring league's next season started
    /// (or, with too few signed up, the window opened again). A league that fails is
    /// left for the next sweep.
    pub(super) async fn start_due(&self) -> Result<Vec<Notice>, ClubError> {
        let mut notices = Vec::new();
        for row in self.store.leagues_due(self.clock.now()).await? {
            let id = row.id;
            let done = match League::read(row) {
                Ok(league) if league.checkin().is_some() => self.close_checkin(&league).await,
                Ok(league) => self.start_recurring(&league).await,
                Err(e) => Err(e),
            };
            match done {
                Ok(mut n) => notices.append(&mut n),
                Err(e) => {
                    tracing::warn!(league = id, error = %e, "league not started; the next sweep tries again")
                }
            }
        }
        Ok(notices)
    }

    /// A recurring league's sign-up window has closed: the next season starts with those
    /// signed up, or, with fewer than a season needs, the window opens again.
    async fn start_recurring(&self, league: &League) -> Result<Vec<Notice>, ClubError> {
        let now = self.clock.now();
        let announce = |text: String| Notice {
            match_id: 0,
            channel: league.row.channel.clone(),
            user_id: String::new(),
            dm: false,
            text,
        };
        let recur = match (league.format, league.settings.recur_days) {
            (Format::Divisions, Some(n)) => n,
            // The setting was taken off: the organiser starts it.
            _ => {
                let mut change = league.change(now);
                change.start_at = None;
                self.commit_league(league, &change).await?;
                return Ok(Vec::new());
            }
        };
        let entered = self
            .store
            .league_entrants(league.row.id)
            .await?
            .into_iter()
            .filter(|e| e.status == "entered")
            .count();
        if entered < MIN_PLAYERS {
            let mut change = league.change(now);
            let mut lines = vec![format!(
                "League {}: only {entered} signed up for season {}; a season needs at least {MIN_PLAYERS}",
                league.row.name,
                league.row.season + 1
            )];
            Self::open_signup(league, recur, &mut change, &mut lines)?;
            self.commit_league(league, &change).await?;
            return Ok(vec![announce(lines.join("\n"))]);
        }
        let entrants = self.season_entrants(league).await?;
        let seed = self.draw_seed();
        let seeded = self.seeded(league, &entrants, None, seed).await?;
        let change = league.change(now);
        let out = self
            .draw_season(league, None, &seeded, seed, change, Vec::new())
            .await?;
        let mut notices = vec![announce(out.lines.join("\n"))];
        notices.extend(self.match_notices(league).await?);
        Ok(notices)
    }

    /// Each player of a season the sweep started told of his matches, mentioned in the
    /// league's channel (and by direct message when he asked for it). In a server that
    /// keeps a thread per match the matches are owed a thread each, where the platform
    /// mentions both players ([`Club::owe_posts`]): then only the direct messages.
    pub(super) async fn match_notices(&self, league: &League) -> Result<Vec<Notice>, ClubError> {
        let Some(row) = self.store.league(league.row.id).await? else {
            return Ok(Vec::new());
        };
        let threads = self.owe_posts(league).await?;
        let fixtures = self.store.league_fixtures(row.id, row.season).await?;
        let players: HashMap<i64, store::PlayerRow> = self
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
                    match_id: m,
                    channel: if threads {
                        String::new()
                    } else {
                        row.channel.clone()
                    },
                    user_id: p.platform_id.clone(),
                    dm: p.notify_dm,
                    text: format!(
                        "League {} season {}: your match #{m} against {} starts now; /board match:{m} shows it",
                        row.name, row.season, q.display_name
                    ),
                });
            }
        }
        Ok(notices)
    }
}
