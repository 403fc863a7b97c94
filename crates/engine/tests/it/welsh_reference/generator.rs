//! The reference generator: written from the seed (000, rules 7-20) and the settled
//! readings, sharing no code with the engine's move generator.

// Loops run over spike numbers, which are the rules' own indices.
#![allow(clippy::needless_range_loop)]

use engine::Board;
use engine::welsh::Throw;
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

/// The roof (rules 14, 16), in the mover's numbering; 0 is checked out.
const ROOF: u8 = 25;
/// Men a spike may hold (rule 10).
const FULL: u8 = 6;

/// Where the turn stands after some jumps. Men of the mover on one spike are alike except
/// for two marks, so the state counts them by kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    /// The mover's men on his points 1..=24, and on the roof (25).
    mine: [u8; 26],
    /// Of those, men that hit a blot this turn: they have settled for the rest of the turn
    /// (rule 9: "the man cannot hit a blot ... and then keep moving on").
    settled: [u8; 26],
    /// Of those, activated rovers (rule 20): alone in their quarter-board at the start of
    /// the turn, or the last man at home; the entitlement lasts the whole turn.
    rovers: [u8; 26],
    /// The opponent's men on the mover's points 1..=24 (index 0 unused).
    theirs: [u8; 25],
    /// The opponent's men on his roof.
    their_roof: u8,
    /// Die values not yet used, largest first, 0 for none.
    left: [u8; 4],
    /// Some half-move of this turn went backwards (rule 20).
    backward: bool,
    /// What the jumps so far did, for the coverage figures only: `CROSSED` the stream,
    /// `PASSED` an opposing man without settling. Never read by the rules.
    marks: u8,
}

const CROSSED: u8 = 1;
const PASSED: u8 = 2;
/// Passed to `settle` only: the jump went backwards.
const BACK: u8 = 4;

impl State {
    fn men(&self) -> u32 {
        self.mine.iter().map(|&n| u32::from(n)).sum()
    }
    fn unused(&self) -> usize {
        self.left.iter().filter(|&&v| v > 0).count()
    }
}

/// One way to use some unused values for one jump: the values, what stays unused, and
/// every sequence of legs (each a single value or a sum of several) they can be played as.
struct Option_ {
    take: usize,
    rest: [u8; 4],
    legs: Vec<Vec<u8>>,
}

/// Earlier engine readings the seed does not support, switched on only to name the
/// defect behind a disagreement (never to decide what is legal).
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct OldReadings {
    /// (a) a man that hits may move on in the same turn.
    pub(super) hitter_moves_on: bool,
    /// (b) with two men on the roof, an entering man may use a sum.
    pub(super) sum_entry_beside_roof_mate: bool,
    /// (c) a jump crosses the stream only with its first leg.
    pub(super) cross_only_on_first_leg: bool,
    /// (d) a rover on near spike k crosses back with k only when no move inside fits.
    pub(super) cross_back_only_when_inside_fails: bool,
    /// (e) a forward move that rule 10 forfeits still counts as "a forward move left".
    pub(super) forfeited_forward_counts: bool,
}

/// What stays fixed during one turn.
struct Turn {
    old: OldReadings,
    /// The throw's values: two dice, four for doubles (rule 7), one on a one-die throw
    /// (rule 11).
    values: Vec<u8>,
    double: bool,
    /// A 5 and a 2: Skinny Sevens (rule 9).
    skinny: bool,
    /// Spikes whose opposing blot belongs to a full spread of the opponent (rule 11).
    protected: [bool; 25],
    /// The ways to split each set of unused values, worked out once.
    options: RefCell<HashMap<[u8; 4], Rc<Vec<Option_>>>>,
}

