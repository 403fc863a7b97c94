//! The statistics of `/fair stats` (`docs/fair-dice.md`, "Dice statistics"): a tally of
//! two-dice throws, the expected numbers under fair dice, Pearson's chi-square tests and
//! their p-values from the chi-square survival function, computed here with the
//! regularized upper incomplete gamma function Q(k/2, x/2). Plain numbers in, numbers
//! out; a leaf module.

/// Below this many throws `/fair stats` says there are too few to judge: the 21-roll
/// test's smallest expected count (a given double, n/36) reaches 5 only at 180 throws,
/// the usual condition for the chi-square approximation.
pub const MIN_THROWS: u64 = 180;

/// The p-value under which a test is called unusual.
pub const UNUSUAL_P: f64 = 0.01;

/// The mean pips of a throw of two fair dice, doubles counted four times: 294 / 36.
pub const MEAN_PIPS: f64 = 294.0 / 36.0;

/// Two-dice throws counted: `pairs[a - 1][b - 1]` with `a >= b` (the higher die first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pairs: [[u64; 6]; 6],
}

impl Tally {
    /// Counts one throw of dice `a` and `b` (1 to 6 each; others are ignored).
    pub fn add(&mut self, a: u8, b: u8) {
        self.add_n(a, b, 1);
    }

    /// Counts `n` throws of dice `a` and `b`.
    pub fn add_n(&mut self, a: u8, b: u8, n: u64) {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return;
        }
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        self.pairs[usize::from(hi - 1)][usize::from(lo - 1)] += n;
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &Tally) {
        for hi in 0..6 {
            for lo in 0..6 {
                self.pairs[hi][lo] += other.pairs[hi][lo];
            }
        }
    }

    /// The throws counted.
    #[must_use]
    pub fn throws(&self) -> u64 {
        self.pairs.iter().flatten().sum()
    }

    /// How often each face came up, 1 to 6 (two dice a throw).
    #[must_use]
    pub fn faces(&self) -> [u64; 6] {
        let mut f = [0; 6];
        for hi in 0..6 {
            for lo in 0..=hi {
                f[hi] += self.pairs[hi][lo];
                f[lo] += self.pairs[hi][lo];
            }
        }
        f
    }

    /// The doubles thrown.
    #[must_use]
    pub fn doubles(&self) -> u64 {
        (0..6).map(|i| self.pairs[i][i]).sum()
    }

    /// The 21 distinct rolls in order 1-1, 2-1, 2-2, 3-1, ... 6-6, with their counts.
    #[must_use]
    pub fn rolls(&self) -> Vec<((u8, u8), u64)> {
        let mut out = Vec::with_capacity(21);
        for hi in 0..6u8 {
            for lo in 0..=hi {
                out.push((
                    (hi + 1, lo + 1),
                    self.pairs[usize::from(hi)][usize::from(lo)],
                ));
            }
        }
        out
    }

    /// The pips of every throw added up, doubles counted four times.
    #[must_use]
    pub fn pips(&self) -> u64 {
        self.rolls()
            .iter()
            .map(|&((a, b), n)| pips_of(a, b) * n)
            .sum()
    }

    /// The four tests on this tally: faces, doubles, the 21 rolls and the pips.
    #[must_use]
    pub fn tests(&self) -> [Test; 4] {
        let n = self.throws() as f64;
        let faces = self.faces().map(|c| c as f64);
        let face_expected = [2.0 * n / 6.0; 6];
        let doubles = self.doubles() as f64;
        let rolls: Vec<f64> = self.rolls().iter().map(|&(_, c)| c as f64).collect();
        let roll_expected: Vec<f64> = self
            .rolls()
            .iter()
            .map(|&((a, b), _)| if a == b { n / 36.0 } else { n / 18.0 })
            .collect();
        // The pips: the mean against 294/36 as a z-score, whose square is chi-square
        // with one degree of freedom.
        let variance = PIPS_SQUARED_MEAN - MEAN_PIPS * MEAN_PIPS;
        let z2 = if n > 0.0 {
            let d = self.pips() as f64 - n * MEAN_PIPS;
            d * d / (n * variance)
        } else {
            0.0
        };
        [
            Test::pearson("faces", &faces, &face_expected),
            Test::pearson(
                "doubles",
                &[doubles, n - doubles],
                &[n / 6.0, 5.0 * n / 6.0],
            ),
            Test::pearson("rolls", &rolls, &roll_expected),
            Test {
                name: "pips",
                statistic: z2,
                df: 1,
                p: chi_square_sf(z2, 1.0),
            },
        ]
    }
}

