//! A league as the renderer's plain data: a division's table as a [`StandingsTable`]
//! (promotion and relegation zones, withdrawn or void entrants, forfeits, the tie-break
//! order) and a knockout season as a [`Bracket`] (byes, seeds, scores, forfeits and
//! adjudications; the Welsh final is the "Grand final").

use std::collections::HashMap;

use super::double_elim::{Part, part, round_words};
use super::tables::TableLine;
use super::terms::{Format, League, Withdrawal};
use engine::Ruleset;
use render::{
    Bracket, BracketMatch, BracketRound, BracketSlot, Decision, Entrant, EntryStatus, Seat,
    StandingsRow, StandingsTable, Zone,
};
use store::FixtureRow;

fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// The standings picture of division `division` of `divisions` from its table lines.
pub(crate) fn standings_table(
    league: &League,
    division: i64,
    divisions: i64,
    table: &[TableLine],
) -> StandingsTable {
    let movers = league.settings.movers as usize;
    let zoned = league.format == Format::Divisions && divisions > 1;
    // Zones count only the players who stay in the league.
    let active: Vec<i64> = table
        .iter()
        .filter(|t| !t.row.withdrawn)
        .map(|t| t.row.player)
        .collect();
    let zone = |player: i64| {
        if !zoned {
            return Zone::Neither;
        }
        let Some(i) = active.iter().position(|&p| p == player) else {
            return Zone::Neither;
        };
        if division > 1 && i < movers {
            Zone::Promotion
        } else if division < divisions && i + movers >= active.len() {
            Zone::Relegation
        } else {
            Zone::Neither
        }
    };
    let status = |withdrawn: bool| match (withdrawn, league.settings.withdrawal) {
        (false, _) => EntryStatus::Active,
        (true, Withdrawal::Void) if !league.format.is_bracket() => EntryStatus::Voided,
        (true, _) => EntryStatus::Withdrawn,
    };
    let rows = table
        .iter()
        .map(|t| StandingsRow {
            rank: t.row.rank,
            name: t.name.clone(),
            played: t.row.played,
            won: t.row.won,
            lost: t.row.lost,
            forfeit_wins: t.row.forfeit_wins,
            forfeit_losses: t.row.forfeit_losses,
            points: count(t.row.points),
            tiebreak: format!("{:+}", t.row.difference),
            status: status(t.row.withdrawn),
            zone: zone(t.row.player),
        })
        .collect();
    let mut subtitle = format!(
        "Season {} \u{b7} {}",
        league.row.season,
        league.format.words()
    );
    if divisions > 1 {
        subtitle.push_str(&format!(" \u{b7} Division {division} of {divisions}"));
    }
    let difference = match league.spec.ruleset {
        Ruleset::Welsh => "games",
        Ruleset::Standard => "points",
    };
    StandingsTable {
        title: league.row.name.clone(),
        subtitle,
        tiebreak_header: "Diff".into(),
        rows,
        footnote: format!(
            "Win {} pt, loss {}. Ties: points, head to head, Sonneborn-Berger, {difference} difference (Diff).",
            league.settings.win_points, league.settings.loss_points
        ),
    }
}

/// A knockout round's name over its column: the last is the final (the Welsh "Grand
/// final").
fn round_title(league: &League, round: i64, last: i64) -> String {
    match last - round {
        0 if league.spec.ruleset == Ruleset::Welsh => "Grand final".into(),
        0 => "Final".into(),
        1 => "Semi-finals".into(),
        2 => "Quarter-finals".into(),
        _ => format!("Round {round}"),
    }
}

