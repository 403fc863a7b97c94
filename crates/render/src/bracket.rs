//! A knockout bracket: a PNG with one column per round and lines joining each match to
//! the one its winner goes on to, the same as text for the terminal chat, and in words for
//! screen readers. Drawn from plain data (the league code fills [`Bracket`]), in the
//! board's colours and font.
//!
//! The shape expected is the usual one: each round has half the matches of the round
//! before (rounded up), and match `j` of a round takes the winners of matches `2j` (top)
//! and `2j + 1` (bottom) of the round before. Byes are matches of the first round with a
//! [`BracketSlot::Bye`]. A round with as many matches as the one before is read as fed one to
//! one (match `j` from match `j`), for leagues that seed players straight into round 2
//! and for a double elimination's grand final (and reset): the line goes to the slot
//! holding the winner, else to the pending one when the other is known, else to the upper.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use image::{Rgb, RgbImage};

use super::rating::plural;
use crate::kit::{
    BACKGROUND, HIGHLIGHT, MUTED, RenderError, TEXT, encode, fill, fit, text, text_right,
    text_width,
};

const MARGIN: i32 = 20;
/// Top of the first match box.
const TOP: i32 = 128;
const BOX_W: i32 = 200;
const SLOT_H: i32 = 30;
const BOX_H: i32 = 2 * SLOT_H + 1;
const V_GAP: i32 = 14;
const PITCH: i32 = BOX_H + V_GAP;
const COL_GAP: i32 = 32;
const COL: i32 = BOX_W + COL_GAP;
const SEED_W: i32 = 36;
/// From the final's box down to the champion's box (the label "Champion" between).
const CHAMPION_GAP: i32 = 34;
const NAME_TEXT: f32 = 19.0;
const SMALL_TEXT: f32 = 15.0;
/// The narrowest bracket picture (a two-player bracket is this wide).
pub const BRACKET_MIN_WIDTH: u32 = 600;

/// A match box.
const BOX: Rgb<u8> = Rgb([55, 71, 79]);
/// Lines from matches still to be decided.
const LINE: Rgb<u8> = Rgb([96, 125, 139]);

/// A player in a bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// Display name; cut with an ellipsis where it does not fit.
    pub name: String,
    /// Seed (1 for the top seed), shown before the name; `None` for an unseeded player.
    pub seed: Option<u32>,
}

/// One side of a bracket match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum BracketSlot {
    /// A known player.
    Player(Entrant),
    /// No opponent: the other side goes through without playing.
    Bye,
    /// Not known yet (the winner of a match still to be played).
    #[default]
    Pending,
}

/// The top or the bottom slot of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// [`BracketMatch::top`].
    Top,
    /// [`BracketMatch::bottom`].
    Bottom,
}

/// How a decided match was decided, when not by playing it out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Decision {
    /// Played to its end (or a bye: no mark either way).
    #[default]
    Played,
    /// The loser forfeited (the clock, or withdrawal).
    Forfeit,
    /// Decided by the organiser.
    Adjudicated,
}

/// One match of a bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BracketMatch {
    /// The upper slot.
    pub top: BracketSlot,
    /// The lower slot.
    pub bottom: BracketSlot,
    /// Who went through; `None` while undecided. For a bye, the player's seat (the
    /// renderer does not infer it).
    pub winner: Option<Seat>,
    /// The score as shown, winner's first, e.g. "7–3"; `None` for none.
    pub score: Option<String>,
    /// Forfeit or adjudication marks.
    pub decision: Decision,
}

/// A round of a bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BracketRound {
    /// Shown over the column: "BracketRound 1", "Quarter-final", "Semi-final", "Final", or the
    /// Welsh "Grand final".
    pub name: String,
    /// Top to bottom.
    pub matches: Vec<BracketMatch>,
}

