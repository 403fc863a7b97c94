//! The league table: a pure function from the entrants and the decided fixtures to the
//! rows in order, with the documented tie-breaks (docs/leagues.md):
//!
//! 1. points (a win and a loss are worth the league's settings, 1 and 0 by default);
//! 2. head to head: the points each of the tied players took in the matches between them;
//! 3. Sonneborn-Berger: the sum of the points of the players each one beat;
//! 4. difference: games (Welsh) or points (standard) won minus lost in played matches;
//! 5. the order of entry (the earlier entrant first), so that the order is total.
//!
//! A forfeit (by the clock, a withdrawal or the organiser) counts as a win and a loss with
//! their points and is marked; it adds nothing to the difference. Void fixtures are not
//! passed in.

use std::collections::HashMap;

/// A decided fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    pub x: i64,
    pub o: i64,
    pub winner: i64,
    /// Won by forfeit (not played to its end).
    pub forfeit: bool,
    /// Games or points scored by X and O.
    pub score: [i64; 2],
}

/// Points for a win and a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    pub win: i64,
    pub loss: i64,
}

impl Default for Points {
    fn default() -> Points {
        Points { win: 1, loss: 0 }
    }
}

/// One row of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub player: i64,
    pub rank: u32,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    /// Wins by forfeit (marked in the table), part of `won`.
    pub forfeit_wins: u32,
    /// Losses by forfeit, part of `lost`.
    pub forfeit_losses: u32,
    pub points: i64,
    /// Points taken against the players tied on points with him.
    pub head_to_head: i64,
    pub sonneborn_berger: i64,
    pub difference: i64,
    pub withdrawn: bool,
}

/// The table: `entrants` in order of entry with whether each withdrew, `decided` the
/// fixtures with a result. Rows in rank order.
#[must_use]
pub fn standings(entrants: &[(i64, bool)], decided: &[Decided], points: Points) -> Vec<Row> {
    standings_with_byes(entrants, decided, &[], points)
}

