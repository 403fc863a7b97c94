//! Welsh movement rules (seed 000, rules 7-11, 15, 16, 18-20), each test named for its rule.

mod common;

use gammonbot::engine::Board;
use gammonbot::engine::welsh::{Throw, format_welsh_play, welsh_legal_plays};

/// The mover's men by his own points (25 = roof), the opponent's by the opponent's points.
fn board(mine: &[(usize, i8)], theirs: &[(usize, i8)]) -> Board {
    common::position(mine, theirs).view(gammonbot::engine::Side::X)
}

fn plays(b: &Board, t: Throw) -> Vec<String> {
    let mut v: Vec<String> = welsh_legal_plays(b, t)
        .iter()
        .map(|l| format_welsh_play(b, &l.play))
        .collect();
    v.sort();
    v
}

fn ends(b: &Board, t: Throw) -> Vec<[i8; 26]> {
    welsh_legal_plays(b, t)
        .iter()
        .map(|l| *l.board.points())
        .collect()
}

fn start() -> Board {
    let layout = [(24, 2), (13, 5), (8, 3), (6, 5)];
    board(&layout, &layout)
}

#[test]
fn rule_15_crossing_from_spike_6_with_6_4_then_on_to_the_three_men() {
    // The opponent's five men cover near spike 6 (the 12): the man crosses with the 6 and
    // runs on with the 4 in one jump, settling with the three men on the 8.
    let p = plays(&start(), Throw::Two(6, 4));
    assert!(p.contains(&"13/8".to_string()), "{p:?}");
    assert!(!p.iter().any(|t| t.contains("13/12")), "12 is covered");
}

#[test]
fn rule_15_one_one_crosses_from_spikes_1_2_3_and_4() {
    // The man crosses to near spike k (6 + k) and plays any 1s left on from there.
    for (spike, point) in [(1, 18), (2, 17), (3, 16), (4, 15)] {
        let b = board(&[(point, 1), (1, 14)], &[(2, 15)]);
        let lands = 6 + spike - (4 - spike);
        let after = ends(&b, Throw::Two(1, 1));
        assert!(
            after.iter().any(|e| e[lands] == 1 && e[point] == 0),
            "spike {spike}"
        );
    }
    // Far spike 5 needs a 5: four 1s cannot take it across.
    let b = board(&[(14, 1), (1, 14)], &[(2, 15)]);
    assert!(
        ends(&b, Throw::Two(1, 1))
            .iter()
            .all(|e| (7..=12).all(|p| e[p] == 0))
    );
}

#[test]
fn rule_15_two_two_crosses_from_spikes_2_4_and_6() {
    // Across with exactly the spike number, the 2s left played on from there.
    for (point, lands) in [(17, 2), (15, 6), (13, 10)] {
        let b = board(&[(point, 1), (1, 14)], &[(2, 15)]);
        let after = ends(&b, Throw::Two(2, 2));
        assert!(
            after.iter().any(|e| e[lands] == 1 && e[point] == 0),
            "from {point}"
        );
    }
    // From spike 6, 2+2+2 crosses and one 2 is left for the same man: 13 -> 12 -> 10.
    let b = board(&[(13, 1), (1, 14)], &[(2, 15)]);
    assert!(
        plays(&b, Throw::Two(2, 2))
            .iter()
            .any(|t| t == "13/10" || t == "13/12/10")
    );
    // Spikes 1, 3, 5 cannot be left with 2s.
    for point in [18, 16, 14] {
        let b = board(&[(point, 1), (1, 14)], &[(2, 15)]);
        assert!(
            ends(&b, Throw::Two(2, 2))
                .iter()
                .all(|e| (7..=12).all(|p| e[p] == 0)),
            "{point}"
        );
    }
}

#[test]
fn rule_09_combined_4_5_runs_past_covered_spikes_and_does_not_hit_on_the_way() {
    // Covered 4 and 5 spikes ahead of the 24-man; a blot 4 ahead in a second test.
    let b = board(&[(24, 1), (1, 14)], &[(5, 2), (6, 2), (2, 11)]);
    assert_eq!(plays(&b, Throw::Two(4, 5)), vec!["24/15".to_string()]);
    let b = board(&[(24, 1), (1, 14)], &[(5, 1), (2, 14)]);
    let after = ends(&b, Throw::Two(4, 5));
    assert!(
        after.iter().any(|e| e[15] == 1 && e[20] == -1),
        "the jump passes the blot"
    );
    assert!(
        plays(&b, Throw::Two(4, 5)).contains(&"24/20*/15".to_string()),
        "stopping on it hits it"
    );
}

