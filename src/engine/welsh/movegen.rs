//! Welsh legal plays (rules 7-11, 15, 16, 18-20; `docs/rules/welsh.md`).
//!
//! Geometry, in the mover's own numbering: Home 1-6, Near Outer 7-12, Far Outer 13-18,
//! Back 19-24, 25 = the roof, 0 = checked out. A half-move uses one die value or, as one
//! atomic jump, the sum of several unused values: the man settles only where it ends. Every
//! sequence of half-moves is searched, then the rules that judge a whole turn (two full
//! spikes, the compulsory-play rule, Six Must, Boxes Out) pick the legal ones, and plays are
//! distinct by the board they leave.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::movegen::{LegalPlay, Play, Step};
use crate::engine::position::{BAR, Board, OPP_BAR};

/// Men a spike may hold (rule 10).
pub const FULL_SPIKE: i8 = 6;

/// What the mover throws: two dice, or one die while a full spread of his stands (rule 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Throw {
    Two(u8, u8),
    One(u8),
}

impl Throw {
    /// The die values to play: four for doubles.
    #[must_use]
    pub fn values(self) -> Vec<u8> {
        match self {
            Throw::Two(a, b) if a == b => vec![a; 4],
            Throw::Two(a, b) => vec![a, b],
            Throw::One(a) => vec![a],
        }
    }

    #[must_use]
    pub fn is_double(self) -> bool {
        matches!(self, Throw::Two(a, b) if a == b)
    }

    /// A 5 and a 2: nothing may cross the central bar (rule 9, "Skinny Sevens").
    #[must_use]
    pub fn is_skinny_seven(self) -> bool {
        matches!(self, Throw::Two(5, 2) | Throw::Two(2, 5))
    }

    #[must_use]
    pub fn has_six(self) -> bool {
        self.values().contains(&6)
    }
}

/// Where a forward half-move of `v` pips from `p` may land, by geometry alone (no
/// blocking): entering from the roof; in the far outer board, moving on within it, or
/// crossing the stream with exactly the spike number (both when both fit); checking out
/// with exactly the spike number (only if `home` says every man is home).
#[must_use]
pub fn forward_targets(p: usize, v: usize, home: bool) -> [Option<usize>; 2] {
    if p == BAR {
        return [(v <= 6).then(|| BAR - v), None];
    }
    if (13..=18).contains(&p) {
        let cross = (v == 19 - p).then_some(25 - p);
        let within = (p >= 13 + v).then(|| p - v);
        return [within, cross];
    }
    if p >= 19 && p < 13 + v {
        // From the back board a single value cannot carry a man out of the far outer board.
        return [None, None];
    }
    if p > v {
        return [Some(p - v), None];
    }
    [(home && p == v).then_some(0), None]
}

/// Where a backward (rover) half-move of `v` pips from `p` lands: never onto the roof, and
/// back across the stream only from near spike k = p - 6 with exactly k.
#[must_use]
pub fn backward_target(p: usize, v: usize) -> Option<usize> {
    let to = p + v;
    if p <= 12 && to > 12 {
        return ((7..=12).contains(&p) && v == p - 6).then_some(25 - p);
    }
    (to <= 24).then_some(to)
}

/// Whether a half-move from `from` to `to` crosses the central bar (19|18 or 7|6).
fn crosses_central_bar(from: usize, to: usize) -> bool {
    if from == BAR || to == 0 {
        return false;
    }
    let (hi, lo) = if from > to { (from, to) } else { (to, from) };
    (hi >= 19 && lo <= 18) || (hi >= 7 && lo <= 6)
}

/// Spikes (bit p) where the opponent has a full spread: one man on each of the six spikes of
/// a quarter-board. Those men cannot be hit (rule 11).
#[must_use]
pub fn protected_spikes(board: &Board) -> u32 {
    let mut mask = 0;
    for q in 0..4 {
        let spikes = 6 * q + 1..=6 * q + 6;
        if spikes.clone().all(|p| board.points[p] == -1) {
            for p in spikes {
                mask |= 1 << p;
            }
        }
    }
    mask
}

