//! The days of the allowance: how many a server gives, how many a vacation took, the
//! days used and left this year, and the checks a new vacation passes (days left, no
//! overlap).

use super::refusal::VacationRefusal;
use crate::Club;
use crate::ClubError;
use crate::DAY;
use engine::utc_date;
use store::PlayerRow;

/// The yearly allowance of vacation days unless the server sets another (DailyGammon's).
pub const DEFAULT_VACATION_DAYS: i64 = 15;

/// The largest allowance a server may set.
pub const MAX_VACATION_DAYS: i64 = 365;

/// The days a vacation from `started` ended at `ended` counts: each day begun counts
/// whole (at least one), never more than planned.
#[must_use]
pub fn days_taken(started: i64, ended: i64, planned: i64) -> i64 {
    let away = (ended - started).max(0);
    ((away + DAY - 1) / DAY).clamp(1, planned.max(1))
}

/// "s" unless one.
pub(super) fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The UTC year of a time.
pub(super) fn year_of(at: i64) -> i64 {
    utc_date(at).0.0
}

pub(super) async fn allowance(club: &Club, community: i64) -> Result<i64, ClubError> {
    Ok(club
        .store
        .vacation_allowance(community)
        .await?
        .unwrap_or(DEFAULT_VACATION_DAYS))
}

/// "3 of 15 vacation days used in 2026, 12 left".
pub(super) async fn days_line(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    year: i64,
) -> Result<String, ClubError> {
    let allowance = allowance(club, community).await?;
    let used = club
        .store
        .vacation_days_used(me.id, community, year)
        .await?;
    Ok(format!(
        "{used} of {allowance} vacation days used in {year}, {} left",
        (allowance - used).max(0)
    ))
}

/// Refused if more days than are left in `year`.
pub(super) async fn check_days_left(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    days: i64,
    year: i64,
) -> Result<(), ClubError> {
    let allowance = allowance(club, community).await?;
    let used = club
        .store
        .vacation_days_used(me.id, community, year)
        .await?;
    let left = (allowance - used).max(0);
    if days > left {
        return Err(VacationRefusal::DaysLeft {
            left,
            year,
            allowance,
        }
        .into());
    }
    Ok(())
}

/// Refused if another vacation (planned, or begun) shares some time with
/// `from`..`to`.
pub(super) async fn check_no_overlap(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    from: i64,
    to: i64,
) -> Result<(), ClubError> {
    let found = club
        .store
        .vacations_overlapping(me.id, community, from, to)
        .await?;
    match found.first() {
        None => Ok(()),
        Some(v) => Err(VacationRefusal::Overlap {
            planned: v.planned,
            from: v.started_at,
            to: v.ended_at.unwrap_or(v.ends_at),
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DAY;

    #[test]
    fn each_day_begun_counts_whole_and_never_more_than_planned() {
        assert_eq!(days_taken(0, 3600, 5), 1);
        assert_eq!(days_taken(0, DAY, 5), 1);
        assert_eq!(days_taken(0, DAY + 1, 5), 2);
        assert_eq!(days_taken(0, 9 * DAY, 5), 5);
    }
}
