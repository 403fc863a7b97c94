//! Welsh legal plays (rules 7-11, 15, 16, 18-20; `docs/rules/welsh.md`).
//!
//! Geometry, in the mover's own numbering: Home 1-6, Near Outer 7-12, Far Outer 13-18,
//! Back 19-24, 25 = the roof, 0 = checked out. A half-move uses one die value or, as one
//! atomic jump, the sum of several unused values: the man settles only where it ends, and a
//! man who hits stops there for the rest of the turn (rule 9). Every sequence of half-moves
//! is searched, then the rules that judge a whole turn (two full spikes, the compulsory-play
//! rule, Six Must, Boxes Out) pick the legal ones, and plays are distinct by the board they
//! leave.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::geometry::{
    FULL_SPIKE, Throw, backward_targets, crosses_central_bar, forward_targets, protected_spikes,
    rovers,
};
use crate::movegen::{LegalPlay, Play, Step};
use crate::position::{BAR, Board, OPP_BAR};

/// A node of the search: the board after some half-moves, and what they used.
#[derive(Clone)]
struct Node {
    board: [i8; 26],
    /// Dice slots not used yet (bit i: slot i).
    remaining: u8,
    /// Activated rovers per point (rule 20), following the men as they move.
    rovers: [u8; 26],
    steps: [Step; 4],
    len: u8,
    /// How many values were used, and their sum (to prefer the larger die).
    used: u8,
    used_pips: u8,
    backward: bool,
    /// Doubles in canonical order: the highest point the next half-move may start from
    /// (higher only to land on a spike in `was_full`).
    top: u8,
    /// Spikes (bit p) that held six men at this node or before it on its path.
    was_full: u32,
    /// The mover's full spikes now, and the men he checked out on the way.
    full: u8,
    checked_out: u8,
    /// Spikes (bit p) holding a man who hit there this turn: he stops there (rule 9). A hit
    /// empties the spike of the opponent, so at most one man per spike.
    frozen: u32,
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

type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// The distinct landing points of one jump (a few at most).
struct Targets {
    points: [u8; 8],
    len: usize,
}

/// A half-move found at a node.
#[derive(Clone, Copy)]
struct HalfMove {
    from: u8,
    to: u8,
    /// The dice slots it uses (bit i: slot i).
    mask: u8,
    pips: u8,
    backward: bool,
}

/// A way of using some of the remaining values in one half-move: the dice slots, how many
/// values, their sum, and the ways of splitting them into successive legs of one jump
/// (each leg one value or a sum; a leg list ends at the first 0).
#[derive(Clone, Copy, Default)]
struct ValueOption {
    mask: u8,
    values: u8,
    pips: u8,
    splits: [[u8; 4]; 8],
    n_splits: u8,
}

impl ValueOption {
    fn split(&self, i: usize) -> &[u8] {
        let legs = &self.splits[i];
        &legs[..legs.iter().position(|&l| l == 0).unwrap_or(4)]
    }
}

#[derive(Clone, Copy, Default)]
struct ValueOptions {
    list: [ValueOption; 4],
    len: u8,
}

/// What makes two search nodes of a doubles throw the same: board, dice left, (in canonical
/// order) where the next half-move may start, and which men hit (they stop). Doubles move
/// no rover backward.
type NodeKey = ([i8; 26], u8, u8, u32, u32);

struct Search {
    /// The die value of each slot (four slots for doubles).
    values: [u8; 4],
    doubles: bool,
    skinny: bool,
    protected: u32,
    /// Nodes that may end a legal play.
    found: Vec<Node>,
    seen: FastSet<NodeKey>,
    /// Value options by the set of live dice slots, built when first needed.
    options: [Option<ValueOptions>; 16],
    /// The half-moves of the nodes on the current path, deepest last.
    moves: Vec<HalfMove>,
    /// Doubles: take half-moves from non-increasing points, except a move onto a spike
    /// that was full earlier on the path. Every board is still reached: a move from a lower
    /// point makes a move from a higher one possible only by emptying a full spike where it
    /// lands (men only move down, hits free no spike, every man is home before any checks
    /// out, and the roof, the highest point, is emptied first).
    canonical: bool,
    /// Skip a jump whose stops are all free: the same man stopping reaches the same board.
    skip_clean_jumps: bool,
    /// The most values a forward candidate found so far uses.
    most_used: u8,
}

fn men_off(b: &[i8; 26]) -> i32 {
    15 - (1..=BAR).map(|p| i32::from(b[p].max(0))).sum::<i32>()
}

#[inline]
fn all_home(b: &[i8; 26]) -> bool {
    (7..=BAR).all(|p| b[p] <= 0)
}

/// Value options from the live dice slots: the slots used and the ways of splitting them
/// into successive legs of one jump. Non-doubles: each die alone, and both together as
/// `a+b`, `a` then `b`, or `b` then `a`. Doubles: one to four values, split in every
/// composition (2-2-2 then 2, 2-2 then 2-2, ...).
fn value_options(values: &[u8; 4], live_mask: u8, doubles: bool) -> ValueOptions {
    let mut live = [0usize; 4];
    let mut n = 0;
    for i in 0..4 {
        if live_mask & (1 << i) != 0 {
            live[n] = i;
            n += 1;
        }
    }
    let live = &live[..n];
    let mut options = ValueOptions::default();
    fn push(options: &mut ValueOptions, mask: u8, pips: u8) -> &mut ValueOption {
        let o = &mut options.list[usize::from(options.len)];
        options.len += 1;
        o.mask = mask;
        o.values = mask.count_ones() as u8;
        o.pips = pips;
        o
    }
    if doubles {
        let Some(&first) = live.first() else {
            return options;
        };
        let d = values[first];
        for j in 1..=live.len() {
            let mask = live[..j].iter().fold(0u8, |m, &i| m | 1 << i);
            let o = push(&mut options, mask, d * j as u8);
            // Compositions of j: each bit of 0..2^(j-1) says whether to cut after a value.
            for cuts in 0..1u32 << (j - 1) {
                let legs = &mut o.splits[usize::from(o.n_splits)];
                o.n_splits += 1;
                let (mut k, mut run) = (0, 1);
                for c in 0..j - 1 {
                    if cuts & (1 << c) != 0 {
                        legs[k] = run * d;
                        k += 1;
                        run = 1;
                    } else {
                        run += 1;
                    }
                }
                legs[k] = run * d;
            }
        }
    } else {
        for &i in live {
            let o = push(&mut options, 1 << i, values[i]);
            o.splits[0][0] = values[i];
            o.n_splits = 1;
        }
        if let [i, j] = *live {
            let (a, b) = (values[i], values[j]);
            let o = push(&mut options, 1 << i | 1 << j, a + b);
            o.splits[0][0] = a + b;
            o.splits[1][..2].copy_from_slice(&[a, b]);
            o.splits[2][..2].copy_from_slice(&[b, a]);
            o.n_splits = 3;
        }
    }
    options
}

/// Where a jump from `p` along `legs` may end, passing over (not settling on) the points
/// between legs. Each leg follows the single-move geometry (entering, the stream, checking
/// out exactly); a Skinny Seven may not carry the man across the central bar in any leg.
fn jump(p: usize, legs: &[u8], home: bool, backward: bool, skinny: bool, out: &mut Targets) {
    let Some((&v, rest)) = legs.split_first() else {
        let p = p as u8;
        if !out.points[..out.len].contains(&p) && out.len < out.points.len() {
            out.points[out.len] = p;
            out.len += 1;
        }
        return;
    };
    let v = usize::from(v);
    let targets = if backward {
        if p == BAR {
            return;
        }
        backward_targets(p, v)
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

/// Where a man on `p` may land using `opt` as one jump split in any of its ways, lowest
/// first.
fn jumps(p: usize, opt: &ValueOption, home: bool, backward: bool, skinny: bool) -> Targets {
    let mut targets = Targets {
        points: [0; 8],
        len: 0,
    };
    for i in 0..usize::from(opt.n_splits) {
        jump(p, opt.split(i), home, backward, skinny, &mut targets);
    }
    targets.points[..targets.len].sort_unstable();
    targets
}

impl Search {
    /// Every half-move available on `b` with the `remaining` dice slots, appended to `out`:
    /// from points above `top` only onto a spike in `was_full`, never by a man who hit
    /// (`frozen`, rule 9), and backward moves only for men counted in `rovers`.
    fn half_moves(
        &mut self,
        b: &[i8; 26],
        remaining: u8,
        rovers: Option<&[u8; 26]>,
        (top, was_full, frozen): (usize, u32, u32),
        out: &mut Vec<HalfMove>,
    ) {
        if remaining == 0 {
            return;
        }
        let slot = &mut self.options[usize::from(remaining)];
        if slot.is_none() {
            *slot = Some(value_options(&self.values, remaining, self.doubles));
        }
        let Some(options) = &self.options[usize::from(remaining)] else {
            unreachable!("built above")
        };
        let home = all_home(b);
        // The points the mover may move from (bit p): the roof alone while men are on it.
        let mut men: u32 = if b[BAR] > 0 {
            1 << BAR
        } else {
            (1..BAR).fold(0, |m, p| {
                if b[p] > i8::from(frozen & (1 << p) != 0) {
                    m | 1 << p
                } else {
                    m
                }
            })
        };
        // Rule 16: while a team-mate stays on the roof, each entering man uses one value.
        let one_value_entry = b[BAR] > 1;
        if was_full == 0 {
            men &= (2u32 << top) - 1;
        }
        let rover_points = rovers.map_or(0, |r| {
            (1..BAR).fold(0u32, |m, p| if r[p] > 0 { m | 1 << p } else { m })
        });
        let clean = |q: usize| (0..FULL_SPIKE).contains(&b[q]) && self.protected & (1 << q) == 0;
        // A half-move may settle on `t`: checking out, or a spike that is not covered by the
        // opponent, not full, not in his full spread; above `top` only onto a spike that
        // was full earlier.
        let settles = |t: usize, above_top: bool| {
            (!above_top || was_full & (1 << t) != 0)
                && (t == 0 || (b[t] >= -1 && b[t] < FULL_SPIKE && self.protected & (1 << t) == 0))
        };
        for opt in &options.list[..usize::from(options.len)] {
            let v = usize::from(opt.pips);
            let values = usize::from(opt.values);
            if one_value_entry && values > 1 {
                continue;
            }
            // The shortest leg of this jump: its lowest stop on the way is p - v + min_leg, so
            // it passes no far spike when that is in the back board (rule 9: each leg
            // follows the single-move geometry, and may cross the stream from a far spike).
            let min_leg = if values == 1 {
                v
            } else if self.doubles {
                v / values
            } else {
                usize::from(opt.splits[1][0].min(opt.splits[2][0]))
            };
            let mut left = men;
            while left != 0 {
                let p = 31 - left.leading_zeros() as usize;
                left &= !(1 << p);
                let above_top = p > top;
                let mut push = |to: usize, backward: bool| {
                    if settles(to, above_top) {
                        out.push(HalfMove {
                            from: p as u8,
                            to: to as u8,
                            mask: opt.mask,
                            pips: opt.pips,
                            backward,
                        });
                    }
                };
                // A forward jump that neither starts in nor passes the far outer board (its
                // stops all in the back board), nor enters from the roof, lands p - v however
                // its legs are split.
                'forward: {
                    if p != BAR && (p <= 12 || (p >= 19 && p >= 13 + v && p + min_leg >= 19 + v)) {
                        if values > 1 && p >= v && self.skip_clean_jumps && !above_top {
                            // The same man stopping on the way reaches the same board when every
                            // stop is free (no hit, not covered, not full): that route is
                            // searched anyway, so the jump adds nothing.
                            let stops_clean = if self.doubles {
                                let d = v / values;
                                (1..values).all(|i| clean(p - i * d))
                            } else {
                                (1..usize::from(opt.n_splits))
                                    .any(|i| clean(p - usize::from(opt.splits[i][0])))
                            };
                            if stops_clean {
                                break 'forward;
                            }
                        }
                        let to = if p > v {
                            p - v
                        } else if p == v && home {
                            0
                        } else {
                            break 'forward;
                        };
                        if !(self.skinny && crosses_central_bar(p, to)) {
                            push(to, false);
                        }
                    } else if opt.n_splits == 1 {
                        // One value: at most two landing points, the lower one first.
                        let [within, cross] = forward_targets(p, v, home);
                        for to in [cross, within].into_iter().flatten() {
                            if !(self.skinny && crosses_central_bar(p, to)) {
                                push(to, false);
                            }
                        }
                    } else {
                        let targets = jumps(p, opt, home, false, self.skinny);
                        for &to in &targets.points[..targets.len] {
                            push(usize::from(to), false);
                        }
                    }
                }
                if rover_points & (1 << p) != 0 {
                    let targets = jumps(p, opt, home, true, self.skinny);
                    for &to in &targets.points[..targets.len] {
                        push(usize::from(to), true);
                    }
                }
            }
        }
    }

    fn dfs(&mut self, n: &Node) {
        let leaf = n.len == 4 || n.remaining == 0;
        // Nodes one half-move deep are all distinct, and leaves are not expanded: only the
        // nodes in between, which only doubles have, can be reached twice.
        if n.len >= 2 && !leaf {
            debug_assert!(self.doubles);
            if !self
                .seen
                .insert((n.board, n.remaining, n.top, n.was_full, n.frozen))
            {
                return;
            }
        }
        if n.full < 2 && (n.backward || n.used >= self.most_used) {
            if !n.backward {
                self.most_used = n.used;
            }
            self.found.push(n.clone());
        }
        if leaf {
            return;
        }
        let mut moves = std::mem::take(&mut self.moves);
        let start = moves.len();
        let top = if self.canonical {
            usize::from(n.top)
        } else {
            BAR
        };
        let rovers = (!self.doubles).then_some(&n.rovers);
        self.half_moves(
            &n.board,
            n.remaining,
            rovers,
            (top, n.was_full, n.frozen),
            &mut moves,
        );
        let end = moves.len();
        self.moves = moves;
        for i in start..end {
            let m = self.moves[i];
            let (from, to) = (usize::from(m.from), usize::from(m.to));
            // Which men may make it: the rover (backward always; forward if one is there)
            // or, forward, another man on the same spike who has not hit (a man who hit
            // is no rover any more: he cannot move).
            let rover_here = n.rovers[from];
            let others = n.board[from] as u8 - u8::from(n.frozen & (1 << from) != 0) - rover_here;
            let choices: &[bool] = if m.backward {
                &[true]
            } else if rover_here > 0 && others > 0 {
                &[true, false]
            } else {
                &[rover_here > 0]
            };
            for &move_rover in choices {
                let mut c = n.clone();
                let b = &mut c.board;
                if b[from] == FULL_SPIKE {
                    c.full -= 1;
                }
                b[from] -= 1;
                if move_rover {
                    c.rovers[from] -= 1;
                }
                if to > 0 {
                    if b[to] == -1 {
                        // Rule 9: the man who hits stops there for the rest of the turn.
                        b[to] = 0;
                        b[OPP_BAR] -= 1;
                        c.frozen |= 1 << to;
                    } else if move_rover {
                        c.rovers[to] += 1;
                    }
                    b[to] += 1;
                }
                c.remaining &= !m.mask;
                c.used += m.mask.count_ones() as u8;
                c.used_pips += m.pips;
                c.backward |= m.backward;
                c.steps[usize::from(c.len)] = Step {
                    from: m.from,
                    to: m.to,
                };
                c.len += 1;
                c.top = m.from;
                if to == 0 {
                    c.checked_out += 1;
                } else if c.board[to] == FULL_SPIKE {
                    c.was_full |= 1 << to;
                    c.full += 1;
                }
                self.dfs(&c);
            }
        }
        self.moves.truncate(start);
    }
}

/// The distinct legal Welsh plays of the mover on `board` for `throw`, in search order. A
/// throw with no legal play gives one play: the empty one, with the board unchanged.
#[must_use]
pub fn welsh_legal_plays(board: &Board, throw: Throw) -> Vec<LegalPlay> {
    legal_plays(board, throw, true)
}

/// The same plays found by searching every order of half-moves with no shortcut: the
/// reference the tests hold [`welsh_legal_plays`] to. Slow.
#[doc(hidden)]
#[must_use]
pub fn welsh_legal_plays_exhaustive(board: &Board, throw: Throw) -> Vec<LegalPlay> {
    legal_plays(board, throw, false)
}

fn legal_plays(board: &Board, throw: Throw, shortcuts: bool) -> Vec<LegalPlay> {
    let b = board.points;
    let (values, count) = throw.slots();
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
        values,
        doubles: throw.is_double(),
        skinny: throw.is_skinny_seven(),
        protected: protected_spikes(board),
        found: Vec::with_capacity(32),
        seen: FastSet::with_capacity_and_hasher(
            if throw.is_double() { 128 } else { 0 },
            BuildHasherDefault::default(),
        ),
        options: [None; 16],
        moves: Vec::with_capacity(64),
        canonical: shortcuts && throw.is_double(),
        skip_clean_jumps: shortcuts,
        most_used: 0,
    };
    let was_full = (1..BAR)
        .filter(|&p| b[p] == FULL_SPIKE)
        .fold(0, |m, p| m | 1 << p);
    let root = Node {
        board: b,
        remaining: (1u8 << count) - 1,
        // Rovers move backward on non-doubles only (rule 20).
        rovers: if throw.is_double() {
            [0; 26]
        } else {
            rovers(board)
        },
        steps: [Step::default(); 4],
        len: 0,
        used: 0,
        used_pips: 0,
        backward: false,
        top: BAR as u8,
        was_full,
        full: was_full.count_ones() as u8,
        checked_out: 0,
        frozen: 0,
    };
    search.dfs(&root);
    let found = std::mem::take(&mut search.found);
    // Rule 7: forward plays use as many values as possible, the larger die when only one
    // of two can be used. Rule 20: a play with a backward move is legal when, at its end,
    // no unused value has a forward move left (that move cannot be waived); a forward move
    // that would leave two full spikes (rule 10) is no move left. A backward play leaves at
    // most one value (non-doubles), so one half-move settles it.
    let max_used = search.most_used;
    let max_single_pips = if !throw.is_double() && max_used == 1 {
        found
            .iter()
            .filter(|c| !c.backward && c.used == 1)
            .map(|c| c.used_pips)
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    let mut scratch = Vec::new();
    let mut legal: Vec<Node> = found
        .into_iter()
        .filter(|c| {
            if c.backward {
                scratch.clear();
                search.half_moves(
                    &c.board,
                    c.remaining,
                    None,
                    (BAR, 0, c.frozen),
                    &mut scratch,
                );
                !scratch.iter().any(|m| {
                    let (from, to) = (usize::from(m.from), usize::from(m.to));
                    let full = c.full - u8::from(c.board[from] == FULL_SPIKE)
                        + u8::from(to > 0 && c.board[to] == FULL_SPIKE - 1);
                    full < 2
                })
            } else {
                c.used == max_used
                    && (max_used != 1 || throw.is_double() || c.used_pips == max_single_pips)
            }
        })
        .collect();
    // Six Must (rule 18): with a 6 in the throw, if any play checks a man out, one must.
    if throw.has_six() && legal.iter().any(|c| c.checked_out > 0) {
        legal.retain(|c| c.checked_out > 0);
    }
    // Distinct by the board they leave, the first found kept.
    let mut boards: FastSet<[i8; 26]> = FastSet::default();
    let mut out: Vec<LegalPlay> = Vec::with_capacity(legal.len());
    for c in legal {
        let repeated = if out.len() < 16 {
            out.iter().any(|l| l.board.points == c.board)
        } else {
            if boards.is_empty() {
                boards.extend(out.iter().map(|l| l.board.points));
            }
            !boards.insert(c.board)
        };
        if repeated {
            continue;
        }
        out.push(LegalPlay {
            play: Play::new(&c.steps[..usize::from(c.len)]),
            board: Board { points: c.board },
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