/// Whether the mover has a full spread somewhere (rule 11).
#[must_use]
pub fn has_full_spread(board: &Board) -> bool {
    protected_spikes(&board.swapped()) != 0
}

/// The mover's activated rovers at the start of his turn (rule 20): each man alone in his
/// quarter-board (no other man of either side there), and the last man in the home board.
#[must_use]
pub fn rovers(board: &Board) -> [u8; 26] {
    let mut r = [0u8; 26];
    let b = &board.points;
    for q in 0..4 {
        let spikes = 6 * q + 1..=6 * q + 6;
        let total: i32 = spikes.clone().map(|p| i32::from(b[p].unsigned_abs())).sum();
        if total == 1 {
            if let Some(p) = spikes.clone().find(|&p| b[p] == 1) {
                r[p] = 1;
            }
        }
    }
    let on_board: i32 = (1..=BAR).map(|p| i32::from(b[p].max(0))).sum();
    if on_board == 1 {
        if let Some(p) = (1..=6).find(|&p| b[p] == 1) {
            r[p] = 1;
        }
    }
    r
}

/// A node of the search: the board after some half-moves, and what they used.
#[derive(Clone)]
struct Node {
    board: [i8; 26],
    /// Die values not used yet (0 = used).
    remaining: [u8; 4],
    /// Activated rovers per point (rule 20), following the men as they move.
    rovers: [u8; 26],
    steps: [Step; 4],
    len: usize,
    used: u8,
    /// Sum of the values used (to prefer the larger die).
    used_pips: u8,
    backward: bool,
    /// Doubles in canonical order: the highest point the next half-move may start from.
    top: u8,
}

/// A small multiply-rotate hasher for the search's own keys (no untrusted input reaches it).
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The distinct landing points of one jump (a few at most).
struct Targets {
    points: [usize; 8],
    len: usize,
}

/// A half-move found at a node: from, to, the dice slots it uses, its pips, backward.
type HalfMove = (usize, usize, [bool; 4], usize, bool);

/// A value option: the dice slots used, and the legs a jump may be split into.
type ValueOption = ([bool; 4], Vec<Vec<usize>>);

/// What makes two search nodes the same: board, dice left, rovers, a backward move made.
type NodeKey = ([i8; 26], [u8; 4], [u8; 26], bool, u8);

#[derive(Clone)]
struct Candidate {
    node: Node,
    checked_out: u8,
}

struct Search {
    doubles: bool,
    skinny: bool,
    protected: u32,
    start_off: i32,
    found: Vec<Candidate>,
    seen: HashSet<NodeKey, BuildHasherDefault<FastHasher>>,
    /// Value options by the set of live dice slots (bit i: slot i unused), built once.
    options: Vec<Option<Vec<ValueOption>>>,
    /// One half-move buffer per depth, reused.
    buffers: Vec<Vec<HalfMove>>,
    /// Doubles: take half-moves from non-increasing points only. Every play is still
    /// reached (a lower move never makes a higher one possible) unless a full spike turned
    /// a man away: then the search is run again in every order.
    canonical: bool,
    spike_was_full: bool,
}

fn men_off(b: &[i8; 26]) -> i32 {
    15 - (1..=BAR).map(|p| i32::from(b[p].max(0))).sum::<i32>()
}

fn all_home(b: &[i8; 26]) -> bool {
    (7..=BAR).all(|p| b[p] <= 0)
}

