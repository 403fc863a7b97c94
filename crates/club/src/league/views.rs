//! A league in words: the table, the fixtures, the bracket, the log; and the rows the
//! renderer's pictures are drawn from.

use std::collections::{HashMap, HashSet};

use super::standings::{Points, Row};
use super::tables::{BracketLine, TableLine, division_table, round_name, table_text};
use super::terms::{Format, League};
use crate::LeagueRefusal;
use crate::kernel::cause::fixture_cause_words;
use crate::{Actor, Chart, Club, ClubError, Outcome, WebPage, spec_words};
use store::{EndCause, FixtureRow};

/// The table of a league's current (or last) season, division 1 = top, with names.
pub(super) async fn league_table(
    club: &Club,
    actor: &Actor,
    league: Option<&str>,
    division: i64,
) -> Result<Vec<TableLine>, ClubError> {
    let (_, community) = club.me(actor).await?;
    let league = super::record::find_league(club, community, league).await?;
    table_of(club, &league, division).await
}

async fn table_of(
    club: &Club,
    league: &League,
    division: i64,
) -> Result<Vec<TableLine>, ClubError> {
    let id = league.row.id;
    let season = league.row.season;
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
    let places = club.store.league_places(id, season).await?;
    let fixtures = club.store.league_fixtures(id, season).await?;
    let points = Points {
        win: league.settings.win_points,
        loss: league.settings.loss_points,
    };
    Ok(division_table(
        league.format,
        &places,
        division,
        &fixtures,
        &withdrawn,
        points,
    )
    .into_iter()
    .map(|row| TableLine {
        name: names.get(&row.player).cloned().unwrap_or_default(),
        row,
    })
    .collect())
}

/// The bracket of a knockout's current season.
pub(super) async fn league_bracket(
    club: &Club,
    actor: &Actor,
    league: Option<&str>,
) -> Result<Vec<BracketLine>, ClubError> {
    let (_, community) = club.me(actor).await?;
    let league = super::record::find_league(club, community, league).await?;
    bracket_of(club, &league).await
}

async fn bracket_of(club: &Club, league: &League) -> Result<Vec<BracketLine>, ClubError> {
    let names = names_of(club, league.row.id).await?;
    let name = |p: Option<i64>| p.map(|p| names.get(&p).cloned().unwrap_or_default());
    Ok(club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?
        .into_iter()
        .map(|f| BracketLine {
            round: f.round,
            slot: f.slot,
            names: [name(f.players[0]), name(f.players[1])],
            winner: name(f.winner),
            match_id: f.match_id,
            status: f.status,
        })
        .collect())
}

/// The standings' footnote: each match of the shown divisions decided otherwise than
/// by play (a forfeit, a ruling, a withdrawal), with its cause.
async fn not_played_out(
    club: &Club,
    league: &League,
    divisions: &[i64],
) -> Result<Vec<String>, ClubError> {
    let fixtures = club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?;
    let causes = club
        .store
        .league_match_causes(league.row.id, league.row.season)
        .await?;
    let names = names_of(club, league.row.id).await?;
    let name = |p: Option<i64>| p.and_then(|p| names.get(&p).cloned()).unwrap_or_default();
    let mut lines = Vec::new();
    for f in &fixtures {
        if f.status != "done"
            || !divisions.contains(&f.division)
            || !matches!(f.how.as_deref(), Some("forfeit" | "adjudicated"))
        {
            continue;
        }
        let loser = if f.winner == f.players[0] {
            f.players[1]
        } else {
            f.players[0]
        };
        let cause = f.match_id.and_then(|m| causes.get(&m));
        let words = fixture_cause_words(cause, &name(loser)).unwrap_or_else(|| {
            if f.how.as_deref() == Some("adjudicated") {
                " by adjudication".into()
            } else {
                " by forfeit".into()
            }
        });
        if lines.is_empty() {
            lines.push("Not played out:".to_string());
        }
        lines.push(format!(
            "  {}{} v {}: {} won{words}",
            f.match_id.map(|m| format!("#{m} ")).unwrap_or_default(),
            name(f.players[0]),
            name(f.players[1]),
            name(f.winner)
        ));
    }
    Ok(lines)
}

