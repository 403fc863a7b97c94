//! The Swiss system's pairing: a pure function from the players in standings order (the
//! league table's, with its tie-breaks) and the pairings so far to the next round.
//!
//! - When the field is odd, the lowest-ranked player who has not had a bye sits out with
//!   a bye (a win); if everybody has had one, the lowest-ranked.
//! - The others are paired by score: within each group of equal points the top half
//!   meets the bottom half in order (1 v 1 + n/2, ...), an odd one out goes down to the
//!   next group, and no pair meets twice while that can be avoided: a search that undoes
//!   its last choices when the players left cannot all be paired (and, if the field has
//!   met too much for that, the fewest repeats in order).
//! - Colours: the player who has had X less often takes X (the higher ranked on a tie).
//!
//! Deterministic: the same table and history give the same round.

use std::collections::HashSet;

/// A player as the pairing sees him.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    pub id: i64,
    /// Points so far.
    pub points: i64,
    /// Has had a bye.
    pub had_bye: bool,
    /// Games as X minus games as O.
    pub colour: i64,
}

/// One round's pairing: (X, O) pairs, top boards first, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissRound {
    pub pairs: Vec<(i64, i64)>,
    pub bye: Option<i64>,
    /// Pairs that meet again (only when no pairing without a repeat was found).
    pub repeats: usize,
}

/// The default number of rounds for `n` players: ceil(log2 n), at least 1.
#[must_use]
pub fn swiss_rounds(n: usize) -> u32 {
    n.max(2).next_power_of_two().trailing_zeros()
}

/// A pair as a key, smaller id first.
#[must_use]
pub fn key(a: i64, b: i64) -> (i64, i64) {
    (a.min(b), a.max(b))
}

/// Steps of the search before it gives up on avoiding repeats.
const BUDGET: usize = 200_000;

/// The next round for `ranked` (standings order, best first) given the pairs that have
/// met (`met`, as [`key`]).
#[must_use]
pub fn pair_round(ranked: &[SwissPlayer], met: &HashSet<(i64, i64)>) -> SwissRound {
    let candidates: Vec<usize> = if ranked.len() % 2 == 1 {
        let fresh: Vec<usize> = (0..ranked.len())
            .rev()
            .filter(|&i| !ranked[i].had_bye)
            .collect();
        if fresh.is_empty() {
            (0..ranked.len()).rev().collect()
        } else {
            fresh
        }
    } else {
        Vec::new()
    };
    let rest = |skip: Option<usize>| -> Vec<SwissPlayer> {
        ranked
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != skip)
            .map(|(_, p)| *p)
            .collect()
    };
    // One budget for the whole round, however many byes are tried.
    let mut steps = 0usize;
    if candidates.is_empty() {
        let players = rest(None);
        let found = strict(&players, met, &mut steps);
        return finish(&players, None, found, met);
    }
    for &c in &candidates {
        let players = rest(Some(c));
        if let Some(order) = strict(&players, met, &mut steps) {
            return finish(&players, Some(ranked[c].id), Some(order), met);
        }
    }
    let c = candidates[0];
    let players = rest(Some(c));
    finish(&players, Some(ranked[c].id), None, met)
}

/// The order in which the players are offered: score groups top down, each group's top
/// half interleaved with its bottom half (1, 1 + h, 2, 2 + h, ...).
fn offer_order(players: &[SwissPlayer]) -> Vec<usize> {
    let mut out = Vec::with_capacity(players.len());
    let mut i = 0;
    while i < players.len() {
        let mut j = i;
        while j < players.len() && players[j].points == players[i].points {
            j += 1;
        }
        let len = j - i;
        let h = len.div_ceil(2);
        for k in 0..h {
            out.push(i + k);
            if k + h < len {
                out.push(i + k + h);
            }
        }
        i = j;
    }
    out
}

/// A pairing with no repeat, as pairs of indices into `players` in the offer order, or
/// `None` when there is none (or the search ran out of steps).
fn strict(
    players: &[SwissPlayer],
    met: &HashSet<(i64, i64)>,
    steps: &mut usize,
) -> Option<Vec<(usize, usize)>> {
    let order = offer_order(players);
    let mut used = vec![false; players.len()];
    let mut pairs = Vec::with_capacity(players.len() / 2);
    search(players, met, &order, &mut used, &mut pairs, steps).then_some(pairs)
}

fn search(
    players: &[SwissPlayer],
    met: &HashSet<(i64, i64)>,
    order: &[usize],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    steps: &mut usize,
) -> bool {
    let Some(pos) = order.iter().position(|&i| !used[i]) else {
        return true;
    };
    let a = order[pos];
    used[a] = true;
    for &b in &order[pos + 1..] {
        *steps += 1;
        if *steps > BUDGET {
            break;
        }
        if used[b] || met.contains(&key(players[a].id, players[b].id)) {
            continue;
        }
        used[b] = true;
        pairs.push((a, b));
        if search(players, met, order, used, pairs, steps) {
            return true;
        }
        pairs.pop();
        used[b] = false;
    }
    used[a] = false;
    false
}

/// The fewest repeats in order: each player in the offer order takes the first one left
/// he has not met, else the first one left.
fn loose(players: &[SwissPlayer], met: &HashSet<(i64, i64)>) -> Vec<(usize, usize)> {
    let order = offer_order(players);
    let mut used = vec![false; players.len()];
    let mut pairs = Vec::new();
    for (pos, &a) in order.iter().enumerate() {
        if used[a] {
            continue;
        }
        let left: Vec<usize> = order[pos + 1..]
            .iter()
            .copied()
            .filter(|&b| !used[b])
            .collect();
        let Some(&b) = left
            .iter()
            .find(|&&b| !met.contains(&key(players[a].id, players[b].id)))
            .or(left.first())
        else {
            break;
        };
        used[a] = true;
        used[b] = true;
        pairs.push((a, b));
    }
    pairs
}

fn finish(
    players: &[SwissPlayer],
    bye: Option<i64>,
    found: Option<Vec<(usize, usize)>>,
    met: &HashSet<(i64, i64)>,
) -> SwissRound {
    let mut pairs = found.unwrap_or_else(|| loose(players, met));
    // Top boards first: by the better-ranked player of each pair.
    pairs.sort_by_key(|&(a, b)| a.min(b));
    let repeats = pairs
        .iter()
        .filter(|&&(a, b)| met.contains(&key(players[a].id, players[b].id)))
        .count();
    let pairs = pairs
        .into_iter()
        .map(|(a, b)| {
            let (hi, lo) = (a.min(b), a.max(b));
            let (p, q) = (players[hi], players[lo]);
            if q.colour < p.colour {
                (q.id, p.id)
            } else {
                (p.id, q.id)
            }
        })
        .collect();
    SwissRound {
        pairs,
        bye,
        repeats,
    }
}