/// A knockout bracket, first round first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bracket {
    /// The league's or tournament's name, shown as the title.
    pub title: String,
    /// A second line, e.g. "Season 1 · knockout, best of 7"; may be empty.
    pub subtitle: String,
    /// The rounds, first to last (the final). In a double elimination: the winners'
    /// bracket, then the grand final (and its reset), each fed by the one before.
    pub rounds: Vec<BracketRound>,
    /// A double elimination's losers' bracket, first round first (drawn under the
    /// winners'); empty for a single elimination.
    pub losers: Vec<BracketRound>,
}

impl BracketMatch {
    fn slot(&self, seat: Seat) -> &BracketSlot {
        match seat {
            Seat::Top => &self.top,
            Seat::Bottom => &self.bottom,
        }
    }

    fn winner_name(&self) -> Option<&str> {
        match self.slot(self.winner?) {
            BracketSlot::Player(e) => Some(&e.name),
            _ => None,
        }
    }
}

impl Bracket {
    /// The winner of the final, once decided.
    fn champion(&self) -> Option<&Entrant> {
        let last = self.rounds.last()?;
        if last.matches.len() != 1 {
            return None;
        }
        let m = &last.matches[0];
        match m.slot(m.winner?) {
            BracketSlot::Player(e) => Some(e),
            _ => None,
        }
    }

    /// Distinct names in the bracket.
    fn entrants(&self) -> usize {
        let mut names = BTreeSet::new();
        for r in &self.rounds {
            for m in &r.matches {
                for s in [&m.top, &m.bottom] {
                    if let BracketSlot::Player(e) = s {
                        names.insert(e.name.as_str());
                    }
                }
            }
        }
        names.len()
    }
}

/// For each round after the first, for each of its matches, the matches of the round
/// before that feed it.
fn feeders(bracket: &Bracket, r: usize) -> Vec<Vec<usize>> {
    let here = bracket.rounds[r].matches.len();
    let before = bracket.rounds[r - 1].matches.len();
    let mut f = vec![Vec::new(); here];
    if here == 0 || before < here {
        return f;
    }
    for i in 0..before {
        f[i * here / before].push(i);
    }
    f
}

/// The top edge of every match box, round by round.
fn layout(bracket: &Bracket) -> Vec<Vec<i32>> {
    let mut tops: Vec<Vec<i32>> = Vec::new();
    let first = bracket.rounds.first().map_or(0, |r| r.matches.len()).max(1);
    for (r, round) in bracket.rounds.iter().enumerate() {
        let n = round.matches.len();
        let even = |j: usize| {
            let span = PITCH * first as i32;
            TOP + span * (2 * j as i32 + 1) / (2 * n.max(1) as i32) - BOX_H / 2
        };
        let col = if r == 0 {
            (0..n).map(|j| TOP + PITCH * j as i32).collect()
        } else {
            let f = feeders(bracket, r);
            (0..n)
                .map(|j| {
                    if f[j].is_empty() {
                        even(j)
                    } else {
                        let sum: i32 = f[j].iter().map(|&i| tops[r - 1][i]).sum();
                        sum / f[j].len() as i32
                    }
                })
                .collect()
        };
        tops.push(col);
    }
    tops
}

/// Width of the bracket picture: 200 px per round with 32 between, 20 each side, at least
/// [`BRACKET_MIN_WIDTH`] (the wider of the two brackets of a double elimination).
#[must_use]
pub fn bracket_width(bracket: &Bracket) -> u32 {
    let columns = bracket.rounds.len().max(bracket.losers.len());
    let w = 2 * MARGIN + COL * columns as i32 - COL_GAP;
    (w as u32).max(BRACKET_MIN_WIDTH)
}

/// From the top of the losers' bracket's part to its first boxes (its heading and its
/// round names).
const LOSERS_HEAD: i32 = 76;

/// The losers' bracket as a bracket of its own (no title, no champion).
fn losers_part(bracket: &Bracket) -> Bracket {
    Bracket {
        rounds: bracket.losers.clone(),
        ..Bracket::default()
    }
}

