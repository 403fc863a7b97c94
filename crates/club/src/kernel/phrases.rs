//! Phrases used all over the club: a duration, a time in UTC, a ruleset's name, a list
//! ending in "or". Plain values in, words out; a leaf module (it names no other part of
//! the club), so any part may use it.

use crate::command::DAY;
use engine::Ruleset;
use engine::utc_date;

/// "2 days 3 hours", "45 minutes".
#[must_use]
pub fn duration_words(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / DAY, secs % DAY / 3600, secs % 3600 / 60);
    let unit = |n: i64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (d, h) {
        // Under a minute: the seconds, never "0 minutes".
        (0, 0) if m == 0 => unit(secs, "second"),
        (0, 0) => unit(m, "minute"),
        (0, _) if m == 0 => unit(h, "hour"),
        (0, _) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (_, 0) => unit(d, "day"),
        _ => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// A time as people read it: `2027-01-15 08:00 UTC`.
#[must_use]
pub fn utc_words(at: i64) -> String {
    let ((year, month, day), (hour, minute)) = utc_date(at);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// A ruleset's name in a sentence.
pub(crate) fn ruleset_word(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Standard => "standard",
        Ruleset::Welsh => "Welsh",
    }
}

/// Choices as a list ending in "or": `roll, double or resign`.
pub(crate) fn join_or(opts: &[&str]) -> String {
    match opts {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc_dates() {
        assert_eq!(utc_words(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_words(1_800_000_000), "2027-01-15 08:00 UTC");
        assert_eq!(utc_words(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_words(1_709_251_199), "2024-02-29 23:59 UTC");
    }
}
