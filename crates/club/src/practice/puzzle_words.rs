//! The position of the day's words, as plain computation: the names shown (a player's
//! own only when he allowed it, else his colour), how clear the best answer is, the
//! question, yesterday's solution with the share who solved it, and the solvers' table.
//! No I/O; `puzzle` reads and writes the rows.

use crate::analysis::review::Decision;
use crate::practice::drill_card::{Offered, Question, is_cube, loss_of};
use engine::Side;

/// A choice within this of the best (EMG) is as good as the best.
const SAME: f64 = 1e-6;

/// A side's colour on the board: the light chequers White, the dark Black.
pub(crate) fn colour(side: Side) -> &'static str {
    match side {
        Side::X => "White",
        Side::O => "Black",
    }
}

/// The names a post shows, by [`Side::index`]: a player's own when he allowed it
/// (`allowed`), else his colour.
pub(crate) fn shown_names(q: &Question, allowed: [bool; 2]) -> [String; 2] {
    let name = |side: Side| {
        if allowed[side.index()] {
            q.names[side.index()].clone()
        } else {
            colour(side).to_string()
        }
    };
    [name(Side::X), name(Side::O)]
}

/// How clear the best answer is: the equity between the best choice and the next (0
/// with fewer than two choices).
pub(crate) fn clear_gap(options: &[Offered]) -> f64 {
    let mut e: Vec<f64> = options.iter().map(|o| o.equity).collect();
    e.sort_by(|a, b| b.total_cmp(a));
    match e.as_slice() {
        [best, next, ..] => best - next,
        _ => 0.0,
    }
}

/// Where the decision stood: the score and the cube, with the names shown.
fn standing(q: &Question, names: &[String; 2]) -> String {
    let d = &q.decision;
    let score = if q.length == 0 {
        "money play".to_string()
    } else {
        format!(
            "a {}-point match, {} {} and {} {}",
            q.length, names[0], d.score[0], names[1], d.score[1]
        )
    };
    let cube = match d.owner {
        None if d.cube <= 1 => "the cube in the middle".to_string(),
        None => format!("the cube at {} in the middle", d.cube),
        Some(o) => format!("{} owns the cube at {}", names[o.index()], d.cube),
    };
    format!("{score}, {cube}")
}

/// What is asked, with the names shown.
fn asked(d: &Decision, names: &[String; 2], welsh: bool) -> String {
    let me = &names[d.side.index()];
    if welsh {
        return match d.kind.as_str() {
            "play" => format!("{me}'s throw: which play is best?"),
            "nominate for itself" => format!("Before {me}'s throw: nominate it, or keep the card?"),
            "nominate for the opponent" => {
                format!("{me}: nominate the opponent's next throw, or keep the card?")
            }
            "acey-deucey" => format!("{me}'s 1-2: play it, or throw again?"),
            _ => "Which is best?".into(),
        };
    }
    match (d.kind.as_str(), d.dice) {
        ("chequer", Some([a, b])) => {
            format!(
                "{me} to play {}-{}: which play is best?",
                a.max(b),
                a.min(b)
            )
        }
        ("missed double" | "wrong double", _) => format!("{me} to roll: double or not?"),
        _ => format!(
            "{} doubles to {}: should {me} take or drop?",
            names[d.board_side.index()],
            d.cube * 2
        ),
    }
}

/// The question's lines: where the decision was made, what is asked, the choices
/// numbered from 1, and how to answer.
pub(crate) fn question_lines(
    id: i64,
    q: &Question,
    options: &[Offered],
    names: &[String; 2],
) -> Vec<String> {
    let d = &q.decision;
    let mut lines = vec![if q.welsh.is_some() {
        format!(
            "Position of the day #{id}, from a Welsh match on this server (first to {} game{}; \
             judged by gammonbot's Welsh player at its strong level):",
            q.length,
            if q.length == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "Position of the day #{id}, from a match on this server ({}):",
            standing(q, names)
        )
    }];
    lines.push(asked(d, names, q.welsh.is_some()));
    lines.extend(
        options
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{}. {}", i + 1, o.words)),
    );
    lines.push(if is_cube(d) {
        "Answer with a button, privately (the local chat: /puzzle answer 1 or 2); one answer \
         each. The solution comes with the next post."
            .into()
    } else {
        "Answer by picking a play, privately (the local chat: /puzzle answer <number>, or the \
         play typed); one answer each. The solution comes with the next post."
            .into()
    });
    lines
}

