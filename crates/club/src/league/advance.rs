//! After a result: a league match's end reported to its fixture (with the match's own
//! commit), the next knockout round once both feeders have ended, the end of the season
//! (winner, jack-pot paid, final tables, promotions and relegations). Restart-safe: the
//! sweep does it again and doing it twice does nothing more.

use super::double_elim::champion;
use super::double_elim::double_fill;
use super::entries::LeagueEntry;
use super::entries::entry_text;
use super::fixtures::decided;
use super::fixtures::knockout_fill;
use super::fixtures::next_divisions;
use super::standings::Points;
use super::swiss_rounds::swiss_bye_lines;
use super::tables::division_table;
use super::tables::round_name;
use super::terms::Format;
use super::terms::League;
use super::terms::MIN_PLAYERS;
use crate::Club;
use crate::ClubError;
use crate::Snapshot;
use crate::fair::words::anchor_words;
use engine::AnyMatch;
use engine::welsh::format_amount;
use std::collections::HashMap;
use std::collections::HashSet;
use store::EntrantRow;
use store::FixtureRow;
use store::FixtureWrite;
use store::LeagueReport;
use store::LedgerEntry;
use store::PlayerRow;
use store::StoreError;

/// The score a snapshot shows: games (Welsh) or match points (standard), X then O.
pub(super) fn score_of(snap: &Snapshot) -> [i64; 2] {
    let s = snap.match_score();
    [i64::from(s[0]), i64::from(s[1])]
}

/// What a finished match tells its league fixture (if it has one), written with the
/// match's own commit.
///
/// # Errors
/// The log entry cannot be encoded.
pub(crate) fn league_report(
    snap: &Snapshot,
    match_id: i64,
    winner: Option<i64>,
) -> Result<Option<LeagueReport>, ClubError> {
    let Some(winner) = winner else {
        return Ok(None);
    };
    let forfeit = snap.forfeit.is_some()
        || matches!(&snap.game, AnyMatch::Welsh(m) if matches!(m.phase(),
        engine::welsh::WelshPhase::MatchOver {
            how: engine::welsh::MatchEnd::TimedOut,
            ..
        }));
    let score = score_of(snap);
    Ok(Some(LeagueReport {
        forfeit,
        score,
        entry: entry_text(&LeagueEntry::Result {
            match_id,
            winner,
            forfeit,
            score,
        })?,
    }))
}