/// The pips of a throw, a double counted four times.
#[must_use]
pub fn pips_of(a: u8, b: u8) -> u64 {
    if a == b {
        4 * u64::from(a)
    } else {
        u64::from(a) + u64::from(b)
    }
}

/// The mean of the squared pips of a throw: (sum over the 30 non-doubles of (a + b)^2 +
/// sum over the doubles of (4a)^2) / 36 = (1974 - 364 + 1456) / 36.
const PIPS_SQUARED_MEAN: f64 = 3066.0 / 36.0;

/// One chi-square test.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// `faces`, `doubles`, `rolls`, `pips`.
    pub name: &'static str,
    pub statistic: f64,
    pub df: u32,
    /// The probability of a statistic at least this large with fair dice.
    pub p: f64,
}

impl Test {
    /// Pearson's test of `observed` against `expected` (df: the cells less one).
    fn pearson(name: &'static str, observed: &[f64], expected: &[f64]) -> Test {
        let statistic: f64 = observed
            .iter()
            .zip(expected)
            .filter(|(_, e)| **e > 0.0)
            .map(|(o, e)| (o - e) * (o - e) / e)
            .sum();
        let df = u32::try_from(observed.len().saturating_sub(1)).unwrap_or(0);
        Test {
            name,
            statistic,
            df,
            p: chi_square_sf(statistic, f64::from(df)),
        }
    }
}

/// The chi-square survival function: the probability that a chi-square variable with
/// `df` degrees of freedom is at least `x`, Q(df/2, x/2).
#[must_use]
pub fn chi_square_sf(x: f64, df: f64) -> f64 {
    if x <= 0.0 || df <= 0.0 {
        return 1.0;
    }
    gamma_q(df / 2.0, x / 2.0)
}

/// The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), by its
/// series below x = a + 1 and its continued fraction above (modified Lentz).
#[must_use]
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < a + 1.0 {
        (1.0 - gamma_p_series(a, x)).clamp(0.0, 1.0)
    } else {
        gamma_q_fraction(a, x).clamp(0.0, 1.0)
    }
}

const EPS: f64 = 1e-15;
const TINY: f64 = 1e-300;

/// P(a, x) by its series: e^-x x^a / Γ(a + 1) · Σ x^n / ((a + 1) ... (a + n)).
fn gamma_p_series(a: f64, x: f64) -> f64 {
    let mut term = 1.0 / a;
    let mut sum = term;
    let mut ap = a;
    for _ in 0..10_000 {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * EPS {
            break;
        }
    }
    sum * (-x + a * x.ln() - ln_gamma(a)).exp()
}

