//! Welsh move text: `13/4` is one atomic jump, `13/9/4` the same man stopping at 9;
//! `roof/22` enters, `3/off` checks out, `5/8` (upwards) is a rover's backward move, `*`
//! marks a hit where the man settles.

use std::fmt::Write as _;

use crate::movegen::Play;
use crate::position::{BAR, Board};

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
        // Continue the latest chain ending where this step starts, never one that ended
        // with a hit: a man who hits stops there (rule 9), another man moves on.
        let link = chains.iter().rposition(|c| {
            let &(end, hit) = c.last().expect("chains are not empty");
            end == s.from && end != 0 && usize::from(end) != BAR && !hit
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

fn normal_point(t: &str) -> Option<String> {
    let t = t.trim_end_matches('*').to_ascii_lowercase();
    Some(match t.as_str() {
        "roof" | "r" | "bar" | "b" | "25" => "roof".into(),
        "off" | "o" | "out" | "0" => "off".into(),
        n => n
            .parse::<u8>()
            .ok()
            .filter(|p| (1..=24).contains(p))?
            .to_string(),
    })
}

/// Move text in a canonical form: chains with `*` dropped and point names normalised,
/// sorted. `None` if a token cannot be read.
fn normalise(text: &str) -> Option<Vec<String>> {
    let mut chains = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let parts: Option<Vec<String>> = token.split(['/', '-']).map(normal_point).collect();
        let parts = parts?;
        if parts.len() < 2 {
            return None;
        }
        chains.push(parts.join("/"));
    }
    chains.sort();
    Some(chains)
}

/// The legal Welsh play that `text` names: the same half-moves (atomic jumps written
/// `13/4`, stops `13/9/4`), in any order, with or without `*`.
///
/// # Errors
/// A message saying the text cannot be read or names no legal play.
pub fn resolve_welsh_play(
    board: &Board,
    throw: super::geometry::Throw,
    text: &str,
) -> Result<crate::movegen::LegalPlay, String> {
    let legal = super::movegen::welsh_legal_plays(board, throw);
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("pass") {
        return legal
            .iter()
            .find(|l| l.play.is_empty())
            .copied()
            .ok_or_else(|| "you can move: passing is not allowed".to_string());
    }
    let quoted = crate::excerpt(text);
    let wanted = normalise(text).ok_or_else(|| {
        format!("cannot read `{quoted}`: write half-moves like `13/12/8`, `roof/22`, `3/off`")
    })?;
    if let Some(l) = legal
        .iter()
        .find(|l| normalise(&format_welsh_play(board, &l.play)).as_ref() == Some(&wanted))
    {
        return Ok(*l);
    }
    // The same board by another route: each written point is a place the man settles, and
    // a man who hits there stops (rule 9).
    let mut steps = Vec::new();
    let mut b = board.points;
    for chain in &wanted {
        let points: Vec<u8> = chain
            .split('/')
            .map(|p| match p {
                "roof" => 25,
                "off" => 0,
                n => n.parse().unwrap_or(0),
            })
            .collect();
        for (i, w) in points.windows(2).enumerate() {
            let (from, to) = (usize::from(w[0]), usize::from(w[1]));
            if to > 0 && to < BAR && b[to] == -1 && i + 2 < points.len() {
                return Err(format!(
                    "`{quoted}`: a man who hits stops there (rule 9), so that man cannot move on from \
                     {to}; play the other values with other men, or jump past the blot"
                ));
            }
            if from <= BAR && b[from] > 0 {
                b[from] -= 1;
            }
            if to > 0 && to < BAR {
                b[to] = b[to].max(0) + 1;
            }
            steps.push(crate::movegen::Step {
                from: w[0],
                to: w[1],
            });
        }
    }
    let after = (steps.len() <= 4)
        .then(|| super::movegen::apply_welsh_steps(board, &steps))
        .flatten();
    legal
        .iter()
        .find(|l| after.is_some_and(|a| a == l.board))
        .copied()
        .ok_or_else(|| super::play_check::why_not(board, throw, &quoted, &typed_chains(text)))
}

/// The chains of points as typed, in the order typed (roof = 25, off = 0).
fn typed_chains(text: &str) -> Vec<Vec<usize>> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .filter_map(|token| {
            token
                .split(['/', '-'])
                .map(|p| {
                    normal_point(p).map(|p| match p.as_str() {
                        "roof" => BAR,
                        "off" => 0,
                        n => n.parse().unwrap_or(0),
                    })
                })
                .collect::<Option<Vec<usize>>>()
        })
        .collect()
}
