//! Two players against each other: games in pairs on the same dice, sides swapped, with
//! wins, points and a 95% Wilson interval on the share of games won.

use engine::Side;

use crate::game::{Refused, fresh_match, play_game};
use crate::player::WelshPlayer;
use crate::rng::Rng;

/// What a duel measured, from the first player's (A's) side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DuelResult {
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub wins_a: u32,
    /// Games B won.
    pub wins_b: u32,
    /// Washed games (rule 22): no winner.
    pub washes: u32,
    /// Points (games scored, doubling die, gammons and backgammons counted) A won.
    pub points_a: u64,
    /// Points B won.
    pub points_b: u64,
}

/// The 95% Wilson score interval of a share `wins / n` (`(0, 1)` when `n` is 0).
#[must_use]
pub fn wilson95(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let p = wins / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl DuelResult {
    /// A's share of the games, a wash counting half.
    #[must_use]
    pub fn share(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (f64::from(self.wins_a) + f64::from(self.washes) / 2.0) / f64::from(self.games)
    }

    /// The 95% Wilson interval of A's share.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        wilson95(
            f64::from(self.wins_a) + f64::from(self.washes) / 2.0,
            f64::from(self.games),
        )
    }

    /// A's share of the points won.
    #[must_use]
    pub fn points_share(&self) -> f64 {
        let all = self.points_a + self.points_b;
        if all == 0 {
            return 0.5;
        }
        self.points_a as f64 / all as f64
    }
}

impl std::fmt::Display for DuelResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lo, hi) = self.interval();
        write!(
            f,
            "{} games: A won {}, B won {}, washes {}; A {:.1}% of games (95% {:.1}% to {:.1}%); points A {} B {} (A {:.1}%)",
            self.games,
            self.wins_a,
            self.wins_b,
            self.washes,
            100.0 * self.share(),
            100.0 * lo,
            100.0 * hi,
            self.points_a,
            self.points_b,
            100.0 * self.points_share()
        )
    }
}

/// The dice seed of pair `k` of a duel seeded `seed`.
pub(crate) fn pair_seed(seed: u64, k: u32) -> u64 {
    let mut z = seed ^ (u64::from(k) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `games` games of `a` against `b` (see [`duel_with`]).
///
/// # Errors
/// The first action the engine refused.
pub fn duel(
    a: &mut dyn WelshPlayer,
    b: &mut dyn WelshPlayer,
    games: u32,
    seed: u64,
) -> Result<DuelResult, Refused> {
    duel_with(a, b, games, seed, &mut |_| {})
}

/// Plays `games` games of `a` against `b`, each a fresh match played to the end of its
/// first game. Games go in pairs: game `2k` has A as X, game `2k + 1` A as O, both on
/// the dice of pair `k` (drawn from `seed`). `progress` sees the result after each game.
///
/// # Errors
/// The first action the engine refused.
pub fn duel_with(
    a: &mut dyn WelshPlayer,
    b: &mut dyn WelshPlayer,
    games: u32,
    seed: u64,
    progress: &mut dyn FnMut(&DuelResult),
) -> Result<DuelResult, Refused> {
    let mut r = DuelResult::default();
    for g in 0..games {
        let mut dice = Rng::new(pair_seed(seed, g / 2));
        let a_side = if g % 2 == 0 { Side::X } else { Side::O };
        let players: [&mut dyn WelshPlayer; 2] = if a_side == Side::X {
            [&mut *a, &mut *b]
        } else {
            [&mut *b, &mut *a]
        };
        let (_, out) = play_game(players, &mut dice, fresh_match(25), &mut |_, _| {})?;
        r.games += 1;
        match out.winner {
            None => r.washes += 1,
            Some(w) if w == a_side => {
                r.wins_a += 1;
                r.points_a += u64::from(out.games.max(1));
            }
            Some(_) => {
                r.wins_b += 1;
                r.points_b += u64::from(out.games.max(1));
            }
        }
        progress(&r);
    }
    Ok(r)
}
