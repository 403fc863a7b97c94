//! The duel harness: its interval on known cases, the pairs on the same dice with sides
//! swapped, and the baseline against the floor.

use welsh_player::{DuelResult, HeuristicPlayer, RandomPlayer, duel, wilson95};

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 5e-4 && (a.1 - b.1).abs() < 5e-4
}

#[test]
fn the_wilson_interval_of_known_cases() {
    // 8 of 10: 0.4902 to 0.9433; 0 of 10: 0 to 0.2775; 50 of 100: 0.4038 to 0.5962.
    assert!(
        close(wilson95(8.0, 10.0), (0.4902, 0.9433)),
        "{:?}",
        wilson95(8.0, 10.0)
    );
    assert!(
        close(wilson95(0.0, 10.0), (0.0, 0.2775)),
        "{:?}",
        wilson95(0.0, 10.0)
    );
    assert!(
        close(wilson95(50.0, 100.0), (0.4038, 0.5962)),
        "{:?}",
        wilson95(50.0, 100.0)
    );
    let r = DuelResult {
        games: 10,
        wins_a: 7,
        wins_b: 1,
        washes: 2,
        points_a: 9,
        points_b: 3,
    };
    assert!((r.share() - 0.8).abs() < 1e-12);
    assert!(close(r.interval(), (0.4902, 0.9433)));
    assert!((r.points_share() - 0.75).abs() < 1e-12);
}

#[test]
fn a_player_against_itself_on_swapped_pairs_wins_exactly_half() {
    // The heuristic is deterministic: both games of a pair are the same game with the
    // sides swapped, so each pair is one win each (or two washes).
    let r = duel(&mut HeuristicPlayer, &mut HeuristicPlayer, 40, 3).unwrap();
    assert_eq!(r.games, 40);
    assert_eq!(r.wins_a, r.wins_b, "{r}");
    assert_eq!(r.points_a, r.points_b, "{r}");
    assert_eq!(r.share(), 0.5);
}

#[test]
fn a_duel_is_the_same_for_the_same_seed() {
    let run = |seed| duel(&mut HeuristicPlayer, &mut RandomPlayer::new(seed), 20, seed).unwrap();
    assert_eq!(run(9), run(9));
}

#[test]
fn the_heuristic_beats_the_random_player() {
    let r = duel(&mut HeuristicPlayer, &mut RandomPlayer::new(2), 100, 2).unwrap();
    assert!(r.interval().0 > 0.5, "{r}");
    assert!(r.wins_a > r.wins_b * 5, "{r}");
}