/// Value options from the remaining dice: the slots used and the ways of splitting them
/// into successive legs of one jump (each leg one value or a sum). Non-doubles: each die
/// alone, and both together as `a+b`, `a` then `b`, or `b` then `a`. Doubles: one to four
/// values, split in every composition (2-2-2 then 2, 2-2 then 2-2, ...).
fn value_options(remaining: &[u8; 4], doubles: bool) -> Vec<ValueOption> {
    let live: Vec<usize> = (0..4).filter(|&i| remaining[i] > 0).collect();
    let mut options = Vec::new();
    if live.is_empty() {
        return options;
    }
    if doubles {
        let d = usize::from(remaining[live[0]]);
        for j in 1..=live.len() {
            let mut mask = [false; 4];
            for &i in &live[..j] {
                mask[i] = true;
            }
            // Compositions of j: each bit of 0..2^(j-1) says whether to cut after a value.
            let mut legs = Vec::new();
            for cuts in 0..1u32 << (j - 1) {
                let mut parts = Vec::new();
                let mut run = 1;
                for k in 0..j - 1 {
                    if cuts & (1 << k) != 0 {
                        parts.push(run * d);
                        run = 1;
                    } else {
                        run += 1;
                    }
                }
                parts.push(run * d);
                legs.push(parts);
            }
            options.push((mask, legs));
        }
    } else {
        for &i in &live {
            let mut mask = [false; 4];
            mask[i] = true;
            options.push((mask, vec![vec![usize::from(remaining[i])]]));
        }
        if live.len() == 2 {
            let (a, b) = (
                usize::from(remaining[live[0]]),
                usize::from(remaining[live[1]]),
            );
            let mut mask = [false; 4];
            mask[live[0]] = true;
            mask[live[1]] = true;
            options.push((mask, vec![vec![a + b], vec![a, b], vec![b, a]]));
        }
    }
    options
}

/// Where a jump from `p` along `legs` may end, passing over (not settling on) the points
/// between legs. Each leg follows the single-move geometry (entering, the stream, checking
/// out exactly); a Skinny Seven may not carry the man across the central bar in any leg.
fn jump(p: usize, legs: &[usize], home: bool, backward: bool, skinny: bool, out: &mut Targets) {
    let Some((&v, rest)) = legs.split_first() else {
        if !out.points[..out.len].contains(&p) && out.len < out.points.len() {
            out.points[out.len] = p;
            out.len += 1;
        }
        return;
    };
    let targets = if backward {
        if p == BAR {
            return;
        }
        [backward_target(p, v), None]
    } else {
        forward_targets(p, v, home)
    };
    for next in targets.into_iter().flatten() {
        if (skinny && crosses_central_bar(p, next)) || (next == 0 && !rest.is_empty()) {
            continue;
        }
        jump(next, rest, home, backward, skinny, out);
    }
}

impl Search {
    fn settle_ok(&mut self, b: &[i8; 26], to: usize) -> bool {
        if to > 0 && b[to] >= FULL_SPIKE {
            self.spike_was_full = true;
        }
        to == 0 || (b[to] >= -1 && b[to] < FULL_SPIKE && self.protected & (1 << to) == 0)
    }

