//! Lengths of time as players and settings type them: `2d`, `12h`, `30m`, `90s`, or plain
//! seconds. The one reader for challenge clocks, `/league extend` and the rate-limit window.

use crate::DAY;
use engine::excerpt;

/// A length of time in whole seconds, read from `2d`, `12h`, `30m`, `90s` or `90`, and
/// written back in the largest unit that divides it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span(pub i64);

impl Span {
    /// The span in seconds.
    #[must_use]
    pub const fn seconds(self) -> i64 {
        self.0
    }
}

/// Text that is not a length of time.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpanError {
    /// It does not start with a number.
    #[error("`{}` is not a duration: write 2d, 12h, 30m", excerpt(.0))]
    NotANumber(String),
    /// The number is followed by something other than one unit.
    #[error("`{}`: a duration ends in d, h, m or s", excerpt(.0))]
    Unit(String),
    /// More seconds than can be counted.
    #[error("`{}` is too long", excerpt(.0))]
    TooLong(String),
}

impl std::str::FromStr for Span {
    type Err = SpanError;

    /// Digits, then at once one of `d`, `h`, `m`, `s` (or nothing: seconds). No sign, no
    /// space, no fraction.
    fn from_str(text: &str) -> Result<Span, SpanError> {
        let (num, unit) = text.split_at(
            text.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len()),
        );
        let n: i64 = num
            .parse()
            .map_err(|_| SpanError::NotANumber(text.to_string()))?;
        let mul = match unit {
            "" | "s" => 1,
            "m" => 60,
            "h" => 3600,
            "d" => DAY,
            _ => return Err(SpanError::Unit(text.to_string())),
        };
        n.checked_mul(mul)
            .map(Span)
            .ok_or_else(|| SpanError::TooLong(text.to_string()))
    }
}

impl std::fmt::Display for Span {
    /// `2d`, `12h`, `30m`, `90s`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.0;
        match s {
            0 => f.write_str("0s"),
            _ if s % DAY == 0 => write!(f, "{}d", s / DAY),
            _ if s % 3600 == 0 => write!(f, "{}h", s / 3600),
            _ if s % 60 == 0 => write!(f, "{}m", s / 60),
            _ => write!(f, "{s}s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Span, SpanError};

    #[test]
    fn spans_read_one_number_and_one_unit_and_print_back() {
        for (text, secs) in [("2d", 172_800), ("12h", 43_200), ("30m", 1800), ("90s", 90)] {
            let span: Span = text.parse().unwrap();
            assert_eq!(span, Span(secs));
            assert_eq!(span.to_string(), text);
        }
        assert_eq!("90".parse(), Ok(Span(90)));
        assert_eq!(Span(3600).to_string(), "1h");
        for text in ["", "d", "+2d", "-2d", "2 d", "2dd", "1.5h", "2w"] {
            assert!(text.parse::<Span>().is_err(), "`{text}` was read");
        }
        assert!(matches!(
            "99999999999999999d".parse::<Span>(),
            Err(SpanError::TooLong(_))
        ));
    }
}
