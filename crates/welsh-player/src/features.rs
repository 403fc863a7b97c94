//! The evaluator's inputs: what the network sees of a Welsh position, from the view of the
//! side about to throw ("me"), then the opponent ("them"), then the match around the
//! board. Every input is a number in `[0, 1]`, most of them 0 or 1.
//!
//! For each side, on its own board numbering (1..6 home, 7..12 near outer, 13..18 far
//! outer, 19..24 back, 25 the roof), 135 inputs:
//!
//! | inputs | what |
//! |---|---|
//! | 5 per spike 1..24 | `n >= 1`, `n >= 2`, `n >= 3`, `(n - 3) / 3` (so a full spike of six, rule 10, reads 1), and `n == 1` (a blot) |
//! | 3 | the roof: `n >= 1`, `n >= 2` (a third loses the game, rule 14), `n / 3` |
//! | 2 | men checked out: `n / 15`, and `n > 0` |
//! | 1 | pip count / 200 (the roof is 25) |
//! | 3 | men in the far outer board (still to cross the stream, rule 15), in the back board, at home; each `/ 15` |
//! | 1 | all men home: checking out is open (rule 18) |
//! | 1 | a full spread stands (rule 11) |
//! | 1 | a triangle stands (rule 17a) |
//! | 1 | rovers (rule 20) / 3, at most 1 |
//! | 1 | full spikes / 2 (two at the end of a turn are forbidden, rule 10) |
//! | 1 | a one-throw win is possible (rule 18) |
//!
//! Then 9 inputs of the match: who holds the doubling die's right (mine, centred,
//! theirs: 3), log2 of its value / 6, the nominate card held by me and by them (rule 21),
//! a throw nominated for my next turn and for theirs, and whether nobody has checked out
//! yet (the first to check out earns a bonus throw, rule 18).

use engine::welsh::{WelshMatch, has_full_spread, has_one_throw_win, has_triangle, rovers};
use engine::{BAR, Board, Side};

/// Inputs for one side.
pub const SIDE_INPUTS: usize = 24 * 5 + 3 + 2 + 1 + 3 + 1 + 1 + 1 + 1 + 1 + 1;
/// Inputs of the match around the board.
pub const MATCH_INPUTS: usize = 9;
/// All inputs.
pub const INPUTS: usize = 2 * SIDE_INPUTS + MATCH_INPUTS;

/// What the evaluator knows besides the board, from the view of the side about to throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// Who may turn the doubling die: `Some(true)` me, `Some(false)` them, `None` either.
    pub cube_right: Option<bool>,
    /// The die's value.
    pub cube: u32,
    /// I hold my nominate card.
    pub my_card: bool,
    /// They hold theirs.
    pub their_card: bool,
    /// The throw nominated for my next turn.
    pub set_for_me: Option<(u8, u8)>,
    /// The throw nominated for their next turn.
    pub set_for_them: Option<(u8, u8)>,
    /// Games still needed to win the match, mine and theirs (0 or less: reached, a
    /// sudden death when both have), when known. Not an input of the network: the match
    /// equity table ([`crate::match_table`]) reads it.
    pub away: Option<(i32, i32)>,
}

impl Context {
    /// The context of `m` for `side`, as if `side` were about to throw.
    #[must_use]
    pub fn of(m: &WelshMatch, side: Side) -> Context {
        let cube = m.cube();
        let set = |s: Side| {
            m.nominated_throw()
                .and_then(|(who, dice)| (who == s).then_some(dice))
        };
        Context {
            cube_right: cube.right.map(|s| s == side),
            cube: cube.value,
            my_card: m.nominate_left(side),
            their_card: m.nominate_left(side.opponent()),
            set_for_me: set(side),
            set_for_them: set(side.opponent()),
            away: Some(away(m, side)),
        }
    }

    /// The same context seen from the other side.
    #[must_use]
    pub fn swapped(self) -> Context {
        Context {
            cube_right: self.cube_right.map(|m| !m),
            cube: self.cube,
            my_card: self.their_card,
            their_card: self.my_card,
            set_for_me: self.set_for_them,
            set_for_them: self.set_for_me,
            away: self.away.map(|(me, them)| (them, me)),
        }
    }
}

