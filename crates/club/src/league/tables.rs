//! A league's tables as data and text: the table of one division from its fixtures, a
//! round's name, the rows the renderer's pictures are drawn from, and a table as
//! fixed-width lines. Pure; shared by following results (`advance`), the views, the
//! pictures and the announcements.

use std::collections::HashSet;

use super::standings::{Decided, Points, Row, standings_with_byes};
use super::terms::Format;
use store::{FixtureRow, PlaceRow};

/// One row of a league table, with the player's name (for the standings picture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLine {
    pub name: String,
    pub row: Row,
}

/// One match of a knockout bracket (for the bracket picture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketLine {
    pub round: i64,
    pub slot: i64,
    /// X and O; `None` while a feeder is undecided (or a bye).
    pub names: [Option<String>; 2],
    pub winner: Option<String>,
    pub match_id: Option<i64>,
    /// `waiting`, `bye`, `playing`, `done`.
    pub status: String,
}

/// The table of one division of a league of `format` from its places (in seed order)
/// and the season's fixtures.
pub(crate) fn division_table(
    format: Format,
    places: &[PlaceRow],
    division: i64,
    fixtures: &[FixtureRow],
    withdrawn: &HashSet<i64>,
    points: Points,
) -> Vec<Row> {
    let mut mine: Vec<&PlaceRow> = places.iter().filter(|p| p.division == division).collect();
    mine.sort_by_key(|p| p.seed);
    let entrants: Vec<(i64, bool)> = mine
        .iter()
        .map(|p| (p.player, withdrawn.contains(&p.player)))
        .collect();
    let results: Vec<Decided> = fixtures
        .iter()
        .filter(|f| f.division == division && f.status == "done")
        .filter_map(|f| {
            let (Some(x), Some(o), Some(w)) = (f.players[0], f.players[1], f.winner) else {
                return None;
            };
            let how = f.how.as_deref().unwrap_or("played");
            Some(Decided {
                x,
                o,
                winner: w,
                forfeit: how == "forfeit",
                score: if how == "played" { f.score } else { [0, 0] },
            })
        })
        .collect();
    // A Swiss round's bye (its odd one out) is a win; a bracket's bye is no match, only
    // a way through to the next round.
    let byes: Vec<i64> = fixtures
        .iter()
        .filter(|f| format == Format::Swiss && f.division == division && f.status == "bye")
        .filter_map(|f| match f.players {
            [Some(p), None] | [None, Some(p)] if f.winner == Some(p) => Some(p),
            _ => None,
        })
        .collect();
    standings_with_byes(&entrants, &results, &byes, points)
}

/// "round 1", "the semi-final", "the final" ("the grand final" in a Welsh knockout).
pub(crate) fn round_name(format: Format, round: i64, fixtures: &[FixtureRow]) -> String {
    if format == Format::DoubleElimination {
        return super::double_elim::round_words(round, fixtures);
    }
    if format != Format::Knockout {
        return format!("round {round}");
    }
    let last = fixtures.iter().map(|f| f.round).max().unwrap_or(round);
    match last - round {
        0 => "the final".into(),
        1 => "a semi-final".into(),
        2 => "a quarter-final".into(),
        _ => format!("round {round}"),
    }
}

/// A table as fixed-width lines: rank, name, played, won (forfeit wins marked `f`),
/// lost, points, head to head, Sonneborn-Berger, difference.
pub(crate) fn table_text(rows: &[Row], name: &dyn Fn(i64) -> String) -> Vec<String> {
    let mut out = vec![format!(
        "{:>3} {:<16} {:>2} {:>4} {:>4} {:>4} {:>4} {:>4} {:>5}",
        "#", "player", "P", "W", "L", "Pts", "H2H", "SB", "Diff"
    )];
    for r in rows {
        let mut n: String = name(r.player).chars().take(16).collect();
        if r.withdrawn {
            n = format!("{}(w)", n.chars().take(13).collect::<String>());
        }
        let won = if r.forfeit_wins > 0 {
            format!("{}+{}f", r.won - r.forfeit_wins, r.forfeit_wins)
        } else {
            r.won.to_string()
        };
        out.push(format!(
            "{:>3} {:<16} {:>2} {:>4} {:>4} {:>4} {:>4} {:>4} {:>+5}",
            r.rank,
            n,
            r.played,
            won,
            r.lost,
            r.points,
            r.head_to_head,
            r.sonneborn_berger,
            r.difference
        ));
    }
    out.push(
        "W: wins (n+kf: k of them by forfeit); (w): withdrew; ties: points, head to head, Sonneborn-Berger, difference"
            .into(),
    );
    out
}
