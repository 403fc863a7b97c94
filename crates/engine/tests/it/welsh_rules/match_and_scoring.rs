//! Welsh rules 1, 3, 4, 5 and 17b: the match, its setup and ruleset, what a game scores.

use engine::Side;
use engine::Side::{O, X};
use engine::welsh::{
    GameEnd, MatchEnd, Parity, WelshAction, WelshError, WelshEvent, WelshMatch, WelshPhase,
    WelshRules, game_value, has_rectangle,
};
use testkit::welsh::{act, at, play_where};
use testkit::{Rng, position};

#[test]
fn rule_01_the_match_is_won_on_reaching_25_games() {
    // X at 24 checks out his last man for a single game.
    let m = WelshMatch::at_parked(
        WelshRules::default(),
        position(&[(1, 1)], &[(6, 14)]),
        X,
        [24, 10],
    );
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (m, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Games
    }));
    assert_eq!(m.score(), [25, 10]);
}

#[test]
fn rule_03_a_gammon_counts_three_times() {
    let m = at(&[(1, 1)], &[(6, 15)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 3,
        how: GameEnd::Gammon
    }));
}

#[test]
fn rule_04_a_backgammon_counts_six_times_with_a_man_outside_the_losers_home_board() {
    let m = at(&[(1, 1)], &[(6, 14), (7, 1)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.mine_off() == 15);
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: Some(X),
        games: 6,
        how: GameEnd::Backgammon
    }));
}

#[test]
fn rule_05_maximum_score_of_one_game_is_384() {
    // The doubling die goes 2, 4 ... 64 and no higher.
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let mut m = at(&start, &start, X);
    let mut side = X;
    for (i, dice) in [(4, 3), (6, 5), (4, 2), (6, 3), (5, 3), (6, 4)]
        .into_iter()
        .enumerate()
    {
        m = act(&m, side, WelshAction::Double).0;
        assert_eq!(m.cube().value, 2 << i);
        m = act(&m, side, WelshAction::Roll(dice.0, dice.1)).0;
        if let WelshPhase::ToPlay { .. } = m.phase() {
            m = play_where(&m, side, |_| true).0;
        }
        side = side.opponent();
    }
    assert_eq!(m.phase(), WelshPhase::ToRoll(X));
    assert_eq!(
        m.apply(X, &WelshAction::Double).unwrap_err(),
        WelshError::CubeAtMax
    );
    // A backgammon at 64: the loser has checked out none and has a man on the roof.
    let after = position(&[], &[(25, 1), (6, 14)]).view(X);
    assert_eq!(game_value(64, &after), 384);
}

#[test]
fn rule_17b_a_rectangle_wins_the_match() {
    let m = at(
        &[(6, 3), (5, 3), (4, 3), (3, 3), (2, 2), (8, 1)],
        &[(6, 15)],
        X,
    );
    // With 6-6 the first 6 (8/2) would complete the rectangle, but all four 6s must be
    // played (rule 7) and the others check out from the 6-spike: no play ends in one.
    let (m, _) = act(&m, X, WelshAction::Roll(6, 6));
    let legal = m.legal_plays();
    assert!(!legal.is_empty(), "6-6 has plays here");
    assert!(
        legal.iter().all(|l| !has_rectangle(&l.board)),
        "no 6-6 play may stop at the rectangle"
    );
    let m = at(
        &[(6, 3), (5, 3), (4, 3), (3, 3), (2, 2), (9, 1)],
        &[(6, 15)],
        X,
    );
    let (m, _) = act(&m, X, WelshAction::Roll(4, 3));
    let (m, ev) = play_where(&m, X, has_rectangle);
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Rectangle
    }));
    assert!(matches!(m.phase(), WelshPhase::MatchOver { .. }));
}

#[test]
fn rule_01_a_seeded_match_plays_to_its_end_through_the_engine_alone() {
    let mut rng = Rng::new(25);
    let mut m = WelshMatch::new(WelshRules {
        target: 7,
        ..WelshRules::default()
    });
    let mut actions = 0;
    while !matches!(m.phase(), WelshPhase::MatchOver { .. }) {
        actions += 1;
        assert!(actions < 50_000, "the match ends");
        let (side, a) = match m.phase() {
            WelshPhase::Call { caller } => (
                caller,
                WelshAction::Call {
                    shaker_dice: (rng.die(), rng.die()),
                    call: Parity::Odd,
                },
            ),
            WelshPhase::Choose { chooser } => (chooser, WelshAction::Choose(chooser)),
            WelshPhase::ToRoll(s) => (s, WelshAction::Roll(rng.die(), rng.die())),
            WelshPhase::ToPlay { side, .. } => {
                let plays = m.legal_plays();
                (side, WelshAction::Play(plays[rng.below(plays.len())].play))
            }
            WelshPhase::MatchOver { .. } => unreachable!(),
        };
        match m.apply(side, &a) {
            Ok((next, _)) => m = next,
            Err(WelshError::ThirdIdenticalThrow) => {}
            Err(WelshError::WrongMoment(_)) if m.concede().1.is_some() => {
                m = m
                    .apply(side.opponent(), &WelshAction::RejectConcede)
                    .or_else(|_| m.apply(side.opponent(), &WelshAction::AcceptConcede))
                    .unwrap()
                    .0;
            }
            Err(e) => panic!("{a:?} by {side}: {e}"),
        }
        let b = m.position().view(Side::X);
        assert!(
            (1..=24).all(|p| b.points()[p].abs() <= 6),
            "no spike above 6"
        );
    }
    let s = m.score();
    assert!(
        s[0] >= 7
            || s[1] >= 7
            || matches!(
                m.phase(),
                WelshPhase::MatchOver {
                    how: MatchEnd::Rectangle,
                    ..
                }
            )
    );
}

#[test]
fn rule_01_a_match_carries_its_ruleset() {
    use engine::{AnyMatch, Match, MatchRules, Ruleset};
    let w = AnyMatch::Welsh(WelshMatch::new(WelshRules::default()));
    let s = AnyMatch::Standard(Match::new(MatchRules::match_to(5)).unwrap());
    assert_eq!(
        (w.ruleset(), s.ruleset()),
        (Ruleset::Welsh, Ruleset::Standard)
    );
    assert_eq!(
        w.position(),
        s.position(),
        "both start from the same layout"
    );
    let welsh_options = MatchRules {
        ruleset: Ruleset::Welsh,
        ..MatchRules::match_to(5)
    };
    assert!(
        Match::new(welsh_options).is_err(),
        "the standard engine refuses Welsh options"
    );
}

#[test]
fn rule_01_setup_a_new_welsh_game_starts_from_the_seed_layout() {
    // Two back men in the back board (24), five in the far outer board (13), three in the
    // near outer board (8), five in the home board (6), for each player; nothing else.
    let m = WelshMatch::new(WelshRules::default());
    for side in [X, O] {
        let b = m.position().view(side);
        let mut want = [0i8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            want[p] = n;
            want[25 - p] = -n;
        }
        assert_eq!(b.points(), &want, "{side}'s view");
        assert_eq!((b.mine_off(), b.theirs_off()), (0, 0));
    }
    assert_eq!(m.score(), [0, 0]);
    assert_eq!(m.cube().value, 1);
    assert!(matches!(m.phase(), WelshPhase::Call { .. }));
}
