//! The fixtures scheduler: pure functions from the number of entrants, the format and a
//! seed to the pairings. Entrants are indices into the caller's list (in seeding order
//! for a knockout or divisions: index 0 is the top seed). No I/O, no clock, no dice: the
//! same arguments give the same fixtures.

use std::collections::HashMap;
use std::collections::HashSet;
use store::FixtureRow;

/// One pairing of a round robin: entrants by index; `x` plays as X (the first colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1, 2, ... (a double round robin's second half continues the numbering).
    pub round: u32,
    pub x: usize,
    pub o: usize,
}

/// SplitMix64: a small seeded generator, so that a draw depends only on its seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        let n = u64::try_from(n.max(1)).unwrap_or(u64::MAX);
        usize::try_from(self.next() % n).unwrap_or(0)
    }
}

/// A permutation of `0..n` drawn from `seed` (Fisher-Yates): random seeding, and the
/// order of the circle in a round robin.
#[must_use]
pub fn shuffle(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = SplitMix(seed);
    for i in (1..n).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    order
}

/// A round robin of `n` entrants by the circle method: every pair meets once (twice with
/// colours swapped when `twice`), `n - 1` rounds (`n` when `n` is odd: each round one
/// entrant sits out), nobody plays twice in a round, and colours alternate round by
/// round. The seed places the entrants on the circle.
#[must_use]
pub fn round_robin(n: usize, twice: bool, seed: u64) -> Vec<Pairing> {
    if n < 2 {
        return Vec::new();
    }
    let mut circle: Vec<Option<usize>> = shuffle(n, seed).into_iter().map(Some).collect();
    if circle.len() % 2 == 1 {
        circle.push(None);
    }
    let m = circle.len();
    let rounds = u32::try_from(m - 1).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(n * (n - 1) / 2 * if twice { 2 } else { 1 });
    for r in 0..rounds {
        for i in 0..m / 2 {
            if let (Some(a), Some(b)) = (circle[i], circle[m - 1 - i]) {
                // The fixed player takes X in even rounds; elsewhere the upper place of a
                // pair takes X at odd places, so each colour alternates as the circle turns.
                let swap = if i == 0 { r % 2 == 1 } else { i % 2 == 0 };
                let (x, o) = if swap { (b, a) } else { (a, b) };
                out.push(Pairing { round: r + 1, x, o });
            }
        }
        // Keep the first place fixed and turn the rest of the circle by one.
        circle[1..].rotate_right(1);
    }
    if twice {
        let first: Vec<Pairing> = out.clone();
        out.extend(first.into_iter().map(|p| Pairing {
            round: p.round + rounds,
            x: p.o,
            o: p.x,
        }));
    }
    out
}

/// The size of a knockout bracket for `n` entrants: the next power of two (at least 2).
#[must_use]
pub fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// The number of rounds of a knockout for `n` entrants (the last is the final).
#[must_use]
pub fn knockout_rounds(n: usize) -> u32 {
    bracket_size(n).trailing_zeros()
}

/// The seed (0 = top) on each line of a bracket of `size` (a power of two), in the
/// standard order: 1 meets `size`, and seeds 1 and 2 can meet only in the final.
#[must_use]
pub fn seed_lines(size: usize) -> Vec<usize> {
    let mut lines = vec![0usize];
    let mut width = 1;
    while width < size {
        width *= 2;
        lines = lines.iter().flat_map(|&s| [s, width - 1 - s]).collect();
    }
    lines
}

/// A first-round slot of a knockout: two seeds, or one seed and a bye (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstRound {
    /// 0, 1, ... within the round.
    pub slot: u32,
    pub x: Option<usize>,
    pub o: Option<usize>,
}

/// The first round of a knockout for `n` entrants in seeding order. A field that is not a
/// power of two gets byes, and they go to the top seeds (seed `k` sits out when its
/// bracket opponent `size - 1 - k` does not exist). Deterministic: seeding is the caller's
/// (random by [`shuffle`], or an explicit order).
#[must_use]
pub fn knockout_first_round(n: usize) -> Vec<FirstRound> {
    let size = bracket_size(n);
    let lines = seed_lines(size);
    lines
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| FirstRound {
            slot: u32::try_from(i).unwrap_or(u32::MAX),
            x: (pair[0] < n).then_some(pair[0]),
            o: (pair[1] < n).then_some(pair[1]),
        })
        .collect()
}