/// The bracket picture of a knockout season from its fixtures, the entrants' names and
/// their seeds (1 for the top seed).
pub(crate) fn bracket(
    league: &League,
    fixtures: &[FixtureRow],
    names: &HashMap<i64, String>,
    seeds: &HashMap<i64, i64>,
) -> Bracket {
    if league.format == Format::DoubleElimination {
        return double_bracket(league, fixtures, names, seeds);
    }
    let last = fixtures.iter().map(|f| f.round).max().unwrap_or(0);
    let rounds = (1..=last)
        .map(|r| {
            let mut here: Vec<&FixtureRow> = fixtures.iter().filter(|f| f.round == r).collect();
            here.sort_by_key(|f| f.slot);
            BracketRound {
                name: round_title(league, r, last),
                matches: here
                    .into_iter()
                    .map(|f| bracket_match(f, names, seeds))
                    .collect(),
            }
        })
        .collect();
    Bracket {
        title: league.row.name.clone(),
        subtitle: format!(
            "Season {} \u{b7} knockout \u{b7} {}",
            league.row.season,
            crate::spec_words(&league.spec)
        ),
        rounds,
        losers: Vec::new(),
    }
}

fn bracket_match(
    f: &FixtureRow,
    names: &HashMap<i64, String>,
    seeds: &HashMap<i64, i64>,
) -> BracketMatch {
    let bye = f.status == "bye";
    let slot = |p: Option<i64>| match p {
        Some(p) => BracketSlot::Player(Entrant {
            name: names.get(&p).cloned().unwrap_or_default(),
            seed: seeds.get(&p).and_then(|&s| u32::try_from(s).ok()),
        }),
        None if bye => BracketSlot::Bye,
        None => BracketSlot::Pending,
    };
    let winner = match f.winner {
        Some(w) if f.players[0] == Some(w) => Some(Seat::Top),
        Some(w) if f.players[1] == Some(w) => Some(Seat::Bottom),
        _ => None,
    };
    let how = f.how.as_deref().unwrap_or("played");
    let score = match (winner, how, f.status.as_str()) {
        (Some(w), "played", "done") => {
            let (a, b) = match w {
                Seat::Top => (f.score[0], f.score[1]),
                Seat::Bottom => (f.score[1], f.score[0]),
            };
            Some(format!("{a}\u{2013}{b}"))
        }
        _ => None,
    };
    BracketMatch {
        top: slot(f.players[0]),
        bottom: slot(f.players[1]),
        winner,
        score,
        decision: match how {
            "forfeit" => Decision::Forfeit,
            "adjudicated" => Decision::Adjudicated,
            _ => Decision::Played,
        },
    }
}

/// The picture of a double elimination: the winners' bracket, then the grand final and
/// its reset, fed one to one; the losers' bracket under them.
fn double_bracket(
    league: &League,
    fixtures: &[FixtureRow],
    names: &HashMap<i64, String>,
    seeds: &HashMap<i64, i64>,
) -> Bracket {
    let mut rounds: Vec<i64> = fixtures.iter().map(|f| f.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    let column = |r: i64| {
        let mut here: Vec<&FixtureRow> = fixtures.iter().filter(|f| f.round == r).collect();
        here.sort_by_key(|f| f.slot);
        BracketRound {
            name: double_round_title(r, fixtures),
            matches: here
                .into_iter()
                .map(|f| bracket_match(f, names, seeds))
                .collect(),
        }
    };
    let (losers, upper): (Vec<i64>, Vec<i64>) =
        rounds.into_iter().partition(|&r| part(r) == Part::Losers);
    Bracket {
        title: league.row.name.clone(),
        subtitle: format!(
            "Season {} \u{b7} double elimination{} \u{b7} {}",
            league.row.season,
            if league.settings.reset {
                ", bracket reset"
            } else {
                ""
            },
            crate::spec_words(&league.spec)
        ),
        rounds: upper.into_iter().map(column).collect(),
        losers: losers.into_iter().map(column).collect(),
    }
}

/// A double elimination's column title: "Winners' round 1", "Winners' final", "Losers'
/// final", "Grand final", "Reset".
pub(crate) fn double_round_title(round: i64, fixtures: &[FixtureRow]) -> String {
    if part(round) == Part::Reset {
        return "Reset".into();
    }
    let words = round_words(round, fixtures);
    let words = words.strip_prefix("the ").unwrap_or(&words);
    let mut c = words.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