/// Q(a, x) by its continued fraction, evaluated by the modified Lentz method.
fn gamma_q_fraction(a: f64, x: f64) -> f64 {
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..10_000 {
        let an = -f64::from(i) * (f64::from(i) - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < EPS {
            break;
        }
    }
    (-x + a * x.ln() - ln_gamma(a)).exp() * h
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients: about 15 digits).
#[must_use]
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // The reflection formula.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = C[0];
    for (i, c) in C.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn ln_gamma_matches_factorials_and_the_half() {
        // Γ(n) = (n - 1)!, Γ(1/2) = √π
        for (n, f) in [(1.0, 1.0), (2.0, 1.0), (5.0, 24.0), (11.0, 3_628_800.0)] {
            assert!(close(ln_gamma(n), f64::ln(f), 1e-12), "Γ({n})");
        }
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn the_chi_square_survival_function_gives_the_tabled_values() {
        // Known values (tables; scipy.stats.chi2.sf)
        assert!(close(chi_square_sf(5.0, 5.0), 0.415_880_2, 1e-6));
        assert!(close(chi_square_sf(11.070_5, 5.0), 0.05, 1e-5));
        assert!(close(chi_square_sf(3.841_459, 1.0), 0.05, 1e-6));
        assert!(close(chi_square_sf(6.634_897, 1.0), 0.01, 1e-6));
        assert!(close(chi_square_sf(31.410_43, 20.0), 0.05, 1e-6));
        assert!(close(chi_square_sf(37.566_23, 20.0), 0.01, 1e-6));
        assert!(close(chi_square_sf(15.086_27, 5.0), 0.01, 1e-6));
        // Far in the tail (continued fraction) and near zero (series)
        assert!(close(chi_square_sf(100.0, 5.0), 5.285_148e-20, 1e-25));
        assert!(close(chi_square_sf(0.1, 5.0), 0.999_837_683, 1e-9));
    }

    #[test]
    fn with_two_degrees_of_freedom_the_survival_function_is_an_exponential() {
        for x in [0.01, 0.5, 1.0, 2.0, 3.0, 7.5, 20.0, 60.0] {
            let want = (-x / 2.0f64).exp();
            assert!(
                close(chi_square_sf(x, 2.0), want, 1e-12 * want.max(1e-3)),
                "x = {x}"
            );
        }
        assert_eq!(chi_square_sf(0.0, 5.0), 1.0);
    }

    #[test]
    fn one_degree_of_freedom_is_the_two_sided_normal_tail() {
        // P(|Z| >= 1.959964) = 0.05, P(|Z| >= 2.575829) = 0.01
        assert!(close(chi_square_sf(1.959_964f64.powi(2), 1.0), 0.05, 1e-6));
        assert!(close(chi_square_sf(2.575_829f64.powi(2), 1.0), 0.01, 1e-6));
    }

    #[test]
    fn the_mean_pips_of_fair_dice_are_294_over_36_with_doubles_counted_four_times() {
        let mut sum = 0;
        let mut squares = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                sum += pips_of(a, b);
                squares += pips_of(a, b) * pips_of(a, b);
            }
        }
        assert_eq!(sum, 294);
        assert_eq!(squares, 3066);
    }

    #[test]
    fn a_tally_of_each_of_the_36_throws_once_is_perfectly_fair() {
        let mut t = Tally::default();
        for a in 1..=6 {
            for b in 1..=6 {
                t.add(a, b);
            }
        }
        assert_eq!(t.throws(), 36);
        assert_eq!(t.faces(), [12; 6]);
        assert_eq!(t.doubles(), 6);
        assert_eq!(t.rolls().len(), 21);
        assert_eq!(t.rolls()[1], ((2, 1), 2));
        assert_eq!(t.pips(), 294);
        for test in t.tests() {
            assert!(test.statistic.abs() < 1e-9, "{test:?}");
            assert_eq!(test.p, 1.0, "{test:?}");
        }
    }

    #[test]
    fn a_tally_with_only_sixes_fails_every_test() {
        let mut t = Tally::default();
        t.add_n(6, 6, 200);
        for test in t.tests() {
            assert!(test.p < 1e-10, "{test:?}");
        }
        // The faces: 400 dice all sixes: chi-square = 5 * 66.67 + (400 - 66.67)^2 / 66.67
        let faces = &t.tests()[0];
        assert!(close(faces.statistic, 2000.0, 1e-9), "{faces:?}");
        assert_eq!(faces.df, 5);
    }
}
