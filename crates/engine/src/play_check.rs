//! Why a typed standard play is illegal: the typed moves are checked one by one against
//! the position and the dice, and the first move that cannot be made is named (a die not
//! rolled, a blocked point, a checker that is not there, a die already used), before the
//! rules that judge a whole play (compulsory play).

use super::dice::Dice;
use super::position::{BAR, Board, OPP_BAR};
use super::typed_play::{Hop, IllegalPlay};

fn name(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        _ => p.to_string(),
    }
}

/// One typed single move: a checker from `from` to `to` (25 = bar, 0 = off).
#[derive(Clone, Copy)]
struct Leg {
    from: u8,
    to: u8,
}

impl Leg {
    fn text(self) -> String {
        format!("{}/{}", name(self.from), name(self.to))
    }
}

/// What stopped one way of making a leg with some dice.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    LandsBlocked(u8),
    PassesBlocked(u8),
    NotHome,
    HigherChecker(u8),
}

/// The ways of making `leg` on `b` with dice from `dice`: Ok(indices used) for the first
/// way that works (fewest dice first), or Err(the faults met, in search order; empty if no
/// combination of the dice has the right length).
fn route(b: &[i8; 26], leg: Leg, dice: &[u8]) -> Result<Vec<usize>, Vec<Fault>> {
    let mut faults = Vec::new();
    let n = dice.len();
    // Every ordered selection of distinct dice indices, shortest first.
    let mut seqs = dice_orders(n);
    // Only selections of the right length: exactly the distance, or for bearing off at
    // least the distance.
    let pips = leg.from - leg.to;
    seqs.retain(|s| {
        let sum: u8 = s.iter().map(|&i| dice[i]).sum();
        if leg.to == 0 {
            sum >= pips
        } else {
            sum == pips
        }
    });
    seqs.sort_by_key(Vec::len);
    // Checkers of the mover outside the home board, the moving one excluded.
    let outside: i32 = (7..=BAR).map(|p| i32::from(b[p].max(0))).sum::<i32>()
        - i32::from(leg.from >= 7 && b[usize::from(leg.from)] > 0);
    'seq: for seq in seqs {
        let mut p = leg.from;
        for (k, &i) in seq.iter().enumerate() {
            let d = dice[i];
            let last = k + 1 == seq.len();
            if p > d {
                let next = p - d;
                if b[usize::from(next)] < -1 && (!last || next == leg.to) {
                    faults.push(if last {
                        Fault::LandsBlocked(next)
                    } else {
                        Fault::PassesBlocked(next)
                    });
                    continue 'seq;
                }
                p = next;
            } else {
                // Bearing off: only as the last die, with every checker home, and with a
                // larger die only from the highest point.
                if !last || leg.to != 0 {
                    continue 'seq;
                }
                if outside > 0 || p > 6 {
                    faults.push(Fault::NotHome);
                    continue 'seq;
                }
                let higher = (usize::from(p) + 1..=6).any(|q| {
                    let mine = i32::from(b[q].max(0)) - i32::from(q == usize::from(leg.from));
                    mine > 0
                });
                if d > p && higher {
                    faults.push(Fault::HigherChecker(d));
                    continue 'seq;
                }
                p = 0;
            }
        }
        if p == leg.to {
            return Ok(seq);
        }
    }
    Err(faults)
}

/// Whether some dice of `dice` add up to the distance of `leg` (for bearing off: reach
/// off at all).
fn distance_fits(leg: Leg, dice: &[u8]) -> bool {
    let pips = leg.from - leg.to;
    let mut sums = vec![0u8];
    for &d in dice {
        let more: Vec<u8> = sums.iter().map(|s| s + d).collect();
        sums.extend(more);
    }
    if leg.to == 0 {
        sums.iter().any(|&s| s >= pips)
    } else {
        sums.contains(&pips)
    }
}