/// How far down the losers' bracket's boxes are moved from where a bracket's first boxes
/// are ([`TOP`]): under the winners' part and the losers' heading.
fn losers_shift(bracket: &Bracket) -> i32 {
    part_height(bracket, true) as i32 + LOSERS_HEAD - TOP
}

/// Where the champion's box goes, under the final: its top edge, if the last round has one
/// match.
fn champion_top(tops: &[Vec<i32>]) -> Option<i32> {
    let last = tops.last()?;
    (last.len() == 1).then(|| last[0] + BOX_H + CHAMPION_GAP)
}

/// Height of the bracket picture: 134 + 75 per match of the first round (at least one):
/// the title and round names, the match boxes (61 px, 14 apart) and a margin; more when
/// the champion's box under the final needs it (a bracket of two or four players).
/// A double elimination adds its losers' bracket under the winners': a heading and its
/// own columns.
#[must_use]
pub fn bracket_height(bracket: &Bracket) -> u32 {
    if bracket.losers.is_empty() {
        return part_height(bracket, true);
    }
    (losers_shift(bracket) + part_height(&losers_part(bracket), false) as i32) as u32
}

/// The height of one bracket's part, with the champion's box or without.
fn part_height(bracket: &Bracket, with_champion: bool) -> u32 {
    let tops = layout(bracket);
    let boxes = tops.iter().flatten().map(|&t| t + BOX_H);
    let champion = champion_top(&tops)
        .filter(|_| with_champion)
        .map(|t| t + SLOT_H);
    let bottom = boxes.chain(champion).max().unwrap_or(0).max(TOP + BOX_H);
    (bottom + 20) as u32
}

fn seat_y(top: i32, seat: Seat) -> i32 {
    match seat {
        Seat::Top => top + SLOT_H / 2,
        Seat::Bottom => top + SLOT_H + 1 + SLOT_H / 2,
    }
}

/// A line two pixels wide from (x0, y0) right to the middle of the gap, along to y1 and
/// on to x1.
fn elbow(img: &mut RgbImage, (x0, y0): (i32, i32), (x1, y1): (i32, i32), c: Rgb<u8>) {
    let mid = (x0 + x1) / 2;
    fill(img, x0, y0 - 1, (mid - x0 + 1) as u32, 2, c);
    let (a, b) = (y0.min(y1), y0.max(y1));
    fill(img, mid - 1, a - 1, 2, (b - a + 2) as u32, c);
    fill(img, mid, y1 - 1, (x1 - mid) as u32, 2, c);
}

/// A rectangle's one-pixel outline.
fn outline(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, c: Rgb<u8>) {
    fill(img, x, y, w as u32, 1, c);
    fill(img, x, y + h - 1, w as u32, 1, c);
    fill(img, x, y, 1, h as u32, c);
    fill(img, x + w - 1, y, 1, h as u32, c);
}

/// The right-hand words on the winner's line: score and mark.
fn result_words(m: &BracketMatch) -> String {
    let mut s = m.score.clone().unwrap_or_default();
    let mark = match m.decision {
        Decision::Played => "",
        Decision::Forfeit => "forfeit",
        Decision::Adjudicated => "adj.",
    };
    if !mark.is_empty() {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(mark);
    }
    s
}