/// The table as [`standings`], with byes: each one a win (played and won, the points of
/// a win) that adds nothing to Sonneborn-Berger, head to head or the difference.
#[must_use]
pub fn standings_with_byes(
    entrants: &[(i64, bool)],
    decided: &[Decided],
    byes: &[i64],
    points: Points,
) -> Vec<Row> {
    let index: HashMap<i64, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, &(p, _))| (p, i))
        .collect();
    let mut rows: Vec<Row> = entrants
        .iter()
        .map(|&(player, withdrawn)| Row {
            player,
            withdrawn,
            ..Row::default()
        })
        .collect();
    let known: Vec<&Decided> = decided
        .iter()
        .filter(|d| index.contains_key(&d.x) && index.contains_key(&d.o))
        .collect();
    for d in &known {
        for (me, side) in [(d.x, 0), (d.o, 1)] {
            let r = &mut rows[index[&me]];
            r.played += 1;
            if d.winner == me {
                r.won += 1;
                r.points += points.win;
                r.forfeit_wins += u32::from(d.forfeit);
            } else {
                r.lost += 1;
                r.points += points.loss;
                r.forfeit_losses += u32::from(d.forfeit);
            }
            if !d.forfeit {
                r.difference += d.score[side] - d.score[1 - side];
            }
        }
    }
    for b in byes {
        if let Some(&i) = index.get(b) {
            let r = &mut rows[i];
            r.played += 1;
            r.won += 1;
            r.points += points.win;
        }
    }
    let total: Vec<i64> = rows.iter().map(|r| r.points).collect();
    for d in &known {
        let loser = if d.winner == d.x { d.o } else { d.x };
        rows[index[&d.winner]].sonneborn_berger += total[index[&loser]];
        if total[index[&d.x]] == total[index[&d.o]] {
            rows[index[&d.winner]].head_to_head += points.win;
            rows[index[&loser]].head_to_head += points.loss;
        }
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (&rows[a], &rows[b]);
        rb.points
            .cmp(&ra.points)
            .then(rb.head_to_head.cmp(&ra.head_to_head))
            .then(rb.sonneborn_berger.cmp(&ra.sonneborn_berger))
            .then(rb.difference.cmp(&ra.difference))
            .then(a.cmp(&b))
    });
    order
        .into_iter()
        .enumerate()
        .map(|(i, r)| Row {
            rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
            ..rows[r].clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(x: i64, o: i64, winner: i64, score: [i64; 2]) -> Decided {
        Decided {
            x,
            o,
            winner,
            forfeit: false,
            score,
        }
    }

    fn order(rows: &[Row]) -> Vec<i64> {
        rows.iter().map(|r| r.player).collect()
    }

    #[test]
    fn points_first() {
        let e = [(1, false), (2, false), (3, false)];
        let d = [
            win(1, 2, 2, [0, 1]),
            win(2, 3, 2, [1, 0]),
            win(1, 3, 1, [1, 0]),
        ];
        let t = standings(&e, &d, Points::default());
        assert_eq!(order(&t), vec![2, 1, 3]);
        assert_eq!(
            (t[0].played, t[0].won, t[0].lost, t[0].points),
            (2, 2, 0, 2)
        );
        assert_eq!(t[2].points, 0);
    }

    #[test]
    fn head_to_head_breaks_a_tie_on_points_before_sonneborn_berger() {
        // 1 and 2 on 1 point each; 2 beat 1. 1 beat the strong 3 (2 points) by 5, so 1 has
        // the better Sonneborn-Berger (2 to 1), difference (+4 to +1) and entry order:
        // only head to head puts 2 first.
        let e = [(1, false), (2, false), (3, false), (4, false), (5, false)];
        let d = [
            win(1, 2, 2, [0, 1]),
            win(1, 3, 1, [5, 0]),
            win(3, 4, 3, [1, 0]),
            win(3, 5, 3, [1, 0]),
        ];
        let t = standings(&e, &d, Points::default());
        assert_eq!(order(&t), vec![3, 2, 1, 4, 5]);
        assert_eq!((t[1].head_to_head, t[2].head_to_head), (1, 0));
        assert_eq!((t[1].sonneborn_berger, t[2].sonneborn_berger), (1, 2));
        assert_eq!((t[1].difference, t[2].difference), (1, 4));
    }

    #[test]
    fn sonneborn_berger_then_difference_then_entry_order() {
        // A cycle: 1 beat 2, 2 beat 3, 3 beat 1; each has 1 point and 1 head to head.
        let e = [(1, false), (2, false), (3, false)];
        let d = [
            win(1, 2, 1, [3, 0]),
            win(2, 3, 2, [1, 0]),
            win(1, 3, 3, [0, 1]),
        ];
        let t = standings(&e, &d, Points::default());
        assert!(t.iter().all(|r| r.points == 1 && r.sonneborn_berger == 1));
        // Difference: 1 has +2, 2 has -2, 3 has 0.
        assert_eq!(order(&t), vec![1, 3, 2]);
        let even = [
            win(1, 2, 1, [1, 0]),
            win(2, 3, 2, [1, 0]),
            win(1, 3, 3, [0, 1]),
        ];
        assert_eq!(
            order(&standings(&e, &even, Points::default())),
            vec![1, 2, 3]
        );
        // Sonneborn-Berger decides when points and head to head do not: 4 beat the
        // strong 1; 5 beat the weak 3.
        let e = [(5, false), (4, false), (1, false), (3, false)];
        let d = [
            win(4, 1, 4, [1, 0]),
            win(5, 3, 5, [1, 0]),
            win(1, 3, 1, [1, 0]),
            win(1, 5, 1, [1, 0]),
        ];
        let t = standings(&e, &d, Points::default());
        let row = |p| t.iter().find(|r| r.player == p).unwrap().clone();
        assert_eq!((row(4).points, row(5).points), (1, 1));
        assert_eq!((row(4).sonneborn_berger, row(5).sonneborn_berger), (2, 0));
        assert!(row(4).rank < row(5).rank);
    }

    #[test]
    fn forfeits_count_and_are_marked_but_add_no_difference() {
        let e = [(1, false), (2, true)];
        let d = [Decided {
            x: 1,
            o: 2,
            winner: 1,
            forfeit: true,
            score: [0, 0],
        }];
        let t = standings(&e, &d, Points { win: 2, loss: 0 });
        assert_eq!(
            (t[0].player, t[0].forfeit_wins, t[0].points, t[0].difference),
            (1, 1, 2, 0)
        );
        assert_eq!((t[1].forfeit_losses, t[1].withdrawn), (1, true));
    }
}
