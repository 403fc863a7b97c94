//! The draw of a season: seeding by order, rating, entry or at random; the fixtures of
//! round robins, knockouts, divisions, double eliminations and Swiss rounds; the
//! jack-pot's entry fees; the first matches started and their lines.

use super::double_elim::double_fill;
use super::double_elim::double_fixtures;
use super::entries::LeagueEntry;
use super::entries::entry_text;
use super::fixtures::first_divisions;
use super::fixtures::knockout_fill;
use super::fixtures::knockout_first_round;
use super::fixtures::knockout_rounds;
use super::fixtures::next_divisions;
use super::fixtures::round_robin;
use super::fixtures::shuffle;
use super::record::started_match;
use super::standings::Points;
use super::swiss::SwissPlayer;
use super::swiss_rounds::swiss_bye_lines;
use super::tables::division_table;
use super::tables::round_name;
use super::terms::Format;
use super::terms::League;
use super::terms::MIN_PLAYERS;
use super::terms::Seeding;
use super::terms::days;
use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::LeagueRefusal;
use crate::Outcome;
use crate::duration_words;
use crate::fair::words::anchor_words;
use crate::players::player_key::player_key;
use engine::welsh::format_amount;
use std::collections::HashMap;
use std::collections::HashSet;
use store::FixtureRow;
use store::FixtureWrite;
use store::LedgerEntry;
use store::PlaceRow;
use store::PlayerRow;
use store::SeasonRow;

/// A seed for a draw, from the club's dice (so that a seeded test draws the same).
pub(super) fn draw_seed(club: &Club) -> i64 {
    let mut s: i64 = 0;
    for _ in 0..3 {
        s = s * 65_536 + i64::try_from(club.dice.pick(65_536)).unwrap_or(0);
    }
    s
}

/// The entrants in seeding order: the order given (every entrant named once), else
/// the league's seeding.
pub(super) async fn seeded(
    club: &Club,
    league: &League,
    entrants: &[PlayerRow],
    order: Option<(&Actor, Vec<String>)>,
    seed: i64,
) -> Result<Vec<PlayerRow>, ClubError> {
    if let Some((actor, names)) = order {
        let mut out: Vec<PlayerRow> = Vec::new();
        for n in &names {
            let key = player_key(actor, n);
            let Some(p) = entrants.iter().find(|p| p.platform_id == key) else {
                return Err(LeagueRefusal::NotAnEntrant {
                    name: n.clone(),
                    league: league.row.name.clone(),
                }
                .into());
            };
            if out.iter().any(|q| q.id == p.id) {
                return Err(LeagueRefusal::NamedTwice {
                    name: p.display_name.clone(),
                }
                .into());
            }
            out.push(p.clone());
        }
        if out.len() != entrants.len() {
            return Err(LeagueRefusal::OrderIncomplete {
                named: out.len(),
                entrants: entrants.len(),
            }
            .into());
        }
        return Ok(out);
    }
    let drawn = || -> Vec<PlayerRow> {
        shuffle(entrants.len(), seed.unsigned_abs())
            .into_iter()
            .map(|i| entrants[i].clone())
            .collect()
    };
    Ok(match league.settings.seeding {
        Seeding::Entry => entrants.to_vec(),
        Seeding::Random => drawn(),
        Seeding::Rating => {
            let ratings = club
                .store
                .pool_ratings(league.row.community_id, league.spec.ruleset)
                .await?;
            // Highest rating first; the unrated after, in the draw's order (a stable
            // sort keeps it among equals).
            let mut out = drawn();
            out.sort_by(|a, b| match (ratings.get(&a.id), ratings.get(&b.id)) {
                (Some(x), Some(y)) => y.total_cmp(x),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            });
            out
        }
    })
}