fn draw_slot(img: &mut RgbImage, x: i32, y: i32, m: &BracketMatch, seat: Seat) {
    let slot = m.slot(seat);
    let won = m.winner == Some(seat);
    let lost = m.winner.is_some() && !won;
    let ty = y + (SLOT_H - 22) / 2;
    match slot {
        BracketSlot::Bye => {
            // An open slot: outlined, not filled.
            outline(img, x, y, BOX_W, SLOT_H, LINE);
            text(
                img,
                x + SEED_W,
                ty + 2,
                SMALL_TEXT + 1.0,
                false,
                MUTED,
                "bye",
            );
        }
        BracketSlot::Pending => {
            fill(img, x, y, BOX_W as u32, SLOT_H as u32, BOX);
            text(img, x + SEED_W, ty, NAME_TEXT, false, LINE, "\u{2014}");
        }
        BracketSlot::Player(e) => {
            fill(img, x, y, BOX_W as u32, SLOT_H as u32, BOX);
            if won {
                fill(img, x, y, 5, SLOT_H as u32, HIGHLIGHT);
            }
            if let Some(seed) = e.seed {
                text_right(
                    img,
                    x + SEED_W - 7,
                    ty + 3,
                    SMALL_TEXT,
                    false,
                    MUTED,
                    &seed.to_string(),
                );
            }
            let result = if won { result_words(m) } else { String::new() };
            let result_w = if result.is_empty() {
                0
            } else {
                text_width(SMALL_TEXT, false, &result) + 10
            };
            let ink = if lost { MUTED } else { TEXT };
            let name = fit(&e.name, NAME_TEXT, won, BOX_W - SEED_W - 8 - result_w);
            text(img, x + SEED_W, ty, NAME_TEXT, won, ink, &name);
            if !result.is_empty() {
                text_right(
                    img,
                    x + BOX_W - 8,
                    ty + 3,
                    SMALL_TEXT,
                    false,
                    MUTED,
                    &result,
                );
            }
        }
    }
}

/// The bracket as a picture: the title, a column per round (its name on top, its matches
/// as boxes of two slots: seed, name, and on the winner's slot an amber bar, the score and
/// any forfeit or adjudication mark), lines joining each match to the next round (lighter
/// once decided), and the champion on the right.
#[must_use]
pub fn bracket_image(bracket: &Bracket) -> RgbImage {
    let (w, h) = (bracket_width(bracket), bracket_height(bracket));
    let mut img = RgbImage::from_pixel(w, h, BACKGROUND);
    let inner = w as i32 - 2 * MARGIN;
    text(
        &mut img,
        MARGIN,
        16,
        26.0,
        true,
        TEXT,
        &fit(&bracket.title, 26.0, true, inner),
    );
    let sub = fit(&bracket.subtitle, 18.0, false, inner);
    text(&mut img, MARGIN, 52, 18.0, false, MUTED, &sub);
    draw_part(&mut img, bracket, 0, true);
    if !bracket.losers.is_empty() {
        let dy = losers_shift(bracket);
        text(
            &mut img,
            MARGIN,
            TOP + dy - LOSERS_HEAD + 4,
            22.0,
            true,
            TEXT,
            "Losers' bracket",
        );
        draw_part(&mut img, &losers_part(bracket), dy, false);
    }
    img
}

/// One bracket's columns moved `dy` down, with the champion's box or without.
fn draw_part(img: &mut RgbImage, bracket: &Bracket, dy: i32, with_champion: bool) {
    let tops: Vec<Vec<i32>> = layout(bracket)
        .into_iter()
        .map(|c| c.into_iter().map(|t| t + dy).collect())
        .collect();
    let col_x = |r: usize| MARGIN + COL * r as i32;
    let head_y = 92 + dy;
    if bracket.rounds.is_empty() {
        text(
            img,
            MARGIN,
            TOP + 6,
            NAME_TEXT,
            false,
            MUTED,
            "No matches yet",
        );
    }
    for (r, round) in bracket.rounds.iter().enumerate() {
        let x = col_x(r);
        let name = fit(&round.name, 17.0, true, BOX_W);
        text(img, x, head_y, 17.0, true, MUTED, &name);
        // Lines in from the round before.
        if r > 0 {
            for (j, f) in feeders(bracket, r).iter().enumerate() {
                let target = &round.matches[j];
                for (k, &i) in f.iter().enumerate() {
                    let from = &bracket.rounds[r - 1].matches[i];
                    let seat = if f.len() == 2 {
                        if k == 0 { Seat::Top } else { Seat::Bottom }
                    } else {
                        one_to_one_seat(from, target)
                    };
                    let colour = if from.winner.is_some() { MUTED } else { LINE };
                    let y0 = tops[r - 1][i] + BOX_H / 2;
                    let y1 = seat_y(tops[r][j], seat);
                    elbow(img, (col_x(r - 1) + BOX_W, y0), (x, y1), colour);
                }
            }
        }
        for (j, m) in round.matches.iter().enumerate() {
            let y = tops[r][j];
            draw_slot(img, x, y, m, Seat::Top);
            draw_slot(img, x, y + SLOT_H + 1, m, Seat::Bottom);
        }
    }
    // The champion, under the final.
    if let Some(y) = champion_top(&tops).filter(|_| with_champion) {
        let x = col_x(bracket.rounds.len() - 1);
        text(img, x, y - 24, SMALL_TEXT, true, MUTED, "Champion");
        match bracket.champion() {
            Some(e) => {
                fill(img, x, y, BOX_W as u32, SLOT_H as u32, HIGHLIGHT);
                let name = fit(&e.name, NAME_TEXT, true, BOX_W - 16);
                text(
                    img,
                    x + 8,
                    y + (SLOT_H - 22) / 2,
                    NAME_TEXT,
                    true,
                    BACKGROUND,
                    &name,
                );
            }
            None => outline(img, x, y, BOX_W, SLOT_H, LINE),
        }
    }
}

