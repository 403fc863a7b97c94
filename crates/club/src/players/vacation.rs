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

use engine::utc_date;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use store::{ClockShift, MatchChange, MatchStatus, NewVacation, PlayerRow, VacationRow};

use crate::kernel::phrases::{duration_words, utc_words};
use crate::matches::loaded::Loaded;
use crate::matches::prompts::acting_side;
use crate::players::digest::{local_day, zone};
use crate::{Club, ClubError, DAY, Notice, Outcome, Snapshot};

/// The yearly allowance of vacation days unless the server sets another (DailyGammon's).
pub const DEFAULT_VACATION_DAYS: i64 = 15;

/// The largest allowance a server may set.
pub const MAX_VACATION_DAYS: i64 = 365;

/// How often a start or end is tried again when a match moved on under it.
const TRIES: usize = 3;

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
            Err(_) => Err(ClubError::BadOption(format!(
                "vacation: a number of days like 5d, or end; not `{}`",
                engine::excerpt(text)
            ))),
        }
    }
}

/// `from:YYYY-MM-DD to:YYYY-MM-DD` (either order).
fn parse_range(t: &str) -> Result<VacationOp, ClubError> {
    let date = |key: &str, d: &str| -> Result<Date, ClubError> {
        let bad = || {
            ClubError::BadOption(format!(
                "vacation: {key}:{} is not a date; write it as YYYY-MM-DD, e.g. {key}:2027-07-01",
                engine::excerpt(d)
            ))
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
            return Err(ClubError::BadOption(format!(
                "vacation: dates as from:YYYY-MM-DD to:YYYY-MM-DD (the first and the last day away), not `{}`",
                engine::excerpt(w)
            )));
        }
    }
    match (from, to) {
        (Some(from), Some(to)) => Ok(VacationOp::Plan { from, to }),
        _ => Err(ClubError::BadOption(
            "vacation: give both from:YYYY-MM-DD and to:YYYY-MM-DD (the first and the last day away)"
                .into(),
        )),
    }
}

/// The moment a day begins in `tz` (its first moment, if a change of clocks skips
/// midnight).
fn day_start(tz: &TimeZone, d: Date) -> i64 {
    d.to_zoned(tz.clone())
        .map_or(0, |z| z.timestamp().as_second())
}

/// The number of days from 1970-01-01 to `d`.
fn day_number(d: Date) -> i64 {
    day_start(&TimeZone::UTC, d).div_euclid(DAY)
}

/// "s" unless one.
fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The UTC year of a time.
fn year_of(at: i64) -> i64 {
    utc_date(at).0.0
}

/// The days a vacation from `started` ended at `ended` counts: each day begun counts
/// whole (at least one), never more than planned.
#[must_use]
pub fn days_taken(started: i64, ended: i64, planned: i64) -> i64 {
    let away = (ended - started).max(0);
    ((away + DAY - 1) / DAY).clamp(1, planned.max(1))
}

/// The reminder of a turn with this deadline: `remind_before` ahead, but not before
/// `not_before` (the end of the vacation), and only if still to come.
fn reminder(deadline: i64, remind_before: i64, not_before: i64, now: i64) -> Option<i64> {
    let r = (deadline - remind_before).max(not_before);
    (r > now && r < deadline).then_some(r)
}

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

async fn allowance(club: &Club, community: i64) -> Result<i64, ClubError> {
    Ok(club
        .store
        .vacation_allowance(community)
        .await?
        .unwrap_or(DEFAULT_VACATION_DAYS))
}

