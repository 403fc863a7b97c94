//! Legal plays under standard rules: the set of distinct plays (distinct resulting boards).
//!
//! The search follows GNU Backgammon's order (dice as thrown, then swapped; points from the
//! back; for doubles, each step from a point no higher than the step before) and keeps the
//! first play found for each resulting board, so the plays and their move text agree with
//! gnubg's. For doubles that order never reaches one board twice (a board fixes the multiset
//! of steps), so only non-doubles are de-duplicated.

use super::dice::Dice;
use super::position::{BAR, Board, OPP_BAR};

/// One checker moving one die: from the mover's point `from` (25 = the bar) to `to`
/// (0 = borne off), in the mover's own numbering.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Step {
    /// The point the checker leaves (mover's numbering, 25 = bar).
    pub from: u8,
    /// The point it reaches (0 = off).
    pub to: u8,
}

/// A whole turn: up to four steps in the order played. The empty play is the turn of a
/// player who cannot move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    /// A play from its steps.
    ///
    /// # Panics
    /// More than four steps.
    #[must_use]
    pub fn new(steps: &[Step]) -> Play {
        assert!(steps.len() <= 4, "a play has at most four steps");
        let mut p = Play::default();
        p.steps[..steps.len()].copy_from_slice(steps);
        p.len = steps.len() as u8;
        p
    }

    /// The steps in the order played.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// No checker moves.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::fmt::Debug for Play {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.steps().iter().map(|s| (s.from, s.to)))
            .finish()
    }
}

/// A legal play and the board it leaves, still from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalPlay {
    /// The play.
    pub play: Play,
    /// The board it leaves, from the mover's view.
    pub board: Board,
}

/// Board equality as two overlapping 16-byte loads (much cheaper than a byte compare loop).
#[inline]
fn same_board(a: &[i8; 26], b: &[i8; 26]) -> bool {
    let load = |x: &[i8; 26], at: usize| {
        let mut bytes = [0u8; 16];
        for (d, s) in bytes.iter_mut().zip(&x[at..at + 16]) {
            *d = *s as u8;
        }
        u128::from_ne_bytes(bytes)
    };
    load(a, 0) == load(b, 0) && load(a, 10) == load(b, 10)
}

/// Steps packed in a `u64` while searching: step i in bits 16i.. (from, then to).
#[inline]
fn with_step(code: u64, depth: usize, from: usize, to: usize) -> u64 {
    code | ((from as u64) | ((to as u64) << 8)) << (16 * depth)
}

#[inline]
fn play_from_code(code: u64, len: u8) -> Play {
    let b = code.to_le_bytes();
    Play {
        steps: [
            Step {
                from: b[0],
                to: b[1],
            },
            Step {
                from: b[2],
                to: b[3],
            },
            Step {
                from: b[4],
                to: b[5],
            },
            Step {
                from: b[6],
                to: b[7],
            },
        ],
        len,
    }
}

struct Generator<'a> {
    out: &'a mut Vec<LegalPlay>,
    /// The board as the steps searched so far leave it (steps are made and unmade).
    board: [i8; 26],
    dice: [u8; 4],
    doubles: bool,
    /// Keep every sequence, complete or not (for explaining an illegal play).
    prefixes: bool,
    max_len: u8,
    max_pips: u8,
    /// Bit p set where the opponent holds the mover's point p with two or more checkers.
    blocked: u32,
    /// Compare each play with those kept so far (see `generate`).
    dedupe: bool,
    /// In the second order of a non-double: the points from which the other die could be
    /// played on the original board. A second step from one of them repeats a play already
    /// found in the first order, unless the first step entered from the bar.
    skip_second: u32,
    /// The depth-0 sources of the first order (to build `skip_second`).
    first_order_moves: Option<u32>,
}