#[test]
fn rule_09_a_lone_opposing_man_is_hit_to_the_roof() {
    let b = board(&[(8, 2), (1, 13)], &[(20, 1), (1, 14)]);
    let p = plays(&b, Throw::Two(3, 3));
    assert_eq!(p, vec!["8/2 8/2".to_string(), "8/5*/2 8/5/2".to_string()]);
    let hit = welsh_legal_plays(&b, Throw::Two(3, 3))
        .into_iter()
        .find(|l| l.board.theirs(0) == 1);
    assert!(hit.is_some(), "the blot is on the roof");
}

#[test]
fn rule_09_skinny_sevens_do_not_cross_the_central_bar() {
    let p = plays(&start(), Throw::Two(5, 2));
    assert_eq!(p, vec!["24/22".to_string(), "6/4".to_string()]);
    // Backwards too: a rover on the 5 may not go back over the bar with the 2 or the 7.
    let b = board(&[(5, 1), (19, 14)], &[(24, 15)]);
    assert!(
        plays(&b, Throw::Two(5, 2))
            .iter()
            .all(|t| !t.starts_with("5/7") && !t.starts_with("5/12"))
    );
}

#[test]
fn rule_08_no_mixed_spikes_a_covered_spike_cannot_be_settled() {
    let b = board(&[(10, 1), (1, 14)], &[(18, 2), (1, 13)]);
    // 10 - 3 = 7 is the opponent's 18: covered.
    assert!(
        ends(&b, Throw::Two(3, 3))
            .iter()
            .all(|e| e[7] <= 0 || e[7] == -2)
    );
}

#[test]
fn rule_10_no_more_than_six_men_on_a_spike() {
    let b = board(&[(7, 6), (9, 1), (1, 8)], &[(1, 15)]);
    assert!(ends(&b, Throw::Two(2, 1)).iter().all(|e| e[7] <= 6));
}

#[test]
fn rule_10_never_two_full_spikes_at_the_end_of_a_turn() {
    // 6 on the 8 already; the 2 men on the 9 could make the 7 full only with 5 there.
    let b = board(&[(8, 6), (7, 5), (9, 1), (2, 3)], &[(1, 15)]);
    for e in ends(&b, Throw::Two(2, 1)) {
        assert!((1..=24).filter(|&p| e[p] == 6).count() < 2);
    }
}

#[test]
fn rule_11_men_of_a_full_spread_cannot_be_hit() {
    // The opponent has one man on each spike of his home board (our 19-24): a man on the
    // roof cannot enter on any of them, though each is a lone man.
    let spread = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (12, 9)];
    let b = board(&[(25, 1), (6, 14)], &spread);
    let l = welsh_legal_plays(&b, Throw::Two(3, 2));
    assert!(l.len() == 1 && l[0].play.is_empty(), "a dance");
    // Without the spread (one man moved away), the same throw hits.
    let b = board(
        &[(25, 1), (6, 14)],
        &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (12, 10)],
    );
    assert!(
        welsh_legal_plays(&b, Throw::Two(3, 2))
            .iter()
            .any(|p| p.board.theirs(0) == 1)
    );
}

#[test]
fn rule_16_roof_men_enter_before_any_other_man_moves() {
    let b = board(&[(25, 1), (6, 14)], &[(1, 15)]);
    for t in plays(&b, Throw::Two(4, 3)) {
        assert!(t.starts_with("roof/"), "{t}");
    }
}

#[test]
fn rule_16_three_two_dance_when_the_3_2_and_5_spikes_are_covered() {
    let b = board(&[(25, 1), (6, 14)], &[(3, 2), (2, 2), (5, 2), (1, 9)]);
    let l = welsh_legal_plays(&b, Throw::Two(3, 2));
    assert_eq!(l.len(), 1);
    assert!(l[0].play.is_empty(), "a dance");
    // With the 5 spike open, the 3+2 enters there as one move.
    let b = board(&[(25, 1), (6, 14)], &[(3, 2), (2, 2), (1, 11)]);
    assert!(plays(&b, Throw::Two(3, 2)).contains(&"roof/20".to_string()));
}

#[test]
fn rule_18_checking_out_is_exact_a_larger_value_busts() {
    // Men on 2 and 1 only (not the last man): a 6-5 cannot check either out.
    let b = board(&[(2, 2), (1, 1)], &[(1, 15)]);
    let l = welsh_legal_plays(&b, Throw::Two(6, 5));
    assert!(l.len() == 1 && l[0].play.is_empty(), "busts");
}

#[test]
fn rule_18_four_men_on_the_3_spike_check_out_with_3_3() {
    let b = board(&[(3, 4), (4, 1)], &[(1, 15)]);
    let l = welsh_legal_plays(&b, Throw::Two(3, 3));
    assert!(
        l.iter().any(|p| p.board.mine_off() == 14),
        "{:?}",
        plays(&b, Throw::Two(3, 3))
    );
}