/// The mover's men, rovers marked, and the opponent's men and roof, from a board.
fn read_board(b: &Board) -> State {
    let pts = b.points();
    let mut s = State {
        mine: [0; 26],
        settled: [0; 26],
        rovers: [0; 26],
        theirs: [0; 25],
        their_roof: (-pts[0]).max(0) as u8,
        left: [0; 4],
        backward: false,
        marks: 0,
    };
    for p in 1..=25usize {
        s.mine[p] = pts[p].max(0) as u8;
        if p <= 24 {
            s.theirs[p] = (-pts[p]).max(0) as u8;
        }
    }
    // Rule 20: a man with no other man, of either side, in his quarter-board is a rover.
    for q in 0..4 {
        let spikes = q * 6 + 1..=q * 6 + 6;
        let all: u32 = spikes
            .clone()
            .map(|p| u32::from(s.mine[p] + s.theirs[p]))
            .sum();
        if all == 1 {
            for p in spikes {
                s.rovers[p] = s.mine[p];
            }
        }
    }
    // Rule 20, "Last Man Roving": the only man left, sitting in the home board.
    if s.men() == 1 {
        for p in 1..=6 {
            s.rovers[p] = s.mine[p];
        }
    }
    s
}

/// Rule 11: a quarter-board where the opponent has exactly one man on each of its six
/// spikes is a full spread; those blots cannot be hit.
fn protected_blots(s: &State) -> [bool; 25] {
    let mut prot = [false; 25];
    for q in 0..4 {
        let spikes = q * 6 + 1..=q * 6 + 6;
        if spikes.clone().all(|p| s.theirs[p] == 1) {
            for p in spikes {
                prot[p] = true;
            }
        }
    }
    prot
}

/// Where one leg of value `v` may take a man now at `from`, by geometry alone (nothing
/// about who occupies a spike: a man passing a spike does not settle there). `0` is
/// checked out. `checkout` says whether checking out is open to this jump.
fn leg_targets(from: u8, v: u8, forward: bool, checkout: bool, old: OldReadings) -> Vec<u8> {
    let mut out = Vec::new();
    let (f, v) = (i32::from(from), i32::from(v));
    if forward {
        match from {
            // Rule 16: entering from the roof in the opponent's home board, at 25 - v.
            ROOF => {
                if v <= 6 {
                    out.push(25 - v);
                }
            }
            // The back board runs on into the far outer board. No single value carries a
            // man past the 13: leaving the far outer board needs rule 15's exact value.
            19..=24 => {
                if f - v >= 13 {
                    out.push(f - v);
                }
            }
            // Rule 15: in the far outer board a man moves on normally within it, or
            // crosses the stream from far spike k (point 19 - k) with exactly k, landing on
            // near spike k (point 25 - p); both where both fit.
            13..=18 => {
                let k = 19 - f;
                if f - v >= 13 {
                    out.push(f - v);
                }
                if v == k {
                    out.push(25 - f);
                }
            }
            // The near outer board runs on into the home board as usual.
            7..=12 => {
                if f - v >= 1 {
                    out.push(f - v);
                }
            }
            // Rule 18: inside the home board; a value n checks out from spike n exactly,
            // a larger one busts.
            _ => {
                if f - v >= 1 {
                    out.push(f - v);
                } else if f - v == 0 && checkout {
                    out.push(0);
                }
            }
        }
    } else {
        // Rule 20: a rover's value may go back, never onto the roof.
        match from {
            ROOF => {}
            // Back over the stream only from near spike k (point 6 + k) with exactly k, to
            // far spike k; a backward move inside the near board stays open too.
            7..=12 => {
                let k = f - 6;
                if f + v <= 12 {
                    out.push(f + v);
                }
                if v == k && !(old.cross_back_only_when_inside_fails && f + v <= 12) {
                    out.push(25 - f);
                }
            }
            // From the home board back into the near board, not past its edge (that
            // would cross the stream other than from a near spike with its number).
            1..=6 => {
                if f + v <= 12 {
                    out.push(f + v);
                }
            }
            // The far outer and back boards: straight back, at most to the 24.
            _ => {
                if f + v <= 24 {
                    out.push(f + v);
                }
            }
        }
    }
    out.into_iter().map(|t| t as u8).collect()
}

/// Rule 9, Skinny Sevens: does a leg from `a` to `b` cross the central bar (between 19
/// and 18, and between 7 and 6)? Entering and checking out never do.
fn crosses_central_bar(a: u8, b: u8) -> bool {
    if a == ROOF || b == 0 {
        return false;
    }
    (a >= 19) != (b >= 19) || (a >= 7) != (b >= 7)
}

