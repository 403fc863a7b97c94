//! The words of `/vacation`: a number of days, `end`, nothing (show), or
//! `from:YYYY-MM-DD to:YYYY-MM-DD`.

use super::refusal::VacationRefusal;
use crate::ClubError;
use crate::DAY;
use jiff::civil::Date;
use jiff::tz::TimeZone;

/// A vacation command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationOp {
    /// The days used and left this year (and the vacation running, if any).
    Show,
    /// Go on vacation for this many days, from now.
    Take(i64),
    /// Away from the first day to the last, both included (dates in the player's time
    /// zone, else UTC): planned to begin at the first day's midnight, or now if that is
    /// today.
    Plan { from: Date, to: Date },
    /// Come back before the planned end.
    End,
    /// The server's yearly allowance: shown, or set (`days`) by a manager of the server
    /// (`manager`: the platform says the sender may manage it; the local chat has no rights,
    /// so anyone may).
    Allowance { days: Option<i64>, manager: bool },
}

impl VacationOp {
    /// Reads `/vacation`'s words: nothing (show), `5d`, `5`, `5 days`, `end`, or
    /// `from:YYYY-MM-DD to:YYYY-MM-DD`.
    ///
    /// # Errors
    /// Anything else, with what to write.
    pub fn parse(text: &str) -> Result<VacationOp, ClubError> {
        let t = text.trim().to_lowercase();
        if t.is_empty() || t == "show" {
            return Ok(VacationOp::Show);
        }
        if t == "end" {
            return Ok(VacationOp::End);
        }
        if t.contains("from:") || t.contains("to:") {
            return parse_range(&t);
        }
        let number = ["days", "day", "d"]
            .iter()
            .find_map(|u| t.strip_suffix(u))
            .unwrap_or(&t)
            .trim();
        match number.parse::<i64>() {
            Ok(n) => Ok(VacationOp::Take(n)),
            Err(_) => Err(VacationRefusal::NotADayCount {
                text: text.to_string(),
            }
            .into()),
        }
    }
}

/// `from:YYYY-MM-DD to:YYYY-MM-DD` (either order).
fn parse_range(t: &str) -> Result<VacationOp, ClubError> {
    let date = |key: &'static str, d: &str| -> Result<Date, ClubError> {
        let bad = || {
            ClubError::from(VacationRefusal::NotADate {
                key,
                text: d.to_string(),
            })
        };
        if d.len() != 10 {
            return Err(bad());
        }
        d.parse::<Date>().map_err(|_| bad())
    };
    let (mut from, mut to) = (None, None);
    for w in t.split_whitespace() {
        if let Some(d) = w.strip_prefix("from:") {
            from = Some(date("from", d)?);
        } else if let Some(d) = w.strip_prefix("to:") {
            to = Some(date("to", d)?);
        } else {
            return Err(VacationRefusal::NotFromTo {
                text: w.to_string(),
            }
            .into());
        }
    }
    match (from, to) {
        (Some(from), Some(to)) => Ok(VacationOp::Plan { from, to }),
        _ => Err(VacationRefusal::BothDates.into()),
    }
}

/// The moment a day begins in `tz` (its first moment, if a change of clocks skips
/// midnight).
pub(super) fn day_start(tz: &TimeZone, d: Date) -> i64 {
    d.to_zoned(tz.clone())
        .map_or(0, |z| z.timestamp().as_second())
}

/// The number of days from 1970-01-01 to `d`.
pub(super) fn day_number(d: Date) -> i64 {
    day_start(&TimeZone::UTC, d).div_euclid(DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_read_days_end_and_nothing() {
        let read = |t: &str| VacationOp::parse(t).ok();
        assert_eq!(read(""), Some(VacationOp::Show));
        assert_eq!(read("5d"), Some(VacationOp::Take(5)));
        assert_eq!(read("5 days"), Some(VacationOp::Take(5)));
        assert_eq!(read("-2d"), Some(VacationOp::Take(-2)));
        assert_eq!(read("END"), Some(VacationOp::End));
        assert!(VacationOp::parse("soon").is_err());
        assert!(VacationOp::parse("5h").is_err());
        let (from, to) = (Date::constant(2027, 7, 1), Date::constant(2027, 7, 5));
        assert_eq!(
            read("from:2027-07-01 to:2027-07-05"),
            Some(VacationOp::Plan { from, to })
        );
        assert_eq!(
            read("to:2027-07-05 from:2027-07-01"),
            Some(VacationOp::Plan { from, to })
        );
        for bad in [
            "from:2027-07-01",
            "from:2027-7-1 to:2027-07-05",
            "from:2027-02-30 to:2027-03-01",
            "from:2027-07-01 to:2027-07-05 soon",
        ] {
            assert!(VacationOp::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn what_is_no_number_of_days_nor_dates_is_refused_with_the_text_given() {
        use crate::{Refusal, VacationRefusal as V};
        let refusal = |t: &str| match VacationOp::parse(t) {
            Err(ClubError::Refused(Refusal::Vacation(v))) => v,
            other => panic!("{t}: {other:?}"),
        };
        assert!(matches!(refusal("soon"), V::NotADayCount { text } if text == "soon"));
        assert!(matches!(
            refusal("from:2027-7-1 to:2027-07-05"),
            V::NotADate { key: "from", text } if text == "2027-7-1"
        ));
        assert!(matches!(
            refusal("from:2027-07-01 to:2027-07-05 soon"),
            V::NotFromTo { text } if text == "soon"
        ));
        assert!(matches!(refusal("from:2027-07-01"), V::BothDates));
    }
}
