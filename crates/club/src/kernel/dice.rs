//! Where dice come from. The club rolls; the engine validates.
//!
//! Production throws are provably fair (`club::fair`, `docs/fair-dice.md`): the source only
//! gives the secret bytes (chain tops, default player seeds) and the dice come from the
//! match's hash chain. A source that gives no secrets (seeded test dice, `--dice-seed N`)
//! rolls each die itself.

use std::sync::Mutex;

use rand::rngs::{StdRng, SysRng};
use rand::{RngExt, SeedableRng, TryRng};

/// A source of fair dice.
pub trait DiceSource: Send + Sync {
    /// One die, 1 to 6.
    fn die(&self) -> u8;

    /// A number below `n` (`n` >= 1), for shuffling a chouette's line.
    fn pick(&self, n: usize) -> usize;

    /// Fills `buf` with secret bytes for the provably fair scheme and answers `true`; a
    /// source whose throws are not provably fair (the default) answers `false` and the
    /// club rolls [`DiceSource::die`] instead.
    fn secret(&self, buf: &mut [u8]) -> bool {
        let _ = buf;
        false
    }
}

/// A ChaCha12 generator (rand's `StdRng`): seeded from the operating system in
/// production, from a number in tests and with `--dice-seed N`.
#[derive(Debug)]
pub struct RngDice {
    rng: Mutex<StdRng>,
    fair: Fair,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fair {
    /// Each die from the generator.
    Off,
    /// Provably fair throws, secrets from the OS CSPRNG.
    Os,
    /// Provably fair throws, secrets from the seeded generator (tests).
    Seeded,
}

impl RngDice {
    /// Production dice: provably fair throws, their secrets drawn from the OS CSPRNG;
    /// a chouette's line is shuffled by a generator seeded from the OS.
    #[must_use]
    pub fn from_os() -> RngDice {
        RngDice {
            rng: Mutex::new(rand::make_rng()),
            fair: Fair::Os,
        }
    }

    /// A generator that gives the same dice for the same seed (each die from it; not the
    /// provably fair scheme).
    #[must_use]
    pub fn seeded(seed: u64) -> RngDice {
        RngDice {
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            fair: Fair::Off,
        }
    }

    /// The provably fair scheme with its secrets from a generator seeded with `seed`: the
    /// same chains and default player seeds for the same seed (tests of the scheme).
    #[must_use]
    pub fn fair_seeded(seed: u64) -> RngDice {
        RngDice {
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            fair: Fair::Seeded,
        }
    }

    fn rng(&self) -> std::sync::MutexGuard<'_, StdRng> {
        self.rng
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl DiceSource for RngDice {
    fn die(&self) -> u8 {
        self.rng().random_range(1..=6)
    }

    fn pick(&self, n: usize) -> usize {
        self.rng().random_range(0..n.max(1))
    }

    fn secret(&self, buf: &mut [u8]) -> bool {
        match self.fair {
            Fair::Off => false,
            Fair::Os => {
                if SysRng.try_fill_bytes(buf).is_err() {
                    // No OS randomness now: the generator (itself seeded from the OS).
                    for b in buf.iter_mut() {
                        *b = self.rng().random();
                    }
                }
                true
            }
            Fair::Seeded => {
                let mut rng = self.rng();
                for b in buf.iter_mut() {
                    *b = rng.random();
                }
                true
            }
        }
    }
}