/// After a league match ends (or on the sweep): the next knockout matches whose
/// feeders have ended, and the end of the season once every fixture is decided. One
/// transaction each time; doing it twice does nothing more.
///
/// # Errors
/// A database error.
pub(super) async fn advance_league(club: &Club, league_id: i64) -> Result<Vec<String>, ClubError> {
    for _ in 0..3 {
        let Some(row) = club.store.league(league_id).await? else {
            return Ok(Vec::new());
        };
        if row.status != "running" {
            return Ok(Vec::new());
        }
        let league = League::read(row)?;
        let season = league.row.season;
        let mut fixtures = club.store.league_fixtures(league_id, season).await?;
        let entrants = club.store.league_entrants(league_id).await?;
        let withdrawn: HashSet<i64> = entrants
            .iter()
            .filter(|e| e.status == "withdrawn")
            .map(|e| e.player.id)
            .collect();
        let now = club.clock.now();
        let mut change = league.change(now);
        let mut lines = Vec::new();
        let mut started_pairs = Vec::new();
        let filled = match league.format {
            Format::Knockout => Some(knockout_fill(&mut fixtures, &withdrawn)),
            Format::DoubleElimination => {
                let n = club.store.league_places(league_id, season).await?.len();
                Some(double_fill(
                    &mut fixtures,
                    n,
                    league.settings.reset,
                    &withdrawn,
                ))
            }
            _ => None,
        };
        if let Some((changed, ready)) = filled {
            let by_id: HashMap<i64, &PlayerRow> =
                entrants.iter().map(|e| (e.player.id, &e.player)).collect();
            for i in changed {
                let f = fixtures[i].clone();
                let start = if ready.contains(&i) {
                    let [Some(x), Some(o)] = f.players else {
                        continue;
                    };
                    let started =
                        super::record::started_match(club, &league, by_id[&x], by_id[&o], now)?;
                    started_pairs.push((
                        by_id[&x].display_name.clone(),
                        by_id[&o].display_name.clone(),
                        f.round,
                        started.new.fair.as_ref().map(|c| c.anchor.clone()),
                    ));
                    Some(started)
                } else {
                    if f.status == "done" {
                        change.log.push((
                            None,
                            entry_text(&LeagueEntry::Walkover {
                                fixture: f.id,
                                winner: f.winner.unwrap_or(0),
                            })?,
                        ));
                    }
                    None
                };
                change.fixtures.push(FixtureWrite { fixture: f, start });
            }
        }
        if league.format == Format::Swiss {
            let places = club.store.league_places(league_id, season).await?;
            let players: Vec<PlayerRow> = entrants.iter().map(|e| e.player.clone()).collect();
            let next = super::swiss_rounds::swiss_next(
                club, &league, &places, &fixtures, &players, &withdrawn, now,
            )?;
            let next = next.unwrap_or_default();
            lines.extend(
                swiss_bye_lines(&next, &players)
                    .into_iter()
                    .map(|b| format!("League {}: {b}", league.row.name)),
            );
            for w in next {
                if let (Some(s), [Some(x), Some(o)]) = (&w.start, w.fixture.players) {
                    let name = |p: i64| {
                        players
                            .iter()
                            .find(|q| q.id == p)
                            .map(|q| q.display_name.clone())
                            .unwrap_or_default()
                    };
                    started_pairs.push((
                        name(x),
                        name(o),
                        w.fixture.round,
                        s.new.fair.as_ref().map(|c| c.anchor.clone()),
                    ));
                }
                fixtures.push(w.fixture.clone());
                change.fixtures.push(w);
            }
        }
        let all_decided = fixtures.iter().all(decided);
        if change.fixtures.is_empty() && !all_decided {
            return Ok(lines);
        }
        if all_decided {
            end_season(
                club,
                &league,
                &fixtures,
                &entrants,
                &withdrawn,
                &mut change,
                &mut lines,
            )
            .await?;
        }
        match super::record::write_league(club, &change).await {
            Ok((_, started)) => {
                let mut out: Vec<String> = started
                    .iter()
                    .zip(&started_pairs)
                    .map(|(id, (x, o, r, anchor))| {
                        format!(
                            "League {}: match #{id}, {x} v {o} ({}), starts now{}",
                            league.row.name,
                            round_name(league.format, *r, &fixtures),
                            anchor_words(anchor.as_deref())
                        )
                    })
                    .collect();
                out.append(&mut lines);
                return Ok(out);
            }
            Err(StoreError::Stale) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Vec::new())
}

/// The end of a season: the winner, the jack-pot paid, the final tables, the next
/// season's moves announced (divisions), the league open for the next season or over.
async fn end_season(
    club: &Club,
    league: &League,
    fixtures: &[FixtureRow],
    entrants: &[EntrantRow],
    withdrawn: &HashSet<i64>,
    change: &mut store::LeagueChange,
    lines: &mut Vec<String>,
) -> Result<(), ClubError> {
    let id = league.row.id;
    let season = league.row.season;
    let places = club.store.league_places(id, season).await?;
    let names: HashMap<i64, String> = entrants
        .iter()
        .map(|e| (e.player.id, e.player.display_name.clone()))
        .collect();
    let name = |p: i64| {
        names
            .get(&p)
            .cloned()
            .unwrap_or_else(|| format!("player {p}"))
    };
    let points = Points {
        win: league.settings.win_points,
        loss: league.settings.loss_points,
    };
    let winner = if league.format == Format::Knockout {
        fixtures
            .iter()
            .max_by_key(|f| f.round)
            .and_then(|f| f.winner)
    } else if league.format == Format::DoubleElimination {
        champion(fixtures)
    } else {
        division_table(league.format, &places, 1, fixtures, withdrawn, points)
            .first()
            .map(|r| r.player)
    };
    let fee = league.settings.fee(league.spec.ruleset);
    let pot = fee * u64::try_from(places.len()).unwrap_or(0);
    lines.push(format!(
        "League {} season {season} is over: {} wins{}",
        league.row.name,
        winner.map_or_else(|| "nobody".to_string(), name),
        if league.format.is_bracket() {
            if league.spec.ruleset == engine::Ruleset::Welsh
                || league.format == Format::DoubleElimination
            {
                " the grand final"
            } else {
                " the final"
            }
        } else {
            ""
        }
    ));
    if let (Some(w), true) = (winner, pot > 0) {
        if w != league.row.organiser {
            change.ledger.push(LedgerEntry {
                payer: league.row.organiser,
                payee: w,
                amount: pot,
                reason: format!(
                    "jack-pot of league {}, season {season}: {} entry fees (rule 23)",
                    league.row.name,
                    places.len()
                ),
            });
        }
        lines.push(format!(
            "{} takes the jack-pot of {} (rule 23)",
            name(w),
            format_amount(pot)
        ));
    }
    if !league.format.is_bracket() {
        let count = places.iter().map(|p| p.division).max().unwrap_or(1);
        for d in 1..=count {
            let table = division_table(league.format, &places, d, fixtures, withdrawn, points);
            lines.push(if count > 1 {
                format!("Final table, division {d}:")
            } else {
                "Final table:".into()
            });
            lines.extend(super::tables::table_text(&table, &name));
        }
    }
    let mut moves = Vec::new();
    if league.format == Format::Divisions {
        let count = places.iter().map(|p| p.division).max().unwrap_or(1);
        let tables: Vec<Vec<i64>> = (1..=count)
            .map(|d| {
                division_table(league.format, &places, d, fixtures, withdrawn, points)
                    .into_iter()
                    .map(|r| r.player)
                    .filter(|p| !withdrawn.contains(p))
                    .collect()
            })
            .collect();
        let next = next_divisions(
            &tables,
            league.settings.movers as usize,
            &[],
            league.settings.division_size as usize,
            MIN_PLAYERS,
        );
        for (p, from, to) in next.moves {
            lines.push(format!(
                "{} {} to division {} next season",
                name(p),
                if to < from { "goes up" } else { "goes down" },
                to + 1
            ));
            moves.push((
                p,
                i64::try_from(from + 1).unwrap_or(0),
                i64::try_from(to + 1).unwrap_or(0),
            ));
        }
        match league.settings.recur_days {
            Some(recur) => super::recur::open_signup(league, recur, change, lines)?,
            None => lines.push(format!(
                "Newcomers can join now; the organiser starts season {} with /league start",
                season + 1
            )),
        }
    }
    let mut row = club
        .store
        .league_season(id, season)
        .await?
        .unwrap_or_default();
    row.status = "finished".into();
    row.finished_at = Some(change.now);
    row.winner = winner;
    change.seasons.push(row);
    change.status = if league.format == Format::Divisions {
        "signup".into()
    } else {
        "finished".into()
    };
    change.log.push((
        None,
        entry_text(&LeagueEntry::SeasonEnd {
            season,
            winner,
            pot,
            moves,
        })?,
    ));
    Ok(())
}

/// Called after a match's end is committed: what follows in its league, in words.
pub(super) async fn after_match_end(club: &Club, match_id: i64) -> Vec<String> {
    match club.store.fixture_of_match(match_id).await {
        Ok(Some((league, _))) => match advance_league(club, league).await {
            Ok(lines) => lines,
            Err(e) => {
                tracing::warn!(league, error = %e, "league not advanced; the sweep will");
                Vec::new()
            }
        },
        Ok(None) => Vec::new(),
        Err(e) => {
            tracing::warn!(match_id, error = %e, "league of a match not read");
            Vec::new()
        }
    }
}