#[test]
fn rule_18_six_must_check_out_a_man_when_a_6_allows_it() {
    let b = board(&[(6, 2), (12, 1), (5, 2)], &[(1, 15)]);
    // Not all home: no check-out possible; the 6 moves the 12 in.
    assert!(
        welsh_legal_plays(&b, Throw::Two(6, 1))
            .iter()
            .all(|p| p.board.mine_off() == 10)
    );
    let b = board(&[(6, 2), (5, 2), (4, 1)], &[(1, 15)]);
    for p in welsh_legal_plays(&b, Throw::Two(6, 1)) {
        assert!(p.board.mine_off() > 10, "six must: {:?}", p.play);
    }
}

#[test]
fn rule_19_boxes_out_four_men_home_check_out_with_6_6() {
    let b = board(&[(1, 1), (2, 1), (4, 1), (5, 1)], &[(1, 15)]);
    let l = welsh_legal_plays(&b, Throw::Two(6, 6));
    assert_eq!(l.len(), 1);
    assert_eq!(l[0].board.mine_off(), 15);
}

#[test]
fn rule_20_last_man_roving_on_spike_2_checks_out_with_1_3_3_5_4_6() {
    let b = board(&[(2, 1)], &[(1, 15)]);
    for (a, c) in [(1, 3), (3, 5), (4, 6), (2, 1)] {
        let l = welsh_legal_plays(&b, Throw::Two(a, c));
        assert!(
            l.iter().any(|p| p.board.mine_off() == 15),
            "{a}-{c}: {:?}",
            plays(&b, Throw::Two(a, c))
        );
    }
    assert!(
        welsh_legal_plays(&b, Throw::Two(5, 6))
            .iter()
            .all(|p| p.board.mine_off() < 15)
    );
}

#[test]
fn rule_20_a_rover_may_move_backwards_on_non_doubles_only() {
    // Alone in the near outer board (7-12): a rover.
    let b = board(&[(9, 1), (3, 14)], &[(1, 15)]);
    assert!(
        plays(&b, Throw::Two(2, 1))
            .iter()
            .any(|t| t.starts_with("9/11") || t.starts_with("9/10"))
    );
    assert!(
        plays(&b, Throw::Two(1, 1))
            .iter()
            .all(|t| !t.contains("9/10"))
    );
}

#[test]
fn rule_20_backward_moves_are_optional_but_a_forward_move_left_cannot_be_waived() {
    let b = board(&[(9, 1), (3, 14)], &[(1, 15)]);
    let p = plays(&b, Throw::Two(4, 1));
    // Forward plays use both dice; a play going back 1 must still play the 4 forward.
    assert!(!p.contains(&"9/10".to_string()), "{p:?}");
    assert!(
        p.iter()
            .any(|t| t.contains("9/10") && t.split(' ').count() + t.matches('/').count() > 2),
        "{p:?}"
    );
}

#[test]
fn rule_07_only_the_larger_die_when_either_but_not_both_can_be_played() {
    // One man on 24; the 13 (24-11) is covered so it cannot use both; 18 and 19 are open.
    let b = board(&[(24, 1)], &[(12, 2), (2, 13)]);
    assert_eq!(plays(&b, Throw::Two(6, 5)), vec!["24/18".to_string()]);
}

#[test]
fn rule_07_doubles_play_as_many_values_as_possible() {
    let b = start();
    for e in ends(&b, Throw::Two(3, 3)) {
        let moved: i32 = (1..=25)
            .map(|p| (i32::from(b.points()[p].max(0)) - i32::from(e[p].max(0))).abs())
            .sum();
        assert!(moved > 0);
    }
    assert!(
        plays(&b, Throw::Two(3, 3))
            .iter()
            .all(|t| t.matches('/').count() == 4 || t.contains("13/"))
    );
}

#[test]
fn rule_09_notation_tells_an_atomic_jump_from_stops_and_reads_either() {
    use gammonbot::engine::welsh::resolve_welsh_play;
    let b = board(&[(24, 1), (1, 14)], &[(5, 1), (2, 14)]);
    let t = Throw::Two(4, 5);
    let stop = resolve_welsh_play(&b, t, "24/20*/15").unwrap();
    assert_eq!(stop.board.theirs(0), 1, "stopping on the 20 hits");
    let jump = resolve_welsh_play(&b, t, "24/15").unwrap();
    assert_eq!(jump.board.theirs(0), 0, "the jump does not");
    assert!(
        resolve_welsh_play(&b, t, "24/20/15").is_ok(),
        "the star may be left out"
    );
    assert!(resolve_welsh_play(&b, t, "24/14").is_err());
    assert!(
        resolve_welsh_play(&b, t, "24/x")
            .unwrap_err()
            .contains("cannot read")
    );
}