impl Generator<'_> {
    /// Moves one checker from `from` by `d` pips, hitting a lone opposing checker where it
    /// lands, and keeps `occ` (bit p: the mover has a checker on p) up to date. Returns the
    /// point reached (0 = off) and whether it hit.
    #[inline]
    fn make(&mut self, from: usize, d: usize, occ: &mut u32) -> (usize, bool) {
        let b = &mut self.board;
        b[from] -= 1;
        if b[from] == 0 {
            *occ &= !(1 << from);
        }
        if from <= d {
            return (0, false);
        }
        let to = from - d;
        let hit = b[to] == -1;
        if hit {
            b[to] = 0;
            b[OPP_BAR] -= 1;
        }
        b[to] += 1;
        *occ |= 1 << to;
        (to, hit)
    }

    #[inline]
    fn unmake(&mut self, from: usize, to: usize, hit: bool) {
        let b = &mut self.board;
        if to > 0 {
            b[to] -= 1;
            if hit {
                b[to] = -1;
                b[OPP_BAR] += 1;
            }
        }
        b[from] += 1;
    }

    fn save(&mut self, len: usize, pips: u8, code: u64) {
        let len = len as u8;
        if !self.prefixes {
            if len < self.max_len || pips < self.max_pips {
                return;
            }
            if len > self.max_len || pips > self.max_pips {
                self.out.clear();
                self.max_len = len;
                self.max_pips = pips;
            }
        }
        let play = play_from_code(code, len);
        // Within the first order of a non-double, two step lists reach one board only when
        // both move a single checker the whole roll (through its own checkers: 8/6 6/5 and
        // 7/5 8/7 both play 8/5), so only such plays are compared there.
        let [s0, s1, ..] = play.steps;
        let one_checker = !self.doubles && len == 2 && (s1.from == s0.to || s1.to == s0.from);
        let b = &self.board;
        if (self.dedupe || one_checker) && self.out.iter().any(|e| same_board(&e.board.points, b)) {
            return;
        }
        self.out.push(LegalPlay {
            play,
            board: Board { points: *b },
        });
    }

    /// Plays die `depth` onwards from points no higher than `top`; returns whether any
    /// checker could move at this depth.
    ///
    /// `occ` has bit p set where the mover has checkers (p = 25: the bar). The opponent's
    /// blocks (`self.blocked`) cannot change during a turn: hits only remove blots.
    fn search(&mut self, depth: usize, top: usize, pips: u8, occ: u32, code: u64) -> bool {
        if depth > 3 || self.dice[depth] == 0 || occ == 0 {
            return false;
        }
        let d = self.dice[depth] as usize;
        let pips = pips + d as u8;
        if occ & (1 << BAR) != 0 {
            if self.blocked & (1 << (BAR - d)) != 0 {
                return false;
            }
            let mut nocc = occ;
            let (to, hit) = self.make(BAR, d, &mut nocc);
            self.descend(depth, 24, pips, nocc, with_step(code, depth, BAR, to));
            self.unmake(BAR, to, hit);
            return true;
        }
        let below_top = occ & ((2u32 << top) - 1);
        // Ordinary moves: from above d, to a point the opponent does not hold.
        let mut moves = below_top & !(self.blocked << d) & !((2u32 << d) - 1);
        // Bearing off: all checkers home; the exact number, or a larger one from the highest.
        let highest = 31 - occ.leading_zeros() as usize;
        if highest <= 6 {
            moves |= below_top & (1 << d);
            if highest < d {
                moves |= below_top & (1 << highest);
            }
        }
        let used = moves != 0;
        if depth == 1 && code & 0xff != BAR as u64 {
            moves &= !self.skip_second;
        }
        if depth == 0 && self.first_order_moves.is_none() {
            self.first_order_moves = Some(moves);
        }
        while moves != 0 {
            let from = 31 - moves.leading_zeros() as usize;
            moves &= !(1 << from);
            let mut nocc = occ;
            let (to, hit) = self.make(from, d, &mut nocc);
            let next_top = if self.doubles { from } else { 24 };
            self.descend(
                depth,
                next_top,
                pips,
                nocc,
                with_step(code, depth, from, to),
            );
            self.unmake(from, to, hit);
        }
        used
    }

    #[inline]
    fn descend(&mut self, depth: usize, top: usize, pips: u8, occ: u32, code: u64) {
        if self.prefixes {
            self.save(depth + 1, pips, code);
            self.search(depth + 1, top, pips, occ, code);
        } else if !self.search(depth + 1, top, pips, occ, code) {
            self.save(depth + 1, pips, code);
        }
    }
}

