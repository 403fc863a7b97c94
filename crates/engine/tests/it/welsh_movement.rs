//! Welsh movement rules (seed 000, rules 7-11, 15, 16, 18-20), each test named for its rule.

use engine::welsh::{Throw, format_welsh_play, welsh_legal_plays};
use engine::{Board, Xgid};

/// The mover's men by his own points (25 = roof), the opponent's by the opponent's points.
fn board(mine: &[(usize, i8)], theirs: &[(usize, i8)]) -> Board {
    testkit::position(mine, theirs).view(engine::Side::X)
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

/// The board of the player on turn in an XGID (his men positive, his roof at 25).
fn xgid(text: &str) -> Board {
    let x: Xgid = text.parse().expect("a valid XGID");
    x.position.view(x.turn)
}

/// Whether some legal play moves a man on after he hit (`11/7*/2`): its steps replayed,
/// a step starts from a spike holding no man but the one who hit there. Also true if the
/// text of a play shows it (`*/`).
fn a_hitter_moves_on(b: &Board, t: Throw) -> bool {
    welsh_legal_plays(b, t).iter().any(|l| {
        let mut p = *b.points();
        let mut hitters = [0i8; 26];
        let moved_on = l.play.steps().iter().any(|s| {
            let (from, to) = (usize::from(s.from), usize::from(s.to));
            let moves_on = p[from] <= hitters[from];
            p[from] -= 1;
            if to > 0 {
                if p[to] == -1 {
                    p[to] = 0;
                    hitters[to] += 1;
                }
                p[to] += 1;
            }
            moves_on
        });
        moved_on || format_welsh_play(b, &l.play).contains("*/")
    })
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
    // Hitting it means stopping there (the 5 then has no man to move): the jump is the
    // only play, and the blot stays.
    assert!(after.iter().all(|e| e[20] == -1), "{after:?}");
    assert!(
        !plays(&b, Throw::Two(4, 5)).contains(&"24/20*/15".to_string()),
        "no hit and move on"
    );
}

#[test]
fn rule_09_a_lone_opposing_man_is_hit_to_the_roof() {
    // Given men on 8 and 6 and a blot on our 5, and a 3-1: 8/5* 6/5 hits it.
    let b = board(&[(8, 1), (6, 1), (1, 6)], &[(20, 1), (1, 14)]);
    let p = plays(&b, Throw::Two(3, 1));
    assert!(p.contains(&"8/5* 6/5".to_string()), "{p:?}");
    let hit = welsh_legal_plays(&b, Throw::Two(3, 1))
        .into_iter()
        .find(|l| l.board.theirs(0) == 1);
    let hit = hit.expect("a play hits");
    assert_eq!(hit.board.points()[5], 2, "{:?}", hit.play);
    assert_eq!(hit.board.points()[0], -1, "the blot is on the roof");
}

#[test]
fn rule_09_skinny_sevens_do_not_cross_the_central_bar() {
    let p = plays(&start(), Throw::Two(5, 2));
    assert_eq!(p, vec!["24/22".to_string(), "6/4".to_string()]);
    // Backwards too: the man on the 5 is alone in the home board (a rover: on a 4-1 he may
    // go back over the bar to the 9), but on a 5-2 he may not go back over the bar with
    // the 2, the 5 or the 7.
    let b = board(
        &[(5, 1), (19, 4), (20, 5), (21, 5)],
        &[(7, 5), (8, 5), (9, 5)],
    );
    assert!(
        plays(&b, Throw::Two(4, 1))
            .iter()
            .any(|t| t.contains("5/9")),
        "a rover: {:?}",
        plays(&b, Throw::Two(4, 1))
    );
    let p = plays(&b, Throw::Two(5, 2));
    assert!(!p.is_empty() && !p[0].is_empty(), "{p:?}");
    for t in &p {
        for back in ["5/7", "5/10", "5/12"] {
            assert!(!t.contains(back), "{t}");
        }
    }
}

#[test]
fn rule_08_no_mixed_spikes_a_covered_spike_cannot_be_settled() {
    // Given a man on 10, six on 2, and the 7, 4 and 1 covered (two opposing men each), and
    // 3-3: the man could only settle on a covered spike, so nothing moves: the one play is
    // the empty one, and each covered spike still holds exactly its two opposing men (a
    // man of ours settling there would leave -1, a mixed spike).
    let b = board(&[(10, 1), (2, 6)], &[(18, 2), (21, 2), (24, 2), (12, 9)]);
    let l = welsh_legal_plays(&b, Throw::Two(3, 3));
    assert_eq!(l.len(), 1, "{:?}", plays(&b, Throw::Two(3, 3)));
    assert!(l[0].play.is_empty(), "{:?}", plays(&b, Throw::Two(3, 3)));
    let e = l[0].board.points();
    assert_eq!([e[7], e[4], e[1], e[10]], [-2, -2, -2, 1]);
}

#[test]
fn rule_10_no_more_than_six_men_on_a_spike() {
    let b = board(&[(7, 6), (9, 1), (1, 8)], &[(1, 15)]);
    assert!(ends(&b, Throw::Two(2, 1)).iter().all(|e| e[7] <= 6));
}

#[test]
fn rule_10_a_match_is_not_set_up_with_more_than_six_men_on_a_spike() {
    use engine::Side;
    use engine::welsh::{WelshError, WelshMatch, WelshRules};
    // O with seven men on their own 6-point: refused, naming rule 10 (the move search
    // assumes no spike holds more than six)
    let seven = testkit::position(&[(6, 6), (8, 6), (13, 3)], &[(6, 7), (13, 8)]);
    let e = WelshMatch::at(WelshRules::default(), seven, Side::X, [0, 0]).unwrap_err();
    assert_eq!(
        e,
        WelshError::OverfullSpike {
            side: Side::O,
            point: 6,
            men: 7
        }
    );
    assert!(e.to_string().contains("rule 10"), "{e}");
    // Six on a spike is a full spike, allowed
    let six = testkit::position(&[(6, 6), (8, 5), (13, 4)], &[(6, 6), (8, 5), (13, 4)]);
    assert!(WelshMatch::at(WelshRules::default(), six, Side::X, [0, 0]).is_ok());
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
    // Given men home on 4, 3 and 2 and a 6-2: the 6 busts, so only the 2 can be played,
    // and 4/2, 3/1 or 2/off would each use it. When Six Must applies, then only 2/off.
    let b = board(&[(4, 1), (3, 1), (2, 1)], &[(1, 15)]);
    assert_eq!(plays(&b, Throw::Two(6, 2)), vec!["2/off".to_string()]);
    // The same men and a 5-2 (no 6): the 5 busts too, and 4/2, 3/1 and 2/off are each
    // legal, using as many values as 2/off.
    assert_eq!(
        plays(&b, Throw::Two(5, 2)),
        vec!["2/off", "3/1", "4/2"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    );
    // Given two men on 5 and one on 1 and a 6-1: only the 1 plays (5/4 or 1/off). Six
    // Must: 1/off.
    let b = board(&[(5, 2), (1, 1)], &[(1, 15)]);
    assert_eq!(plays(&b, Throw::Two(6, 1)), vec!["1/off".to_string()]);
    // Not all home: no check-out possible, so nothing is forced; the 6 moves the 12 in.
    let b = board(&[(6, 2), (12, 1), (5, 2)], &[(1, 15)]);
    assert!(
        welsh_legal_plays(&b, Throw::Two(6, 1))
            .iter()
            .all(|p| p.board.mine_off() == 10)
    );
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
    // From the start every double can be played in full: every play uses four values.
    for d in 1..=6 {
        let t = Throw::Two(d, d);
        let used = values_used_per_play(&start(), t);
        assert!(used.iter().all(|&(n, _)| n == 4), "{d}-{d}: {used:?}");
    }
    // Given one man on 20 (the rest home) and 3-3 with the opponent covering the 17 (far
    // spike 2) and the 14 (far spike 5): the man cannot move; four values fit only with the
    // home men, and every play uses all four.
    let b = board(
        &[(20, 1), (6, 4), (5, 4), (4, 3)],
        &[(8, 2), (11, 2), (1, 11)],
    );
    let used = values_used_per_play(&b, Throw::Two(3, 3));
    assert!(used.iter().all(|&(n, _)| n == 4), "{used:?}");
    // Given a man on 9, six men on 1 and the 3 covered, and 2-2: 9/7/5 uses two 2s, then
    // nothing moves (5/3 covered, 5/1 would make seven): each play uses exactly two.
    let b = board(&[(9, 1), (1, 6)], &[(22, 2), (13, 13)]);
    let used = values_used_per_play(&b, Throw::Two(2, 2));
    assert!(
        !used.is_empty() && used.iter().all(|&(n, _)| n == 2),
        "{used:?}"
    );
}

/// For each legal play of a double `d-d`, the number of values its half-moves use (each
/// half-move is a chain of single-value legs by the single-move geometry) and its text.
fn values_used_per_play(b: &Board, t: Throw) -> Vec<(usize, String)> {
    let Throw::Two(d, _) = t else {
        panic!("a double")
    };
    let d = usize::from(d);
    // Where one leg of v pips (one value or a sum) takes a man from p (blocking ignored).
    let next = |p: usize, v: usize| -> Vec<usize> {
        match p {
            25 if v <= 6 => vec![25 - v],
            25 => vec![],
            13..=18 => {
                let mut to = Vec::new();
                if p >= 13 + v {
                    to.push(p - v);
                }
                if v == 19 - p {
                    to.push(25 - p);
                }
                to
            }
            19..=24 if p >= 13 + v => vec![p - v],
            19..=24 => vec![],
            _ if p > v => vec![p - v],
            _ if p == v => vec![0],
            _ => vec![],
        }
    };
    // The fewest values a half-move from `from` to `to` uses, as legs of 1-4 values each.
    let legs = |from: usize, to: usize| -> usize {
        let mut frontier = vec![(from, 0usize)];
        let mut best = None::<usize>;
        while let Some((p, used)) = frontier.pop() {
            if p == to && used > 0 {
                best = Some(best.map_or(used, |b| b.min(used)));
            }
            for m in 1..=4 - used {
                for q in next(p, m * d) {
                    frontier.push((q, used + m));
                }
            }
        }
        best.unwrap_or_else(|| panic!("{from}/{to} is not a move of {d}s"))
    };
    welsh_legal_plays(b, t)
        .iter()
        .map(|l| {
            let n = l
                .play
                .steps()
                .iter()
                .map(|s| legs(usize::from(s.from), usize::from(s.to)))
                .sum();
            (n, format_welsh_play(b, &l.play))
        })
        .collect()
}

#[test]
fn rule_09_notation_tells_an_atomic_jump_from_stops_and_reads_either() {
    use engine::welsh::resolve_welsh_play;
    // A man on 24 and one on 10, a blot on our 20, and a 4-5.
    let b = board(&[(24, 1), (10, 1), (1, 5)], &[(5, 1), (12, 14)]);
    let t = Throw::Two(4, 5);
    let stop = resolve_welsh_play(&b, t, "24/20* 10/5").unwrap();
    assert_eq!(stop.board.theirs(0), 1, "stopping on the 20 hits");
    let jump = resolve_welsh_play(&b, t, "24/15").unwrap();
    assert_eq!(jump.board.theirs(0), 0, "the jump does not");
    assert_eq!(
        resolve_welsh_play(&b, t, "24/19/15").unwrap().board,
        jump.board,
        "stopping on a free spike on the way reaches the same board"
    );
    assert!(
        resolve_welsh_play(&b, t, "24/20 10/5").is_ok(),
        "the star may be left out"
    );
    // Rule 9: hitting and moving on is refused, with or without the star.
    for text in ["24/20*/15", "24/20/15"] {
        let e = resolve_welsh_play(&b, t, text).unwrap_err();
        assert!(e.contains("stops there"), "{text}: {e}");
    }
    assert!(resolve_welsh_play(&b, t, "24/14").is_err());
    assert!(
        resolve_welsh_play(&b, t, "24/x")
            .unwrap_err()
            .contains("cannot read")
    );
}

#[test]
fn rule_09_a_man_that_hits_stops_there() {
    // Given a man on 11 and a blot 4 ahead on the 7, and a 5-4: he may hit with the 4 or
    // jump 9 past the blot, but not hit and move on 5 to the 2 (one or the other).
    let b = board(&[(11, 1), (6, 2), (3, 5)], &[(18, 1), (1, 14)]);
    let p = plays(&b, Throw::Two(5, 4));
    assert!(!a_hitter_moves_on(&b, Throw::Two(5, 4)), "{p:?}");
    assert!(
        p.iter().any(|t| t == "11/7* 6/1" || t == "6/1 11/7*"),
        "{p:?}"
    );
    assert!(p.iter().any(|t| t == "11/2" || t == "11/6/2"), "{p:?}");
    // No play ends with the man on the 2 and the blot on the roof, by any route.
    assert!(
        !ends(&b, Throw::Two(5, 4))
            .iter()
            .any(|e| e[2] == 1 && e[11] == 0 && e[0] == -1),
        "{p:?}"
    );
    // Given only the man on 11 can move: the hit alone uses one value, the jump two, so
    // the jump is the only play.
    let b = board(&[(11, 1), (1, 6)], &[(18, 1), (1, 14)]);
    let after = ends(&b, Throw::Two(5, 4));
    assert_eq!(after.len(), 1, "{:?}", plays(&b, Throw::Two(5, 4)));
    assert!(after[0][2] == 1 && after[0][7] == -1, "the blot stays");
    // Given a man on 12, a blot on 10 and a 6-2: 12/10* would leave the 6 to no man (the
    // hitter stops), and 12/6 with a 2 uses both: no play hits (no 12/10*/4).
    let b = board(&[(12, 1), (5, 3), (1, 5)], &[(15, 1), (1, 14)]);
    let p = plays(&b, Throw::Two(6, 2));
    assert!(!a_hitter_moves_on(&b, Throw::Two(6, 2)), "{p:?}");
    assert!(
        welsh_legal_plays(&b, Throw::Two(6, 2))
            .iter()
            .all(|l| l.board.theirs(0) == 0),
        "{p:?}"
    );
}

#[test]
fn rule_09_a_man_that_hits_stops_there_on_doubles() {
    // Given the start and an opposing blot on our 10, and 3-3: a man from the 13 cannot
    // get there; men from 13 may not reach 10 either (13 is far spike 6). Put the blot on
    // the 5 instead: 8/5* hits, and that man may not go on to the 2.
    let b = board(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(20, 1), (24, 2), (13, 5), (8, 3), (6, 4)],
    );
    let p = plays(&b, Throw::Two(3, 3));
    assert!(!a_hitter_moves_on(&b, Throw::Two(3, 3)), "{p:?}");
    assert!(p.iter().any(|t| t.contains("8/5*")), "{p:?}");
    // Every play that hits leaves a man of ours on the 5.
    for l in welsh_legal_plays(&b, Throw::Two(3, 3)) {
        if l.board.theirs(0) == 1 {
            assert!(
                l.board.points()[5] >= 1,
                "{}",
                format_welsh_play(&b, &l.play)
            );
        }
    }
    // Given a lone man on 10 and a blot on 7 (1-1 from 10): 10/9/8/7* stops there.
    // The jump 10/6 passes the blot and uses all four values: it is the only play.
    let b = board(&[(10, 1), (1, 6)], &[(18, 1), (1, 14)]);
    let p = plays(&b, Throw::Two(1, 1));
    assert!(!a_hitter_moves_on(&b, Throw::Two(1, 1)), "{p:?}");
    let after = ends(&b, Throw::Two(1, 1));
    assert_eq!(after.len(), 1, "{p:?}");
    assert!(after[0][6] == 1 && after[0][7] == -1, "{p:?}");
}

#[test]
fn rule_09_a_man_entering_with_a_hit_stops_there() {
    // Given one man on the roof, an opposing blot on our 22 and a 3-1: entering with the 3
    // hits; that man then stays, the 1 goes to another man. Entering with the 1 (or the
    // sum, a lone roof man) passes the blot.
    let b = board(
        &[(25, 1), (6, 5), (5, 5), (4, 4)],
        &[(3, 1), (12, 7), (11, 7)],
    );
    let p = plays(&b, Throw::Two(3, 1));
    assert!(!a_hitter_moves_on(&b, Throw::Two(3, 1)), "{p:?}");
    // Every play that hits leaves our man on the 22.
    for l in welsh_legal_plays(&b, Throw::Two(3, 1)) {
        if l.board.theirs(0) == 1 {
            assert!(
                l.board.points()[22] == 1,
                "{}",
                format_welsh_play(&b, &l.play)
            );
        }
    }
    assert!(p.contains(&"roof/22* 6/5".to_string()), "{p:?}");
    assert!(
        p.iter().any(|t| t == "roof/21" || t == "roof/24/21"),
        "{p:?}"
    );
}

#[test]
fn rule_16_with_a_mate_on_the_roof_each_entering_man_uses_one_value() {
    // Two men on the roof, 6-1: each enters with one value; neither moves on.
    let b = xgid("XGID=-b----C------------------B:0:0:1:00:0:0:0:25:6");
    let p = plays(&b, Throw::Two(6, 1));
    assert!(
        p == ["roof/19 roof/24"] || p == ["roof/24 roof/19"],
        "{p:?}"
    );
    // The 24 covered: one enters with the 6; no 6+1 sum entry to the 18, the 1 is lost.
    let b = board(&[(25, 2), (6, 3)], &[(1, 2), (2, 10)]);
    assert_eq!(plays(&b, Throw::Two(6, 1)), vec!["roof/19".to_string()]);
    // 3-3 with the 22 covered: no 3+3 entry to the 19 while a mate is on the roof: a dance.
    let b = board(&[(25, 2), (6, 3)], &[(3, 2), (2, 10)]);
    let l = welsh_legal_plays(&b, Throw::Two(3, 3));
    assert!(
        l.len() == 1 && l[0].play.is_empty(),
        "{:?}",
        plays(&b, Throw::Two(3, 3))
    );
}

#[test]
fn rule_15_a_jump_crosses_from_a_far_spike_it_only_passes() {
    // Given a man on 20, the 18 and 17 covered, and a 2-1: 20/18 is covered, but the jump
    // passes the 18 (far spike 1) and crosses with the 1 to the 7.
    let b = xgid("XGID=-B---------------bb-A---b-:0:0:1:00:0:0:0:25:6");
    let p = plays(&b, Throw::Two(2, 1));
    assert!(p.contains(&"20/7".to_string()), "{p:?}");
    assert!(
        !p.contains(&"20/19".to_string()),
        "both values can be used: {p:?}"
    );
    // Given a man on 19, the 18 and 17 covered, and 1-1: passing the 18 (far spike 1) he
    // crosses with the next 1 and runs on to the 5 (4 values); passing the 17 (far spike 2)
    // with 1+1 he crosses with the next 1+1 to the 8.
    let b = board(&[(19, 1), (1, 2)], &[(8, 2), (7, 2), (1, 11)]);
    let after = ends(&b, Throw::Two(1, 1));
    let p = plays(&b, Throw::Two(1, 1));
    assert!(after.iter().any(|e| e[5] == 1 && e[19] == 0), "{p:?}");
    assert!(after.iter().any(|e| e[8] == 1 && e[19] == 0), "{p:?}");
}

#[test]
fn rule_18_a_jump_from_outside_home_cannot_end_off_the_table() {
    // Given a man on 7, men on 2 and 1, the 3 and 4 covered, and a 4-3: the jump 7/off
    // would pass the covered 3 or 4 and check out a man who never settled at home: no
    // play checks out (no play at all).
    let b = board(&[(7, 1), (2, 1), (1, 1)], &[(22, 2), (21, 2), (1, 11)]);
    for l in welsh_legal_plays(&b, Throw::Two(4, 3)) {
        assert_eq!(l.board.mine_off(), 12, "{}", format_welsh_play(&b, &l.play));
    }
}

#[test]
fn rule_20_a_rover_goes_back_across_the_stream_with_exactly_its_spike_number() {
    // Given a rover on 8 (near spike 2) and a 2-1: with the 2 he may cross back to 17, even
    // though 8/10 also fits inside the near board.
    let b = xgid("XGID=-----C--A-------------b---:0:0:1:00:0:0:0:25:6");
    let p = plays(&b, Throw::Two(2, 1));
    assert!(p.contains(&"8/17 5/4".to_string()), "{p:?}");
    assert!(p.contains(&"8/10 5/4".to_string()), "{p:?}");
    // Near spikes 1 and 3 likewise (the 4 then played by a man on 5): 7 back 1 to 18, 9
    // back 3 to 16.
    for (from, v, to) in [(7, 1, 18), (9, 3, 16)] {
        let b = board(&[(from, 1), (5, 3)], &[(3, 2), (2, 10)]);
        let p = plays(&b, Throw::Two(v, 4));
        let back = format!("{from}/{to}");
        assert!(p.iter().any(|t| t.contains(&back)), "{back}: {p:?}");
    }
}

#[test]
fn rule_20_a_forward_move_that_rule_10_forbids_is_not_a_forward_move_left() {
    // Given a rover on 13, six men on 1, five on 2, one on 6, and a 4-1: after 13/14 the 4's
    // only forward move is 6/2, which would leave two full spikes (rule 10): no forward
    // move is left, so 13/14 is legal with the 4 forfeited.
    let b = xgid("XGID=-FE---A------A---------fe-:0:0:1:00:0:0:0:25:6");
    let p = plays(&b, Throw::Two(4, 1));
    assert!(p.contains(&"13/14".to_string()), "{p:?}");
}

/// The XGID position `pos` (mover X on turn) as the mover's board.
fn xgid_board(pos: &str) -> Board {
    xgid(&format!("XGID={pos}:0:0:1:00:0:0:0:0:10"))
}

#[test]
fn rule_09_no_hitter_moves_on_in_positions_from_self_play() {
    // Positions where the engine once moved a man on after he hit (the second man hitting
    // twice with 4-1: 6/2*/1*; a hit with the 1 on far spike 5, then across with the 5).
    for (pos, t) in [
        ("-aa---E-C---eE-A-c-d-a--A-", Throw::Two(1, 1)),
        ("-aa---E-C---eE-A-c-d-a--A-", Throw::Two(4, 1)),
        ("-DCB--------fDaAA------ec-", Throw::Two(5, 1)),
    ] {
        let b = xgid_board(pos);
        assert!(!a_hitter_moves_on(&b, t), "{pos} {t:?}: {:?}", plays(&b, t));
    }
}

#[test]
fn rule_15_jumps_from_self_play_cross_from_far_spikes_they_pass() {
    use engine::welsh::resolve_welsh_play;
    // 2-1: 20 past the blotted 18 (no hit), across with the 1 to the 7. 6-2: 23 past the
    // covered 17 (far spike 2), across with the 2 to the 8. 2-2: 21 past the covered 19 and
    // 17, across with a 2 to the 8, on to the 6.
    for (pos, t, text) in [
        ("--C---B--aaaeE-A--adBAa-A-", Throw::Two(2, 1), "20/7"),
        ("--BA--C-A-a-eE---b-e-BaAa-", Throw::Two(6, 2), "23/8"),
        ("-AD-A---A---eE---c-d-C--c-", Throw::Two(2, 2), "21/6"),
    ] {
        let b = xgid_board(pos);
        assert!(
            resolve_welsh_play(&b, t, text).is_ok(),
            "{pos} {t:?} {text}: {:?}",
            plays(&b, t)
        );
    }
}

#[test]
fn rule_16_two_on_the_roof_dance_when_no_single_value_enters() {
    // 6-6 with the 19 covered, 3-3 with the 22 covered: no single value enters, and no sum
    // may while the mate stays on the roof: a dance.
    for (pos, t) in [
        ("-a-a--E-a---eE---b-e-A--BB", Throw::Two(6, 6)),
        ("-A-A-AA---aafE---A--AacBcB", Throw::Two(3, 3)),
    ] {
        let b = xgid_board(pos);
        let l = welsh_legal_plays(&b, t);
        assert!(
            l.len() == 1 && l[0].play.is_empty(),
            "{pos} {t:?}: {:?}",
            plays(&b, t)
        );
    }
}
