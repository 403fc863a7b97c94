//! The refusals of a vacation: its days and dates as written, the allowance, a vacation
//! already running or overlapping, and a change that met another.

use jiff::civil::Date;

use crate::kernel::phrases::utc_words;

/// A vacation command refused.
#[derive(Debug, thiserror::Error)]
pub enum VacationRefusal {
    /// The allowance set by someone who may not manage the server.
    #[error("the vacation allowance is a server setting: it needs the right to manage this server")]
    NotManager,
    /// An allowance out of range: the days asked for and the most.
    #[error("vacation-days: a whole number of days from 0 to {most}, not {days}")]
    AllowanceDays {
        /// The days asked for.
        days: i64,
        /// The most allowed.
        most: i64,
    },
    /// A vacation of no day or fewer.
    #[error("vacation: at least one day, e.g. /vacation 5d; not {days}")]
    TooFewDays {
        /// The days asked for.
        days: i64,
    },
    /// A number of days that is no number (as written).
    #[error(
        "vacation: a number of days like 5d, or end; not `{}`",
        engine::excerpt(.text)
    )]
    NotADayCount {
        /// The text given.
        text: String,
    },
    /// `from:` or `to:` that is no date (as written).
    #[error(
        "vacation: {key}:{} is not a date; write it as YYYY-MM-DD, e.g. {key}:2027-07-01",
        engine::excerpt(.text)
    )]
    NotADate {
        /// `from` or `to`.
        key: &'static str,
        /// The text given.
        text: String,
    },
    /// A word that is neither `from:` nor `to:` (as written).
    #[error(
        "vacation: dates as from:YYYY-MM-DD to:YYYY-MM-DD (the first and the last day away), not `{}`",
        engine::excerpt(.text)
    )]
    NotFromTo {
        /// The word given.
        text: String,
    },
    /// Only one of `from:` and `to:`.
    #[error(
        "vacation: give both from:YYYY-MM-DD and to:YYYY-MM-DD (the first and the last day away)"
    )]
    BothDates,
    /// The last day before the first.
    #[error(
        "vacation: to:{to} is before from:{from}; the last day away comes on or after the first"
    )]
    ToBeforeFrom {
        /// The first day away.
        from: Date,
        /// The last day away.
        to: Date,
    },
    /// A first day that has passed, in the player's zone.
    #[error(
        "vacation: from:{from} has passed (today is {today}, {}); a vacation begins today or later",
        in_zone_words(.zone)
    )]
    FromPassed {
        /// The first day asked for.
        from: Date,
        /// Today, in the player's zone.
        today: Date,
        /// The player's zone's name (`UTC` if none is set).
        zone: String,
    },
    /// More days than are left in the year.
    #[error(
        "you have {left} vacation day{} left in {year} (of {allowance}); ask for {left} or fewer",
        if *.left == 1 { "" } else { "s" }
    )]
    DaysLeft {
        /// The days left.
        left: i64,
        /// The year.
        year: i64,
        /// The year's allowance.
        allowance: i64,
    },
    /// Another vacation, planned or begun, shares some time with this one.
    #[error(
        "you have a vacation {}from {} to {}; a new one may not overlap it{}",
        if *.planned { "planned " } else { "" },
        utc_words(*.from),
        utc_words(*.to),
        if *.planned { " (/vacation end cancels it)" } else { "" }
    )]
    Overlap {
        /// Whether it is planned (not begun).
        planned: bool,
        /// Its start.
        from: i64,
        /// Its end.
        to: i64,
    },
    /// A vacation while one runs, until this time.
    #[error("you are already on vacation until {}; /vacation end comes back early", utc_words(*.until))]
    AlreadyAway {
        /// When it ends.
        until: i64,
    },
    /// `/vacation end` with none running or planned.
    #[error("you are not on vacation; /vacation 5d starts one")]
    NotAway,
    /// `/vacation end` of a vacation that ended meanwhile.
    #[error("your vacation has already ended")]
    AlreadyEnded,
    /// The player's vacations changed while one was planned.
    #[error("your vacations changed while this one was planned; try again")]
    ChangedWhilePlanned,
    /// The player's matches moved on while a vacation began, on every try.
    #[error("your matches moved on while the vacation was set; try again")]
    MovedOnWhileSet,
    /// The player's matches moved on while a vacation ended, on every try.
    #[error("your matches moved on while the vacation was ended; try again")]
    MovedOnWhileEnded,
    /// A planned vacation began or was cancelled while it was being cancelled.
    #[error("your planned vacation began or was cancelled meanwhile; see /vacation")]
    PlannedChanged,
}

impl VacationRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            VacationRefusal::NotManager => "not_manager",
            VacationRefusal::AllowanceDays { .. }
            | VacationRefusal::TooFewDays { .. }
            | VacationRefusal::NotADayCount { .. }
            | VacationRefusal::NotADate { .. }
            | VacationRefusal::NotFromTo { .. }
            | VacationRefusal::BothDates
            | VacationRefusal::ToBeforeFrom { .. } => "bad_option",
            VacationRefusal::FromPassed { .. } => "vacation_date_passed",
            VacationRefusal::DaysLeft { .. } => "vacation_days_left",
            VacationRefusal::Overlap { .. } => "vacation_overlap",
            VacationRefusal::AlreadyAway { .. } => "already_away",
            VacationRefusal::NotAway | VacationRefusal::AlreadyEnded => "not_away",
            VacationRefusal::ChangedWhilePlanned
            | VacationRefusal::MovedOnWhileSet
            | VacationRefusal::MovedOnWhileEnded
            | VacationRefusal::PlannedChanged => "stale",
        }
    }
}

/// Which zone a vacation's dates are in, in words: the player's, or UTC with how to set one.
pub(super) fn in_zone_words(zone: &str) -> String {
    if zone == "UTC" {
        "dates in UTC; /settings tz: sets your time zone".to_string()
    } else {
        format!("dates in {zone}, your time zone")
    }
}
