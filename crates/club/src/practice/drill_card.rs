//! A drill card's question and verdict, as plain computation: the decision it asks (as
//! the stored analysis has it), the choices it offers (a chequer play: gnubg's best few
//! and the play made, shuffled by the card's number; a cube decision: its two answers),
//! the words of the question, which choice an answer names, and the verdict ranking the
//! choices by the analysis' equities. No I/O; `drill` reads and writes the rows.

use serde::{Deserialize, Serialize};

use crate::analysis::review::{DOUBTFUL, Decision, Review, Valued};
use crate::analysis::welsh::WelshReview;
use engine::welsh::WelshMatch;
use engine::{Dice, Side, Step, apply_steps, board_from_position_id, resolve_play};

/// Discord's most options in a select menu: a card never offers more.
pub const MAX_DRILL_OPTIONS: usize = 25;

/// A choice within this of the best (EMG) is as good as the best: answering it is right.
const SAME: f64 = 1e-6;

/// What a card asks, as stored (`drill_cards.question`): the decision of match
/// `match_id` as its analysis has it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Question {
    pub(crate) match_id: i64,
    /// Points to win (0: money play).
    pub(crate) length: u32,
    /// The players' names by [`Side::index`].
    pub(crate) names: [String; 2],
    pub(crate) decision: Decision,
    /// A Welsh decision: the match as it stood before it (its board drawn from it); the
    /// decision then has no gnubg board, and `length` is the games to win.
    #[serde(default)]
    pub(crate) welsh: Option<WelshMatch>,
}

/// One choice as a card offers it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Offered {
    pub(crate) words: String,
    pub(crate) steps: Vec<[u8; 2]>,
    /// The analysis' equity for it, from the decider's side (EMG).
    pub(crate) equity: f64,
    /// The choice made in the match.
    pub(crate) made: bool,
    /// Its place in the analysis' list (ties in equity rank in that order).
    pub(crate) rank: usize,
}

/// The cards a stored review makes for player `player_id`: each of his decisions that
/// lost at least [`DOUBTFUL`] (an analysis stored before drills: those among its three
/// worst), with its key (match, game, move, kind) and question.
pub(crate) fn cards_of(review: &Review, player_id: i64) -> Vec<(String, Question)> {
    let Some(side) = [Side::X, Side::O]
        .into_iter()
        .find(|s| review.player_ids[s.index()] == player_id)
    else {
        return Vec::new();
    };
    let names = [
        review.players[0].name.clone(),
        review.players[1].name.clone(),
    ];
    let decisions = review.mistakes.as_ref().unwrap_or(&review.worst);
    decisions
        .iter()
        .filter(|d| d.side == side && d.loss >= DOUBTFUL)
        .map(|d| {
            let key = format!(
                "m{}:g{}:i{}:{}:{}",
                review.match_id, d.game, d.index, d.kind, d.board
            );
            let q = Question {
                match_id: review.match_id,
                length: review.length,
                names: names.clone(),
                decision: d.clone(),
                welsh: None,
            };
            (key, q)
        })
        .collect()
}

/// The cards a stored Welsh review makes for player `player_id`: each of his decisions
/// that lost at least [`DOUBTFUL`] of the Welsh player's equity (a play, a nomination, an
/// acey-deucey), with the match as it stood; none from a review stored before drills.
pub(crate) fn welsh_cards_of(review: &WelshReview, player_id: i64) -> Vec<(String, Question)> {
    let Some(side) = [Side::X, Side::O]
        .into_iter()
        .find(|s| review.player_ids[s.index()] == player_id)
    else {
        return Vec::new();
    };
    let names = [
        review.players[0].name.clone(),
        review.players[1].name.clone(),
    ];
    review
        .mistakes
        .iter()
        .flatten()
        .filter(|w| w.decision.side == side && w.decision.loss.is_some_and(|l| l >= DOUBTFUL))
        .map(|w| {
            let d = &w.decision;
            let key = format!("w{}:g{}:e{}:{}", review.match_id, d.game, d.entry, d.kind);
            let decision = Decision {
                side,
                kind: d.kind.clone(),
                game: d.game,
                board: String::new(),
                board_side: side,
                dice: None,
                steps: Vec::new(),
                best_steps: Vec::new(),
                played: d.played.clone(),
                best: d.best.clone(),
                loss: d.loss.unwrap_or(0.0),
                cube: 1,
                owner: None,
                score: [0, 0],
                index: u32::try_from(d.entry).unwrap_or(u32::MAX),
                choices: d.choices.clone(),
            };
            let q = Question {
                match_id: review.match_id,
                length: review.target,
                names: names.clone(),
                decision,
                welsh: Some(w.before.clone()),
            };
            (key, q)
        })
        .collect()
}

