//! gnubg's review of a match ([`MatchAnalysis`], in gnubg's terms) read into the club's
//! [`Review`]: gnubg's players as sides, each player's figures (rates in mEMG, the PR, the
//! rating band) and the three worst decisions, their plays in words.

use crate::analysis::review::{
    DOUBTFUL, Decision, PlayerFigures, Review, Valued, rating_band, steps_text,
};
use engine::Side;
use gnubg::{AnalysedPlayer, MatchAnalysis};

/// gnubg's player names in its Python: "X" is player 0, the `.mat` file's left column,
/// which the engine's export gives to O.
fn side_of(gnubg_player: &str) -> Option<Side> {
    match gnubg_player {
        "X" => Some(Side::O),
        "O" => Some(Side::X),
        _ => None,
    }
}

/// Thousandths of `total / count` (0 when there is nothing to divide).
fn rate(total: f64, count: u32) -> f64 {
    if count == 0 {
        0.0
    } else {
        1000.0 * total / f64::from(count)
    }
}

fn figures(p: &AnalysedPlayer, cube_marks: [u32; 3]) -> PlayerFigures {
    let s = &p.stats;
    let decisions = s.moves.unforced + s.cube.close;
    let error = s.moves.error + s.cube.error();
    let error_rate = rate(error, decisions);
    let mark = |k: &str| s.moves.marked.get(k).copied().unwrap_or(0);
    PlayerFigures {
        name: p.name.clone(),
        error_rate,
        rating: rating_band(error_rate / 1000.0).to_string(),
        pr: error_rate / 2.0,
        chequer_rate: rate(s.moves.error, s.moves.unforced),
        cube_rate: rate(s.cube.error(), s.cube.close),
        unforced_moves: s.moves.unforced,
        close_cube: s.cube.close,
        chequer_marks: [mark("doubtful"), mark("bad"), mark("very bad")],
        cube_marks,
        missed_doubles: s.cube.missed_below + s.cube.missed_above,
        wrong_doubles: s.cube.wrong_below + s.cube.wrong_above,
        wrong_takes: s.cube.wrong_take,
        wrong_drops: s.cube.wrong_drop,
        luck_rate: rate(s.dice.luck, s.moves.total),
        luck_adjusted: s.dice.adjusted,
        actual: s.dice.actual,
    }
}

/// gnubg's thresholds for marking a decision doubtful, bad, very bad (EMG).
const MARKS: [f64; 3] = [0.04, 0.08, 0.16];

/// The review from gnubg's.
pub(crate) fn review(analysis: &MatchAnalysis, match_id: i64, player_ids: [i64; 2]) -> Review {
    let mut decisions: Vec<Decision> = Vec::new();
    let mut cube_marks = [[0u32; 3]; 2];
    for d in &analysis.decisions {
        let Some(side) = side_of(&d.player) else {
            continue;
        };
        let Some(board) = d.board.clone() else {
            continue;
        };
        let board_side = d.doubler.as_deref().and_then(side_of).unwrap_or(side);
        let steps = d.steps.clone().unwrap_or_default();
        let best_steps = d.best_move.clone().unwrap_or_default();
        let chequer = d.kind == "chequer";
        if !chequer {
            for (k, &limit) in MARKS.iter().enumerate() {
                if d.loss >= limit && MARKS.get(k + 1).is_none_or(|&next| d.loss < next) {
                    cube_marks[side.index()][k] += 1;
                }
            }
        }
        let (played, best) = if chequer {
            (steps_text(&board, &steps), steps_text(&board, &best_steps))
        } else {
            (
                d.played.clone().unwrap_or_default(),
                d.best.clone().unwrap_or_default(),
            )
        };
        // gnubg's score is [player 0 ("X"), player 1 ("O")]: by Side index, O then X...
        let mut score = [0; 2];
        score[Side::O.index()] = d.score[0];
        score[Side::X.index()] = d.score[1];
        let choices = d
            .choices
            .iter()
            .map(|c| {
                let steps = c.steps.clone().unwrap_or_default();
                Valued {
                    words: c.cube.clone().unwrap_or_else(|| steps_text(&board, &steps)),
                    steps,
                    equity: c.equity,
                }
            })
            .collect();
        decisions.push(Decision {
            side,
            kind: d.kind.clone(),
            game: d.game,
            board,
            board_side,
            dice: d.dice,
            steps,
            best_steps,
            played,
            best,
            loss: d.loss,
            cube: d.cube,
            owner: d.owner.as_deref().and_then(side_of),
            score,
            index: d.index,
            choices,
        });
    }
    let mistakes: Vec<Decision> = decisions
        .iter()
        .filter(|d| d.loss >= DOUBTFUL)
        .cloned()
        .collect();
    decisions.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    decisions.truncate(3);
    for d in &mut decisions {
        // The worst are drawn, not drilled: their choices are kept with the mistakes.
        d.choices.clear();
    }
    let player = |s: Side| {
        let p = if s == Side::O {
            &analysis.x
        } else {
            &analysis.o
        };
        figures(p, cube_marks[s.index()])
    };
    let mut players = [player(Side::X), player(Side::O)];
    // By Side index whatever order Side::X and Side::O have.
    if Side::X.index() != 0 {
        players.swap(0, 1);
    }
    Review {
        match_id,
        games: analysis.games,
        length: analysis.length,
        plies: analysis.plies,
        player_ids,
        players,
        worst: decisions,
        mistakes: Some(mistakes),
        seconds: 0.0,
    }
}
