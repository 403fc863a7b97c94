//! A throw of two dice.

use std::fmt;

use thiserror::Error;

/// A die value outside 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("a die shows 1 to 6, not {0}")]
pub struct DiceError(pub u8);

/// Two dice as thrown. The order is kept (it is the order in which the generator tries
/// them, as gnubg does); display puts the higher die first, as backgammon notation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Dice {
    first: u8,
    second: u8,
}

impl Dice {
    /// Two dice.
    ///
    /// # Errors
    /// A value outside 1..=6.
    pub fn new(first: u8, second: u8) -> Result<Dice, DiceError> {
        for d in [first, second] {
            if !(1..=6).contains(&d) {
                return Err(DiceError(d));
            }
        }
        Ok(Dice { first, second })
    }

    /// The dice in the order thrown.
    #[must_use]
    pub const fn values(self) -> [u8; 2] {
        [self.first, self.second]
    }

    /// The higher die.
    #[must_use]
    pub fn high(self) -> u8 {
        self.first.max(self.second)
    }

    /// The lower die.
    #[must_use]
    pub fn low(self) -> u8 {
        self.first.min(self.second)
    }

    /// Both dice show the same number.
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.first == self.second
    }

    /// The 21 distinct rolls, non-doubles with the higher die first.
    #[must_use]
    pub fn all_rolls() -> Vec<Dice> {
        let mut v = Vec::with_capacity(21);
        for a in 1..=6u8 {
            for b in 1..=a {
                v.push(Dice {
                    first: a,
                    second: b,
                });
            }
        }
        v
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}
