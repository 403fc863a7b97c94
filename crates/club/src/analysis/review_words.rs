//! A review for people: the lines `/analyse` and `/stats` say, and the boards of the
//! worst decisions drawn with the better play.

use crate::analysis::review::{Decision, Review};
use engine::{Position, Ruleset, Step, apply_steps, board_from_position_id};
use render::{BlunderBoard, CubeView, DiceView, LastPlay, Scene, ScoreView, Target};

/// The review in words: one block per player, then the worst decisions.
#[must_use]
pub fn review_lines(r: &Review) -> Vec<String> {
    let what = if r.length == 0 {
        format!(
            "money session #{} ({} game{})",
            r.match_id,
            r.games,
            if r.games == 1 { "" } else { "s" }
        )
    } else {
        format!("match #{} ({}-point match)", r.match_id, r.length)
    };
    let mut lines = vec![format!(
        "Analysis of {what} by GNU Backgammon at {} pl{}:",
        r.plies,
        if r.plies == 1 { "y" } else { "ies" }
    )];
    for p in &r.players {
        lines.push(format!(
            "{}: error rate {:.1} mEMG ({}), PR {:.1}; chequer {:.1}, cube {:.1} mEMG",
            p.name, p.error_rate, p.rating, p.pr, p.chequer_rate, p.cube_rate
        ));
        lines.push(format!(
            "  chequer errors {} doubtful, {} bad, {} very bad; cube errors {} doubtful, {} bad, \
             {} very bad",
            p.chequer_marks[0],
            p.chequer_marks[1],
            p.chequer_marks[2],
            p.cube_marks[0],
            p.cube_marks[1],
            p.cube_marks[2]
        ));
        lines.push(format!(
            "  missed doubles {}, wrong doubles {}, wrong takes {}, wrong drops {}",
            p.missed_doubles, p.wrong_doubles, p.wrong_takes, p.wrong_drops
        ));
        let adjusted = if r.length == 0 {
            format!("{:+.3} points (actual {:+.3})", p.luck_adjusted, p.actual)
        } else {
            format!(
                "{:+.2}% (actual {:+.2}%)",
                100.0 * p.luck_adjusted,
                100.0 * p.actual
            )
        };
        lines.push(format!(
            "  luck {:+.1} mEMG a move; luck-adjusted result {adjusted}",
            p.luck_rate
        ));
    }
    if r.worst.is_empty() {
        lines.push("No decision lost equity.".into());
    } else {
        lines.push(format!(
            "The {} worst decision{}:",
            r.worst.len(),
            if r.worst.len() == 1 { "" } else { "s" }
        ));
        for (i, d) in r.worst.iter().enumerate() {
            lines.push(format!(
                "{}. {}: played {}, best {}, lost {:.3}",
                i + 1,
                decision_title(r, d),
                d.played,
                d.best,
                d.loss
            ));
        }
    }
    lines
}

fn decision_title(r: &Review, d: &Decision) -> String {
    let name = &r.players[d.side.index()].name;
    match d.dice {
        Some([a, b]) if d.kind == "chequer" => {
            format!("Game {}, {name} to play {}-{}", d.game, a.max(b), a.min(b))
        }
        _ => format!("Game {}, {name}: {}", d.game, d.kind),
    }
}

/// The pictures of the worst decisions.
#[must_use]
pub fn blunder_boards(r: &Review) -> Vec<BlunderBoard> {
    let names = [r.players[0].name.clone(), r.players[1].name.clone()];
    r.worst
        .iter()
        .filter_map(|d| {
            let mut scene = decision_scene(r.match_id, r.length, &names, d, true)?;
            scene.prompt = Some(format!("{}, lost {:.3}", d.kind, d.loss));
            Some(BlunderBoard {
                scene,
                title: decision_title(r, d),
                played: d.played.clone(),
                best: d.best.clone(),
                loss: d.loss,
            })
        })
        .collect()
}

/// The board of decision `d` of match `match_id` (`length` points, 0: money; `names` by
/// [`engine::Side::index`]) from the side of the player who made it, with his dice, the
/// cube and the score: `made`, a chequer play drawn made (its origins and landings
/// marked, as a last play); otherwise the board before it, as he saw it then (a drill's
/// question). A cube decision shows the board it was taken on. `None`: a board that
/// cannot be read.
#[must_use]
pub(crate) fn decision_scene(
    match_id: i64,
    length: u32,
    names: &[String; 2],
    d: &Decision,
    made: bool,
) -> Option<Scene> {
    let board = board_from_position_id(&d.board).ok()?;
    let steps: Vec<Step> = d
        .steps
        .iter()
        .map(|&[from, to]| Step { from, to })
        .collect();
    let chequer = d.kind == "chequer";
    let after = if chequer && made {
        apply_steps(&board, &steps).unwrap_or(board)
    } else {
        board
    };
    let position = Position::from_view(d.board_side, &after);
    let dice = d.dice.map(|[a, b]| DiceView {
        side: d.side,
        values: [a.max(b), a.min(b)],
        nominated: false,
    });
    let last_play =
        (chequer && made).then(|| LastPlay::new(d.side, &board, &steps, d.played.clone()));
    let cube = match d.owner {
        _ if !chequer && d.kind != "missed double" && (made || d.kind != "wrong double") => {
            CubeView::Offered {
                value: d.cube * 2,
                by: d.board_side,
            }
        }
        None => CubeView::Centred(d.cube),
        Some(owner) => CubeView::Owned {
            value: d.cube,
            owner,
        },
    };
    Some(Scene {
        ruleset: Ruleset::Standard,
        position,
        viewer: d.side,
        names: names.clone(),
        to_act: Some(d.side),
        dice,
        cube,
        score: ScoreView {
            score: d.score,
            target: if length == 0 {
                Target::Money
            } else {
                Target::Points(length)
            },
            crawford: false,
            post_crawford: false,
            stakes: None,
        },
        last_play,
        welsh: None,
        prompt: None,
        team_cubes: Vec::new(),
        standings: None,
        reference: Some(format!("#{match_id} game {}", d.game)),
        result: None,
    })
}