/// A cube decision (missed or wrong double, wrong take or drop), answered by buttons;
/// anything else (a play, a Welsh nomination or acey-deucey) from a list.
pub(crate) fn is_cube(d: &Decision) -> bool {
    matches!(
        d.kind.as_str(),
        "missed double" | "wrong double" | "wrong take" | "wrong drop"
    )
}

/// Whether a cube decision is the doubler's (double or not) rather than the answer's.
fn doubling(d: &Decision) -> bool {
    d.kind == "missed double" || d.kind == "wrong double"
}

/// The cube answer a decision's words name (`double, take` is `double`; `beaver` is
/// `take`; `too good to double` is `no double`).
fn cube_word(words: &str) -> &'static str {
    let w = words.trim();
    if w.starts_with("double") {
        "double"
    } else if w == "take" || w == "beaver" {
        "take"
    } else if w == "drop" || w == "pass" {
        "drop"
    } else {
        "no double"
    }
}

/// The choices the analysis valued; for an analysis stored before drills, the best and
/// the choice made (the best at 0, the one made at minus its loss).
fn valued(d: &Decision) -> Vec<Valued> {
    if !d.choices.is_empty() {
        return d.choices.clone();
    }
    let (best, made) = if is_cube(d) {
        (
            cube_word(&d.best).to_string(),
            cube_word(&d.played).to_string(),
        )
    } else {
        (d.best.clone(), d.played.clone())
    };
    let mut v = vec![Valued {
        words: best,
        steps: d.best_steps.clone(),
        equity: 0.0,
    }];
    if made != v[0].words {
        v.push(Valued {
            words: made,
            steps: d.steps.clone(),
            equity: -d.loss,
        });
    }
    if is_cube(d) {
        // Both answers, whatever was stored.
        let pair: [&str; 2] = if doubling(d) {
            ["no double", "double"]
        } else {
            ["take", "drop"]
        };
        for w in pair {
            if !v.iter().any(|c| c.words == w) {
                v.push(Valued {
                    words: w.into(),
                    steps: Vec::new(),
                    equity: -d.loss,
                });
            }
        }
    }
    v
}

