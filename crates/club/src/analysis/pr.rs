//! A player's PR over his last analysed matches, with its 95% interval (docs/analysis.md,
//! "PR where players look"). Plain arithmetic on per-match figures; a leaf.
//!
//! Over the last [`PR_WINDOW`] analysed matches `i` (PR `p_i`, decisions `n_i`: unforced
//! moves plus close cube decisions, gnubg's count):
//!
//! - the PR is the decisions-weighted mean `P = sum(n_i p_i) / sum(n_i)`, which is the PR
//!   of all those decisions taken together (total error / total decisions x 500);
//! - its standard error treats each match as one draw (the ratio estimator's, matches as
//!   clusters): `SE^2 = k/(k-1) * sum(w_i^2 (p_i - P)^2)` with `w_i = n_i / sum(n)` and `k`
//!   matches; with equal decisions it is the ordinary `s / sqrt(k)`;
//! - the 95% interval is `P +- t(k-1) * SE`, `t` Student's 97.5% quantile (1.96 past 30
//!   degrees of freedom); it needs two matches.

/// How many of a player's last analysed matches his PR covers.
pub const PR_WINDOW: usize = 20;

/// The fewest analysed matches for a PR to be shown beside a rating (`/rating`, the
/// leaderboard's column): with fewer the interval is too wide to say much.
pub const PR_MIN_MATCHES: u32 = 3;

/// Student's t, 97.5% quantile, for 1 to 30 degrees of freedom.
const T975: [f64; 30] = [
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
    2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687,
    2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
];

/// Student's t 97.5% quantile for `df` degrees of freedom (the normal 1.96 past 30).
#[must_use]
pub fn t975(df: usize) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T975[df - 1],
        _ => 1.96,
    }
}

/// One analysed match of a player's: when it ended, his PR there and the decisions
/// it counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchPr {
    pub match_id: i64,
    /// When the match ended (Unix seconds).
    pub at: i64,
    pub pr: f64,
    /// Unforced moves plus close cube decisions.
    pub decisions: u32,
}

/// A player's PR over his last analysed matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrSummary {
    /// The decisions-weighted PR.
    pub pr: f64,
    /// Half the 95% interval's width (`None` with one match).
    pub half_width: Option<f64>,
    /// Matches counted (at most [`PR_WINDOW`]).
    pub matches: u32,
    /// Decisions counted.
    pub decisions: u32,
}

impl PrSummary {
    /// The interval's ends, the lower one not below 0 (a PR is never negative).
    #[must_use]
    pub fn interval(&self) -> Option<(f64, f64)> {
        self.half_width
            .map(|h| ((self.pr - h).max(0.0), self.pr + h))
    }

    /// In words: `PR 6.3 (95% interval 3.1-9.6) over the last 4 analysed matches`.
    #[must_use]
    pub fn words(&self) -> String {
        let over = if self.matches == 1 {
            "over 1 analysed match".to_string()
        } else {
            format!("over the last {} analysed matches", self.matches)
        };
        match self.interval() {
            Some((lo, hi)) => format!("PR {:.1} (95% interval {lo:.1}-{hi:.1}) {over}", self.pr),
            None => format!("PR {:.1} {over} (one match: no interval yet)", self.pr),
        }
    }

    /// Short, for a table's cell: `6.3 ±3.2`.
    #[must_use]
    pub fn cell(&self) -> String {
        match self.half_width {
            Some(h) => format!("{:.1} \u{b1}{h:.1}", self.pr),
            None => format!("{:.1}", self.pr),
        }
    }
}

/// The PR over the last [`PR_WINDOW`] of `matches` (oldest first) that count a decision,
/// with its interval; `None` when none does.
#[must_use]
pub fn pr_summary(matches: &[MatchPr]) -> Option<PrSummary> {
    let counted: Vec<&MatchPr> = matches.iter().filter(|m| m.decisions > 0).collect();
    let last = &counted[counted.len().saturating_sub(PR_WINDOW)..];
    let total: u32 = last.iter().map(|m| m.decisions).sum();
    if last.is_empty() || total == 0 {
        return None;
    }
    let n = f64::from(total);
    let pr = last
        .iter()
        .map(|m| f64::from(m.decisions) * m.pr)
        .sum::<f64>()
        / n;
    let k = last.len();
    let half_width = (k >= 2).then(|| {
        let spread: f64 = last
            .iter()
            .map(|m| (f64::from(m.decisions) / n).powi(2) * (m.pr - pr).powi(2))
            .sum();
        let se = (k as f64 / (k as f64 - 1.0) * spread).sqrt();
        t975(k - 1) * se
    });
    Some(PrSummary {
        pr,
        half_width,
        matches: u32::try_from(k).unwrap_or(u32::MAX),
        decisions: total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pr: f64, decisions: u32) -> MatchPr {
        MatchPr {
            match_id: 0,
            at: 0,
            pr,
            decisions,
        }
    }

    // The expected figures were computed apart, in Python with mpmath (the t quantile by
    // root-finding on the regularised incomplete beta), from the formula in the module doc.

    #[test]
    fn the_pr_is_weighted_by_decisions_and_its_interval_is_the_ratio_estimators() {
        let s = pr_summary(&[m(4.0, 100), m(10.0, 50), m(7.0, 150), m(5.5, 60)]).unwrap();
        assert!((s.pr - 6.333_333).abs() < 1e-6, "{s:?}");
        let h = s.half_width.unwrap();
        assert!((h - 3.236_913).abs() < 1e-3, "{s:?}");
        assert_eq!((s.matches, s.decisions), (4, 360));
        assert_eq!(
            s.words(),
            "PR 6.3 (95% interval 3.1-9.6) over the last 4 analysed matches"
        );
    }

    #[test]
    fn with_equal_decisions_the_interval_is_the_ordinary_t_interval() {
        // 3, 6, 9: mean 6, s = 3, s/sqrt(3) = 1.732, t(2) = 4.3027
        let s = pr_summary(&[m(3.0, 80), m(6.0, 80), m(9.0, 80)]).unwrap();
        assert!((s.pr - 6.0).abs() < 1e-9);
        assert!((s.half_width.unwrap() - 7.452_413).abs() < 1e-3, "{s:?}");
        // The low end is shown no lower than 0
        assert_eq!(s.interval().unwrap().0, 0.0);
    }

    #[test]
    fn only_the_last_twenty_matches_with_a_decision_count() {
        let mut all = vec![m(50.0, 100); 5];
        all.push(m(99.0, 0));
        all.extend(vec![m(5.0, 100); PR_WINDOW]);
        let s = pr_summary(&all).unwrap();
        assert_eq!(s.matches, 20);
        assert!((s.pr - 5.0).abs() < 1e-9 && s.half_width.unwrap().abs() < 1e-9);
    }

    #[test]
    fn one_match_has_no_interval_and_none_has_no_pr() {
        let s = pr_summary(&[m(8.0, 40)]).unwrap();
        assert_eq!(s.half_width, None);
        assert_eq!(s.cell(), "8.0");
        assert_eq!(pr_summary(&[]), None);
        assert_eq!(pr_summary(&[m(8.0, 0)]), None);
    }
}