/// "3 of 15 vacation days used in 2026, 12 left".
async fn days_line(
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
            return Err(ClubError::Refused(
                "the vacation allowance is a server setting: it needs the right to manage this server".into(),
            ));
        }
        if !(0..=MAX_VACATION_DAYS).contains(&d) {
            return Err(ClubError::BadOption(format!(
                "vacation-days: a whole number of days from 0 to {MAX_VACATION_DAYS}, not {d}"
            )));
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

/// Whether a vacation stops this match's clock: always, unless it is a league match
/// whose league set `vacation:off`.
async fn vacation_applies(club: &Club, match_id: i64) -> Result<bool, ClubError> {
    let Some((league, _)) = club.store.fixture_of_match(match_id).await? else {
        return Ok(true);
    };
    let Some(row) = club.store.league(league).await? else {
        return Ok(true);
    };
    Ok(crate::league::vacation_allowed(row))
}

/// The player's active matches here that a vacation stops, loaded; and the names of
/// the leagues that keep their clocks running.
async fn paused_matches(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<(Vec<Loaded>, Vec<i64>), ClubError> {
    let mut paused = Vec::new();
    let mut running = Vec::new();
    for id in club.store.active_match_ids(me.id, community).await? {
        let l = club.load(id).await?;
        if l.row.status != MatchStatus::Active {
            continue;
        }
        if vacation_applies(club, id).await? {
            paused.push(l);
        } else {
            running.push(id);
        }
    }
    Ok((paused, running))
}

/// A turn of `me` moved by `by` seconds (on: positive; back: negative).
fn shifted(_club: &Club, l: &Loaded, by: i64, not_before: i64, now: i64) -> Option<ClockShift> {
    let (Some(started), Some(deadline)) = (l.row.turn_started_at, l.row.deadline_at) else {
        return None;
    };
    let deadline = deadline + by;
    Some(ClockShift {
        match_id: l.row.id,
        expected_version: l.row.version,
        turn_started_at: Some(started + by),
        deadline_at: Some(deadline),
        reminder_at: reminder(deadline, l.spec.time.remind_before, not_before, now),
    })
}

/// Notices to the opponents (not the bot) in `paused`.
fn tell_opponents(
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
            match_id: l.row.id,
            channel: l.row.channel.clone(),
            user_id: p.platform_id.clone(),
            dm: p.notify_dm,
            text: text(&p.display_name, l.row.id),
        });
    }
    out
}

async fn vacation_take(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    days: i64,
) -> Result<Outcome, ClubError> {
    if days <= 0 {
        return Err(ClubError::BadOption(format!(
            "vacation: at least one day, e.g. /vacation 5d; not {days}"
        )));
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

/// Refused if more days than are left in `year`.
async fn check_days_left(
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
        return Err(ClubError::Refused(format!(
            "you have {left} vacation day{} left in {year} (of {allowance}); ask for {left} or fewer",
            plural(left)
        )));
    }
    Ok(())
}

/// Refused if another vacation (planned, or begun) shares some time with
/// `from`..`to`.
async fn check_no_overlap(
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
        Some(v) => Err(ClubError::Refused(format!(
            "you have a vacation {}from {} to {}; a new one may not overlap it{}",
            if v.planned { "planned " } else { "" },
            utc_words(v.started_at),
            utc_words(v.ended_at.unwrap_or(v.ends_at)),
            if v.planned {
                " (/vacation end cancels it)"
            } else {
                ""
            }
        ))),
    }
}

/// `/vacation from:… to:…`: checked, then begun now (from today) or planned.
async fn vacation_plan(
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
    let in_zone = if zone_name == "UTC" {
        "dates in UTC; /settings tz: sets your time zone".to_string()
    } else {
        format!("dates in {zone_name}, your time zone")
    };
    if to < from {
        return Err(ClubError::BadOption(format!(
            "vacation: to:{to} is before from:{from}; the last day away comes on or after the first"
        )));
    }
    let now = club.clock.now();
    let today = local_day(&tz, now);
    if from < today {
        return Err(ClubError::Refused(format!(
            "vacation: from:{from} has passed (today is {today}, {in_zone}); a vacation begins today or later"
        )));
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
            return Err(ClubError::Refused(
                "your vacations changed while this one was planned; try again".into(),
            ));
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
            return Err(ClubError::Refused(format!(
                "you are already on vacation until {}; /vacation end comes back early",
                utc_words(v.ends_at)
            )));
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
        match club.store.start_vacation(&new, &shifts).await {
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
                let name = &me.display_name;
                let until_words = utc_words(until);
                let notices = tell_opponents(club, me, &paused, &|opp, m| {
                    format!(
                        "{opp}, {name} is on vacation until {until_words}: {name}'s clock in match #{m} is stopped until then (yours runs as usual)"
                    )
                });
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
                    ..Outcome::default()
                });
            }
            Err(store::StoreError::Stale) if attempt < TRIES => {}
            Err(store::StoreError::Stale) => {
                return Err(ClubError::Refused(
                    "your matches moved on while the vacation was set; try again".into(),
                ));
            }
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the loop returns on its last try")
}