/// The same steps, in any order.
fn same_steps(a: &[[u8; 2]], b: &[[u8; 2]]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// A number in 0..2^64 from `x`, well mixed (splitmix64): the card's shuffle.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The choices card `card` offers, in the order shown: a chequer play's best few plays
/// and the play made (once each), shuffled by the card's number (the same order every
/// time it is shown); a cube decision's two answers (`no double`, `double`; `take`,
/// `drop`). At most [`MAX_DRILL_OPTIONS`].
pub(crate) fn offered(card: i64, q: &Question) -> Vec<Offered> {
    let d = &q.decision;
    let cube = is_cube(d);
    let mut out: Vec<Offered> = Vec::new();
    for (rank, v) in valued(d).into_iter().enumerate() {
        let words = if cube {
            cube_word(&v.words).to_string()
        } else {
            v.words.clone()
        };
        let made = if cube {
            words == cube_word(&d.played)
        } else {
            if v.steps.is_empty() || d.steps.is_empty() {
                v.words == d.played
            } else {
                same_steps(&v.steps, &d.steps)
            }
        };
        if let Some(o) = out.iter_mut().find(|o| o.words == words) {
            o.made |= made;
            continue;
        }
        out.push(Offered {
            words,
            steps: v.steps,
            equity: v.equity,
            made,
            rank,
        });
    }
    if !cube && !out.iter().any(|o| o.made) {
        // The play made, valued by its loss against the best.
        let best = out.iter().map(|o| o.equity).fold(f64::MIN, f64::max);
        out.push(Offered {
            words: d.played.clone(),
            steps: d.steps.clone(),
            equity: if out.is_empty() {
                -d.loss
            } else {
                best - d.loss
            },
            made: true,
            rank: out.len(),
        });
    }
    if cube {
        let order: [&str; 2] = if doubling(d) {
            ["no double", "double"]
        } else {
            ["take", "drop"]
        };
        out.sort_by_key(|o| order.iter().position(|w| *w == o.words).unwrap_or(2));
    } else {
        let seed = u64::try_from(card).unwrap_or(0).wrapping_mul(1_000_003);
        let mut keyed: Vec<(u64, Offered)> = out
            .into_iter()
            .enumerate()
            .map(|(i, o)| (mix(seed ^ i as u64), o))
            .collect();
        keyed.sort_by_key(|(k, _)| *k);
        out = keyed.into_iter().map(|(_, o)| o).collect();
    }
    out.truncate(MAX_DRILL_OPTIONS);
    out
}

/// The best equity among the choices.
fn best_equity(options: &[Offered]) -> f64 {
    options.iter().map(|o| o.equity).fold(f64::MIN, f64::max)
}

/// The equity choice `o` loses against the best of `options` (never below 0).
pub(crate) fn loss_of(options: &[Offered], o: &Offered) -> f64 {
    (best_equity(options) - o.equity).max(0.0)
}

/// The score in words: `score 2-4 to 7` (the player's first), or `money play`.
fn score_words(q: &Question) -> String {
    let d = &q.decision;
    if q.length == 0 {
        return "money play".into();
    }
    let me = d.score[d.side.index()];
    let them = d.score[d.side.opponent().index()];
    format!("score {me}-{them} in a {}-point match", q.length)
}

/// The cube in words, from the deciding player's side.
fn cube_words(d: &Decision) -> String {
    match d.owner {
        None if d.cube <= 1 => "the cube in the middle".into(),
        None => format!("the cube at {} in the middle", d.cube),
        Some(o) if o == d.side => format!("your cube at {}", d.cube),
        Some(_) => format!("the opponent's cube at {}", d.cube),
    }
}

/// The question's lines: where the decision was made (match, game, score, cube), what is
/// asked, and (`numbered`) the choices numbered from 1.
pub(crate) fn question_lines(card: i64, q: &Question, options: &[Offered]) -> Vec<String> {
    let d = &q.decision;
    if q.welsh.is_some() {
        let what = match d.kind.as_str() {
            "play" => "Your throw: which play is best?",
            "nominate for itself" => "Before your throw: nominate it, or keep the card?",
            "nominate for the opponent" => "Nominate your opponent's next throw, or keep the card?",
            "acey-deucey" => "Your 1-2: play it, or throw again?",
            "doubling" => "Before your throw: double, or not?",
            "concession answer" => "Your opponent offers to concede: accept, or refuse?",
            "offer to concede" => "Offer to concede, or play on?",
            _ => "Which is best?",
        };
        let mut lines = vec![
            format!(
                "Drill card #{card}, from Welsh match #{} game {} (first to {} game{}; judged by \
                 gammonbot's Welsh player):",
                q.match_id,
                d.game,
                q.length,
                if q.length == 1 { "" } else { "s" }
            ),
            what.to_string(),
        ];
        lines.extend(
            options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}. {}", i + 1, o.words)),
        );
        return lines;
    }
    let what = match (d.kind.as_str(), d.dice) {
        ("chequer", Some([a, b])) => {
            format!("You rolled {}-{}: which play is best?", a.max(b), a.min(b))
        }
        ("missed double" | "wrong double", _) => "Your turn, before rolling: double or not?".into(),
        _ => format!(
            "{} doubles to {}: take or drop?",
            q.names[d.board_side.index()],
            d.cube * 2
        ),
    };
    let mut lines = vec![
        format!(
            "Drill card #{card}, from match #{} game {} ({}, {}):",
            q.match_id,
            d.game,
            score_words(q),
            cube_words(d)
        ),
        what,
    ];
    lines.extend(
        options
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{}. {}", i + 1, o.words)),
    );
    lines
}

