//! FIBS ratings (the formula of the First Internet Backgammon Server's `help formula`),
//! as pure functions. Written out with the reasons for each choice in `docs/ratings.md`.
//!
//! - Everyone starts at [`START_RATING`] (1500) with experience 0; experience is the sum
//!   of the lengths of the player's finished rated matches.
//! - For an `n`-point match between ratings `r1` and `r2`, `D = |r1 - r2|` and the
//!   underdog's chance is `P_upset = 1 / (10^(D * sqrt(n) / 2000) + 1)`.
//! - `P = P_upset` if the favourite wins, `P = 1 - P_upset` if the underdog wins (equal
//!   ratings: `P = 1/2`).
//! - Each player's own `K = max(1, 5 - experience / 100)`, real division, experience
//!   before the match.
//! - The winner gains `4 * K_winner * sqrt(n) * P`; the loser loses `4 * K_loser * sqrt(n)
//!   * P`.
//!
//! Welsh matches are rated in a pool of their own with an effective length
//! ([`welsh_effective_length`]) in place of the games target.
//!
//! Values are kept at full precision (`f64`); [`format_rating`] and [`format_change`]
//! show two decimals.

use super::Ruleset;

/// Every player's rating before his first rated match.
pub const START_RATING: f64 = 1500.0;

/// The experience from which `K` stays at its floor of 1.
pub const VETERAN_EXPERIENCE: u32 = 400;

/// A player's standing in one rating pool (a community and a ruleset).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating itself, at full precision.
    pub value: f64,
    /// The sum of the (effective) lengths of the player's finished rated matches.
    pub experience: u32,
}

impl Rating {
    /// A newcomer: 1500 with experience 0.
    pub const NEW: Rating = Rating {
        value: START_RATING,
        experience: 0,
    };

    /// A rating with the given value and experience.
    #[must_use]
    pub const fn new(value: f64, experience: u32) -> Rating {
        Rating { value, experience }
    }

    /// This player's `K` for his next match: see [`k_factor`].
    #[must_use]
    pub fn k(&self) -> f64 {
        k_factor(self.experience)
    }
}

impl Default for Rating {
    /// [`Rating::NEW`].
    fn default() -> Rating {
        Rating::NEW
    }
}

/// What one finished match did to both players' ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The winner after the match.
    pub winner: Rating,
    /// The loser after the match.
    pub loser: Rating,
    /// What the winner gained (never negative).
    pub winner_delta: f64,
    /// What the loser lost, as a negative number (never positive).
    pub loser_delta: f64,
    /// The `P` of the formula: `P_upset` if the favourite won, `1 - P_upset` if the
    /// underdog won, 1/2 between equal ratings.
    pub p: f64,
}

/// The experience factor `K = max(1, 5 - experience / 100)`, with real division: 5 for a
/// newcomer, falling by 0.01 per point of experience, 1 from 400 on.
///
/// FIBS's `help formula` writes `max(1, -experience/100+5)` and its client's glossary
/// says `K` is "very close to 5.0" for a new player: a smooth slope, not steps of 100.
#[must_use]
pub fn k_factor(experience: u32) -> f64 {
    (5.0 - f64::from(experience) / 100.0).max(1.0)
}

/// The underdog's chance of winning an `length`-point match when the ratings differ by
/// `difference` (either sign): `1 / (10^(|D| * sqrt(n) / 2000) + 1)`. One half between
/// equal ratings, less otherwise.
#[must_use]
pub fn upset_probability(difference: f64, length: u32) -> f64 {
    let d = difference.abs();
    1.0 / (10f64.powf(d * f64::from(length).sqrt() / 2000.0) + 1.0)
}

/// The `P` of the formula for a match `winner` won against `loser`: the chance the
/// formula gave the loser. `P_upset` if the favourite (higher rating) won, `1 - P_upset`
/// if the underdog won, 1/2 between equal ratings.
#[must_use]
pub fn surprise(winner: f64, loser: f64, length: u32) -> f64 {
    let upset = upset_probability(winner - loser, length);
    if winner >= loser { upset } else { 1.0 - upset }
}