async fn vacation_end(club: &Club, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
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
            return Err(ClubError::Refused(
                "you are not on vacation; /vacation 5d starts one".into(),
            ));
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
        match club
            .store
            .end_vacation(v.id, now, days, true, &shifts)
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
                let name = &me.display_name;
                let notices = tell_opponents(club, me, &paused, &|opp, m| {
                    format!(
                        "{opp}, {name} is back from vacation: {name}'s clock in match #{m} runs again"
                    )
                });
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
                    ..Outcome::default()
                });
            }
            Ok(false) => {
                return Err(ClubError::Refused("your vacation has already ended".into()));
            }
            Err(store::StoreError::Stale) if attempt < TRIES => {}
            Err(store::StoreError::Stale) => {
                return Err(ClubError::Refused(
                    "your matches moved on while the vacation was ended; try again".into(),
                ));
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
        return Err(ClubError::Refused(
            "your planned vacation began or was cancelled meanwhile; see /vacation".into(),
        ));
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

/// The sweep's part, before any time-out: planned vacations whose start has come
/// begin (once, whichever process gets there first): the turns waiting on the player
/// move on to its end (from its start, or from when they came to him if later), his
/// opponents are told, and he too.
pub(super) async fn vacation_starts(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let mut notices = Vec::new();
    for v in club.store.vacations_due(now, 100).await? {
        let me = club.store.player_by_id(v.player_id).await?;
        for attempt in 1..=TRIES {
            let (paused, _) = paused_matches(club, &me, v.community_id).await?;
            let shifts: Vec<ClockShift> = paused
                .iter()
                .filter(|l| club.waiting_on(l) == Some(me.id))
                .filter_map(|l| {
                    let started = l.row.turn_started_at?;
                    let by = v.ends_at - started.max(v.started_at);
                    (by > 0).then(|| shifted(club, l, by, v.ends_at, now))?
                })
                .collect();
            match club.store.begin_vacation(v.id, now, &shifts).await {
                Ok(true) => {
                    tracing::info!(
                        vacation = v.id,
                        player = me.id,
                        community = v.community_id,
                        days = v.days,
                        until = v.ends_at,
                        clocks_moved = shifts.len(),
                        "vacation started"
                    );
                    notices.extend(vacation_begun_notices(club, &me, &v, &paused));
                    break;
                }
                Ok(false) => break,
                Err(store::StoreError::Stale) if attempt < TRIES => {}
                Err(store::StoreError::Stale) => {
                    tracing::warn!(
                        vacation = v.id,
                        "planned vacation not begun: its matches kept moving; the next sweep tries again"
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(notices)
}

fn vacation_begun_notices(
    club: &Club,
    me: &PlayerRow,
    v: &VacationRow,
    paused: &[Loaded],
) -> Vec<Notice> {
    let name = &me.display_name;
    let until_words = utc_words(v.ends_at);
    let mut notices = tell_opponents(club, me, paused, &|opp, m| {
        format!(
            "{opp}, {name} is on vacation until {until_words}: {name}'s clock in match #{m} is stopped until then (yours runs as usual)"
        )
    });
    if let Some(first) = paused.first() {
        notices.push(Notice {
            match_id: first.row.id,
            channel: first.row.channel.clone(),
            user_id: me.platform_id.clone(),
            dm: me.notify_dm,
            text: format!(
                "{name}, your planned vacation has begun: your clock stops in {} until {until_words}",
                ids_words(paused.iter().map(|l| l.row.id))
            ),
        });
    }
    notices
}

/// A change that leaves the turn to a player on vacation (whose vacation stops this
/// match's clock) starts his turn when the vacation ends: its start and deadline move
/// on by the time left away.
pub(super) async fn defer_for_vacation(
    club: &Club,
    l: &Loaded,
    snap: &Snapshot,
    change: &mut MatchChange,
) -> Result<(), ClubError> {
    let (Some(start), Some(deadline)) = (change.turn_started_at, change.deadline_at) else {
        return Ok(());
    };
    if snap.is_over() {
        return Ok(());
    }
    let Some(side) = acting_side(&snap.game) else {
        return Ok(());
    };
    if l.away.is_some_and(|away| !away[side.index()]) {
        return Ok(());
    }
    let player = l.row.players[side.index()];
    let Some(v) = club
        .store
        .running_vacation(player, l.row.community_id)
        .await?
    else {
        return Ok(());
    };
    if v.ends_at <= start || !vacation_applies(club, l.row.id).await? {
        return Ok(());
    }
    let by = v.ends_at - start.max(v.started_at);
    change.turn_started_at = Some(start + by);
    change.deadline_at = Some(deadline + by);
    change.reminder_at = reminder(
        deadline + by,
        l.spec.time.remind_before,
        v.ends_at,
        change.now,
    );
    Ok(())
}

/// The sweep's safety net: a due match waiting on a player on vacation is not timed
/// out nor reminded; its turn starts when the vacation ends instead. Whether it was
/// (so the sweep leaves it).
pub(super) async fn sweep_spares(club: &Club, l: &Loaded, player: i64) -> Result<bool, ClubError> {
    let Some(v) = club
        .store
        .running_vacation(player, l.row.community_id)
        .await?
    else {
        return Ok(false);
    };
    let now = club.clock.now();
    // Over, though not yet ended by the sweep: the clocks were moved for it already.
    if v.ends_at <= now || !vacation_applies(club, l.row.id).await? {
        return Ok(false);
    }
    let started = l.row.turn_started_at.unwrap_or(now);
    let by = (v.ends_at - started.max(v.started_at)).max(0);
    if let Some(shift) = shifted(club, l, by, v.ends_at, now) {
        match club.store.shift_clock(&shift, now).await {
            Ok(()) | Err(store::StoreError::Stale) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(true)
}

/// The sweep's part: vacations whose planned end has come are ended (once, whichever
/// process gets there first), the player and his opponents told.
pub(super) async fn vacation_sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let mut notices = Vec::new();
    for v in club.store.vacations_over(now, 100).await? {
        if !club
            .store
            .end_vacation(v.id, v.ends_at, v.days, false, &[])
            .await?
        {
            continue;
        }
        let me = club.store.player_by_id(v.player_id).await?;
        tracing::info!(
            vacation = v.id,
            player = v.player_id,
            community = v.community_id,
            days = v.days,
            "vacation over"
        );
        notices.extend(vacation_over_notices(club, &me, &v).await?);
    }
    Ok(notices)
}

async fn vacation_over_notices(
    club: &Club,
    me: &PlayerRow,
    v: &VacationRow,
) -> Result<Vec<Notice>, ClubError> {
    let (paused, _) = paused_matches(club, me, v.community_id).await?;
    let name = &me.display_name;
    let mut notices = tell_opponents(club, me, &paused, &|opp, m| {
        format!("{opp}, {name}'s vacation is over: {name}'s clock in match #{m} runs again")
    });
    let waiting: Vec<&Loaded> = paused
        .iter()
        .filter(|l| club.waiting_on(l) == Some(me.id))
        .collect();
    if let Some(first) = waiting.first() {
        notices.push(Notice {
            match_id: first.row.id,
            channel: first.row.channel.clone(),
            user_id: me.platform_id.clone(),
            dm: me.notify_dm,
            text: format!(
                "{name}, your vacation is over; waiting for you: {}",
                ids_words(waiting.iter().map(|l| l.row.id))
            ),
        });
    }
    Ok(notices)
}

/// "match #3", "matches #3, #5".
fn ids_words(ids: impl Iterator<Item = i64>) -> String {
    let ids: Vec<String> = ids.map(|i| format!("#{i}")).collect();
    format!(
        "match{} {}",
        if ids.len() == 1 { "" } else { "es" },
        ids.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_day_begun_counts_whole_and_never_more_than_planned() {
        assert_eq!(days_taken(0, 3600, 5), 1);
        assert_eq!(days_taken(0, DAY, 5), 1);
        assert_eq!(days_taken(0, DAY + 1, 5), 2);
        assert_eq!(days_taken(0, 9 * DAY, 5), 5);
    }

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
}