/// Every way to use some of the unused values `left` for one jump.
fn options(left: [u8; 4]) -> Vec<Option_> {
    let vals: Vec<u8> = left.iter().copied().filter(|&v| v > 0).collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for mask in 1u32..(1 << vals.len()) {
        let mut take = Vec::new();
        let mut rest = Vec::new();
        for (i, &v) in vals.iter().enumerate() {
            if mask & (1 << i) != 0 {
                take.push(v);
            } else {
                rest.push(v);
            }
        }
        if !seen.insert(take.clone()) {
            continue;
        }
        let mut r = [0u8; 4];
        r[..rest.len()].copy_from_slice(&rest);
        out.push(Option_ {
            take: take.len(),
            rest: r,
            legs: leg_sequences(&take),
        });
    }
    out
}

/// Every way to play the values `take` as the legs of one jump: every order, cut into
/// consecutive groups (a group is a sum used as one leg).
fn leg_sequences(take: &[u8]) -> Vec<Vec<u8>> {
    let mut perms: BTreeSet<Vec<u8>> = BTreeSet::new();
    permute(take.to_vec(), 0, &mut perms);
    let mut out = BTreeSet::new();
    for p in perms {
        for cuts in 0u32..(1 << (p.len() - 1)) {
            let mut legs = Vec::new();
            let mut sum = p[0];
            for (i, &v) in p.iter().enumerate().skip(1) {
                if cuts & (1 << (i - 1)) != 0 {
                    legs.push(sum);
                    sum = 0;
                }
                sum += v;
            }
            legs.push(sum);
            out.insert(legs);
        }
    }
    out.into_iter().collect()
}

