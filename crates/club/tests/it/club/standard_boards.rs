//! What the board and the lines say at a match's end, after the Crawford game, and at a
//! new game.

use super::fixtures::{eve_about_to_win, eve_bears_off};

#[test]
fn match_over_says_the_score_capped_at_the_length_and_the_board_shows_it() {
    // Given a 5-point match at 0-0 and eve's gammon at a cube of 8
    let mut snap = eve_about_to_win(5, [0, 0], 8, false);
    let lines = eve_bears_off(&mut snap);
    // Then the game's 16 points are said, and the match score is 5-0 (FIBS's way)
    assert!(
        lines
            .iter()
            .any(|l| l == "eve wins 16 points with a gammon"),
        "{lines:?}"
    );
    let names = ["eve".to_string(), "fay".to_string()];
    let (_, words) = snap.result(&names).unwrap();
    assert_eq!(words, "eve won the match 5-0");
    let scene = snap.scene(&names, None, 0);
    assert_eq!(scene.score.score, [5, 0]);
    assert!(
        render::render_text(&scene).contains("score 5"),
        "{}",
        render::render_text(&scene)
    );
}

#[test]
fn crawford_rule_games_after_the_crawford_game_are_labelled_post_crawford() {
    // Given the Crawford game of a 5-point match at 4-2, eve about to win it
    let mut snap = eve_about_to_win(5, [2, 4], 1, true);
    let names = ["eve".to_string(), "fay".to_string()];
    assert!(render::render_text(&snap.scene(&names, None, 0)).contains("Crawford game"));
    // When she wins it with a gammon (4-4)
    let lines = eve_bears_off(&mut snap);
    // Then the next game is announced and shown as post-Crawford
    assert!(
        lines.iter().any(|l| l == "Game 2 begins (post-Crawford)"),
        "{lines:?}"
    );
    let scene = snap.scene(&names, None, 0);
    let words = render::render_text(&scene);
    assert!(words.contains("post-Crawford"), "{words}");
    assert!(!words.contains("Crawford game"), "{words}");
}

#[test]
fn a_new_game_board_shows_no_last_play_of_the_previous_game() {
    // Given eve about to win game 1 of a 3-point match
    let mut snap = eve_about_to_win(3, [0, 0], 1, false);
    let lines = eve_bears_off(&mut snap);
    assert!(
        lines.iter().any(|l| l.starts_with("Game 2 begins")),
        "{lines:?}"
    );
    // Then game 2's first board has no last play
    let names = ["eve".to_string(), "fay".to_string()];
    assert!(snap.last.is_none());
    assert_eq!(snap.scene(&names, None, 0).last_play, None);
}
