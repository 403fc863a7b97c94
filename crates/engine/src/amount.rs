//! Amounts of money (stakes, entry fees, prizes) in minor units, read and written as
//! `10.00`.

use thiserror::Error;

use super::excerpt;

/// An amount in minor units (cents): `10.00` is `Amount(1000)`. Read with one rule
/// everywhere ([`Amount::from_str`]) and written as `10.00`.
///
/// [`Amount::from_str`]: std::str::FromStr::from_str
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(pub u64);

/// The most whole units an amount may have when typed: seven digits (9,999,999.99).
pub const AMOUNT_MAX_WHOLE_DIGITS: usize = 7;

impl Amount {
    /// The amount in minor units.
    #[must_use]
    pub const fn minor(self) -> u64 {
        self.0
    }
}

/// Text that is not an amount (`10`, `10.5` or `10.50`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{}` is not an amount like 1.00", excerpt(.0))]
pub struct AmountError(pub String);

impl std::str::FromStr for Amount {
    type Err = AmountError;

    /// `10`, `10.5`, `10.50`: one to seven digits, then optionally a point and one or two
    /// digits; spaces around it are ignored. Nothing else: no sign, no `10.` or `.5`, no
    /// thousands separators.
    fn from_str(text: &str) -> Result<Amount, AmountError> {
        let bad = || AmountError(text.to_string());
        let t = text.trim();
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (t, None),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || whole.len() > AMOUNT_MAX_WHOLE_DIGITS {
            return Err(bad());
        }
        let cents = match frac {
            None => 0,
            Some(f) if digits(f) && f.len() <= 2 => {
                let n: u64 = f.parse().map_err(|_| bad())?;
                if f.len() == 1 { n * 10 } else { n }
            }
            Some(_) => return Err(bad()),
        };
        let whole: u64 = whole.parse().map_err(|_| bad())?;
        Ok(Amount(whole * 100 + cents))
    }
}

impl std::fmt::Display for Amount {
    /// `14.00`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::Amount;

    #[test]
    fn amounts_read_whole_units_and_up_to_two_decimals() {
        for (text, minor) in [
            ("0", 0),
            ("10", 1000),
            ("10.5", 1050),
            ("10.50", 1050),
            ("1.05", 105),
            (" 2.00 ", 200),
            ("9999999.99", 999_999_999),
        ] {
            assert_eq!(text.parse::<Amount>(), Ok(Amount(minor)), "{text}");
        }
        assert_eq!(Amount(1050).to_string(), "10.50");
        assert_eq!(Amount(5).to_string(), "0.05");
    }

    #[test]
    fn amounts_refuse_signs_bare_points_extra_decimals_and_overlong_numbers() {
        for text in [
            "", "+1", "-1", "1.", ".5", "1.+5", "1.-5", "1.005", "1,00", "1 000", "abc",
            "10000000", "1e3",
        ] {
            assert!(text.parse::<Amount>().is_err(), "`{text}` was read");
        }
        let e = "1.+5".parse::<Amount>().unwrap_err().to_string();
        assert!(e.contains("is not an amount like 1.00"), "{e}");
    }
}