/// Which slot of `target` the single match `from` feeds: the one holding its winner, else
/// the one still pending when the other is known, else the upper one (a double
/// elimination's winners' champion takes the grand final's upper slot, X).
fn one_to_one_seat(from: &BracketMatch, target: &BracketMatch) -> Seat {
    let holds = |s: &BracketSlot, name: Option<&str>| matches!((s, name), (BracketSlot::Player(e), Some(n)) if e.name == n);
    let w = from.winner_name();
    let bottom_open = target.bottom == BracketSlot::Pending && target.top != BracketSlot::Pending;
    if holds(&target.top, w) {
        Seat::Top
    } else if holds(&target.bottom, w) || bottom_open {
        Seat::Bottom
    } else {
        Seat::Top
    }
}

/// The bracket as PNG bytes.
///
/// # Errors
/// Only if the encoder fails.
pub fn bracket_png(bracket: &Bracket) -> Result<Vec<u8>, RenderError> {
    encode(&bracket_image(bracket))
}

fn entrant_text(e: &Entrant) -> String {
    match e.seed {
        Some(s) => format!("({s}) {}", e.name),
        None => e.name.clone(),
    }
}

fn slot_text(s: &BracketSlot) -> String {
    match s {
        BracketSlot::Player(e) => entrant_text(e),
        BracketSlot::Bye => "bye".to_owned(),
        BracketSlot::Pending => "?".to_owned(),
    }
}

/// How a decided match ended, after the winner's name: " won 7-3", " won by forfeit",
/// " won 5-3, adjudicated".
fn outcome(m: &BracketMatch) -> String {
    let mut s = String::from("won");
    match (&m.score, m.decision) {
        (Some(sc), Decision::Played) => {
            let _ = write!(s, " {sc}");
        }
        (None, Decision::Played) => {}
        (sc, Decision::Forfeit) => {
            if let Some(sc) = sc {
                let _ = write!(s, " {sc},");
            }
            s.push_str(" by forfeit");
        }
        (sc, Decision::Adjudicated) => {
            if let Some(sc) = sc {
                let _ = write!(s, " {sc},");
            }
            s.push_str(" by adjudication");
        }
    }
    s
}

/// The one player of a bye match.
fn bye_player(m: &BracketMatch) -> Option<&Entrant> {
    match (&m.top, &m.bottom) {
        (BracketSlot::Player(e), BracketSlot::Bye) | (BracketSlot::Bye, BracketSlot::Player(e)) => {
            Some(e)
        }
        _ => None,
    }
}