/// Which of `options` an answer names: its number (from 1), its words, or (a chequer
/// play) the play typed, matched by the board it leaves. `None`: none of them.
pub(crate) fn pick(
    q: &Question,
    options: &[Offered],
    choice: &crate::DrillChoice,
) -> Option<usize> {
    match choice {
        crate::DrillChoice::Number(n) => (1..=options.len()).contains(n).then(|| n - 1),
        crate::DrillChoice::Typed(text) => {
            let t = text.trim().to_lowercase();
            if let Ok(n) = t.parse::<usize>() {
                return (1..=options.len()).contains(&n).then(|| n - 1);
            }
            let t = match t.as_str() {
                "pass" => "drop".to_string(),
                "no" | "nodouble" | "no-double" => "no double".to_string(),
                _ => t,
            };
            let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(i) = options
                .iter()
                .position(|o| squash(&o.words.to_lowercase()) == squash(&t))
            {
                return Some(i);
            }
            // A play typed in any order or notation: by the board it leaves.
            let d = &q.decision;
            let board = board_from_position_id(&d.board).ok()?;
            let [a, b] = d.dice?;
            let legal = resolve_play(&board, Dice::new(a, b).ok()?, text).ok()?;
            options.iter().position(|o| {
                let steps: Vec<Step> = o
                    .steps
                    .iter()
                    .map(|&[from, to]| Step { from, to })
                    .collect();
                !steps.is_empty()
                    && apply_steps(&board, &steps).is_ok_and(|after| after == legal.board)
            })
        }
    }
}

/// An answer [`pick`] found among none of `options`, in words for its refusal: the answer
/// as given (a typed one trimmed to 40 characters) and the options numbered.
pub(crate) fn unpicked(options: &[Offered], choice: &crate::DrillChoice) -> (String, String) {
    let given = match choice {
        crate::DrillChoice::Number(n) => n.to_string(),
        crate::DrillChoice::Typed(t) => t.trim().chars().take(40).collect(),
    };
    let listed: Vec<String> = options
        .iter()
        .enumerate()
        .map(|(n, o)| format!("{} {}", n + 1, o.words))
        .collect();
    (given, listed.join("; "))
}

/// Whether choice `i` is right: the best, or as good as the best.
pub(crate) fn is_right(options: &[Offered], i: usize) -> bool {
    loss_of(options, &options[i]) <= SAME
}