fn generate(board: &Board, dice: Dice, out: &mut Vec<LegalPlay>, prefixes: bool) {
    out.clear();
    let [d1, d2] = dice.values();
    let doubles = d1 == d2;
    let b = &board.points;
    let mut occ = 0u32;
    let mut blocked = 0u32;
    for (p, &n) in b.iter().enumerate().skip(1) {
        if n > 0 {
            occ |= 1 << p;
        } else if n < -1 {
            blocked |= 1 << p;
        }
    }
    let mut g = Generator {
        out,
        board: *b,
        dice: if doubles { [d1; 4] } else { [d1, d2, 0, 0] },
        doubles,
        prefixes,
        max_len: 0,
        max_pips: 0,
        blocked,
        // Doubles: the non-increasing order never reaches a board twice (for one die value
        // a board fixes the multiset of steps). Non-doubles: see `save` for the first
        // order; the second order is compared in full.
        dedupe: prefixes,
        skip_second: 0,
        first_order_moves: None,
    };
    g.search(0, 24, 0, occ, 0);
    if !doubles {
        g.dice = [d2, d1, 0, 0];
        g.dedupe = true;
        if !prefixes {
            g.skip_second = g.first_order_moves.unwrap_or(0);
        }
        g.search(0, 24, 0, occ, 0);
    }
    if g.out.is_empty() && !prefixes {
        g.out.push(LegalPlay {
            play: Play::default(),
            board: *board,
        });
    }
}

/// Writes the distinct legal plays of the mover on `board` with `dice` into `out` (cleared
/// first), in gnubg's order. A roll with no legal move gives one play: the empty one, with
/// the board unchanged.
pub fn legal_plays_into(board: &Board, dice: Dice, out: &mut Vec<LegalPlay>) {
    generate(board, dice, out, false);
}

/// The distinct legal plays of the mover on `board` with `dice`; see [`legal_plays_into`].
///
/// # Examples
///
/// ```
/// use engine::{Dice, Position, Side, format_play, legal_plays};
///
/// // The opening position from X's side, and a 3-1 to play.
/// let board = Position::start().view(Side::X);
/// let dice = Dice::new(3, 1).unwrap();
/// let plays = legal_plays(&board, dice);
/// assert!(plays.iter().any(|l| format_play(&board, &l.play) == "8/5 6/5"));
/// // Every play leaves a different board.
/// for (i, a) in plays.iter().enumerate() {
///     assert!(plays[i + 1..].iter().all(|b| b.board != a.board));
/// }
/// ```
#[must_use]
pub fn legal_plays(board: &Board, dice: Dice) -> Vec<LegalPlay> {
    let mut out = Vec::with_capacity(32);
    legal_plays_into(board, dice, &mut out);
    out
}

/// Every sequence of legal steps with `dice`, complete or not, de-duplicated by board: the
/// plays a player could make if the rule to use as many dice as possible did not exist.
pub(crate) fn partial_plays(board: &Board, dice: Dice) -> Vec<LegalPlay> {
    let mut out = Vec::with_capacity(64);
    generate(board, dice, &mut out, true);
    out
}

/// Applies steps without checking the dice: each moves one of the mover's checkers from
/// `from` to `to`, hitting a lone opposing checker where it lands.
///
/// # Errors
/// A step from a point where the mover has no checker, backwards, or onto a point the
/// opponent holds with two or more checkers; the index of that step is returned.
pub fn apply_steps(board: &Board, steps: &[Step]) -> Result<Board, usize> {
    let mut b = board.points;
    for (i, s) in steps.iter().enumerate() {
        let (from, to) = (s.from as usize, s.to as usize);
        if from > BAR || b[from] <= 0 || to >= from || (to > 0 && b[to] < -1) {
            return Err(i);
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
    Ok(Board { points: b })
}
