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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// A whole turn: up to four steps in the order played. The empty play is the turn of a
/// player who cannot move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
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
    pub play: Play,
    pub board: Board,
}

/// Whether the mover may move a checker from `from` by `d` pips on `b` (his bar empty
/// unless `from` is the bar). Bearing off needs every checker home and either the exact
/// number or the highest occupied point.
#[inline]
fn can_move(b: &[i8; 26], from: usize, d: usize) -> bool {
    if from > d {
        return b[from - d] >= -1;
    }
    let mut highest = BAR;
    while b[highest] <= 0 {
        highest -= 1;
    }
    highest <= 6 && (from == d || from == highest)
}

/// Moves one checker of the mover from `from` by `d` pips, hitting a lone opposing checker
/// where it lands; returns the point reached (0 = off).
#[inline]
fn apply_step(b: &mut [i8; 26], from: usize, d: usize) -> usize {
    b[from] -= 1;
    if from > d {
        let to = from - d;
        if b[to] == -1 {
            b[to] = 0;
            b[OPP_BAR] -= 1;
        }
        b[to] += 1;
        to
    } else {
        0
    }
}

struct Generator<'a> {
    out: &'a mut Vec<LegalPlay>,
    dice: [u8; 4],
    doubles: bool,
    /// Keep every sequence, complete or not (for explaining an illegal play).
    prefixes: bool,
    max_len: u8,
    max_pips: u8,
}

impl Generator<'_> {
    fn save(&mut self, len: usize, pips: u8, b: &[i8; 26], steps: &[Step; 4]) {
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
        if !self.doubles || self.prefixes {
            for e in self.out.iter() {
                if e.board.points == *b {
                    return;
                }
            }
        }
        let mut play = Play {
            steps: *steps,
            len,
        };
        for s in &mut play.steps[len as usize..] {
            *s = Step::default();
        }
        self.out.push(LegalPlay {
            play,
            board: Board { points: *b },
        });
    }

    /// Plays die `depth` onwards; returns whether any checker could move at this depth.
    fn search(
        &mut self,
        depth: usize,
        top: usize,
        pips: u8,
        b: &[i8; 26],
        steps: &mut [Step; 4],
    ) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return false;
        }
        let d = self.dice[depth] as usize;
        let pips = pips + d as u8;
        if b[BAR] > 0 {
            if b[BAR - d] < -1 {
                return false;
            }
            let mut nb = *b;
            let to = apply_step(&mut nb, BAR, d);
            steps[depth] = Step {
                from: BAR as u8,
                to: to as u8,
            };
            self.descend(depth, 24, pips, &nb, steps);
            return true;
        }
        let mut used = false;
        for from in (1..=top).rev() {
            if b[from] > 0 && can_move(b, from, d) {
                let mut nb = *b;
                let to = apply_step(&mut nb, from, d);
                steps[depth] = Step {
                    from: from as u8,
                    to: to as u8,
                };
                let next_top = if self.doubles { from } else { 24 };
                self.descend(depth, next_top, pips, &nb, steps);
                used = true;
            }
        }
        used
    }

    #[inline]
    fn descend(&mut self, depth: usize, top: usize, pips: u8, nb: &[i8; 26], steps: &mut [Step; 4]) {
        if self.prefixes {
            self.save(depth + 1, pips, nb, steps);
            self.search(depth + 1, top, pips, nb, steps);
        } else if !self.search(depth + 1, top, pips, nb, steps) {
            self.save(depth + 1, pips, nb, steps);
        }
    }
}

fn generate(board: &Board, dice: Dice, out: &mut Vec<LegalPlay>, prefixes: bool) {
    out.clear();
    let [d1, d2] = dice.values();
    let doubles = d1 == d2;
    let mut g = Generator {
        out,
        dice: if doubles { [d1; 4] } else { [d1, d2, 0, 0] },
        doubles,
        prefixes,
        max_len: 0,
        max_pips: 0,
    };
    let mut steps = [Step::default(); 4];
    g.search(0, 24, 0, &board.points, &mut steps);
    if !doubles {
        g.dice = [d2, d1, 0, 0];
        g.search(0, 24, 0, &board.points, &mut steps);
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

/// The dice a step uses: `from - to`, or for bearing off at least `from`.
#[must_use]
pub fn step_pips(step: Step) -> u8 {
    step.from - step.to
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