/// The verdict on choice `i`: right or not, the best choice, and every choice ranked by
/// the analysis' equities with what each loses (the choice made in the match marked).
pub(crate) fn verdict_lines(card: i64, q: &Question, options: &[Offered], i: usize) -> Vec<String> {
    let chosen = &options[i];
    let mut ranked: Vec<&Offered> = options.iter().collect();
    ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity).then(a.rank.cmp(&b.rank)));
    let best = ranked[0];
    let mut lines = vec![if is_right(options, i) {
        format!(
            "Right: {} is the best choice (drill card #{card}).",
            chosen.words
        )
    } else {
        format!(
            "Not this time: {} loses {:.3} against the best, {} (drill card #{card}).",
            chosen.words,
            loss_of(options, chosen),
            best.words
        )
    }];
    lines.push(if q.welsh.is_some() {
        "The choices as gammonbot's Welsh player ranked them (equity lost against the best):"
            .to_string()
    } else {
        format!(
            "The choices as GNU Backgammon ranked them at {} (equity lost against the best):",
            if q.length == 0 {
                "money play"
            } else {
                "this score"
            },
        )
    });
    for (n, o) in ranked.iter().enumerate() {
        let mut marks = Vec::new();
        if std::ptr::eq(*o, chosen) {
            marks.push("your answer");
        }
        if o.made {
            marks.push("played in the match");
        }
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
            if marks.is_empty() {
                String::new()
            } else {
                format!(" ({})", marks.join(", "))
            }
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chequer(choices: Vec<(&str, f64)>, played: &str) -> Question {
        Question {
            match_id: 1,
            length: 5,
            names: ["ann".into(), "bob".into()],
            decision: Decision {
                side: Side::X,
                kind: "chequer".into(),
                game: 1,
                board: "4HPwATDgc/ABMA".into(),
                board_side: Side::X,
                dice: Some([3, 1]),
                steps: Vec::new(),
                best_steps: Vec::new(),
                played: played.into(),
                best: choices[0].0.into(),
                loss: 0.1,
                cube: 1,
                owner: None,
                score: [0, 0],
                index: 3,
                choices: choices
                    .into_iter()
                    .map(|(w, e)| Valued {
                        words: w.into(),
                        steps: Vec::new(),
                        equity: e,
                    })
                    .collect(),
            },
            welsh: None,
        }
    }

    #[test]
    fn the_options_hold_the_best_plays_and_the_play_made_once_each() {
        // Given gnubg's three best plays and a play made that is not among them
        let q = chequer(
            vec![("8/5 6/5", 0.2), ("24/21 6/5", 0.1), ("13/10 6/5", 0.05)],
            "24/20",
        );
        // When the card offers its choices
        let o = offered(7, &q);
        // Then the four are there, the play made marked, valued at the best minus its loss
        assert_eq!(o.len(), 4);
        let made: Vec<_> = o.iter().filter(|o| o.made).collect();
        assert_eq!(made.len(), 1);
        assert_eq!(made[0].words, "24/20");
        assert!((made[0].equity - 0.1).abs() < 1e-9);
    }

    #[test]
    fn the_shuffle_is_the_same_for_a_card_and_differs_between_cards() {
        let q = chequer(
            vec![("a", 0.5), ("b", 0.4), ("c", 0.3), ("d", 0.2), ("e", 0.1)],
            "e",
        );
        let words = |card| {
            offered(card, &q)
                .into_iter()
                .map(|o| o.words)
                .collect::<Vec<_>>()
        };
        assert_eq!(words(3), words(3));
        assert!((1..20).any(|c| words(c) != words(3)));
    }

    #[test]
    fn the_verdict_ranks_the_choices_by_the_stored_equities() {
        // Given a card whose choices are shuffled
        let q = chequer(vec![("a", 0.5), ("b", 0.42), ("c", 0.3)], "c");
        let o = offered(11, &q);
        // When the worst is answered
        let i = o.iter().position(|x| x.words == "c").unwrap();
        let lines = verdict_lines(11, &q, &o, i);
        // Then it is wrong, and the list goes best first with each loss
        assert!(!is_right(&o, i));
        assert!(
            lines[0].contains("c loses 0.200") && lines[0].contains("best, a"),
            "{lines:?}"
        );
        assert_eq!(lines[2], "1. a: best");
        assert_eq!(lines[3], "2. b: -0.080");
        assert_eq!(lines[4], "3. c: -0.200 (your answer, played in the match)");
    }

    #[test]
    fn a_number_out_of_the_list_names_no_choice() {
        let q = chequer(vec![("a", 0.5), ("b", 0.4)], "b");
        let o = offered(1, &q);
        assert_eq!(pick(&q, &o, &crate::DrillChoice::Number(0)), None);
        assert_eq!(pick(&q, &o, &crate::DrillChoice::Number(3)), None);
        assert_eq!(pick(&q, &o, &crate::DrillChoice::Number(2)), Some(1));
        assert_eq!(
            pick(&q, &o, &crate::DrillChoice::Typed(" A ".into())),
            o.iter().position(|x| x.words == "a")
        );
    }
}