    /// Every half-move available at `n`, written into `out`.
    fn half_moves(&mut self, n: &Node, forward_only: bool, out: &mut Vec<HalfMove>) {
        out.clear();
        let b = &n.board;
        let home = all_home(b);
        let live = (0..4).fold(
            0usize,
            |m, i| if n.remaining[i] > 0 { m | 1 << i } else { m },
        );
        if self.options[live].is_none() {
            self.options[live] = Some(value_options(&n.remaining, self.doubles));
        }
        let options = self.options[live].take().expect("built above");
        let on_roof = b[BAR] > 0;
        for (mask, splits) in &options {
            let v: usize = splits[0].iter().sum();
            for p in (1..=BAR).rev() {
                if b[p] <= 0 || (on_roof && p != BAR) || (self.canonical && p > usize::from(n.top))
                {
                    continue;
                }
                for backward in [false, true] {
                    if backward && (forward_only || self.doubles || p == BAR || n.rovers[p] == 0) {
                        continue;
                    }
                    let mut targets = Targets {
                        points: [0; 8],
                        len: 0,
                    };
                    // A forward jump that neither starts in nor leaves the far outer board,
                    // nor enters from the roof, lands p - v however its legs are split.
                    let direct = !backward && p != BAR && (p <= 12 || (p >= 19 && p >= 13 + v));
                    let values = mask.iter().filter(|&&m| m).count();
                    if direct && values > 1 && p >= v {
                        // The same man stopping on the way reaches the same board when every
                        // stop is free (no hit, not covered, not full): that route is searched
                        // anyway, so the jump adds nothing.
                        let clean = |q: usize| {
                            (0..FULL_SPIKE).contains(&b[q]) && self.protected & (1 << q) == 0
                        };
                        let stops_clean = if self.doubles {
                            let d = v / values;
                            (1..values).all(|i| clean(p - i * d))
                        } else {
                            splits[1..].iter().any(|legs| clean(p - legs[0]))
                        };
                        if stops_clean {
                            continue;
                        }
                    }
                    if direct {
                        jump(p, &[v], home, false, self.skinny, &mut targets);
                    } else {
                        for legs in splits {
                            jump(p, legs, home, backward, self.skinny, &mut targets);
                        }
                    }
                    targets.points[..targets.len].sort_unstable();
                    for &to in &targets.points[..targets.len] {
                        if self.settle_ok(b, to) {
                            out.push((p, to, *mask, v, backward));
                        }
                    }
                }
            }
        }
        self.options[live] = Some(options);
    }

    fn dfs(&mut self, n: Node) {
        if !self
            .seen
            .insert((n.board, n.remaining, n.rovers, n.backward, n.top))
        {
            return;
        }
        self.found.push(Candidate {
            checked_out: (men_off(&n.board) - self.start_off) as u8,
            node: n.clone(),
        });
        if n.len == 4 {
            return;
        }
        let mut moves = std::mem::take(&mut self.buffers[n.len]);
        self.half_moves(&n, false, &mut moves);
        for &(from, to, mask, v, backward) in &moves {
            // Which men may make it: the rover (backward always; forward if one is there)
            // or, forward, another man on the same spike.
            let rover_here = n.rovers[from];
            let choices: &[bool] = if backward {
                &[true]
            } else if rover_here > 0 && n.board[from] as u8 > rover_here {
                &[true, false]
            } else {
                &[rover_here > 0]
            };
            for &move_rover in choices {
                let mut c = n.clone();
                let b = &mut c.board;
                b[from] -= 1;
                if move_rover {
                    c.rovers[from] -= 1;
                }
                if to > 0 {
                    if b[to] == -1 {
                        b[to] = 0;
                        b[OPP_BAR] -= 1;
                    }
                    b[to] += 1;
                    if move_rover {
                        c.rovers[to] += 1;
                    }
                }
                for (slot, &m) in c.remaining.iter_mut().zip(&mask) {
                    if m {
                        *slot = 0;
                        c.used += 1;
                    }
                }
                c.used_pips += v as u8;
                c.backward |= backward;
                c.steps[c.len] = Step {
                    from: from as u8,
                    to: to as u8,
                };
                c.len += 1;
                c.top = from as u8;
                self.dfs(c);
            }
        }
        self.buffers[n.len] = moves;
    }
}

