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
    throw: super::movegen::Throw,
    text: &str,
) -> Result<crate::engine::movegen::LegalPlay, String> {
    let legal = super::movegen::welsh_legal_plays(board, throw);
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("pass") {
        return legal
            .iter()
            .find(|l| l.play.is_empty())
            .copied()
            .ok_or_else(|| "you can move: passing is not allowed".to_string());
    }
    let quoted = crate::engine::excerpt(text);
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
                    "`{quoted}`: a man who hits stops there (rule 9), so he cannot move on from \
                     {to}; play the other values with other men, or jump past the blot"
                ));
            }
            if from <= BAR && b[from] > 0 {
                b[from] -= 1;
            }
            if to > 0 && to < BAR {
                b[to] = b[to].max(0) + 1;
            }
            steps.push(crate::engine::movegen::Step {
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
        .ok_or_else(|| why_not(board, throw, &quoted, &wanted))
}

/// Why the play written `text` (its chains `wanted`) is not legal, most specific first.
fn why_not(board: &Board, throw: super::movegen::Throw, text: &str, wanted: &[String]) -> String {
    let name = |p: usize| match p {
        0 => "off".to_string(),
        BAR => "the roof".to_string(),
        n => n.to_string(),
    };
    let chains: Vec<Vec<usize>> = wanted
        .iter()
        .map(|c| {
            c.split('/')
                .map(|p| match p {
                    "roof" => BAR,
                    "off" => 0,
                    n => n.parse().unwrap_or(0),
                })
                .collect()
        })
        .collect();
    // Rule 16: men on the roof enter before any other man moves.
    let on_roof = usize::try_from(board.points[BAR].max(0)).unwrap_or(0);
    let entering = chains.iter().filter(|c| c[0] == BAR).count();
    if on_roof > entering && chains.iter().any(|c| c[0] != BAR) {
        return format!(
            "`{text}`: you have {on_roof} man{} on the roof, and men on the roof enter before any other man moves (rule 16)",
            if on_roof == 1 { "" } else { "s" }
        );
    }
    // The chains are in canonical order, not as written: a man may start where another
    // settles first.
    let b = board.points;
    let settles = |p: usize| chains.iter().any(|c| c[1..].contains(&p));
    for c in &chains {
        if c[0] > BAR || (b[c[0]] <= 0 && !settles(c[0])) {
            return format!("`{text}`: you have no man on {} to move", name(c[0]));
        }
        if let Some(&to) = c[1..].iter().find(|&&p| p > 0 && p < BAR && b[p] <= -2) {
            return format!(
                "`{text}`: a man cannot settle on {to}, where two or more of your opponent's men stand (rule 8)"
            );
        }
    }
    let dice = match throw {
        super::movegen::Throw::Two(a, b2) => format!("{}-{}", a.max(b2), a.min(b2)),
        super::movegen::Throw::One(a) => a.to_string(),
    };
    format!(
        "`{text}` is not a legal play with {dice}: a play uses as many of the values as it can, the larger when only one fits (rule 7); crossing the stream and checking out have their own rules (15, 18); /moves lists the legal plays"
    )
}