/// Starts the league's next season with `seeded` (in seeding order): draws the
/// fixtures, creates the matches as accepted with their clocks, takes the entry fees
/// into the jack-pot, sets the deadline; `change` may hold more (the check-in's
/// dropped entrants). One transaction. `by`: the organiser, or `None` for the sweep.
pub(super) async fn draw_season(
    club: &Club,
    league: &League,
    by: Option<i64>,
    seeded: &[PlayerRow],
    seed: i64,
    mut change: store::LeagueChange,
    mut lines: Vec<String>,
) -> Result<Outcome, ClubError> {
    let now = change.now;
    let season = league.row.season + 1;
    let divisions = season_divisions(club, league, season, seeded, &mut lines).await?;
    change.status = "running".into();
    change.season = season;
    change.start_at = None;
    let mut placed = 0usize;
    for (d, players) in divisions.iter().enumerate() {
        let division = i64::try_from(d + 1).unwrap_or(1);
        for (i, p) in players.iter().enumerate() {
            change.places.push(PlaceRow {
                season,
                player: p.id,
                division,
                seed: i64::try_from(i + 1).unwrap_or(0),
            });
        }
        placed += players.len();
        draw_division(
            club,
            league,
            season,
            division,
            players,
            seed,
            now,
            &mut change,
        )?;
    }
    let fee = league.settings.fee(league.spec.ruleset);
    let pot = fee * u64::try_from(placed).unwrap_or(0);
    if fee > 0 {
        entry_fees(league, season, fee, &divisions, &mut change);
    }
    let deadline = now + days(league.settings.season_days);
    change.seasons.push(SeasonRow {
        season,
        status: "running".into(),
        seed,
        started_at: now,
        deadline_at: deadline,
        ..SeasonRow::default()
    });
    change.log.push((
        by,
        entry_text(&LeagueEntry::Start {
            season,
            seed,
            entrants: placed,
            fixtures: change.fixtures.len(),
            pot,
        })?,
    ));
    let (_, started) = super::record::commit_league(club, league, &change).await?;
    lines.insert(
        0,
        format!(
            "League {} season {season} starts: {placed} players, {}; the season ends in {}",
            league.row.name,
            count_words(started.len(), change.fixtures.len()),
            duration_words(deadline - now)
        ),
    );
    if pot > 0 {
        lines.push(format!(
            "Jack-pot: {} entry fees of {} = {}, held by the organiser for the winner (rule 23)",
            placed,
            format_amount(fee),
            format_amount(pot)
        ));
    }
    let attachment = match_lines(league, season, &divisions, &change, &started, &mut lines);
    if league.format == Format::Swiss {
        lines.extend(swiss_bye_lines(&change.fixtures, seeded));
    }
    Ok(Outcome {
        lines,
        attachment,
        ..Outcome::default()
    })
}

/// The matches a start starts and, when the draw has more fixtures than that (a
/// bracket's later rounds and byes, a Swiss bye), the fixtures the log counts:
/// `10 matches`, `2 matches now (14 fixtures in the draw)`.
fn count_words(started: usize, fixtures: usize) -> String {
    let matches = if started == 1 {
        "1 match".to_string()
    } else {
        format!("{started} matches")
    };
    if fixtures == started {
        matches
    } else {
        format!("{matches} now ({fixtures} fixtures in the draw)")
    }
}

/// The players entered for the league's next season, refused unless the league waits
/// for its season and has enough of them.
pub(super) async fn season_entrants(
    club: &Club,
    league: &League,
) -> Result<Vec<PlayerRow>, ClubError> {
    if league.row.status != "signup" {
        return Err(LeagueRefusal::NotWaiting {
            league: league.row.name.clone(),
            status: league.row.status.clone(),
        }
        .into());
    }
    let all = club.store.league_entrants(league.row.id).await?;
    let entrants: Vec<PlayerRow> = all
        .iter()
        .filter(|e| e.status == "entered")
        .map(|e| e.player.clone())
        .collect();
    if entrants.len() < MIN_PLAYERS {
        return Err(LeagueRefusal::TooFewPlayers {
            least: MIN_PLAYERS,
            joined: entrants.len(),
            league: league.row.name.clone(),
        }
        .into());
    }
    Ok(entrants)
}

/// The season's divisions of seeded players: last season's moved up and down, the
/// first season's drawn by seed, or one group for the other formats.
async fn season_divisions(
    club: &Club,
    league: &League,
    season: i64,
    seeded: &[PlayerRow],
    lines: &mut Vec<String>,
) -> Result<Vec<Vec<PlayerRow>>, ClubError> {
    Ok(match league.format {
        Format::Divisions if season > 1 => next_season(club, league, seeded, lines).await?,
        Format::Divisions => first_divisions(seeded.len(), league.settings.division_size as usize)
            .into_iter()
            .map(|d| d.into_iter().map(|i| seeded[i].clone()).collect())
            .collect(),
        _ => vec![seeded.to_vec()],
    })
}

