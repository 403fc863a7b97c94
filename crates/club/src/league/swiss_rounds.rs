//! A Swiss season's rounds in the store: a round's fixtures from its pairing (a bye is a
//! fixture of one player, decided, a win), and the next round once every fixture of the
//! last is decided, paired from the table (its tie-breaks) with no pair meeting twice
//! while it can ([`super::swiss`]).

use std::collections::{HashMap, HashSet};

use super::standings::Points;
use super::swiss::{SwissPlayer, key, pair_round, swiss_rounds};
use super::tables::division_table;
use super::terms::League;
use crate::{Club, ClubError};
use store::{FixtureRow, FixtureWrite, PlaceRow, PlayerRow};

/// What the players of a Swiss season have done.
#[derive(Default)]
pub(super) struct History {
    /// The pairs that met (as [`key`]).
    pub(super) met: HashSet<(i64, i64)>,
    /// Who has had a bye.
    pub(super) byes: HashSet<i64>,
    /// Each one's colour balance (X minus O).
    pub(super) colour: HashMap<i64, i64>,
}

/// The pairs that met, the byes and the colours of a Swiss season's fixtures.
pub(super) fn history(fixtures: &[FixtureRow]) -> History {
    let mut h = History::default();
    let History { met, byes, colour } = &mut h;
    for f in fixtures {
        match f.players {
            [Some(x), Some(o)] => {
                met.insert(key(x, o));
                *colour.entry(x).or_default() += 1;
                *colour.entry(o).or_default() -= 1;
            }
            [Some(p), None] | [None, Some(p)] if f.status == "bye" => {
                byes.insert(p);
            }
            _ => {}
        }
    }
    h
}

/// The number of rounds of a Swiss season of `n` players under `league`'s settings.
fn rounds_of(league: &League, n: usize) -> i64 {
    i64::from(league.settings.rounds.unwrap_or_else(|| swiss_rounds(n)))
}

/// The fixtures of Swiss round `round`, paired from `ranked` (table order) and the
/// pairs that have met: a match started for each pair, the bye decided.
#[allow(clippy::too_many_arguments)]
pub(super) fn swiss_round(
    club: &Club,
    league: &League,
    season: i64,
    division: i64,
    round: i64,
    ranked: &[SwissPlayer],
    met: &HashSet<(i64, i64)>,
    by_id: &HashMap<i64, &PlayerRow>,
    now: i64,
) -> Result<Vec<FixtureWrite>, ClubError> {
    let pairing = pair_round(ranked, met);
    let mut out = Vec::with_capacity(pairing.pairs.len() + 1);
    for (slot, &(x, o)) in pairing.pairs.iter().enumerate() {
        out.push(FixtureWrite {
            fixture: FixtureRow {
                season,
                division,
                round,
                slot: i64::try_from(slot).unwrap_or(0),
                players: [Some(x), Some(o)],
                status: "playing".into(),
                ..FixtureRow::default()
            },
            start: Some(super::record::started_match(
                club, league, by_id[&x], by_id[&o], now,
            )?),
        });
    }
    if let Some(b) = pairing.bye {
        out.push(FixtureWrite {
            fixture: FixtureRow {
                season,
                division,
                round,
                slot: i64::try_from(pairing.pairs.len()).unwrap_or(0),
                players: [Some(b), None],
                status: "bye".into(),
                winner: Some(b),
                how: Some("bye".into()),
                ..FixtureRow::default()
            },
            start: None,
        });
    }
    Ok(out)
}

/// The next Swiss round when every fixture so far is decided and rounds remain
/// (`None` when the season is over or a round is still being played).
pub(super) fn swiss_next(
    club: &Club,
    league: &League,
    places: &[PlaceRow],
    fixtures: &[FixtureRow],
    entrants: &[PlayerRow],
    withdrawn: &HashSet<i64>,
    now: i64,
) -> Result<Option<Vec<FixtureWrite>>, ClubError> {
    let played = fixtures.iter().map(|f| f.round).max().unwrap_or(0);
    if played >= rounds_of(league, places.len()) || !fixtures.iter().all(super::fixtures::decided) {
        return Ok(None);
    }
    let points = Points {
        win: league.settings.win_points,
        loss: league.settings.loss_points,
    };
    let History { met, byes, colour } = history(fixtures);
    let ranked: Vec<SwissPlayer> =
        division_table(league.format, places, 1, fixtures, withdrawn, points)
            .into_iter()
            .filter(|r| !r.withdrawn)
            .map(|r| SwissPlayer {
                id: r.player,
                points: r.points,
                had_bye: byes.contains(&r.player),
                colour: colour.get(&r.player).copied().unwrap_or(0),
            })
            .collect();
    if ranked.len() < 2 {
        return Ok(None);
    }
    let by_id: HashMap<i64, &PlayerRow> = entrants.iter().map(|p| (p.id, p)).collect();
    let season = league.row.season;
    swiss_round(
        club,
        league,
        season,
        1,
        played + 1,
        &ranked,
        &met,
        &by_id,
        now,
    )
    .map(Some)
}

/// "alice has a bye in round 2 (a win)" for each Swiss bye among `writes`.
pub(super) fn swiss_bye_lines(writes: &[FixtureWrite], players: &[PlayerRow]) -> Vec<String> {
    writes
        .iter()
        .filter(|w| w.fixture.status == "bye")
        .filter_map(|w| {
            let p = w.fixture.winner?;
            let name = players.iter().find(|q| q.id == p)?.display_name.clone();
            Some(format!(
                "{name} has a bye in round {} (a win)",
                w.fixture.round
            ))
        })
        .collect()
}