async fn names_of(club: &Club, league: i64) -> Result<HashMap<i64, String>, ClubError> {
    Ok(club
        .store
        .league_entrants(league)
        .await?
        .into_iter()
        .map(|e| (e.player.id, e.player.display_name))
        .collect())
}

pub(super) async fn standings_view(
    club: &Club,
    league: &League,
    division: Option<i64>,
) -> Result<Outcome, ClubError> {
    if league.row.season == 0 {
        let n = club.store.league_entrants(league.row.id).await?.len();
        return Ok(Outcome {
            lines: vec![format!(
                "League {} has not started; {n} entrant{} so far",
                league.row.name,
                if n == 1 { "" } else { "s" }
            )],
            web: Some(WebPage::League(league.row.id)),
            ..Outcome::default()
        });
    }
    let places = club
        .store
        .league_places(league.row.id, league.row.season)
        .await?;
    let count = places.iter().map(|p| p.division).max().unwrap_or(1);
    let divisions: Vec<i64> = match division {
        Some(d) if (1..=count).contains(&d) => vec![d],
        Some(d) => {
            return Err(LeagueRefusal::NoDivision {
                division: d,
                league: league.row.name.clone(),
                count,
            }
            .into());
        }
        None => (1..=count).collect(),
    };
    // The picture shows the division asked for, else the top one.
    let pictured = division.unwrap_or(1);
    let mut chart = None;
    let mut lines = vec![format!(
        "League {} ({}, {}), season {}: {}",
        league.row.name,
        league.format.words(),
        spec_words(&league.spec),
        league.row.season,
        league.row.status
    )];
    let shown = divisions.clone();
    for d in divisions {
        let table = table_of(club, league, d).await?;
        if d == pictured {
            chart = Some(Chart::Standings(super::pictures::standings_table(
                league, d, count, &table,
            )));
        }
        if count > 1 {
            lines.push(format!("Division {d}"));
        }
        let names: HashMap<i64, String> = table
            .iter()
            .map(|t| (t.row.player, t.name.clone()))
            .collect();
        let rows: Vec<Row> = table.into_iter().map(|t| t.row).collect();
        lines.extend(table_text(&rows, &|p| {
            names.get(&p).cloned().unwrap_or_default()
        }));
    }
    lines.extend(not_played_out(club, league, &shown).await?);
    Ok(Outcome {
        lines,
        chart,
        web: Some(WebPage::League(league.row.id)),
        ..Outcome::default()
    })
}

pub(super) async fn fixtures_view(club: &Club, league: &League) -> Result<Outcome, ClubError> {
    let names = names_of(club, league.row.id).await?;
    let fixtures = club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?;
    let mut lines = vec![format!(
        "League {} season {}: {} fixtures",
        league.row.name,
        league.row.season,
        fixtures.len()
    )];
    let name = |p: Option<i64>| {
        p.and_then(|p| names.get(&p).cloned())
            .unwrap_or_else(|| "(to come)".into())
    };
    let causes = club
        .store
        .league_match_causes(league.row.id, league.row.season)
        .await?;
    for f in fixtures
        .iter()
        .filter(|f| f.status != "bye" || f.winner.is_some())
        .take(200)
    {
        let cause = f.match_id.and_then(|m| causes.get(&m));
        lines.push(fixture_line(league, f, &fixtures, &name, cause));
    }
    if fixtures.len() > 200 {
        lines.push(format!("... and {} more", fixtures.len() - 200));
    }
    Ok(Outcome {
        lines,
        web: Some(WebPage::League(league.row.id)),
        ..Outcome::default()
    })
}

