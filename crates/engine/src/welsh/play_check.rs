//! Why a typed Welsh play is illegal: its half-moves are checked one by one, as typed,
//! against the position and the throw, and the first that cannot be made is named with
//! the rule (number and name) that forbids it; when each can be made, the rules that judge
//! a whole turn (compulsory play, Six Must, full spikes) are named.

use super::geometry::{
    FULL_SPIKE, Throw, backward_targets, crosses_central_bar, forward_targets, protected_spikes,
    rovers,
};
use super::movegen::welsh_legal_plays;
use crate::position::{BAR, Board, OPP_BAR};

fn name(p: usize) -> String {
    match p {
        0 => "off".to_string(),
        BAR => "the roof".to_string(),
        n => n.to_string(),
    }
}

fn seg_text(from: usize, to: usize) -> String {
    let n = |p: usize| match p {
        0 => "off".to_string(),
        BAR => "roof".to_string(),
        n => n.to_string(),
    };
    format!("{}/{}", n(from), n(to))
}

fn all_home(b: &[i8; 26]) -> bool {
    (7..=BAR).all(|p| b[p] <= 0)
}

/// The throw in words: "5-2", "6-6", "4".
fn throw_words(throw: Throw) -> String {
    match throw {
        Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
        Throw::One(a) => a.to_string(),
    }
}

/// How one half-move fared with some of the values.
#[derive(Default)]
struct Tried {
    /// Some way lands on the target (indices of the values used).
    found: Option<Vec<usize>>,
    /// Some way would land there but for the Skinny Seven.
    skinny: bool,
    /// Some way would land there but for checking out inexactly or from outside home.
    sum_fits: bool,
}

/// The ways of splitting the values at `idx` (in that order) into successive legs.
fn compositions(vals: &[u8]) -> Vec<Vec<u8>> {
    if vals.len() <= 1 {
        return vec![vals.to_vec()];
    }
    let mut out = Vec::new();
    for cuts in 0..1u32 << (vals.len() - 1) {
        let mut legs = Vec::new();
        let mut run = vals[0];
        for (c, &v) in vals[1..].iter().enumerate() {
            if cuts & (1 << c) != 0 {
                legs.push(run);
                run = v;
            } else {
                run += v;
            }
        }
        legs.push(run);
        out.push(legs);
    }
    out
}

fn reach(p: usize, legs: &[u8], home: bool, backward: bool, skinny: bool, out: &mut Vec<usize>) {
    let Some((&v, rest)) = legs.split_first() else {
        out.push(p);
        return;
    };
    let targets = if backward {
        if p == BAR {
            return;
        }
        backward_targets(p, usize::from(v))
    } else {
        forward_targets(p, usize::from(v), home)
    };
    for next in targets.into_iter().flatten() {
        if (skinny && crosses_central_bar(p, next)) || (next == 0 && !rest.is_empty()) {
            continue;
        }
        reach(next, rest, home, backward, skinny, out);
    }
}

fn try_half_move(
    b: &[i8; 26],
    from: usize,
    to: usize,
    values: &[u8],
    backward: bool,
    skinny: bool,
) -> Tried {
    let mut tried = Tried::default();
    let n = values.len();
    let mut seqs = crate::play_check::dice_orders(n);
    seqs.sort_by_key(Vec::len);
    let home = all_home(b);
    for seq in seqs {
        let vals: Vec<u8> = seq.iter().map(|&i| values[i]).collect();
        for legs in compositions(&vals) {
            let mut ends = Vec::new();
            reach(from, &legs, home, backward, skinny, &mut ends);
            if ends.contains(&to) {
                tried.found = Some(seq);
                return tried;
            }
            let mut free = Vec::new();
            reach(from, &legs, home, backward, false, &mut free);
            if skinny && free.contains(&to) {
                tried.skinny = true;
            }
            if to == 0 {
                let total: usize = legs.iter().map(|&v| usize::from(v)).sum();
                if total >= from && from <= 6 {
                    tried.sum_fits = true;
                }
            }
        }
    }
    tried
}

