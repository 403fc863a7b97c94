//! Welsh move text: `13/4` is one atomic jump, `13/9/4` the same man stopping at 9;
//! `roof/22` enters, `3/off` checks out, `5/8` (upwards) is a rover's backward move, `*`
//! marks a hit where the man settles.

use std::fmt::Write as _;

use crate::engine::movegen::Play;
use crate::engine::position::{BAR, Board};

fn point(out: &mut String, p: u8) {
    match p {
        0 => out.push_str("off"),
        25 => out.push_str("roof"),
        _ => {
            let _ = write!(out, "{p}");
        }
    }
}

/// A Welsh play as text, `board` being the mover's board before it. Half-moves of one man
/// are chained (`13/12/8`); chains appear in the order played.
#[must_use]
pub fn format_welsh_play(board: &Board, play: &Play) -> String {
    let mut b = board.points;
    // Each chain: the points it touches and whether it hit at each.
    let mut chains: Vec<Vec<(u8, bool)>> = Vec::new();
    for s in play.steps() {
        let to = s.to as usize;
        let hit = to > 0 && b[to] == -1;
        b[s.from as usize] -= 1;
        if to > 0 {
            if hit {
                b[to] = 0;
            }
            b[to] += 1;
        }
        let link = chains.iter().rposition(|c| {
            let end = c.last().expect("chains are not empty").0;
            end == s.from && end != 0 && usize::from(end) != BAR
        });
        match link {
            Some(i) => chains[i].push((s.to, hit)),
            None => chains.push(vec![(s.from, false), (s.to, hit)]),
        }
    }
    let mut out = String::new();
    for c in chains {
        if !out.is_empty() {
            out.push(' ');
        }
        for (i, &(p, hit)) in c.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            point(&mut out, p);
            if hit {
                out.push('*');
            }
        }
    }
    out
}
