//! Double elimination: the shape of the two brackets and the grand final as a pure
//! function of the number of entrants, and the filling of a season's fixtures from the
//! results (the next matches, byes, walkovers, the bracket reset).
//!
//! The winners' bracket is the knockout's ([`super::fixtures::knockout_first_round`]:
//! the next power of two, byes to the top seeds), rounds `1..=R`. Its losers drop into
//! the losers' bracket, rounds [`LOSERS`]` + 1 ..= `[`LOSERS`]` + 2(R - 1)`: its first
//! round pairs the first round's losers, then each even round takes the winners of the
//! round before against the losers of the next winners' round (dropped in reverse order,
//! so two players who met early do not meet again at once), and each odd round after the
//! first halves the field. The winners' champion meets the losers' champion in the grand
//! final ([`GRAND_FINAL`]); when the losers' champion wins it and the reset is on, the
//! two play again ([`RESET`]), so that nobody leaves before his second loss.
//!
//! A side whose player cannot come (the loser of a bye) is empty: a match with one
//! player is a bye for him, with none an empty bye. Everything is a function of `n` and
//! the results: the same results fill the same fixtures.

use std::collections::{HashMap, HashSet};

use super::fixtures::{decided, knockout_first_round, knockout_rounds};
use store::FixtureRow;

/// Losers' bracket round `k` is stored as round `LOSERS + k`.
pub const LOSERS: i64 = 100;
/// The grand final's round.
pub const GRAND_FINAL: i64 = 201;
/// The bracket reset's round (the second grand final).
pub const RESET: i64 = 202;

/// Where one side of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An entrant by seed index (0 = top seed), placed at the start.
    Seed(usize),
    /// Nobody (a bye).
    Empty,
    /// The winner of match (round, slot).
    Winner(i64, i64),
    /// The loser of match (round, slot).
    Loser(i64, i64),
}

/// One match of the brackets: its round, its slot in the round and its two sides (X, O).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub round: i64,
    pub slot: i64,
    pub sides: [Source; 2],
}

/// Which part of a double elimination a round belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Winners,
    Losers,
    GrandFinal,
    Reset,
}