/// The fixtures of one division (a round robin, or the knockout's whole bracket with
/// the byes decided and the matches that can start now).
#[allow(clippy::too_many_arguments)]
fn draw_division(
    club: &Club,
    league: &League,
    season: i64,
    division: i64,
    players: &[PlayerRow],
    seed: i64,
    now: i64,
    change: &mut store::LeagueChange,
) -> Result<(), ClubError> {
    let n = players.len();
    let fixture = |round: u32, slot: i64, x: Option<usize>, o: Option<usize>| FixtureRow {
        season,
        division,
        round: i64::from(round),
        slot,
        players: [x.map(|i| players[i].id), o.map(|i| players[i].id)],
        status: "waiting".into(),
        ..FixtureRow::default()
    };
    match league.format {
        Format::Knockout => {
            let rounds = knockout_rounds(n);
            let mut all = Vec::new();
            for s in knockout_first_round(n) {
                let mut f = fixture(1, i64::from(s.slot), s.x, s.o);
                if let (Some(a), None) | (None, Some(a)) = (s.x, s.o) {
                    f.status = "bye".into();
                    f.how = Some("bye".into());
                    f.winner = Some(players[a].id);
                }
                all.push(f);
            }
            for r in 2..=rounds {
                for slot in 0..(1i64 << (rounds - r)) {
                    all.push(fixture(r, slot, None, None));
                }
            }
            // Round 1 pairs are ready; later rounds fill from byes.
            for f in &mut all {
                if f.round == 1 && f.status == "waiting" {
                    f.status = "playing".into();
                }
            }
            knockout_fill(&mut all, &HashSet::new());
            let by_id: HashMap<i64, &PlayerRow> = players.iter().map(|p| (p.id, p)).collect();
            for f in all {
                let start = match (f.status.as_str(), f.players) {
                    ("playing", [Some(x), Some(o)]) => {
                        Some(started_match(club, league, by_id[&x], by_id[&o], now)?)
                    }
                    _ => None,
                };
                change.fixtures.push(FixtureWrite { fixture: f, start });
            }
        }
        Format::DoubleElimination => {
            let ids: Vec<i64> = players.iter().map(|p| p.id).collect();
            let mut all = double_fixtures(&ids, season, division);
            double_fill(&mut all, n, league.settings.reset, &HashSet::new());
            let by_id: HashMap<i64, &PlayerRow> = players.iter().map(|p| (p.id, p)).collect();
            for f in all {
                let start = match (f.status.as_str(), f.players) {
                    ("playing", [Some(x), Some(o)]) => {
                        Some(started_match(club, league, by_id[&x], by_id[&o], now)?)
                    }
                    _ => None,
                };
                change.fixtures.push(FixtureWrite { fixture: f, start });
            }
        }
        Format::Swiss => {
            // Round 1 in seeding order (every score is 0); later rounds follow the
            // table as each round ends (`advance`).
            let ranked: Vec<SwissPlayer> = players
                .iter()
                .map(|p| SwissPlayer {
                    id: p.id,
                    points: 0,
                    had_bye: false,
                    colour: 0,
                })
                .collect();
            let by_id: HashMap<i64, &PlayerRow> = players.iter().map(|p| (p.id, p)).collect();
            for w in super::swiss_rounds::swiss_round(
                club,
                league,
                season,
                division,
                1,
                &ranked,
                &HashSet::new(),
                &by_id,
                now,
            )? {
                change.fixtures.push(w);
            }
        }
        _ => {
            let twice = league.format == Format::DoubleRoundRobin;
            let pairs = round_robin(n, twice, seed.unsigned_abs() ^ division.unsigned_abs());
            let mut slot: HashMap<u32, i64> = HashMap::new();
            for p in pairs {
                let s = slot.entry(p.round).or_insert(0);
                let mut f = fixture(p.round, *s, Some(p.x), Some(p.o));
                *s += 1;
                f.status = "playing".into();
                let start = Some(started_match(
                    club,
                    league,
                    &players[p.x],
                    &players[p.o],
                    now,
                )?);
                change.fixtures.push(FixtureWrite { fixture: f, start });
            }
        }
    }
    Ok(())
}