pub(super) async fn bracket_view(club: &Club, league: &League) -> Result<Outcome, ClubError> {
    if !league.format.is_bracket() {
        return Err(LeagueRefusal::NotBracket {
            league: league.row.name.clone(),
            format: league.format.a_words(),
        }
        .into());
    }
    let bracket = bracket_of(club, league).await?;
    let causes = club
        .store
        .league_match_causes(league.row.id, league.row.season)
        .await?;
    let mut lines = vec![format!("Bracket of {}", league.row.name)];
    let last = bracket.iter().map(|b| b.round).max().unwrap_or(0);
    let mut rounds: Vec<i64> = bracket.iter().map(|b| b.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    let fixtures = if league.format == Format::DoubleElimination {
        club.store
            .league_fixtures(league.row.id, league.row.season)
            .await?
    } else {
        Vec::new()
    };
    for r in rounds {
        lines.push(match last - r {
            _ if league.format == Format::DoubleElimination => {
                super::pictures::double_round_title(r, &fixtures)
            }
            0 => "Final".to_string(),
            1 => "Semi-finals".to_string(),
            2 => "Quarter-finals".to_string(),
            _ => format!("Round {r}"),
        });
        for b in bracket.iter().filter(|b| b.round == r) {
            let n = |i: usize| b.names[i].clone().unwrap_or_else(|| "…".into());
            lines.push(match b.status.as_str() {
                // A double elimination's match of two empty sides is no match.
                "bye" if b.winner.is_none() => continue,
                "bye" => format!("  {} (bye)", b.winner.clone().unwrap_or_default()),
                "done" => format!(
                    "  {} v {}: {} wins{}{}",
                    n(0),
                    n(1),
                    b.winner.clone().unwrap_or_default(),
                    fixture_cause_words(
                        b.match_id.and_then(|m| causes.get(&m)),
                        &n(usize::from(b.winner == b.names[0])),
                    )
                    .unwrap_or_default(),
                    b.match_id.map(|m| format!(" (#{m})")).unwrap_or_default()
                ),
                "playing" => format!(
                    "  {} v {}: playing{}",
                    n(0),
                    n(1),
                    b.match_id.map(|m| format!(" #{m}")).unwrap_or_default()
                ),
                _ => format!("  {} v {}", n(0), n(1)),
            });
        }
    }
    let chart = bracket_picture(club, league).await?;
    Ok(Outcome {
        lines,
        chart: Some(Chart::Bracket(chart)),
        web: Some(WebPage::League(league.row.id)),
        ..Outcome::default()
    })
}

pub(super) async fn bracket_picture(
    club: &Club,
    league: &League,
) -> Result<render::Bracket, ClubError> {
    let names = names_of(club, league.row.id).await?;
    let seeds: HashMap<i64, i64> = club
        .store
        .league_places(league.row.id, league.row.season)
        .await?
        .into_iter()
        .map(|p| (p.player, p.seed))
        .collect();
    let fixtures = club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?;
    Ok(super::pictures::bracket(league, &fixtures, &names, &seeds))
}

pub(crate) fn fixture_line(
    league: &League,
    f: &FixtureRow,
    all: &[FixtureRow],
    name: &dyn Fn(Option<i64>) -> String,
    cause: Option<&EndCause>,
) -> String {
    let loser = if f.winner == f.players[0] {
        f.players[1]
    } else {
        f.players[0]
    };
    let head = format!(
        "{}{}{}: {} v {}",
        if all.iter().any(|g| g.division > 1) {
            format!("division {}, ", f.division)
        } else {
            String::new()
        },
        round_name(league.format, f.round, all),
        f.match_id.map(|m| format!(" #{m}")).unwrap_or_default(),
        name(f.players[0]),
        name(f.players[1])
    );
    match f.status.as_str() {
        "done" => format!(
            "{head}: {} won{}",
            name(f.winner),
            match (f.how.as_deref(), fixture_cause_words(cause, &name(loser))) {
                (Some("forfeit" | "adjudicated"), Some(words)) => words,
                (Some("forfeit"), None) => " by forfeit".to_string(),
                (Some("adjudicated"), None) => " (adjudicated)".to_string(),
                (_, words) => format!(
                    " {}-{}{}",
                    f.score[0].max(f.score[1]),
                    f.score[0].min(f.score[1]),
                    words.unwrap_or_default()
                ),
            }
        ),
        "bye" => format!("{}: bye", name(f.winner)),
        "void" => format!("{head}: void"),
        "playing" => format!("{head}: playing"),
        _ => format!("{head}: waiting"),
    }
}
