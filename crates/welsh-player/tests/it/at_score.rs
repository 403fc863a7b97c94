//! Play at the match score (issue 50): the doubling die, offers to concede and the scale
//! of equities, judged through the match equity table.

use engine::welsh::{WelshMatch, WelshRules};
use engine::{Position, Side};
use welsh_player::evaluator::Evaluator;
use welsh_player::features::Context;
use welsh_player::match_table::{GameCounts, MatchTable, Next};
use welsh_player::net::flip;
use welsh_player::{EvalPlayer, Level, WelshPlayer, shipped, shipped_table};

/// The start position, `to_roll` about to throw, in a match to 25 at `score`.
fn start_at(score: [u32; 2], to_roll: Side) -> WelshMatch {
    let rules = WelshRules {
        target: 25,
        first_shaker: Side::X,
    };
    WelshMatch::at(rules, Position::start(), to_roll, score).unwrap()
}

fn strong() -> EvalPlayer<'static> {
    EvalPlayer::new(shipped(), Level::Strong, 1).with_table(shipped_table())
}

#[test]
fn rule_2_a_side_needing_one_game_never_doubles() {
    // Given X needs one game (24 of 25) and O needs 20, X to throw with the die centred
    let m = start_at([24, 5], Side::X);
    let mut p = strong();
    let view = p.cube_view(&m, Side::X).unwrap();
    // Then winning the game wins the match at any value: a double only makes a loss
    // dearer, so the player keeps the die
    assert!(view.double < view.no_double, "{view:?}");
    assert!(!p.double(&m, Side::X));
}

#[test]
fn rule_2_a_side_whose_opponent_needs_one_game_doubles() {
    // Given O needs one game (24 of 25) and X needs 25, X to throw
    let m = start_at([0, 24], Side::X);
    let mut p = strong();
    let view = p.cube_view(&m, Side::X).unwrap();
    // Then any game X loses ends the match whatever the die says, and a doubled game
    // won brings X nearer: X doubles
    assert!(view.double > view.no_double, "{view:?}");
    assert!(p.double(&m, Side::X));
    assert!(view.loss(false) > 0.0 && view.loss(true) == 0.0);
}

#[test]
fn without_a_table_the_player_doubles_from_its_fixed_chance() {
    // The training's player (no table) is the one the shipped weights were made with.
    let m = start_at([0, 24], Side::X);
    let mut p = EvalPlayer::new(shipped(), Level::Strong, 1);
    assert!(p.cube_view(&m, Side::X).is_none());
    assert!(!p.double(&m, Side::X), "the start is no 72% position");
}

#[test]
fn rule_18_an_offer_that_wins_the_match_is_accepted_and_one_that_gives_it_away_is_refused() {
    // (The offer's acceptance is asked of the side offered it; at the start the chances
    // are about even, which is enough for the answers below.)
    let m = start_at([23, 23], Side::X);
    let mut p = strong();
    // Two games offered to X, who needs two: the match is X's
    assert_eq!(p.mwc_after_game(&m, Side::X, true, 2), Some(1.0));
    assert!(p.accept_concede(&m, Side::X, 2));
    // O conceding two games gives X the match: O offers no such thing at even chances
    assert_eq!(p.mwc_after_game(&m, Side::O, false, 2), Some(0.0));
    assert_ne!(p.offer_concede(&m, Side::O, 2), Some(2));
}

#[test]
fn the_scale_of_equities_at_the_score_turns_over_with_the_view() {
    let net = shipped();
    let eval = Evaluator::with_table(net, shipped_table());
    let p = [0.62, 0.2, 0.03, 0.11, 0.01];
    for (cube, away) in [
        (1, (25, 25)),
        (2, (3, 7)),
        (4, (9, 2)),
        (1, (1, 1)),
        (2, (0, 0)),
    ] {
        let ctx = Context {
            cube,
            away: Some(away),
            ..Context::default()
        };
        let mine = eval.value(&p, &ctx);
        let theirs = eval.value(&flip(&p), &ctx.swapped());
        assert!(
            (mine + theirs).abs() < 1e-4,
            "{away:?} cube {cube}: {mine} {theirs}"
        );
    }
    // Without a score (or beyond the table) the value is the cubeless equity.
    let ctx = Context {
        cube: 1,
        away: Some((40, 40)),
        ..Context::default()
    };
    assert_eq!(eval.value(&p, &ctx), welsh_player::equity(&p));
}

#[test]
fn the_shipped_table_reads_and_is_a_table_of_chances() {
    let t = shipped_table();
    assert!(t.counts().games >= 10_000, "{}", t.counts().games);
    for i in 1..=25 {
        for j in 1..=25 {
            let v = t.away(i, j, Next::Me);
            assert!((0.0..=1.0).contains(&v));
            // Needing fewer games is never worse.
            if i > 1 {
                assert!(t.away(i - 1, j, Next::Me) >= v - 1e-9, "{i} {j}");
            }
        }
    }
    // The file's printed rows agree with its counts (parse checks them).
    assert!(MatchTable::parse(welsh_player::shipped::SHIPPED_TABLE).is_ok());
    let _ = GameCounts::default();
}
