//! Going away and coming back: a vacation taken now or planned by dates, begun (the
//! clocks moved, the opponents told), ended early (the days not taken given back) or
//! cancelled.

use super::clocks::TRIES;
use super::clocks::paused_matches;
use super::clocks::shifted;
use super::days::check_days_left;
use super::days::check_no_overlap;
use super::days::days_line;
use super::days::days_taken;
use super::days::plural;
use super::days::year_of;
use super::op::day_number;
use super::op::day_start;
use super::refusal::{VacationRefusal, in_zone_words};
use crate::Club;
use crate::ClubError;
use crate::DAY;
use crate::Notice;
use crate::Outcome;
use crate::kernel::phrases::utc_words;
use crate::matches::loaded::Loaded;
use crate::players::digest::local_day;
use crate::players::digest::zone;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use store::ClockShift;
use store::NewVacation;
use store::PlayerRow;
use store::VacationRow;

/// Notices to the opponents (not the bot) in `paused`.
pub(super) fn tell_opponents(
    _club: &Club,
    me: &PlayerRow,
    paused: &[Loaded],
    text: &dyn Fn(&str, i64) -> String,
) -> Vec<Notice> {
    let mut out = Vec::new();
    for l in paused {
        let Some(side) = l.side_of(me.id) else {
            continue;
        };
        let other = side.opponent();
        if l.bot_side() == Some(other) {
            continue;
        }
        let p = &l.players[other.index()];
        out.push(Notice {
            match_id: l.row.id.into(),
            channel: l.row.channel.clone(),
            user_id: p.platform_id.clone(),
            dm: p.notify_dm,
            text: text(&p.display_name, l.row.id),
        });
    }
    out
}

pub(super) async fn vacation_take(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    days: i64,
) -> Result<Outcome, ClubError> {
    if days <= 0 {
        return Err(VacationRefusal::TooFewDays { days }.into());
    }
    let now = club.clock.now();
    vacation_begin_now(
        club,
        me,
        community,
        days,
        now + days * DAY,
        year_of(now),
        None,
    )
    .await
}

/// `/vacation from:… to:…`: checked, then begun now (from today) or planned.
pub(super) async fn vacation_plan(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    from: Date,
    to: Date,
) -> Result<Outcome, ClubError> {
    let (zone_name, tz) = match club.store.digest_of(me.id).await? {
        Some(d) => (d.tz.clone(), zone(&d.tz)),
        None => ("UTC".to_string(), TimeZone::UTC),
    };
    let in_zone = in_zone_words(&zone_name);
    if to < from {
        return Err(VacationRefusal::ToBeforeFrom { from, to }.into());
    }
    let now = club.clock.now();
    let today = local_day(&tz, now);
    if from < today {
        return Err(VacationRefusal::FromPassed {
            from,
            today,
            zone: zone_name,
        }
        .into());
    }
    let days = day_number(to) - day_number(from) + 1;
    let year = i64::from(from.year());
    let until = to.tomorrow().map_or(i64::MAX / 2, |d| day_start(&tz, d));
    let note = format!("from {from} to {to} ({in_zone})");
    if from == today {
        return vacation_begin_now(club, me, community, days, until, year, Some(note)).await;
    }
    check_days_left(club, me, community, days, year).await?;
    let start = day_start(&tz, from);
    check_no_overlap(club, me, community, start, until).await?;
    let new = NewVacation {
        player_id: me.id,
        community_id: community,
        year,
        started_at: start,
        ends_at: until,
        days,
    };
    let id = match club.store.plan_vacation(&new).await {
        Ok(id) => id,
        Err(store::StoreError::Stale) => {
            check_no_overlap(club, me, community, start, until).await?;
            return Err(VacationRefusal::ChangedWhilePlanned.into());
        }
        Err(e) => return Err(e.into()),
    };
    tracing::info!(
        vacation = id,
        player = me.id,
        community,
        days,
        from = start,
        until,
        "vacation planned"
    );
    let name = &me.display_name;
    Ok(Outcome {
        lines: vec![
            format!(
                "{name}'s vacation is planned {note}: {days} day{}, from {} to {}",
                plural(days),
                utc_words(start),
                utc_words(until)
            ),
            "Your clocks stop when it begins, and your opponents are told then; /vacation end cancels it".to_string(),
            days_line(club, me, community, year).await?,
        ],
        ..Outcome::default()
    })
}