/// Rates a finished match of `length` points (for Welsh, the effective length, see
/// [`welsh_effective_length`]): both players' new ratings, the deltas and `P`.
///
/// Each player's `K` comes from his own experience before this match; each gains
/// `length` experience (saturating).
///
/// # Examples
///
/// Two veterans (`K = 1`) at 1500 play a 7-point match: the winner gains `2 * sqrt(7)`
/// and the loser loses as much.
///
/// ```
/// use engine::rating::{
///     Rating, format_change, format_rating, rate_match, rating_change,
/// };
///
/// let alice = Rating::new(1500.0, 400);
/// let bob = Rating::new(1500.0, 1000);
/// let change = rating_change(alice, bob, 7);
/// assert_eq!(format_change(change.winner_delta), "+5.29");
/// assert_eq!(format_change(change.loser_delta), "-5.29");
/// assert_eq!(format_rating(change.winner.value), "1505.29");
/// assert_eq!(change.winner.experience, 407);
///
/// let (winner, loser) = rate_match(alice, bob, 7);
/// assert_eq!((winner, loser), (change.winner, change.loser));
/// assert_eq!(format_rating(loser.value), "1494.71");
/// ```
#[must_use]
pub fn rating_change(winner: Rating, loser: Rating, length: u32) -> RatingChange {
    let p = surprise(winner.value, loser.value, length);
    let root = f64::from(length).sqrt();
    let winner_delta = 4.0 * winner.k() * root * p;
    let loser_delta = -4.0 * loser.k() * root * p;
    RatingChange {
        winner: Rating::new(
            winner.value + winner_delta,
            winner.experience.saturating_add(length),
        ),
        loser: Rating::new(
            loser.value + loser_delta,
            loser.experience.saturating_add(length),
        ),
        winner_delta,
        loser_delta,
        p,
    }
}

/// The winner's and the loser's ratings after a match of `length` points: the
/// ratings of [`rating_change`], which has an example.
#[must_use]
pub fn rate_match(winner: Rating, loser: Rating, length: u32) -> (Rating, Rating) {
    let c = rating_change(winner, loser, length);
    (c.winner, c.loser)
}

/// The match length the formula uses for a Welsh match to `target` games:
/// `round(7 * target / 25)`, at least 1. A match to 25 games counts as a 7-point match.
///
/// A Welsh game is worth several games on the score sheet (gammons count three times,
/// backgammons six, the first dance of a game turns the doubling die, a wash gives both
/// players a game) and the match has sudden endings (a rectangle wins it), so a match to
/// 25 is decided in a handful of games with more luck in each: in `n = 25` the formula
/// would take it for a long, low-luck match and move ratings twice as fast as for a
/// 7-pointer. The reasoning is in `docs/ratings.md`.
#[must_use]
pub fn welsh_effective_length(target: u32) -> u32 {
    let n = (7 * u64::from(target) + 12) / 25;
    u32::try_from(n).unwrap_or(u32::MAX).max(1)
}

/// The length a finished match of `ruleset` with `length` (points, or the Welsh games
/// target) is rated at: itself for standard matches, [`welsh_effective_length`] for Welsh.
#[must_use]
pub fn rated_length(ruleset: Ruleset, length: u32) -> u32 {
    match ruleset {
        Ruleset::Standard => length,
        Ruleset::Welsh => welsh_effective_length(length),
    }
}

/// A rating for people: two decimals, e.g. `1505.29`.
#[must_use]
pub fn format_rating(value: f64) -> String {
    format!("{value:.2}")
}

/// A change for people: two decimals with its sign, e.g. `+5.29`, `-5.29`, `+0.00`.
#[must_use]
pub fn format_change(delta: f64) -> String {
    let shown = format!("{:.2}", delta.abs());
    if delta < 0.0 && shown != "0.00" {
        format!("-{shown}")
    } else {
        format!("+{shown}")
    }
}