/// The solution of puzzle `id`: the best choice, every choice ranked with what it loses
/// (the one made in the match marked), and how many of those who answered solved it.
pub(crate) fn solution_lines(
    id: i64,
    q: &Question,
    options: &[Offered],
    answers: i64,
    solved: i64,
) -> Vec<String> {
    let mut ranked: Vec<&Offered> = options.iter().collect();
    ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity).then(a.rank.cmp(&b.rank)));
    let Some(best) = ranked.first() else {
        return Vec::new();
    };
    let judge = if q.welsh.is_some() {
        "gammonbot's Welsh player"
    } else {
        "GNU Backgammon"
    };
    let mut lines = vec![
        format!("The solution of position of the day #{id}: {}.", best.words),
        format!("The choices as {judge} ranked them (equity lost against the best):"),
    ];
    for (n, o) in ranked.iter().enumerate() {
        let loss = loss_of(options, o);
        lines.push(format!(
            "{}. {}: {}{}",
            n + 1,
            o.words,
            if loss <= SAME {
                "best".to_string()
            } else {
                format!("-{loss:.3}")
            },
            if o.made { " (played in the match)" } else { "" }
        ));
    }
    lines.push(if answers == 0 {
        "No one answered it.".into()
    } else {
        format!("{solved} of {answers} solved it.")
    });
    lines
}

/// The solvers' table: the players who solved most puzzles here, with their counts.
pub(crate) fn solvers_lines(solvers: &[store::PuzzleSolver]) -> Vec<String> {
    if solvers.is_empty() {
        return Vec::new();
    }
    let mut lines = vec!["Puzzles solved on this server:".to_string()];
    lines.extend(
        solvers
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}. {}: {}", i + 1, s.name, s.solved)),
    );
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::review::Valued;

    fn question(choices: &[(&str, f64)]) -> Question {
        Question {
            match_id: 1,
            length: 5,
            names: ["ann".into(), "bob".into()],
            decision: Decision {
                side: Side::O,
                kind: "chequer".into(),
                game: 1,
                board: "4HPwATDgc/ABMA".into(),
                board_side: Side::O,
                dice: Some([1, 3]),
                steps: Vec::new(),
                best_steps: Vec::new(),
                played: choices[1].0.into(),
                best: choices[0].0.into(),
                loss: 0.1,
                cube: 2,
                owner: Some(Side::X),
                score: [1, 2],
                index: 3,
                choices: choices
                    .iter()
                    .map(|(w, e)| Valued {
                        words: (*w).into(),
                        steps: Vec::new(),
                        equity: *e,
                    })
                    .collect(),
            },
            welsh: None,
        }
    }

    #[test]
    fn a_player_who_did_not_allow_it_is_shown_by_his_colour() {
        let q = question(&[("a", 0.3), ("b", 0.1)]);
        let names = shown_names(&q, [false, true]);
        assert_eq!(names, ["White".to_string(), "bob".to_string()]);
        let o = crate::practice::drill_card::offered(1, &q);
        let text = question_lines(4, &q, &o, &names).join("\n");
        assert!(!text.contains("ann"), "{text}");
        assert!(text.contains("bob to play 3-1"), "{text}");
        assert!(text.contains("White owns the cube at 2"), "{text}");
    }

    #[test]
    fn the_gap_is_between_the_best_and_the_next() {
        let q = question(&[("a", 0.3), ("b", 0.1), ("c", 0.25)]);
        let o = crate::practice::drill_card::offered(1, &q);
        assert!((clear_gap(&o) - 0.05).abs() < 1e-9);
    }

    #[test]
    fn the_solution_ranks_the_choices_and_gives_the_share() {
        let q = question(&[("a", 0.3), ("b", 0.1)]);
        let o = crate::practice::drill_card::offered(1, &q);
        let lines = solution_lines(4, &q, &o, 5, 3);
        assert_eq!(lines[0], "The solution of position of the day #4: a.");
        assert_eq!(lines[2], "1. a: best");
        assert_eq!(lines[3], "2. b: -0.200 (played in the match)");
        assert_eq!(lines[4], "3 of 5 solved it.");
    }
}