/// The part of round `round`.
#[must_use]
pub fn part(round: i64) -> Part {
    match round {
        RESET => Part::Reset,
        GRAND_FINAL => Part::GrandFinal,
        r if r > LOSERS => Part::Losers,
        _ => Part::Winners,
    }
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Every match of a double elimination of `n` entrants (seed indices, 0 = top), the
/// grand final last; the reset is not among them (it is made when it is needed).
#[must_use]
pub fn double_elimination(n: usize) -> Vec<Node> {
    let rounds = i64::from(knockout_rounds(n));
    let size = super::fixtures::bracket_size(n);
    let mut out = Vec::new();
    let seat = |s: Option<usize>| s.map_or(Source::Empty, Source::Seed);
    for f in knockout_first_round(n) {
        out.push(Node {
            round: 1,
            slot: i64::from(f.slot),
            sides: [seat(f.x), seat(f.o)],
        });
    }
    for r in 2..=rounds {
        for slot in 0..to_i64(size >> r) {
            out.push(Node {
                round: r,
                slot,
                sides: [
                    Source::Winner(r - 1, 2 * slot),
                    Source::Winner(r - 1, 2 * slot + 1),
                ],
            });
        }
    }
    // The losers' bracket: 2(R - 1) rounds.
    let mut last = None;
    if rounds >= 2 {
        for k in 1..=2 * (rounds - 1) {
            let round = LOSERS + k;
            if k == 1 {
                for slot in 0..to_i64(size / 4) {
                    out.push(Node {
                        round,
                        slot,
                        sides: [Source::Loser(1, 2 * slot), Source::Loser(1, 2 * slot + 1)],
                    });
                }
            } else if k % 2 == 0 {
                // The winners of the round before meet the losers of winners' round
                // k / 2 + 1, dropped in reverse order.
                let w = k / 2 + 1;
                let m = to_i64(size >> (k / 2 + 1));
                for slot in 0..m {
                    out.push(Node {
                        round,
                        slot,
                        sides: [
                            Source::Winner(round - 1, slot),
                            Source::Loser(w, m - 1 - slot),
                        ],
                    });
                }
            } else {
                let m = to_i64(size >> (k / 2 + 2));
                for slot in 0..m {
                    out.push(Node {
                        round,
                        slot,
                        sides: [
                            Source::Winner(round - 1, 2 * slot),
                            Source::Winner(round - 1, 2 * slot + 1),
                        ],
                    });
                }
            }
            last = Some(round);
        }
    }
    out.push(Node {
        round: GRAND_FINAL,
        slot: 0,
        sides: [
            Source::Winner(rounds, 0),
            last.map_or(Source::Loser(rounds, 0), |r| Source::Winner(r, 0)),
        ],
    });
    out
}

/// The fixtures of a new double elimination: every match of the brackets, the first
/// round's players placed from `players` (seed order), all waiting; then
/// [`double_fill`] makes the byes and readies the first matches.
#[must_use]
pub fn double_fixtures(players: &[i64], season: i64, division: i64) -> Vec<FixtureRow> {
    double_elimination(players.len())
        .into_iter()
        .map(|node| FixtureRow {
            season,
            division,
            round: node.round,
            slot: node.slot,
            players: node.sides.map(|s| match s {
                Source::Seed(i) => Some(players[i]),
                _ => None,
            }),
            status: "waiting".into(),
            ..FixtureRow::default()
        })
        .collect()
}

/// The loser of a decided fixture (nobody for a bye).
fn loser(f: &FixtureRow) -> Option<i64> {
    let w = f.winner?;
    match f.players {
        [Some(x), Some(o)] if x == w => Some(o),
        [Some(x), Some(_)] => Some(x),
        _ => None,
    }
}

/// Fills a double elimination's fixtures of `n` entrants from the results: each side
/// whose match is decided gets its winner or loser; a match with both sides known starts
/// (both players), is a bye (one, or none) or a walkover (a withdrawn player loses); when
/// the losers' champion wins the grand final and `reset` is on, the reset is added (as a
/// new fixture at the end), unless the winners' champion withdrew. Returns the indices of the fixtures changed and of those
/// ready to be played. Doing it twice changes nothing more.
pub fn double_fill(
    fixtures: &mut Vec<FixtureRow>,
    n: usize,
    reset: bool,
    withdrawn: &HashSet<i64>,
) -> (Vec<usize>, Vec<usize>) {
    let mut nodes = double_elimination(n);
    let mut changed = Vec::new();
    let mut ready = Vec::new();
    loop {
        let at: HashMap<(i64, i64), usize> = fixtures
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.round, f.slot), i))
            .collect();
        if at.contains_key(&(RESET, 0)) && !nodes.iter().any(|v| v.round == RESET) {
            nodes.push(Node {
                round: RESET,
                slot: 0,
                sides: [Source::Seed(0), Source::Seed(0)],
            });
        }
        let mut moved = false;
        for node in &nodes {
            let Some(&i) = at.get(&(node.round, node.slot)) else {
                continue;
            };
            if fixtures[i].status != "waiting" {
                continue;
            }
            let mut players = fixtures[i].players;
            let mut known = true;
            for (side, src) in node.sides.iter().enumerate() {
                let (r, s, winner) = match *src {
                    Source::Seed(_) | Source::Empty => continue,
                    Source::Winner(r, s) => (r, s, true),
                    Source::Loser(r, s) => (r, s, false),
                };
                match at.get(&(r, s)).map(|&j| &fixtures[j]) {
                    Some(f) if decided(f) => {
                        players[side] = if winner { f.winner } else { loser(f) };
                    }
                    _ => known = false,
                }
            }
            let g = &mut fixtures[i];
            if players != g.players {
                g.players = players;
                moved = true;
                changed.push(i);
            }
            if !known {
                continue;
            }
            match g.players {
                [Some(x), Some(o)] => {
                    let out = [withdrawn.contains(&x), withdrawn.contains(&o)];
                    if out[0] || out[1] {
                        g.status = "done".into();
                        g.how = Some("forfeit".into());
                        g.winner = Some(if out[0] { o } else { x });
                    } else {
                        g.status = "playing".into();
                        ready.push(i);
                    }
                }
                [a, b] => {
                    g.status = "bye".into();
                    g.how = Some("bye".into());
                    g.winner = a.or(b);
                }
            }
            moved = true;
            changed.push(i);
        }
        if reset && !at.contains_key(&(RESET, 0)) {
            if let Some(&g) = at.get(&(GRAND_FINAL, 0)) {
                let gf = &fixtures[g];
                if let (true, [Some(w), Some(l)], Some(won)) = (decided(gf), gf.players, gf.winner)
                {
                    // No reset against a winners' champion who withdrew: he has left.
                    if won == l && gf.status == "done" && !withdrawn.contains(&w) {
                        let f = FixtureRow {
                            season: gf.season,
                            division: gf.division,
                            round: RESET,
                            slot: 0,
                            players: [Some(l), Some(w)],
                            status: "waiting".into(),
                            ..FixtureRow::default()
                        };
                        fixtures.push(f);
                        changed.push(fixtures.len() - 1);
                        moved = true;
                    }
                }
            }
        }
        if !moved {
            break;
        }
    }
    changed.sort_unstable();
    changed.dedup();
    ready.sort_unstable();
    ready.dedup();
    (changed, ready)
}

/// The champion of a finished double elimination: the reset's winner, else the grand
/// final's.
#[must_use]
pub fn champion(fixtures: &[FixtureRow]) -> Option<i64> {
    let of = |r: i64| fixtures.iter().find(|f| f.round == r && decided(f));
    of(RESET).or_else(|| of(GRAND_FINAL)).and_then(|f| f.winner)
}

/// A round's name: "winners' round 1", "the winners' final", "losers' round 2", "the
/// losers' final", "the grand final", "the grand final reset".
#[must_use]
pub fn round_words(round: i64, fixtures: &[FixtureRow]) -> String {
    let last = |p: Part| {
        fixtures
            .iter()
            .filter(|f| part(f.round) == p)
            .map(|f| f.round)
            .max()
            .unwrap_or(0)
    };
    match part(round) {
        Part::Reset => "the grand final reset".into(),
        Part::GrandFinal => "the grand final".into(),
        Part::Losers if round == last(Part::Losers) => "the losers' final".into(),
        Part::Losers => format!("losers' round {}", round - LOSERS),
        Part::Winners if round == last(Part::Winners) => "the winners' final".into(),
        Part::Winners => format!("winners' round {round}"),
    }
}
