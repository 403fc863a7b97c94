//! Vacations (docs/vacation.md): a player's yearly allowance of days in a server (the
//! server's setting, 15 unless a manager sets another), `/vacation 5d` to stop his clocks,
//! `/vacation end` to come back early, `/vacation` to see the days used and left.
//! `/vacation from:YYYY-MM-DD to:YYYY-MM-DD` plans one by dates (in the player's time
//! zone if his digest settings know it, else UTC): it is a row of `vacations` until the
//! deadline sweep begins it at its start (moving the clocks and telling the opponents
//! then); `/vacation end` cancels a planned one.
//!
//! The reading of "the clock stops": the time away is added to the clock of each of his
//! matches where he is to act. When a vacation starts, the turns waiting on him have their
//! start and deadline moved on by its planned length (his time bank is untouched); a turn
//! that comes to him while he is away starts when the vacation ends. Ended early, the
//! turns waiting on him move back by the days not taken, so each deadline was moved on by
//! exactly the time he was away. His opponents' clocks run as usual: they still play
//! their turns. A league whose organiser set `vacation:off` keeps its matches' clocks
//! running. Each start and end is one transaction with the clocks it moves (every match
//! version-checked), recorded as a row of `vacations` and in the log.

use crate::Club;
use crate::ClubError;
use crate::Outcome;
use crate::duration_words;
use crate::kernel::phrases::utc_words;
use away::vacation_end;
use away::vacation_plan;
use away::vacation_take;
use days::MAX_VACATION_DAYS;
use days::allowance;
use days::days_line;
use days::plural;
use days::year_of;
use store::PlayerRow;

mod away;
mod clocks;
mod days;
mod op;
mod refusal;
mod sweep;

pub(super) use clocks::{defer_for_vacation, sweep_spares};
pub use days::{DEFAULT_VACATION_DAYS, days_taken};
pub use op::VacationOp;
pub use refusal::VacationRefusal;
pub(super) use sweep::{vacation_starts, vacation_sweep};

/// A vacation command of `me` in `community`.
pub(super) async fn vacation(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    op: VacationOp,
) -> Result<Outcome, ClubError> {
    match op {
        VacationOp::Show => vacation_show(club, me, community).await,
        VacationOp::Take(days) => vacation_take(club, me, community, days).await,
        VacationOp::Plan { from, to } => vacation_plan(club, me, community, from, to).await,
        VacationOp::End => vacation_end(club, me, community).await,
        VacationOp::Allowance { days, manager } => {
            vacation_allowance(club, me, community, days, manager).await
        }
    }
}

async fn vacation_show(club: &Club, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
    let mut lines = Vec::new();
    if let Some(v) = club.store.running_vacation(me.id, community).await? {
        lines.push(format!(
            "{} is on vacation until {} ({} left); /vacation end comes back early",
            me.display_name,
            utc_words(v.ends_at),
            duration_words(v.ends_at - club.clock.now())
        ));
    }
    for v in club.store.planned_vacations(me.id, community).await? {
        lines.push(format!(
            "Planned: a vacation from {} to {} ({} day{}); /vacation end cancels it",
            utc_words(v.started_at),
            utc_words(v.ends_at),
            v.days,
            plural(v.days)
        ));
    }
    lines.push(format!(
        "{}: {}",
        me.display_name,
        days_line(club, me, community, year_of(club.clock.now())).await?
    ));
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

async fn vacation_allowance(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    days: Option<i64>,
    manager: bool,
) -> Result<Outcome, ClubError> {
    if let Some(d) = days {
        if !manager {
            return Err(VacationRefusal::NotManager.into());
        }
        if !(0..=MAX_VACATION_DAYS).contains(&d) {
            return Err(VacationRefusal::AllowanceDays {
                days: d,
                most: MAX_VACATION_DAYS,
            }
            .into());
        }
        club.store.set_vacation_allowance(community, d).await?;
        tracing::info!(
            community,
            player = me.id,
            days = d,
            "vacation allowance set"
        );
    }
    Ok(Outcome {
        lines: vec![format!(
            "Vacation allowance here: {} days a year",
            allowance(club, community).await?
        )],
        ..Outcome::default()
    })
}