/// Why the play written `text` (chains of points as typed, roof = 25, off = 0) is not
/// legal: the first half-move that cannot be made, or the rule on the whole turn it breaks.
pub(super) fn why_not(board: &Board, throw: Throw, text: &str, chains: &[Vec<usize>]) -> String {
    let dice = throw_words(throw);
    let mut b = board.points;
    // Rule 16: men on the roof enter before any other man moves.
    let on_roof = usize::try_from(b[BAR].max(0)).unwrap_or(0);
    let entering = chains.iter().filter(|c| c[0] == BAR).count();
    if on_roof > entering && chains.iter().any(|c| c[0] != BAR) {
        return format!(
            "`{text}`: you have {on_roof} man{} on the roof, and men on the roof enter before any other man moves (rule 16)",
            if on_roof == 1 { "" } else { "s" }
        );
    }
    let skinny = throw.is_skinny_seven();
    let rover = rovers(board);
    let protected = protected_spikes(board);
    let mut left: Vec<u8> = throw.values();
    let all_values = left.len();
    // A chain from a spike where no man stands and none settles is named first.
    for c in chains {
        let settles = chains.iter().any(|d| d[1..].contains(&c[0]));
        if c[0] > BAR || (b[c[0]] <= 0 && !settles) {
            return format!("`{text}`: you have no man on {} to move", name(c[0]));
        }
    }
    // Chains in the order typed; a chain from a spike a man only reaches by a later chain
    // waits for it.
    let mut pending: Vec<&Vec<usize>> = chains.iter().collect();
    pending.sort_by_key(|c| c[0] != BAR);
    while !pending.is_empty() {
        let Some(i) = pending.iter().position(|c| c[0] <= BAR && b[c[0]] > 0) else {
            return format!(
                "`{text}`: you have no man on {} to move",
                name(pending[0][0])
            );
        };
        let chain = pending.remove(i);
        for (k, w) in chain.windows(2).enumerate() {
            let (from, to) = (w[0], w[1]);
            let seg = seg_text(from, to);
            if to == BAR {
                return format!("`{text}`: a man never moves onto the roof");
            }
            let backward = to != 0 && to > from;
            if backward {
                if from == BAR {
                    return format!("`{text}`: a man enters from the roof onto 19 to 24");
                }
                if rover[from] == 0 {
                    return format!(
                        "`{text}`: `{seg}` moves backwards, which only a rover may do, a man alone in its quarter-board at the start of the turn (rule 20, Rovers)"
                    );
                }
                if throw.is_double() {
                    return format!(
                        "`{text}`: `{seg}` moves backwards, and no man moves backwards on a doubles throw (rule 20, Rovers)"
                    );
                }
            }
            let tried = try_half_move(&b, from, to, &left, backward, skinny);
            let Some(used) = tried.found else {
                if tried.skinny {
                    return format!(
                        "`{text}`: `{seg}` crosses the central bar, and a 5-2 may not carry a man across it (rule 9, Skinny Sevens Don't Jump)"
                    );
                }
                if to == 0 && !all_home(&b) {
                    return format!(
                        "`{text}`: `{seg}` checks out, and a man checks out only when all your men are in your home board (rule 18, Checking-Out)"
                    );
                }
                if to == 0 && tried.sum_fits {
                    return format!(
                        "`{text}`: `{seg}` needs exactly {from}: a man checks out from spike n only with a value of exactly n, and a larger value busts (rule 18, Checking-Out)"
                    );
                }
                let full = try_half_move(&b, from, to, &throw.values(), backward, skinny);
                if full.found.is_some() {
                    return format!(
                        "`{text}`: `{seg}` needs values of the {dice} that your other half-moves already use"
                    );
                }
                if (13..=18).contains(&from) && (1..=12).contains(&to) {
                    return format!(
                        "`{text}`: `{seg}` leaves the far outer board, which a man on far spike k does only with exactly k, landing on near spike k (rule 15, Crossing The Stream)"
                    );
                }
                return format!(
                    "`{text}`: no value of the {dice} (a die or the sum of dice) takes a man from {} to {}",
                    name(from),
                    name(to)
                );
            };
            if to > 0 {
                if b[to] <= -2 {
                    return format!(
                        "`{text}`: a man cannot settle on {to}, where two or more of your opponent's men stand (rule 8, No Mixed Spikes)"
                    );
                }
                if b[to] == -1 && protected & (1 << to) != 0 {
                    return format!(
                        "`{text}`: the man on {to} is part of your opponent's full spread and cannot be hit (rule 11, Full Spreads)"
                    );
                }
                if b[to] >= FULL_SPIKE {
                    return format!(
                        "`{text}`: {to} is a full spike: no more than six men settle on one spike (rule 10, Full Spikes)"
                    );
                }
                if b[to] == -1 && k + 2 < chain.len() {
                    return format!(
                        "`{text}`: a man who hits stops there (rule 9), so the man cannot move on from {to}; play the other values with other men, or jump past the blot"
                    );
                }
            }
            let mut used = used;
            used.sort_unstable_by(|a, b| b.cmp(a));
            for i in used {
                left.remove(i);
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
    }
    // Each half-move can be made: a rule on the whole turn is broken.
    if (1..BAR).filter(|&p| b[p] >= FULL_SPIKE).count() >= 2 {
        return format!(
            "`{text}` leaves two full spikes of yours, which a turn may not (rule 10, Full Spikes)"
        );
    }
    let legal = welsh_legal_plays(board, throw);
    let checks_out = |after: &[i8; 26]| {
        (1..=BAR).map(|p| i32::from(after[p].max(0))).sum::<i32>()
            < (1..=BAR)
                .map(|p| i32::from(board.points[p].max(0)))
                .sum::<i32>()
    };
    if throw.has_six() && !checks_out(&b) && legal.iter().any(|l| checks_out(&l.board.points)) {
        return format!(
            "`{text}` checks no man out, and with a 6 in the throw a player who can check a man out must (rule 18, Six Must)"
        );
    }
    if !left.is_empty() && left.len() <= all_values {
        return format!(
            "`{text}` leaves {} of the {dice} unplayed: a play uses as many of the values as it can, the larger when only one fits (rule 7); /moves lists the legal plays",
            join_values(&left)
        );
    }
    format!("`{text}` is not a legal play with {dice}; /moves lists the legal plays")
}

fn join_values(v: &[u8]) -> String {
    let words: Vec<String> = v.iter().map(u8::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("the {} and {last}", rest.join(", ")),
        Some((last, _)) => format!("the {last}"),
        None => String::new(),
    }
}