/// What a roll can move one checker: "4, 2 or 6".
fn reach_words(dice: Dice) -> String {
    let [a, b] = dice.values();
    let sums: Vec<String> = if dice.is_double() {
        (1..=4).map(|k| (a * k).to_string()).collect()
    } else {
        vec![a.to_string(), b.to_string(), (a + b).to_string()]
    };
    match sums.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Plays the typed `hops` move by move on `board` with `dice`: the board after them, or
/// the first move that cannot be made and why.
///
/// # Errors
/// The first typed move that cannot be made, with its reason.
pub fn walk_hops(board: &Board, dice: Dice, hops: &[Hop]) -> Result<Board, IllegalPlay> {
    let legs: Vec<Leg> = hops
        .iter()
        .flat_map(Hop::legs)
        .map(|(from, to, _)| Leg { from, to })
        .collect();
    if let Some(l) = legs.iter().find(|l| l.to >= l.from) {
        return Err(IllegalPlay::Backwards {
            from: name(l.from),
            to: name(l.to),
        });
    }
    // A move from a point where no checker stands and none arrives is named first.
    if let Some(l) = legs
        .iter()
        .find(|l| board.points[usize::from(l.from)] <= 0 && !legs.iter().any(|m| m.to == l.from))
    {
        if l.from != 25 {
            return Err(IllegalPlay::NoChecker(name(l.from)));
        }
    }
    let roll: Vec<u8> = if dice.is_double() {
        vec![dice.high(); 4]
    } else {
        dice.values().to_vec()
    };
    let mut left = roll.clone();
    let mut b = board.points;
    let on_bar = board.mine(BAR);
    // Entering moves first, then the others as typed; a move from a point where the
    // checker only arrives by a later typed move waits for it.
    let mut pending: Vec<Leg> = legs.iter().copied().filter(|l| l.from == 25).collect();
    pending.extend(legs.iter().copied().filter(|l| l.from != 25));
    while !pending.is_empty() {
        let Some(i) = pending.iter().position(|l| b[usize::from(l.from)] > 0) else {
            let l = pending[0];
            if l.from != 25 && b[BAR] > 0 {
                return Err(IllegalPlay::EnterFirst(on_bar));
            }
            return Err(IllegalPlay::NoChecker(name(l.from)));
        };
        let leg = pending.remove(i);
        if leg.from != 25 && b[BAR] > 0 {
            return Err(IllegalPlay::EnterFirst(on_bar));
        }
        if !distance_fits(leg, &roll) {
            return Err(IllegalPlay::NotRolled {
                play: leg.text(),
                pips: leg.from - leg.to,
                dice,
                reach: reach_words(dice),
            });
        }
        match route(&b, leg, &left) {
            Ok(used) => {
                // A blot passed on the way is hit (each die is a move of its own).
                let mut p = leg.from;
                for &i in &used[..used.len() - 1] {
                    p -= left[i];
                    let q = usize::from(p);
                    if b[q] == -1 {
                        b[q] = 0;
                        b[OPP_BAR] -= 1;
                    }
                }
                let mut used = used;
                used.sort_unstable_by(|a, b| b.cmp(a));
                for i in used {
                    left.remove(i);
                }
                b[usize::from(leg.from)] -= 1;
                if leg.to > 0 {
                    let t = usize::from(leg.to);
                    if b[t] == -1 {
                        b[t] = 0;
                        b[OPP_BAR] -= 1;
                    }
                    b[t] += 1;
                }
            }
            Err(_) => {
                // Judged with the whole roll first: a blocked point or a bearing-off rule is
                // the reason whatever else was played; otherwise the dice it needs were
                // used by the other moves.
                let faults = match route(&b, leg, &roll) {
                    Ok(_) => Vec::new(),
                    Err(f) => f,
                };
                let fault = faults
                    .iter()
                    .find(|f| matches!(f, Fault::LandsBlocked(_)))
                    .or_else(|| faults.first());
                return Err(match fault {
                    Some(Fault::LandsBlocked(p)) => IllegalPlay::Blocked(*p),
                    Some(Fault::PassesBlocked(p)) => IllegalPlay::BlockedOnTheWay {
                        play: leg.text(),
                        point: *p,
                        dice,
                    },
                    Some(Fault::NotHome) => IllegalPlay::BearOffNotHome,
                    Some(Fault::HigherChecker(d)) => IllegalPlay::BearOffHigher {
                        play: leg.text(),
                        die: *d,
                    },
                    None => IllegalPlay::DiceUsed {
                        play: leg.text(),
                        dice,
                    },
                });
            }
        }
    }
    Ok(Board { points: b })
}

/// Every ordered selection of distinct indices of `n` dice (each die used at most once),
/// in the order of a depth-first walk: `[0]`, `[0, 1]`, ..., `[1]`, `[1, 0]`, ...
pub(crate) fn dice_orders(n: usize) -> Vec<Vec<usize>> {
    let mut seqs: Vec<Vec<usize>> = Vec::new();
    fn grow(seq: &mut Vec<usize>, n: usize, out: &mut Vec<Vec<usize>>) {
        if !seq.is_empty() {
            out.push(seq.clone());
        }
        for i in 0..n {
            if !seq.contains(&i) {
                seq.push(i);
                grow(seq, n, out);
                seq.pop();
            }
        }
    }
    grow(&mut Vec::new(), n, &mut seqs);
    seqs
}
