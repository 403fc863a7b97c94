//! The board as text: a fixed-width diagram for the terminal chat, and a one-paragraph
//! description used as the PNG's alt text.

use std::fmt::Write;

use super::scene::{CubeView, Scene, Target};
use engine::welsh::has_full_spread;
use engine::{Board, Ruleset, Side};

/// The men of a side as one letter: X's men are `X` and O's `O` on every board.
fn letter(side: Side) -> char {
    match side {
        Side::X => 'X',
        Side::O => 'O',
    }
}

/// How a side's colour is named to players.
#[must_use]
pub fn colour_name(side: Side) -> &'static str {
    match side {
        Side::X => "light",
        Side::O => "dark",
    }
}

/// The cube or doubling die in words.
#[must_use]
pub fn cube_words(scene: &Scene) -> String {
    match scene.cube {
        CubeView::Centred(v) => format!("cube {v}, centred"),
        CubeView::Owned { value, owner } => format!("cube {value}, owned by {}", scene.name(owner)),
        CubeView::Offered { value, by } => format!("{} doubles to {value}", scene.name(by)),
        CubeView::Beavered { value, by } => format!("{} beavers to {value}", scene.name(by)),
        CubeView::Raccooned { value, by } => format!("{} raccoons to {value}", scene.name(by)),
        CubeView::Welsh { value, right } => match right {
            Some(s) => format!("doubling die {value}, {} may turn it", scene.name(s)),
            None => format!("doubling die {value}, either may turn it"),
        },
        // The target words say "Crawford game" already.
        CubeView::Unavailable => "no cube".to_string(),
    }
}

/// What the players play for, in words.
#[must_use]
pub fn target_words(scene: &Scene) -> String {
    let mut s = match scene.score.target {
        Target::Points(n) => format!("{n}-point match"),
        Target::Money => "money game".to_string(),
        Target::Games(n) => format!("match to {n} games"),
    };
    if scene.score.crawford {
        s.push_str(", Crawford game");
    } else if scene.score.post_crawford {
        s.push_str(", post-Crawford");
    }
    if let Some(stakes) = &scene.score.stakes {
        let _ = write!(s, ", {stakes}");
    }
    if let Some(w) = &scene.welsh {
        if w.washes > 0 {
            let _ = write!(
                s,
                ", {} wash{}",
                w.washes,
                if w.washes == 1 { "" } else { "es" }
            );
        }
    }
    s
}

/// A chouette's team cubes in words: `cubes: Ben 1 centred, Cat 2 his, Dan out -1`.
#[must_use]
pub fn team_cube_words(scene: &Scene) -> Option<String> {
    if scene.team_cubes.is_empty() {
        return None;
    }
    let list: Vec<String> = scene
        .team_cubes
        .iter()
        .map(|c| format!("{} {} {}", c.name, c.value, c.state))
        .collect();
    Some(format!("cubes: {}", list.join(", ")))
}

/// The dice in words: `6-5`, `4` for one die, with `(nominated)`.
#[must_use]
pub fn dice_words(scene: &Scene) -> Option<String> {
    scene.dice.map(|d| {
        let mut s = if d.values[1] == 0 {
            d.values[0].to_string()
        } else {
            format!("{}-{}", d.values[0], d.values[1])
        };
        if d.nominated {
            s.push_str(" (nominated)");
        }
        s
    })
}

/// The player's status line: name, colour, score, pips, men off, nominate card, and what he
/// must do now.
fn player_line(scene: &Scene, side: Side) -> String {
    let p = &scene.position;
    let standing = scene.chouette_role(side).map_or_else(
        || format!("score {}", scene.score.score[side.index()]),
        str::to_string,
    );
    let mut s = format!(
        "{} ({}, {})  {standing}  pips {}  off {}",
        scene.name(side),
        letter(side),
        colour_name(side),
        p.pips(side),
        p.off(side)
    );
    if let Some(w) = &scene.welsh {
        if w.nominates_left[side.index()] {
            s.push_str("  [nominate card]");
        }
    }
    if scene.to_act == Some(side) {
        let _ = write!(s, "  <- {}", prompt_words(scene, side));
    }
    s
}

/// What `side`, the player to act, must do: the scene's prompt, or else "take or drop?",
/// "to play 6-5" or "to roll". The one wording for the text board and the PNG.
#[must_use]
pub fn prompt_words(scene: &Scene, side: Side) -> String {
    if let Some(p) = &scene.prompt {
        return p.clone();
    }
    match (&scene.dice, scene.cube) {
        (
            _,
            CubeView::Offered { by, .. }
            | CubeView::Beavered { by, .. }
            | CubeView::Raccooned { by, .. },
        ) if by != side => "take or drop?".to_string(),
        (Some(d), _) if d.side == side => {
            format!("to play {}", dice_words(scene).unwrap_or_default())
        }
        _ => "to roll".to_string(),
    }
}

