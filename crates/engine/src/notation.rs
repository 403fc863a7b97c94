//! Move text as GNU Backgammon writes and reads it (`24/18 13/11`, `8/5*(2)`, `13/7*/5`,
//! `bar/22`, `6/off`), and the matching of typed text against the legal plays.

use std::fmt::Write as _;

use super::dice::Dice;
use super::movegen::{LegalPlay, Play, Step, legal_plays, partial_plays};
use super::position::{Board, OPP_BAR};
use super::typed_play::{Hop, IllegalPlay, ParseError};

fn point_name(out: &mut String, p: u8) {
    match p {
        0 => out.push_str("off"),
        25 => out.push_str("bar"),
        _ => {
            let _ = write!(out, "{p}");
        }
    }
}

/// A play in gnubg's move text, `board` being the mover's board before the play.
///
/// Steps are sorted from the back; steps of one checker are joined (`13/5`), keeping an
/// intermediate point only where it hits (`13/7*/5`); equal moves are counted (`8/5(2)`);
/// the first arrival on a point holding a lone opposing checker is marked `*`.
#[must_use]
pub fn format_play(board: &Board, play: &Play) -> String {
    if play.is_empty() {
        return String::new();
    }
    let mut sorted: Vec<Step> = play.steps().to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    // Chains of points for one checker: from, hit intermediates..., to.
    let mut chains: Vec<Option<Vec<u8>>> =
        sorted.iter().map(|s| Some(vec![s.from, s.to])).collect();
    let opp_at = |p: u8| p > 0 && p < 25 && board.points[p as usize] < 0;
    for i in 0..chains.len() {
        for j in i + 1..chains.len() {
            let (Some(ci), Some(cj)) = (&chains[i], &chains[j]) else {
                continue;
            };
            let end = *ci.last().expect("a chain has two points");
            if end == cj[0] {
                let next = cj[1];
                let ci = chains[i].as_mut().expect("checked above");
                if opp_at(end) {
                    ci.push(next);
                } else {
                    *ci.last_mut().expect("a chain has two points") = next;
                }
                chains[j] = None;
            }
        }
    }
    let chains: Vec<Vec<u8>> = chains.into_iter().flatten().collect();
    let mut counted: Vec<(Vec<u8>, u8)> = Vec::new();
    for c in chains {
        if let Some(e) = counted.iter_mut().find(|(k, _)| *k == c) {
            e.1 += 1;
        } else {
            counted.push((c, 1));
        }
    }
    let mut out = String::new();
    let mut hit_marked = 0u32;
    for (chain, count) in counted {
        if !out.is_empty() {
            out.push(' ');
        }
        point_name(&mut out, chain[0]);
        for &mid in &chain[1..chain.len() - 1] {
            out.push('/');
            point_name(&mut out, mid);
            out.push('*');
            hit_marked |= 1 << mid;
        }
        let to = chain[chain.len() - 1];
        out.push('/');
        point_name(&mut out, to);
        if opp_at(to) && hit_marked & (1 << to) == 0 {
            out.push('*');
            hit_marked |= 1 << to;
        }
        if count > 1 {
            let _ = write!(out, "({count})");
        }
    }
    out
}

/// A play step by step as in a `.mat` file (`13/8 24/22`, bar = 25, off = 0): steps in the
/// order played, `*` on the first arrival on a lone opposing checker.
#[must_use]
pub fn format_steps(board: &Board, play: &Play) -> String {
    let mut out = String::new();
    let steps = play.steps();
    for (i, s) in steps.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{}/{}", s.from, s.to);
        let to = s.to as usize;
        if to > 0 && board.points[to] < 0 && !steps[..i].iter().any(|e| e.to == s.to) {
            out.push('*');
        }
    }
    out
}

fn parse_point(s: &str) -> Option<u8> {
    match s.to_ascii_lowercase().as_str() {
        "bar" | "b" => Some(25),
        "off" | "o" => Some(0),
        n => n.parse::<u8>().ok().filter(|&p| p <= 25),
    }
}

/// Reads move text into hops. Accepts gnubg's output and the usual variants: `b`/`bar`/`25`
/// for the bar, `o`/`off`/`0` for off, `-` as well as `/`, `*` anywhere or missing, `(n)`
/// repeats, tokens separated by spaces or commas. `pass` (or empty `-`) is the empty play.
///
/// # Errors
/// A token that is not of that form.
pub fn parse_hops(text: &str) -> Result<Vec<Hop>, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    if text.eq_ignore_ascii_case("pass") || text.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let mut hops = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let bad = |why| ParseError::Token {
            token: super::excerpt(token),
            why,
        };
        let (body, count) = match token.find('(') {
            Some(i) => {
                let rest = &token[i + 1..];
                let n = rest
                    .strip_suffix(')')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| bad("a repeat is written `(2)` to `(4)` at the end"))?;
                (&token[..i], n)
            }
            None => (token, 1),
        };
        let mut path = Vec::new();
        let mut hits = Vec::new();
        for part in body.split(['/', '-']) {
            let hit = part.ends_with('*');
            let name = part.trim_end_matches('*');
            let p = parse_point(name)
                .ok_or_else(|| bad("points are 1 to 24, `bar` or `off`, joined by `/`"))?;
            path.push(p);
            hits.push(hit);
        }
        if path.len() < 2 {
            return Err(bad("a move needs a start and an end, like `13/7`"));
        }
        if path[1..].contains(&25) {
            return Err(bad("a checker cannot move onto the bar"));
        }
        if path[..path.len() - 1].contains(&0) {
            return Err(bad("a checker borne off cannot move again"));
        }
        hops.push(Hop { path, hits, count });
    }
    Ok(hops)
}

fn name(p: u8) -> String {
    let mut s = String::new();
    point_name(&mut s, p);
    s
}

