//! Differential test of the bot's checker plays: at expert (0 plies, no noise) every play
//! the bot makes in its games is the one GNU Backgammon itself names best, gnubg being
//! run apart from the bot as the oracle.

use std::collections::HashMap;

use engine::{Action, Match, Position, Side, format_play};

use crate::oracle::{ask_oracle, games, request};

/// Decisions wanted at the least.
const DECISIONS: usize = 300;

/// Equities this close are a tie: gnubg's order between them is arbitrary, so the bot may
/// make either play.
const TIE: f64 = 1e-6;

/// The position `side`'s play `text` leaves in `m` (the engine reading gnubg's move text).
fn after_text(m: &Match, side: Side, text: &str) -> Position {
    let play = m
        .resolve_play(side, text)
        .unwrap_or_else(|e| panic!("gnubg's {text}: {e}"));
    *m.apply(side, &Action::Play(play)).unwrap().0.position()
}

#[test]
fn the_expert_bot_plays_what_gnubg_names_best() {
    // Given the checker plays the expert bot made in its games, at several scores and
    // cubes, in matches (Crawford game and after it among them) and money play
    let games = games();
    let plays = &games.plays;
    assert!(
        plays.len() >= DECISIONS,
        "the games gave {} decisions",
        plays.len()
    );
    let matches = plays.iter().filter(|d| d.m.rules().length.is_some());
    assert!(matches.clone().any(|d| d.m.is_crawford_game()));
    assert!(matches.clone().any(|d| d.m.is_post_crawford()));
    assert!(matches.clone().any(|d| d.m.cube().value > 1));
    assert!(plays.iter().any(|d| d.m.rules().is_money()));

    // When gnubg, run apart, names its best plays for each
    let requests: Vec<String> = plays.iter().map(|d| request(&d.m)).collect();
    let answers = best_plays(&ask_oracle(&requests));

    // Then the bot's play leaves the position gnubg's best play leaves (either of plays
    // tied for best)
    let mut failures = Vec::new();
    let mut ties = 0;
    for (d, req) in plays.iter().zip(&requests) {
        let moves = answers
            .get(req.as_str())
            .unwrap_or_else(|| panic!("gnubg did not answer {req}"));
        let best = moves[0].1;
        let tied: Vec<&str> = moves
            .iter()
            .filter(|(_, eq)| best - eq <= TIE)
            .map(|(t, _)| t.as_str())
            .collect();
        if tied.len() > 1 {
            ties += 1;
        }
        let ours =
            *d.m.apply(d.side, &Action::Play(d.play))
                .unwrap()
                .0
                .position();
        if !tied.iter().any(|t| after_text(&d.m, d.side, t) == ours) {
            failures.push(format!(
                "{req} {}: the bot played {}, gnubg names {moves:?}",
                d.dice,
                format_play(&d.m.position().view(d.side), &d.play)
            ));
        }
    }
    eprintln!(
        "{} checker plays compared with gnubg's ({ties} with a tie for best)",
        plays.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} plays differ:\n{}",
        failures.len(),
        plays.len(),
        failures.join("\n")
    );
}

/// gnubg's plays for each `play` request in its output, best first, with their
/// equities.
fn best_plays(out: &str) -> HashMap<String, Vec<(String, f64)>> {
    out.lines()
        .filter_map(|l| l.strip_prefix("gammonbot-oracle\t"))
        .map(|l| {
            let (req, moves) = l.split_once('\t').unwrap_or((l, ""));
            let moves = moves
                .split('|')
                .filter(|m| !m.is_empty())
                .map(|m| {
                    let (text, eq) = m.rsplit_once('=').unwrap();
                    (text.to_string(), eq.parse().unwrap())
                })
                .collect();
            (req.to_string(), moves)
        })
        .collect()
}