fn permute(mut v: Vec<u8>, k: usize, out: &mut BTreeSet<Vec<u8>>) {
    if k == v.len() {
        out.insert(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permute(v.clone(), k + 1, out);
        v.swap(k, i);
    }
}

/// Every state one jump (one man, one or more values, settling once at its end) leads
/// to. `forward_only` leaves out rovers' backward jumps.
fn jumps(turn: &Turn, s: &State, forward_only: bool, out: &mut Vec<State>) {
    let opts = {
        let mut cache = turn.options.borrow_mut();
        Rc::clone(
            cache
                .entry(s.left)
                .or_insert_with(|| Rc::new(options(s.left))),
        )
    };
    let on_roof = s.mine[25];
    let all_home = s.mine[7..=25].iter().all(|&n| n == 0);
    for p in 1..=25u8 {
        let pi = usize::from(p);
        // Rule 16: while any man is on the roof, only roof men move.
        if on_roof > 0 && p != ROOF {
            continue;
        }
        // Rule 9: men that hit have settled; the others are plain men or rovers.
        let plain = s.mine[pi] - s.settled[pi] - s.rovers[pi];
        for rover in [false, true] {
            if (!rover && plain == 0) || (rover && s.rovers[pi] == 0) {
                continue;
            }
            for o in opts.iter() {
                // Rule 16 (reading "Entering beside a roof mate"): while a team-mate stays
                // on the roof, an entering man uses one value and does not move on.
                if p == ROOF && on_roof >= 2 && o.take > 1 && !turn.old.sum_entry_beside_roof_mate {
                    continue;
                }
                // Rule 20: an activated rover may also go back, never on doubles.
                let back = rover && !turn.double && !forward_only;
                for forward in [true, false] {
                    if !forward && !back {
                        continue;
                    }
                    // Rule 18: checking out needs every man already home, this one
                    // included (a jump from outside home cannot end off the table).
                    let checkout = forward && all_home;
                    for legs in &o.legs {
                        let mut spots = vec![(p, 0u8)];
                        for (li, &v) in legs.iter().enumerate() {
                            let mut next = Vec::new();
                            for &(at, marks) in &spots {
                                for t in leg_targets(at, v, forward, checkout, turn.old) {
                                    // Rule 9: no part of a 5-2 crosses the central bar.
                                    if turn.skinny && crosses_central_bar(at, t) {
                                        continue;
                                    }
                                    let crossing = (13..=18).contains(&at) && (7..=12).contains(&t)
                                        || (7..=12).contains(&at) && (13..=18).contains(&t);
                                    if turn.old.cross_only_on_first_leg && crossing && li > 0 {
                                        continue;
                                    }
                                    // Off the table, no leg follows.
                                    if t == 0 && li + 1 < legs.len() {
                                        continue;
                                    }
                                    let mut m = marks | if crossing { CROSSED } else { 0 };
                                    if li + 1 < legs.len() && t != 0 && s.theirs[usize::from(t)] > 0
                                    {
                                        m |= PASSED;
                                    }
                                    next.push((t, m));
                                }
                            }
                            spots = next;
                        }
                        for (t, marks) in spots {
                            if let Some(n) = settle(
                                turn,
                                s,
                                p,
                                rover,
                                t,
                                o.rest,
                                marks | if forward { 0 } else { BACK },
                            ) {
                                out.push(n);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A man (a rover or not) leaves `from` and settles on `t` (0: checked out), or cannot.
fn settle(
    turn: &Turn,
    s: &State,
    from: u8,
    rover: bool,
    t: u8,
    rest: [u8; 4],
    marks: u8,
) -> Option<State> {
    let mut n = *s;
    n.marks |= marks & !BACK;
    let fi = usize::from(from);
    n.mine[fi] -= 1;
    if rover {
        n.rovers[fi] -= 1;
    }
    n.left = rest;
    n.backward |= marks & BACK != 0;
    if t == 0 {
        return Some(n);
    }
    let ti = usize::from(t);
    // Rule 8/9: never on a covered spike (two or more opposing men).
    if n.theirs[ti] >= 2 {
        return None;
    }
    // Rule 11: nor on a blot of a full spread.
    if n.theirs[ti] == 1 && turn.protected[ti] {
        return None;
    }
    // Rule 10: at most six men on a spike, at any time.
    if n.mine[ti] + 1 > FULL {
        return None;
    }
    n.mine[ti] += 1;
    if n.theirs[ti] == 1 {
        // Rule 9: a lone opposing man is hit to the roof; the hitter stops there.
        n.theirs[ti] = 0;
        n.their_roof += 1;
        if turn.old.hitter_moves_on {
            n.rovers[ti] += u8::from(rover);
        } else {
            n.settled[ti] += 1;
        }
    } else if rover {
        n.rovers[ti] += 1;
    }
    Some(n)
}

/// Every state reachable by jumps from `start` (itself included).
fn reachable(turn: &Turn, start: &State, forward_only: bool) -> HashSet<State> {
    let mut seen = HashSet::new();
    let mut todo = vec![*start];
    seen.insert(*start);
    let mut next = Vec::new();
    while let Some(s) = todo.pop() {
        next.clear();
        jumps(turn, &s, forward_only, &mut next);
        for &n in &next {
            if seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

/// Rule 10: a turn may not end with two full spikes of the mover.
fn two_full_spikes(s: &State) -> bool {
    (1..=24).filter(|&p| s.mine[p] >= FULL).count() >= 2
}

/// The board a state leaves, in the engine's layout (from the mover's view).
fn to_points(s: &State) -> [i8; 26] {
    let mut b = [0i8; 26];
    b[0] = -(s.their_roof as i8);
    for p in 1..=24 {
        b[p] = s.mine[p] as i8 - s.theirs[p] as i8;
    }
    b[25] = s.mine[25] as i8;
    b
}

fn values_of(throw: Throw) -> Vec<u8> {
    match throw {
        Throw::Two(a, b) if a == b => vec![a; 4],
        Throw::Two(a, b) => vec![a.max(b), a.min(b)],
        Throw::One(a) => vec![a],
    }
}

/// How many compared cases exercised each rule: a legal play that does it, or (for the
/// limits) a rule that removed plays. Shows the comparison is not vacuous.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct Coverage {
    pub(super) entering: usize,
    pub(super) hit: usize,
    pub(super) crossed_stream: usize,
    pub(super) passed_opposing_man: usize,
    pub(super) backward_move: usize,
    pub(super) checked_out: usize,
    pub(super) six_must_chose: usize,
    pub(super) rule_10_removed: usize,
    pub(super) full_spread_stands: usize,
    pub(super) skinny_seven: usize,
    pub(super) boxes_out: usize,
    pub(super) no_move: usize,
}

thread_local! {
    pub(super) static COVERAGE: RefCell<Coverage> = RefCell::new(Coverage::default());
}

pub(super) fn covered(f: impl FnOnce(&mut Coverage)) {
    COVERAGE.with(|c| f(&mut c.borrow_mut()));
}

/// The reference: the distinct boards the legal plays of `throw` leave on `board`.
pub(super) fn reference_plays(board: &Board, throw: Throw) -> BTreeSet<[i8; 26]> {
    reference_plays_reading(board, throw, OldReadings::default())
}

/// The reference, with some earlier readings switched on.
pub(super) fn reference_plays_reading(
    board: &Board,
    throw: Throw,
    old: OldReadings,
) -> BTreeSet<[i8; 26]> {
    let mut start = read_board(board);
    let values = values_of(throw);
    start.left[..values.len()].copy_from_slice(&values);
    let turn = Turn {
        old,
        double: values.len() == 4,
        skinny: matches!(throw, Throw::Two(5, 2) | Throw::Two(2, 5)),
        protected: protected_blots(&start),
        values,
        options: RefCell::new(HashMap::new()),
    };
    let men_at_start = start.men();

    // Rule 19, Boxes Out: four men left, all home, and 6-6: all four check out, and that
    // is the only play (design reading).
    if men_at_start == 4
        && start.mine[7..=25].iter().all(|&n| n == 0)
        && matches!(throw, Throw::Two(6, 6))
    {
        covered(|c| c.boxes_out += 1);
        let mut end = start;
        end.mine = [0; 26];
        return BTreeSet::from([to_points(&end)]);
    }

    let all = reachable(&turn, &start, false);
    let used = |s: &State| turn.values.len() - s.unused();
    // Rule 10: plays ending with two full spikes are removed before anything chooses.
    let ok: Vec<&State> = all.iter().filter(|s| !two_full_spikes(s)).collect();

    // Rule 7 for plays of forward moves only: as many values as possible; if only one of
    // two different dice can be played, the larger.
    let forward: Vec<&State> = ok.iter().copied().filter(|s| !s.backward).collect();
    let most = forward.iter().map(|s| used(s)).max().unwrap_or(0);
    let larger = turn.values[0];
    let larger_only = |s: &State| s.left.iter().all(|&v| v != larger);
    let larger_playable = turn.values.len() == 2
        && most == 1
        && forward.iter().any(|s| used(s) == 1 && larger_only(s));
    let mut legal: Vec<&State> = forward
        .iter()
        .copied()
        .filter(|s| used(s) == most && (!larger_playable || larger_only(s)))
        .collect();

    // Rule 20 for plays with a backward move: backward moves are optional, but a play that
    // leaves a forward move for an unused value cannot stop there ("cannot be waived"). A
    // forward move that rule 10 forfeits is no forward move left.
    for s in ok.iter().copied().filter(|s| s.backward) {
        let forward_left = s.unused() > 0
            && reachable(&turn, s, true).iter().any(|n| {
                n.unused() < s.unused() && (old.forfeited_forward_counts || !two_full_spikes(n))
            });
        if !forward_left {
            legal.push(s);
        }
    }

    // Rule 18, Six Must: with a 6 in the throw, if a legal play checks a man out, the
    // play must check out at least one.
    let six_must = turn.values.contains(&6) && legal.iter().any(|s| s.men() < men_at_start);
    let before = legal.len();
    if six_must {
        legal.retain(|s| s.men() < men_at_start);
    }
    covered(|c| {
        let any = |f: &dyn Fn(&State) -> bool| usize::from(legal.iter().any(|s| f(s)));
        c.entering += usize::from(start.mine[25] > 0);
        c.hit += any(&|s| s.their_roof > start.their_roof);
        c.crossed_stream += any(&|s| s.marks & CROSSED != 0);
        c.passed_opposing_man += any(&|s| s.marks & PASSED != 0);
        c.backward_move += any(&|s| s.backward);
        c.checked_out += any(&|s| s.men() < men_at_start);
        c.six_must_chose += usize::from(six_must && legal.len() < before);
        c.rule_10_removed += usize::from(ok.len() < all.len());
        c.full_spread_stands += usize::from(turn.protected.iter().any(|&p| p));
        c.skinny_seven += usize::from(turn.skinny);
        c.no_move += usize::from(most == 0 && legal.iter().all(|s| !s.backward));
    });
    legal.iter().map(|s| to_points(s)).collect()
}