/// Where the winner of knockout match (`round`, `slot`) plays next: the round, slot and
/// colour (0 = X, 1 = O); `None` after the final.
#[must_use]
pub fn knockout_next(round: u32, slot: u32, rounds: u32) -> Option<(u32, u32, usize)> {
    (round < rounds).then_some((round + 1, slot / 2, (slot % 2) as usize))
}

/// The two matches whose winners meet in knockout match (`round`, `slot`), `round` >= 2.
#[must_use]
pub fn knockout_feeders(round: u32, slot: u32) -> [(u32, u32); 2] {
    [(round - 1, 2 * slot), (round - 1, 2 * slot + 1)]
}

/// The first season's divisions: entrants in seeding order cut into the fewest divisions
/// of at most `max` (sizes as even as can be, the larger ones on top); division 0 is the
/// top one and gets the top seeds.
#[must_use]
pub fn first_divisions(n: usize, max: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return Vec::new();
    }
    let max = max.max(2);
    let count = n.div_ceil(max);
    let (base, extra) = (n / count, n % count);
    let mut out = Vec::with_capacity(count);
    let mut next = 0;
    for d in 0..count {
        let size = base + usize::from(d < extra);
        out.push((next..next + size).collect());
        next += size;
    }
    out
}

/// What the end of a season makes of the divisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextSeason<T> {
    /// The divisions, top first, each in the order it finished (promoted players after).
    pub divisions: Vec<Vec<T>>,
    /// Newcomers for whom there was no room (fewer than `min` to open a new division).
    pub waiting: Vec<T>,
    /// (player, from division, to division) for each promotion and relegation.
    pub moves: Vec<(T, usize, usize)>,
}

/// The next season of a league of divisions: `tables` is each division's final order
/// (top division first, players who left already taken out). Between each pair of
/// neighbouring divisions the top `k` of the lower go up and the bottom `k` of the upper
/// go down (`k` cut to half the smaller division). Newcomers join the lowest division up
/// to `max`; the rest open a new lowest division if they are at least `min`, else wait.
#[must_use]
pub fn next_divisions<T: Copy>(
    tables: &[Vec<T>],
    k: usize,
    newcomers: &[T],
    max: usize,
    min: usize,
) -> NextSeason<T> {
    let mut divisions: Vec<Vec<T>> = tables.iter().filter(|t| !t.is_empty()).cloned().collect();
    let mut moves = Vec::new();
    let mut next: Vec<Vec<T>> = divisions.clone();
    for d in 0..divisions.len().saturating_sub(1) {
        let (upper, lower) = (&divisions[d], &divisions[d + 1]);
        let k = k.min(upper.len() / 2).min(lower.len() / 2);
        let down: Vec<T> = upper[upper.len() - k..].to_vec();
        let up: Vec<T> = lower[..k].to_vec();
        let keep = next[d].len() - k;
        next[d].truncate(keep);
        next[d].extend(up.iter().copied());
        next[d + 1].drain(..k);
        next[d + 1].extend(down.iter().copied());
        moves.extend(up.iter().map(|&p| (p, d + 1, d)));
        moves.extend(down.iter().map(|&p| (p, d, d + 1)));
    }
    // The top of each division stays on top: stayers keep their order, then the movers.
    divisions = next;
    let max = max.max(2);
    let mut waiting = Vec::new();
    let mut rest: Vec<T> = newcomers.to_vec();
    if let Some(last) = divisions.last_mut() {
        let room = max.saturating_sub(last.len()).min(rest.len());
        last.extend(rest.drain(..room));
    }
    while !rest.is_empty() {
        if rest.len() >= min.max(2) {
            let take = rest.len().min(max);
            divisions.push(rest.drain(..take).collect());
        } else {
            waiting.append(&mut rest);
        }
    }
    NextSeason {
        divisions,
        waiting,
        moves,
    }
}

