//! Where dice come from. The club rolls; the engine validates.

use std::sync::Mutex;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A source of fair dice.
pub trait DiceSource: Send + Sync {
    /// One die, 1 to 6.
    fn die(&self) -> u8;

    /// A number below `n` (`n` >= 1), for shuffling a chouette's line.
    fn pick(&self, n: usize) -> usize;
}

/// A ChaCha12 generator (rand's `StdRng`): seeded from the operating system in
/// production, from a number in tests and with `--dice-seed N`.
#[derive(Debug)]
pub struct RngDice(Mutex<StdRng>);

impl RngDice {
    /// A cryptographically secure generator seeded from the OS.
    #[must_use]
    pub fn from_os() -> RngDice {
        RngDice(Mutex::new(rand::make_rng()))
    }

    /// A generator that gives the same dice for the same seed.
    #[must_use]
    pub fn seeded(seed: u64) -> RngDice {
        RngDice(Mutex::new(StdRng::seed_from_u64(seed)))
    }
}

impl DiceSource for RngDice {
    fn die(&self) -> u8 {
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.random_range(1..=6)
    }

    fn pick(&self, n: usize) -> usize {
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.random_range(0..n.max(1))
    }
}
