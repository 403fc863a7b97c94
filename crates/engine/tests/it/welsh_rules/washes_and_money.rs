//! Welsh rules 22 and 23: washes, the match prize, the scoop pot.

use engine::Side::{O, X};
use engine::welsh::{
    GameEnd, MatchEnd, Rates, ScoopPot, WelshAction, WelshEvent, WelshMatch, WelshPhase,
    WelshRules, format_amount, jackpot, match_prize,
};
use testkit::position;
use testkit::welsh::{act, at, play_where, turn};

#[test]
fn rule_22_wash_by_snakes_1_1_after_the_opponents_1_1() {
    let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
    let m = WelshMatch::at(WelshRules::default(), position(&start, &start), X, [3, 4]).unwrap();
    let (m, _) = act(&m, X, WelshAction::Roll(1, 1));
    let (m, _) = play_where(&m, X, |_| true);
    let (m, ev) = act(&m, O, WelshAction::Roll(1, 1));
    assert!(ev.contains(&WelshEvent::GameOver {
        winner: None,
        games: 1,
        how: GameEnd::WashBySnakes
    }));
    assert_eq!(m.score(), [4, 5], "one game each, the cube disregarded");
    assert!(
        matches!(m.phase(), WelshPhase::Call { .. }),
        "a new call after a wash"
    );
}

#[test]
fn rule_22_wash_by_sticks_both_hold_a_full_spike() {
    let m = at(&[(7, 5), (8, 1), (6, 9)], &[(6, 6), (1, 9)], X);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 2));
    let (_, ev) = play_where(&m, X, |b| b.points()[7] == 6);
    assert!(
        ev.contains(&WelshEvent::GameOver {
            winner: None,
            games: 1,
            how: GameEnd::WashBySticks
        }),
        "{ev:?}"
    );
}

#[test]
fn rule_23_the_28_12_match_pays_14_00() {
    let r = Rates::default();
    assert_eq!(
        format_amount(match_prize(&r, 28, 12, 12, MatchEnd::Games)),
        "14.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 25, 3, 3, MatchEnd::Rectangle)),
        "7.50"
    );
    assert_eq!(
        format_amount(match_prize(&r, 4, 9, 4, MatchEnd::TimedOut)),
        "20.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 25, 0, 0, MatchEnd::Games)),
        "41.25",
        "10 + 6.25 + a pony"
    );
}

#[test]
fn rule_23_scoop_pot_pays_the_tally_to_the_backgammon_winner_and_restarts() {
    let r = Rates::default();
    let mut pot = ScoopPot::default();
    for _ in 0..6 {
        assert_eq!(pot.record_game(&r, false), None);
    }
    assert_eq!(pot.record_game(&r, true), Some(700));
    assert_eq!(pot.games, 0);
    assert_eq!(jackpot(&r, 2), None);
    assert_eq!(jackpot(&r, 5), Some(5000));
}

#[test]
fn rule_23_a_match_to_nil_counts_the_games_won_not_the_washes() {
    // Given a match to 2: X wins the first game
    let rules = WelshRules {
        target: 2,
        ..WelshRules::default()
    };
    let m = WelshMatch::at_parked(rules, position(&[(1, 1)], &[(6, 14)]), X, [0, 0]);
    let (m, _) = act(&m, X, WelshAction::Roll(1, 1));
    let (m, _) = play_where(&m, X, |b| b.mine_off() == 15);
    assert_eq!(m.score(), [1, 0]);
    // When the second game is a wash by snakes (mugs away: O throws first)
    let m = turn(&m, O, (1, 1));
    let (m, ev) = act(&m, X, WelshAction::Roll(1, 1));
    assert!(ev.contains(&WelshEvent::MatchOver {
        winner: X,
        how: MatchEnd::Games
    }));
    // Then O has a game from the wash but won none: a pony on the bill
    assert_eq!(m.score(), [2, 1]);
    assert_eq!(m.games_won(), [1, 0]);
    let r = Rates::default();
    assert_eq!(
        format_amount(match_prize(&r, 2, 1, m.games_won()[1], MatchEnd::Games)),
        "35.25",
        "10.00 + 0.25 + 25.00"
    );
    assert_eq!(
        format_amount(match_prize(&r, 2, 1, 1, MatchEnd::Games)),
        "10.25"
    );
}

#[test]
fn rule_23_reading_a_pony_comes_on_top_of_a_set_payment() {
    // The set payments replace only "the standard calculations" (rule 23.1 a, b); the pony
    // is one of "the additional calculations" (23.2), which have no such exception.
    let r = Rates::default();
    // A rectangle at 3-0: the set 7.50 and a pony
    assert_eq!(
        format_amount(match_prize(&r, 3, 0, 0, MatchEnd::Rectangle)),
        "32.50"
    );
    // A time-out of a loser who won no game: the set 20.00 and a pony
    assert_eq!(
        format_amount(match_prize(&r, 2, 0, 0, MatchEnd::TimedOut)),
        "45.00"
    );
    // Without a match to nil, the set payments alone
    assert_eq!(
        format_amount(match_prize(&r, 3, 1, 1, MatchEnd::Rectangle)),
        "7.50"
    );
    assert_eq!(
        format_amount(match_prize(&r, 2, 5, 5, MatchEnd::TimedOut)),
        "20.00"
    );
}