/// The bracket for the terminal chat: the title, then each round's name and its matches
/// one to a line ("(1) alice v (4) dave: alice won 7-3"; "?" for a player not yet known),
/// then the champion once there is one.
#[must_use]
pub fn bracket_text(bracket: &Bracket) -> String {
    let mut s = bracket.title.clone();
    if !bracket.subtitle.is_empty() {
        let _ = write!(s, ": {}", bracket.subtitle);
    }
    s.push('\n');
    if bracket.rounds.is_empty() {
        s.push_str("No matches yet.\n");
    }
    s.push_str(&rounds_text(&bracket.rounds));
    if !bracket.losers.is_empty() {
        s.push_str("Losers' bracket\n");
        s.push_str(&rounds_text(&bracket.losers));
    }
    if let Some(c) = bracket.champion() {
        let _ = writeln!(s, "Champion: {}", c.name);
    }
    s
}

/// Rounds one to a line each match, under each round's name.
fn rounds_text(rounds: &[BracketRound]) -> String {
    let mut s = String::new();
    for round in rounds {
        let _ = writeln!(s, "{}", round.name);
        for m in &round.matches {
            if let Some(e) = bye_player(m) {
                let _ = writeln!(s, "  {}: bye", entrant_text(e));
                continue;
            }
            let _ = write!(s, "  {} v {}", slot_text(&m.top), slot_text(&m.bottom));
            match m.winner_name() {
                Some(w) => {
                    let _ = writeln!(s, ": {w} {}", outcome(m));
                }
                None if matches!(
                    (&m.top, &m.bottom),
                    (BracketSlot::Player(_), BracketSlot::Player(_))
                ) =>
                {
                    s.push_str(": to play\n");
                }
                None => s.push('\n'),
            }
        }
    }
    s
}

fn entrant_words(e: &Entrant) -> String {
    match e.seed {
        Some(s) => format!("{} (seed {s})", e.name),
        None => e.name.clone(),
    }
}

fn slot_words(s: &BracketSlot) -> String {
    match s {
        BracketSlot::Player(e) => entrant_words(e),
        BracketSlot::Bye => "a bye".to_owned(),
        BracketSlot::Pending => "a player to be decided".to_owned(),
    }
}

/// The bracket in words, for screen readers: how many entrants and rounds, each round's
/// matches and results, and the champion.
#[must_use]
pub fn bracket_alt_text(bracket: &Bracket) -> String {
    let n = bracket.entrants();
    let r = bracket.rounds.len() + bracket.losers.len();
    let kind = if bracket.losers.is_empty() {
        "Knockout bracket"
    } else {
        "Double elimination"
    };
    let mut s = format!(
        "{kind} of {}, {n} entrant{}, {r} round{}",
        bracket.title,
        plural(n),
        plural(r)
    );
    if !bracket.subtitle.is_empty() {
        let _ = write!(s, " ({})", bracket.subtitle);
    }
    s.push('.');
    for round in bracket.rounds.iter().chain(&bracket.losers) {
        let _ = write!(s, " {}: ", round.name);
        let parts: Vec<String> = round
            .matches
            .iter()
            .map(|m| {
                if let Some(e) = bye_player(m) {
                    return format!("{} has a bye", entrant_words(e));
                }
                let loser = m.winner.map(|w| match w {
                    Seat::Top => Seat::Bottom,
                    Seat::Bottom => Seat::Top,
                });
                match (m.winner_name(), loser) {
                    (Some(_), Some(l)) => {
                        let w = slot_words(m.slot(m.winner.unwrap_or(Seat::Top)));
                        let how = outcome(m).replacen("won", "", 1);
                        format!("{w} beat {}{how}", slot_words(m.slot(l)))
                    }
                    _ => format!(
                        "{} against {}, not yet decided",
                        slot_words(&m.top),
                        slot_words(&m.bottom)
                    ),
                }
            })
            .collect();
        s.push_str(&parts.join("; "));
        s.push('.');
    }
    if let Some(c) = bracket.champion() {
        let _ = write!(s, " Champion: {}.", c.name);
    }
    s
}