/// A fixed-width diagram of the board from the viewer's side, with both players' lines,
/// the cube and the last play.
#[must_use]
pub fn render_text(scene: &Scene) -> String {
    let board = scene.board();
    let b = board.points();
    let me = scene.viewer;
    let them = me.opponent();
    let welsh = scene.ruleset == Ruleset::Welsh;
    let mut out = String::new();
    let _ = writeln!(out, " {}", player_line(scene, them));
    out.push_str(" +13-14-15-16-17-18------19-20-21-22-23-24-+\n");
    // A cell: the letter of the men on point p at stack height `row` (0 = the edge), or
    // their count on the fifth row when more than five stand there.
    let cell = |p: usize, row: usize| -> String {
        let n = usize::from(b[p].unsigned_abs());
        let who = if b[p] > 0 { letter(me) } else { letter(them) };
        if n > 5 && row == 4 {
            format!("{n:>2} ")
        } else if n > row {
            format!(" {who} ")
        } else {
            "   ".to_string()
        }
    };
    let bar_cell = |count: u8, side: Side, row: usize| -> String {
        let n = usize::from(count);
        if n > 5 && row == 4 {
            format!("{n:>2} ")
        } else if n > row {
            format!(" {} ", letter(side))
        } else {
            "   ".to_string()
        }
    };
    // Top half: points 13..18 | bar | 19..24, stacks hanging from the top edge.
    for row in 0..5 {
        out.push_str(" |");
        for p in 13..=18 {
            out.push_str(&cell(p, row));
        }
        out.push('|');
        out.push_str(&bar_cell(board.theirs(0), them, row));
        out.push('|');
        for p in 19..=24 {
            out.push_str(&cell(p, row));
        }
        out.push_str("|\n");
    }
    let middle = if welsh {
        " |~~~~~~stream~~~~~~|   |                  |"
    } else {
        " |                  |BAR|                  |"
    };
    out.push_str(middle);
    out.push('\n');
    for row in (0..5).rev() {
        out.push_str(" |");
        for p in (7..=12).rev() {
            out.push_str(&cell(p, row));
        }
        out.push('|');
        out.push_str(&bar_cell(board.mine(25), me, row));
        out.push('|');
        for p in (1..=6).rev() {
            out.push_str(&cell(p, row));
        }
        out.push_str("|\n");
    }
    out.push_str(" +12-11-10--9--8--7-------6--5--4--3--2--1-+\n");
    let _ = writeln!(out, " {}", player_line(scene, me));
    let chouette = match &scene.standings {
        Some(s) => Some(format!("standings: {s}")),
        None => team_cube_words(scene),
    };
    match chouette {
        Some(cubes) => {
            let _ = write!(out, " {}; {cubes}", target_words(scene));
        }
        None => {
            let _ = write!(out, " {}; {}", target_words(scene), cube_words(scene));
        }
    }
    if let Some(extra) = welsh_notes(scene, &board) {
        let _ = write!(out, "; {extra}");
    }
    out.push('\n');
    if let Some(last) = &scene.last_play {
        let _ = writeln!(out, " Last play: {} {}", scene.name(last.side), last.text);
    }
    if let Some(result) = &scene.result {
        let _ = writeln!(out, " {result}");
    }
    if let Some(r) = &scene.reference {
        let _ = writeln!(out, " Board {r}");
    }
    out
}

/// Full spreads and a triangle standing, in words.
fn welsh_notes(scene: &Scene, board: &Board) -> Option<String> {
    let w = scene.welsh.as_ref()?;
    let mut notes = Vec::new();
    for (side, b) in [
        (scene.viewer, *board),
        (scene.viewer.opponent(), board.swapped()),
    ] {
        if has_full_spread(&b) {
            notes.push(format!("{} has a full spread", scene.name(side)));
        }
    }
    if let Some(t) = w.triangle {
        notes.push(format!("{} holds a triangle", scene.name(t)));
    }
    (!notes.is_empty()).then(|| notes.join(", "))
}

/// Where one side's men stand, in that side's own numbering: `2 on 24, 5 on 13, 1 on the
/// bar, 3 off`.
fn men_words(scene: &Scene, side: Side) -> String {
    let b = scene.position.view(side);
    let mut parts = Vec::new();
    if b.mine(25) > 0 {
        let bar = if scene.ruleset == Ruleset::Welsh {
            "roof"
        } else {
            "bar"
        };
        parts.push(format!("{} on the {bar}", b.mine(25)));
    }
    for p in (1..=24).rev() {
        if b.mine(p) > 0 {
            parts.push(format!("{} on {p}", b.mine(p)));
        }
    }
    if b.mine_off() > 0 {
        parts.push(format!("{} off", b.mine_off()));
    }
    parts.join(", ")
}

/// A description of the board for screen readers and as the PNG's alt text.
#[must_use]
pub fn alt_text(scene: &Scene) -> String {
    let me = scene.viewer;
    let them = me.opponent();
    let game = match scene.ruleset {
        Ruleset::Standard => "Backgammon",
        Ruleset::Welsh => "Welsh backgammon",
    };
    let mut s = format!(
        "{game} board from {}'s side, {}. ",
        scene.name(me),
        target_words(scene)
    );
    for side in [me, them] {
        let _ = write!(
            s,
            "{} ({}): {}, pips {}; {}. ",
            scene.name(side),
            colour_name(side),
            scene.chouette_role(side).map_or_else(
                || format!("score {}", scene.score.score[side.index()]),
                |role| format!("the {role}"),
            ),
            scene.position.pips(side),
            men_words(scene, side)
        );
    }
    let _ = write!(s, "{}.", capitalise(&cube_words(scene)));
    if let Some(d) = dice_words(scene) {
        let who = scene.dice.map_or(me, |d| d.side);
        let _ = write!(s, " {} threw {d}.", scene.name(who));
    }
    if let Some(last) = &scene.last_play {
        let _ = write!(s, " Last play: {} {}.", scene.name(last.side), last.text);
    }
    if let Some(notes) = welsh_notes(scene, &scene.board()) {
        let _ = write!(s, " {}.", capitalise(&notes));
    }
    if let Some(t) = scene.to_act {
        let _ = write!(s, " {} to act.", scene.name(t));
    }
    if let Some(result) = &scene.result {
        let _ = write!(s, " {result}.");
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