/// Games `side` and its opponent still need in `m` (0 or less once reached).
#[must_use]
pub fn away(m: &WelshMatch, side: Side) -> (i32, i32) {
    let target = i64::from(m.rules().target);
    let need =
        |s: Side| i32::try_from(target - i64::from(m.score()[s.index()])).unwrap_or(i32::MIN);
    (need(side), need(side.opponent()))
}

/// Writes one side's inputs (the mover of `b`) into `out`.
fn side_inputs(b: &Board, out: &mut [f32]) {
    let mut i = 0;
    let (mut far, mut back, mut home, mut full) = (0u32, 0u32, 0u32, 0u32);
    for p in 1..=24usize {
        let n = b.mine(p);
        let f = f32::from(n);
        out[i] = f32::from(u8::from(n >= 1));
        out[i + 1] = f32::from(u8::from(n >= 2));
        out[i + 2] = f32::from(u8::from(n >= 3));
        out[i + 3] = ((f - 3.0) / 3.0).clamp(0.0, 1.0);
        out[i + 4] = f32::from(u8::from(n == 1));
        i += 5;
        match p {
            1..=6 => home += u32::from(n),
            13..=18 => far += u32::from(n),
            19..=24 => back += u32::from(n),
            _ => {}
        }
        if n >= 6 {
            full += 1;
        }
    }
    let roof = b.mine(BAR);
    out[i] = f32::from(u8::from(roof >= 1));
    out[i + 1] = f32::from(u8::from(roof >= 2));
    out[i + 2] = (f32::from(roof) / 3.0).min(1.0);
    i += 3;
    let off = b.mine_off();
    out[i] = f32::from(off) / 15.0;
    out[i + 1] = f32::from(u8::from(off > 0));
    i += 2;
    out[i] = (b.pips().0 as f32 / 200.0).min(1.0);
    i += 1;
    out[i] = far as f32 / 15.0;
    out[i + 1] = back as f32 / 15.0;
    out[i + 2] = home as f32 / 15.0;
    i += 3;
    let all_home = home + u32::from(off) == 15;
    out[i] = f32::from(u8::from(all_home));
    out[i + 1] = f32::from(u8::from(has_full_spread(b)));
    out[i + 2] = f32::from(u8::from(has_triangle(b)));
    let r: u32 = rovers(b).iter().map(|&x| u32::from(x)).sum();
    out[i + 3] = (r as f32 / 3.0).min(1.0);
    out[i + 4] = (full as f32 / 2.0).min(1.0);
    out[i + 5] = f32::from(u8::from(all_home && off < 15 && has_one_throw_win(b)));
    i += 6;
    debug_assert_eq!(i, SIDE_INPUTS);
}

/// The inputs for board `b` (from the view of the side about to throw) in context `ctx`.
pub fn encode(b: &Board, ctx: &Context, out: &mut [f32; INPUTS]) {
    side_inputs(b, &mut out[..SIDE_INPUTS]);
    side_inputs(&b.swapped(), &mut out[SIDE_INPUTS..2 * SIDE_INPUTS]);
    let g = &mut out[2 * SIDE_INPUTS..];
    g[0] = f32::from(u8::from(ctx.cube_right == Some(true)));
    g[1] = f32::from(u8::from(ctx.cube_right.is_none()));
    g[2] = f32::from(u8::from(ctx.cube_right == Some(false)));
    g[3] = (ctx.cube.max(1).ilog2() as f32 / 6.0).min(1.0);
    g[4] = f32::from(u8::from(ctx.my_card));
    g[5] = f32::from(u8::from(ctx.their_card));
    g[6] = f32::from(u8::from(ctx.set_for_me.is_some()));
    g[7] = f32::from(u8::from(ctx.set_for_them.is_some()));
    g[8] = f32::from(u8::from(b.mine_off() == 0 && b.theirs_off() == 0));
}