/// A fixture that has a result (or a bye).
pub(super) fn decided(f: &store::FixtureRow) -> bool {
    matches!(f.status.as_str(), "done" | "bye" | "void")
}

/// Knockout: places the winners of decided feeders in the waiting fixtures; a fixture
/// with a withdrawn player is a walkover. Returns the indices of the fixtures changed and
/// of those ready to be played (both players known).
pub(super) fn knockout_fill(
    fixtures: &mut [FixtureRow],
    withdrawn: &HashSet<i64>,
) -> (Vec<usize>, Vec<usize>) {
    let mut changed = Vec::new();
    let mut ready = Vec::new();
    loop {
        let at: HashMap<(i64, i64, i64), usize> = fixtures
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.division, f.round, f.slot), i))
            .collect();
        let mut moved = false;
        for i in 0..fixtures.len() {
            let f = fixtures[i].clone();
            if f.status != "waiting" {
                continue;
            }
            let mut players = f.players;
            if f.round > 1 {
                let r = u32::try_from(f.round).unwrap_or(0);
                let s = u32::try_from(f.slot).unwrap_or(0);
                for (side, (fr, fs)) in knockout_feeders(r, s).into_iter().enumerate() {
                    if let Some(&j) = at.get(&(f.division, i64::from(fr), i64::from(fs))) {
                        if decided(&fixtures[j]) {
                            players[side] = fixtures[j].winner;
                        }
                    }
                }
            }
            let g = &mut fixtures[i];
            if players != g.players {
                g.players = players;
                moved = true;
                changed.push(i);
            }
            if let [Some(x), Some(o)] = g.players {
                let out = [withdrawn.contains(&x), withdrawn.contains(&o)];
                if out[0] || out[1] {
                    g.status = "done".into();
                    g.how = Some("forfeit".into());
                    g.winner = Some(if out[0] { o } else { x });
                    moved = true;
                    changed.push(i);
                } else {
                    g.status = "playing".into();
                    moved = true;
                    changed.push(i);
                    ready.push(i);
                }
            }
        }
        if !moved {
            break;
        }
    }
    changed.sort_unstable();
    changed.dedup();
    (changed, ready)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn round_robin_every_pair_exactly_once_and_nobody_twice_in_a_round() {
        for n in 2..=12 {
            let f = round_robin(n, false, 7);
            assert_eq!(f.len(), n * (n - 1) / 2, "n = {n}");
            let pairs: BTreeSet<(usize, usize)> =
                f.iter().map(|p| (p.x.min(p.o), p.x.max(p.o))).collect();
            assert_eq!(pairs.len(), f.len(), "a pair meets twice, n = {n}");
            let mut seen: BTreeMap<u32, BTreeSet<usize>> = BTreeMap::new();
            for p in &f {
                assert_ne!(p.x, p.o);
                let round = seen.entry(p.round).or_default();
                assert!(round.insert(p.x) && round.insert(p.o), "twice in a round");
            }
            let rounds = if n % 2 == 0 { n - 1 } else { n };
            assert_eq!(seen.len(), rounds, "n = {n}");
        }
    }

    #[test]
    fn double_round_robin_swaps_colours_in_the_second_half() {
        let f = round_robin(5, true, 3);
        assert_eq!(f.len(), 20);
        let ordered: BTreeSet<(usize, usize)> = f.iter().map(|p| (p.x, p.o)).collect();
        assert_eq!(ordered.len(), 20, "each pair once with each colour");
        for p in &f {
            assert!(ordered.contains(&(p.o, p.x)));
        }
    }

    #[test]
    fn colours_are_balanced_within_one_or_two_with_a_bye() {
        for n in 2..=14 {
            let f = round_robin(n, false, 11);
            let limit = if n % 2 == 0 { 1 } else { 2 };
            for who in 0..n {
                let x = f.iter().filter(|p| p.x == who).count() as i64;
                let o = f.iter().filter(|p| p.o == who).count() as i64;
                assert!(
                    (x - o).abs() <= limit,
                    "n {n}, entrant {who}: {x} as X, {o} as O"
                );
            }
        }
    }

    #[test]
    fn a_draw_is_deterministic_for_its_seed_and_differs_between_seeds() {
        assert_eq!(round_robin(9, true, 42), round_robin(9, true, 42));
        assert_eq!(shuffle(20, 5), shuffle(20, 5));
        assert_ne!(shuffle(20, 5), shuffle(20, 6));
        let mut s = shuffle(20, 5);
        s.sort_unstable();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn bracket_lines_put_seed_one_against_the_last_and_one_and_two_apart() {
        assert_eq!(seed_lines(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(seed_lines(2), vec![0, 1]);
        assert_eq!(knockout_rounds(6), 3);
        assert_eq!(knockout_rounds(2), 1);
        assert_eq!(knockout_rounds(16), 4);
    }

    #[test]
    fn knockout_byes_go_to_the_top_seeds() {
        for n in 2..=33 {
            let first = knockout_first_round(n);
            let size = bracket_size(n);
            assert_eq!(first.len(), size / 2);
            let byes: BTreeSet<usize> = first
                .iter()
                .filter_map(|s| match (s.x, s.o) {
                    (Some(a), None) | (None, Some(a)) => Some(a),
                    (None, None) => panic!("an empty slot, n = {n}"),
                    _ => None,
                })
                .collect();
            assert_eq!(byes, (0..size - n).collect(), "n = {n}");
            let mut everyone: Vec<usize> =
                first.iter().flat_map(|s| [s.x, s.o]).flatten().collect();
            everyone.sort_unstable();
            assert_eq!(everyone, (0..n).collect::<Vec<_>>(), "each once, n = {n}");
        }
    }

    #[test]
    fn nobody_plays_twice_in_a_knockout_round_and_feeders_meet_next() {
        let rounds = knockout_rounds(6);
        // Round 2's slot 0 is fed by round 1's slots 0 and 1; its winner plays the final as X.
        assert_eq!(knockout_feeders(2, 0), [(1, 0), (1, 1)]);
        assert_eq!(knockout_next(1, 1, rounds), Some((2, 0, 1)));
        assert_eq!(knockout_next(2, 1, rounds), Some((3, 0, 1)));
        assert_eq!(knockout_next(3, 0, rounds), None);
        for r in 2..=rounds {
            let slots = bracket_size(6) >> r;
            let fed: BTreeSet<(u32, u32)> = (0..slots as u32)
                .flat_map(|s| knockout_feeders(r, s))
                .collect();
            assert_eq!(
                fed.len(),
                2 * slots,
                "each earlier match feeds one later match"
            );
        }
    }

    #[test]
    fn first_divisions_are_even_and_top_seeds_on_top() {
        assert_eq!(
            first_divisions(10, 6),
            vec![vec![0, 1, 2, 3, 4], vec![5, 6, 7, 8, 9]]
        );
        assert_eq!(first_divisions(7, 6), vec![vec![0, 1, 2, 3], vec![4, 5, 6]]);
        assert_eq!(first_divisions(4, 6), vec![vec![0, 1, 2, 3]]);
    }

    #[test]
    fn promotion_relegation_and_newcomers_in_the_lowest_division() {
        let tables = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
        let next = next_divisions(&tables, 1, &[9], 5, 3);
        assert_eq!(next.divisions, vec![vec![1, 2, 3, 5], vec![6, 7, 8, 4, 9]]);
        assert_eq!(next.moves, vec![(5, 1, 0), (4, 0, 1)]);
        assert!(next.waiting.is_empty());
        // No room and too few for a division of their own: they wait.
        let next = next_divisions(&tables, 2, &[9, 10, 11], 4, 4);
        assert_eq!(next.divisions, vec![vec![1, 2, 5, 6], vec![7, 8, 3, 4]]);
        assert_eq!(next.waiting, vec![9, 10, 11]);
        let next = next_divisions(&tables, 2, &[9, 10, 11], 4, 3);
        assert_eq!(next.divisions.len(), 3);
        assert_eq!(next.divisions[2], vec![9, 10, 11]);
    }
}