/// Applies typed hops to `board` without looking at the dice: checkers move along their
/// paths, hitting lone opposing checkers where they stop; hops whose checker is not there
/// yet are retried after the others.
///
/// # Errors
/// A hop backwards, onto a blocked point, or from a point with no checker.
pub fn apply_hops(board: &Board, hops: &[Hop]) -> Result<Board, IllegalPlay> {
    let mut b = board.points;
    let mut pending: Vec<(u8, u8)> = hops
        .iter()
        .flat_map(Hop::legs)
        .map(|(from, to, _)| (from, to))
        .collect();
    while !pending.is_empty() {
        let before = pending.len();
        let mut i = 0;
        while i < pending.len() {
            let (from, to) = pending[i];
            if to >= from {
                return Err(IllegalPlay::Backwards {
                    from: name(from),
                    to: name(to),
                });
            }
            if to > 0 && b[to as usize] < -1 {
                return Err(IllegalPlay::Blocked(to));
            }
            if b[from as usize] > 0 {
                b[from as usize] -= 1;
                if to > 0 {
                    let t = to as usize;
                    if b[t] == -1 {
                        b[t] = 0;
                        b[OPP_BAR] -= 1;
                    }
                    b[t] += 1;
                }
                pending.remove(i);
            } else {
                i += 1;
            }
        }
        if pending.len() == before {
            return Err(IllegalPlay::NoChecker(name(pending[0].0)));
        }
    }
    Ok(Board { points: b })
}

/// Collapses a play's text to `(from, to)` pairs, one per checker moved.
fn endpoints(board: &Board, play: &Play) -> Vec<(u8, u8)> {
    let hops = parse_hops(&format_play(board, play)).unwrap_or_default();
    endpoints_of(&hops)
}

fn endpoints_of(hops: &[Hop]) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for h in hops {
        for _ in 0..h.count {
            v.push((h.path[0], h.path[h.path.len() - 1]));
        }
    }
    v.sort_unstable();
    v
}

/// Finds the legal play that `text` describes for the mover on `board` with `dice`.
///
/// The text is legal if and only if it describes a play in the generated set: first by the
/// board it leaves (stops as written, hitting where they land), then, if that fails, by
/// the checkers' start and end points alone when exactly one legal play has them (an
/// intermediate hit left out).
///
/// # Errors
/// An [`IllegalPlay`] saying why, most specific reason first.
///
/// # Examples
///
/// ```
/// use engine::{Dice, Position, Side, format_play, resolve_play};
///
/// let board = Position::start().view(Side::X);
/// let dice = Dice::new(6, 5).unwrap();
/// let play = resolve_play(&board, dice, "24/13").unwrap();
/// assert_eq!(format_play(&board, &play.play), "24/13");
/// // A 6-5 cannot move a checker 12 pips.
/// assert!(resolve_play(&board, dice, "24/12").is_err());
/// ```
pub fn resolve_play(board: &Board, dice: Dice, text: &str) -> Result<LegalPlay, IllegalPlay> {
    let hops = parse_hops(text)?;
    let legal = legal_plays(board, dice);
    if hops.is_empty() {
        return legal
            .iter()
            .find(|l| l.play.is_empty())
            .copied()
            .ok_or(IllegalPlay::MayNotPass);
    }
    if legal.len() == 1 && legal[0].play.is_empty() {
        return Err(IllegalPlay::MustPass);
    }
    let applied = apply_hops(board, &hops);
    if let Ok(after) = &applied {
        if let Some(l) = legal.iter().find(|l| l.board == *after) {
            return Ok(*l);
        }
    }
    let wanted = endpoints_of(&hops);
    let mut by_ends = legal.iter().filter(|l| endpoints(board, &l.play) == wanted);
    if let (Some(l), None) = (by_ends.next(), by_ends.next()) {
        return Ok(*l);
    }
    // Not a legal play: the typed moves one by one against the position and the dice
    // name the first that cannot be made; if each can, a rule on the whole play is broken.
    let after = super::play_check::walk_hops(board, dice, &hops)?;
    Err(explain(board, dice, &legal, Some(after)))
}

fn explain(board: &Board, dice: Dice, legal: &[LegalPlay], after: Option<Board>) -> IllegalPlay {
    let max_len = legal
        .iter()
        .map(|l| l.play.steps().len())
        .max()
        .unwrap_or(0) as u8;
    if let Some(after) = after {
        let partial = partial_plays(board, dice);
        if let Some(p) = partial.iter().find(|p| p.board == after) {
            let used = p.play.steps().len() as u8;
            if dice.is_double() {
                return IllegalPlay::DoublesLeftUnplayed {
                    used,
                    possible: max_len,
                    die: dice.high(),
                };
            }
            if max_len == 2 {
                let played = p.play.steps()[0];
                let pips = played.from - played.to;
                let [a, b] = dice.values();
                // The die this step used: its distance, or for a bear-off the smallest die
                // that reaches; the other one is left over.
                let used_die = [a, b].into_iter().filter(|&d| d >= pips).min().unwrap_or(a);
                let left = if used_die == a { b } else { a };
                return IllegalPlay::DieLeftUnplayed(left);
            }
            return IllegalPlay::MustPlayLarger(dice.high());
        }
        let home = (7..=25).all(|p| board.mine(p) == 0);
        let bears_off = (1..=25).map(|p| board.mine(p) as i32).sum::<i32>()
            > (1..=25).map(|p| after.mine(p) as i32).sum::<i32>();
        if bears_off && !home {
            let outside_after = (7..=25).any(|p| after.mine(p) > 0);
            if outside_after {
                return IllegalPlay::BearOffNotHome;
            }
        }
    }
    IllegalPlay::DoesNotFit(dice)
}