/// The distinct legal Welsh plays of the mover on `board` for `throw`, in search order. A
/// throw with no legal play gives one play: the empty one, with the board unchanged.
#[must_use]
pub fn welsh_legal_plays(board: &Board, throw: Throw) -> Vec<LegalPlay> {
    let b = board.points;
    let values = throw.values();
    let mut remaining = [0u8; 4];
    remaining[..values.len()].copy_from_slice(&values);
    let start_off = men_off(&b);
    // Boxes Out (rule 19): four men left, all home, and 6-6: all four check out, and that
    // is the only play.
    if throw == Throw::Two(6, 6) && start_off == 11 && all_home(&b) {
        let mut nb = b;
        let mut steps = Vec::new();
        for p in (1..=6).rev() {
            for _ in 0..nb[p].max(0) {
                steps.push(Step {
                    from: p as u8,
                    to: 0,
                });
            }
            nb[p] = nb[p].min(0);
        }
        return vec![LegalPlay {
            play: Play::new(&steps),
            board: Board { points: nb },
        }];
    }
    let mut search = Search {
        doubles: throw.is_double(),
        skinny: throw.is_skinny_seven(),
        protected: protected_spikes(board),
        start_off,
        found: Vec::with_capacity(256),
        seen: HashSet::with_capacity_and_hasher(256, BuildHasherDefault::default()),
        options: vec![None; 16],
        buffers: vec![Vec::new(); 5],
        canonical: throw.is_double(),
        spike_was_full: false,
    };
    let root = Node {
        board: b,
        remaining,
        rovers: rovers(board),
        steps: [Step::default(); 4],
        len: 0,
        used: 0,
        used_pips: 0,
        backward: false,
        top: BAR as u8,
    };
    search.dfs(root.clone());
    if search.canonical && search.spike_was_full {
        search.canonical = false;
        search.found.clear();
        search.seen.clear();
        search.dfs(root);
    }
    let found = std::mem::take(&mut search.found);
    // Rule 10: never two full spikes of the mover at the end of a turn.
    let found: Vec<Candidate> = found
        .into_iter()
        .filter(|c| (1..=24).filter(|&p| c.node.board[p] == FULL_SPIKE).count() < 2)
        .collect();
    // Rule 7: forward plays use as many values as possible, the larger die when only one
    // of two can be used. Rule 20: a play with a backward move is legal when, at its end,
    // no unused value has a forward move left (that move cannot be waived).
    let max_used = found
        .iter()
        .filter(|c| !c.node.backward)
        .map(|c| c.node.used)
        .max()
        .unwrap_or(0);
    let max_single_pips = if !throw.is_double() && max_used == 1 {
        found
            .iter()
            .filter(|c| !c.node.backward && c.node.used == 1)
            .map(|c| c.node.used_pips)
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    let mut scratch = Vec::new();
    let mut legal: Vec<Candidate> = found
        .into_iter()
        .filter(|c| {
            if c.node.backward {
                search.half_moves(&c.node, true, &mut scratch);
                scratch.is_empty()
            } else {
                c.node.used == max_used
                    && (max_used != 1 || throw.is_double() || c.node.used_pips == max_single_pips)
            }
        })
        .collect();
    // Six Must (rule 18): with a 6 in the throw, if any play checks a man out, one must.
    if throw.has_six() && legal.iter().any(|c| c.checked_out > 0) {
        legal.retain(|c| c.checked_out > 0);
    }
    let mut out: Vec<LegalPlay> = Vec::new();
    for c in legal {
        if out.iter().any(|l| l.board.points == c.node.board) {
            continue;
        }
        out.push(LegalPlay {
            play: Play::new(&c.node.steps[..c.node.len]),
            board: Board {
                points: c.node.board,
            },
        });
    }
    if out.is_empty() {
        out.push(LegalPlay {
            play: Play::default(),
            board: *board,
        });
    }
    out
}

/// Applies steps without judging them, backward (rover) steps included: each moves one of
/// the mover's men from `from` to `to` (0 = out), hitting a lone opposing man where it
/// settles. `None` if a step starts where the mover has no man or ends on the roof.
#[must_use]
pub fn apply_welsh_steps(board: &Board, steps: &[Step]) -> Option<Board> {
    let mut b = board.points;
    for s in steps {
        let (from, to) = (usize::from(s.from), usize::from(s.to));
        if from > BAR || to >= BAR || b[from] <= 0 || (to > 0 && b[to] < -1) {
            return None;
        }
        b[from] -= 1;
        if to > 0 {
            if b[to] == -1 {
                b[to] = 0;
                b[OPP_BAR] -= 1;
            }
            b[to] += 1;
        }
    }
    Board::new(b).ok()
}