/// Divisions of a season after the first: last season's tables with promotion and
/// relegation, players who left taken out, newcomers in the lowest division.
async fn next_season(
    club: &Club,
    league: &League,
    entrants: &[PlayerRow],
    lines: &mut Vec<String>,
) -> Result<Vec<Vec<PlayerRow>>, ClubError> {
    let last = league.row.season;
    let places = club.store.league_places(league.row.id, last).await?;
    let fixtures = club.store.league_fixtures(league.row.id, last).await?;
    let by_id: HashMap<i64, &PlayerRow> = entrants.iter().map(|p| (p.id, p)).collect();
    let points = Points {
        win: league.settings.win_points,
        loss: league.settings.loss_points,
    };
    let count = places.iter().map(|p| p.division).max().unwrap_or(0);
    let tables: Vec<Vec<i64>> = (1..=count)
        .map(|d| {
            division_table(
                league.format,
                &places,
                d,
                &fixtures,
                &HashSet::new(),
                points,
            )
            .into_iter()
            .map(|r| r.player)
            .filter(|p| by_id.contains_key(p))
            .collect()
        })
        .collect();
    let before: HashSet<i64> = places.iter().map(|p| p.player).collect();
    let newcomers: Vec<i64> = entrants
        .iter()
        .map(|p| p.id)
        .filter(|p| !before.contains(p))
        .collect();
    let next = next_divisions(
        &tables,
        league.settings.movers as usize,
        &newcomers,
        league.settings.division_size as usize,
        MIN_PLAYERS,
    );
    for (p, from, to) in &next.moves {
        lines.push(format!(
            "{} {} from division {} to division {}",
            by_id[p].display_name,
            if to < from { "goes up" } else { "goes down" },
            from + 1,
            to + 1
        ));
    }
    for p in &newcomers {
        if let Some(d) = next.divisions.iter().position(|d| d.contains(p)) {
            lines.push(format!(
                "{} enters in division {}",
                by_id[p].display_name,
                d + 1
            ));
        }
    }
    for p in &next.waiting {
        lines.push(format!(
            "{} waits for a place next season (no room in the lowest division)",
            by_id[p].display_name
        ));
    }
    Ok(next
        .divisions
        .into_iter()
        .map(|d| d.into_iter().map(|p| by_id[&p].clone()).collect())
        .collect())
}

/// The entry fee of every player but the organiser, into the jack-pot.
fn entry_fees(
    league: &League,
    season: i64,
    fee: u64,
    divisions: &[Vec<PlayerRow>],
    change: &mut store::LeagueChange,
) {
    for p in divisions.iter().flatten() {
        if p.id != league.row.organiser {
            change.ledger.push(LedgerEntry {
                payer: p.id,
                payee: league.row.organiser,
                amount: fee,
                reason: format!(
                    "entry fee into the jack-pot of league {}, season {season}",
                    league.row.name
                ),
            });
        }
    }
}

/// Every match's line with its fair-dice anchor, published now before any throw: in the
/// lines for the first 40, in the attached list for all (when there are more and the
/// dice are fair).
fn match_lines(
    league: &League,
    season: i64,
    divisions: &[Vec<PlayerRow>],
    change: &store::LeagueChange,
    started: &[i64],
    lines: &mut Vec<String>,
) -> Option<crate::Attachment> {
    let names: HashMap<i64, &str> = divisions
        .iter()
        .flatten()
        .map(|p| (p.id, p.display_name.as_str()))
        .collect();
    let with_match: Vec<&FixtureWrite> = change
        .fixtures
        .iter()
        .filter(|f| f.start.is_some())
        .collect();
    // Every match's fair-dice anchor is published now, before any throw: in the
    // lines for the first 40, in the attached list for all.
    let mut all = Vec::new();
    let rows: Vec<FixtureRow> = change.fixtures.iter().map(|w| w.fixture.clone()).collect();
    for (f, id) in with_match.iter().zip(started) {
        let [x, o] = f.fixture.players;
        all.push(format!(
            "Match #{id}: {} v {} ({}{}){}",
            names.get(&x.unwrap_or(0)).unwrap_or(&"?"),
            names.get(&o.unwrap_or(0)).unwrap_or(&"?"),
            if league.format == Format::DoubleElimination {
                round_name(league.format, f.fixture.round, &rows)
            } else {
                format!("round {}", f.fixture.round)
            },
            if divisions.len() > 1 {
                format!(", division {}", f.fixture.division)
            } else {
                String::new()
            },
            anchor_words(
                f.start
                    .as_ref()
                    .and_then(|s| s.new.fair.as_ref())
                    .map(|c| c.anchor.as_str())
            )
        ));
    }
    lines.extend(all.iter().take(40).cloned());
    let fair = with_match
        .iter()
        .any(|f| f.start.as_ref().is_some_and(|s| s.new.fair.is_some()));
    let attachment = (fair && started.len() > 40).then(|| crate::Attachment {
        name: format!("anchors-league-{}-season-{season}.txt", league.row.id),
        text: all.join("\n") + "\n",
    });
    if started.len() > 40 {
        lines.push(format!(
            "... and {} more: /league fixtures lists them{}",
            started.len() - 40,
            if attachment.is_some() {
                "; the attached list gives every match's fair-dice anchor"
            } else {
                ""
            }
        ));
    }
    attachment
}