/// A vacation of `days` from now to `until`, counted in `year`'s allowance (`note`:
/// the dates asked for, said in the answer).
async fn vacation_begin_now(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    days: i64,
    until: i64,
    year: i64,
    note: Option<String>,
) -> Result<Outcome, ClubError> {
    for attempt in 1..=TRIES {
        if let Some(v) = club.store.running_vacation(me.id, community).await? {
            return Err(VacationRefusal::AlreadyAway { until: v.ends_at }.into());
        }
        let now = club.clock.now();
        check_days_left(club, me, community, days, year).await?;
        check_no_overlap(club, me, community, now, until).await?;
        let (paused, running) = paused_matches(club, me, community).await?;
        let shifts: Vec<ClockShift> = paused
            .iter()
            .filter(|l| club.waiting_on(l) == Some(me.id))
            .filter_map(|l| shifted(club, l, until - now, until, now))
            .collect();
        let new = NewVacation {
            player_id: me.id,
            community_id: community,
            year,
            started_at: now,
            ends_at: until,
            days,
        };
        // The opponents' notices, written with the vacation in its transaction.
        let name = &me.display_name;
        let until_words = utc_words(until);
        let notices = tell_opponents(club, me, &paused, &|opp, m| {
            format!(
                "{opp}, {name} is on vacation until {until_words}: {name}'s clock in match #{m} is stopped until then (yours runs as usual)"
            )
        });
        let owed = crate::outbox::rows::owed_rows(&notices);
        match club.store.start_vacation(&new, &shifts, &owed).await {
            Ok(id) => {
                tracing::info!(
                    vacation = id,
                    player = me.id,
                    community,
                    days,
                    until,
                    clocks_moved = shifts.len(),
                    "vacation started"
                );
                club.ring_outbox();
                let mut lines = vec![format!(
                    "{name} is on vacation for {days} day{}, until {until_words}{}",
                    plural(days),
                    note.as_ref().map_or(String::new(), |n| format!(" ({n})"))
                )];
                lines.push(match paused.len() {
                    0 => "No match of yours here has a clock to stop".to_string(),
                    _ => format!(
                        "Your clock stops in {}; your opponents are told",
                        ids_words(paused.iter().map(|l| l.row.id))
                    ),
                });
                if !running.is_empty() {
                    lines.push(format!(
                        "Your clock still runs in {} (its league allows no vacation)",
                        ids_words(running.iter().copied())
                    ));
                }
                lines.push(days_line(club, me, community, year).await?);
                return Ok(Outcome {
                    lines,
                    notices,
                    notices_owed: true,
                    ..Outcome::default()
                });
            }
            Err(store::StoreError::Stale) if attempt < TRIES => {}
            Err(store::StoreError::Stale) => {
                return Err(VacationRefusal::MovedOnWhileSet.into());
            }
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the loop returns on its last try")
}

pub(super) async fn vacation_end(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<Outcome, ClubError> {
    for attempt in 1..=TRIES {
        let Some(v) = club.store.running_vacation(me.id, community).await? else {
            if let Some(p) = club
                .store
                .planned_vacations(me.id, community)
                .await?
                .first()
            {
                return vacation_cancel(club, me, community, p).await;
            }
            return Err(VacationRefusal::NotAway.into());
        };
        let now = club.clock.now();
        let days = days_taken(v.started_at, now, v.days);
        let back = (v.ends_at - now).max(0);
        let (paused, _) = paused_matches(club, me, community).await?;
        // Only the turns the vacation moved on go back: those its start moved (still
        // waiting as moved) and those put off to its end (a turn that came to him
        // while away). A match begun while he was away, its clock running, keeps it.
        let moved = club.store.vacation_moved_turns(v.id).await?;
        let moved_on = |l: &Loaded| {
            l.row.turn_started_at == Some(v.ends_at)
                || moved
                    .iter()
                    .any(|&(m, at)| m == l.row.id && l.row.turn_started_at == Some(at))
        };
        let shifts: Vec<ClockShift> = if back > 0 {
            paused
                .iter()
                .filter(|l| club.waiting_on(l) == Some(me.id) && moved_on(l))
                .filter_map(|l| shifted(club, l, -back, now, now))
                .collect()
        } else {
            Vec::new()
        };
        // The opponents' notices, written with the vacation's end in its transaction.
        let name = &me.display_name;
        let notices = tell_opponents(club, me, &paused, &|opp, m| {
            format!("{opp}, {name} is back from vacation: {name}'s clock in match #{m} runs again")
        });
        let owed = crate::outbox::rows::owed_rows(&notices);
        match club
            .store
            .end_vacation(v.id, now, days, true, &shifts, &owed)
            .await
        {
            Ok(true) => {
                tracing::info!(
                    vacation = v.id,
                    player = me.id,
                    community,
                    days,
                    clocks_moved = shifts.len(),
                    "vacation ended early"
                );
                club.ring_outbox();
                let lines = vec![
                    format!(
                        "Welcome back, {name}: your vacation ended early and counts {days} day{}; your clocks run again",
                        if days == 1 { "" } else { "s" }
                    ),
                    days_line(club, me, community, v.year).await?,
                ];
                return Ok(Outcome {
                    lines,
                    notices,
                    notices_owed: true,
                    ..Outcome::default()
                });
            }
            Ok(false) => {
                return Err(VacationRefusal::AlreadyEnded.into());
            }
            Err(store::StoreError::Stale) if attempt < TRIES => {}
            Err(store::StoreError::Stale) => {
                return Err(VacationRefusal::MovedOnWhileEnded.into());
            }
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the loop returns on its last try")
}

/// `/vacation end` with no vacation running: the planned one cancelled, its days
/// given back.
async fn vacation_cancel(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    v: &VacationRow,
) -> Result<Outcome, ClubError> {
    if !club.store.cancel_vacation(v.id, club.clock.now()).await? {
        return Err(VacationRefusal::PlannedChanged.into());
    }
    tracing::info!(
        vacation = v.id,
        player = me.id,
        community,
        days = v.days,
        "vacation cancelled"
    );
    Ok(Outcome {
        lines: vec![
            format!(
                "{}'s vacation planned from {} to {} is cancelled; its {} day{} are yours again",
                me.display_name,
                utc_words(v.started_at),
                utc_words(v.ends_at),
                v.days,
                plural(v.days)
            ),
            days_line(club, me, community, v.year).await?,
        ],
        ..Outcome::default()
    })
}

/// "match #3", "matches #3, #5".
pub(super) fn ids_words(ids: impl Iterator<Item = i64>) -> String {
    let ids: Vec<String> = ids.map(|i| format!("#{i}")).collect();
    format!(
        "match{} {}",
        if ids.len() == 1 { "" } else { "es" },
        ids.join(", ")
    )
}
