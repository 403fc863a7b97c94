//! Seasons that start by themselves: a divisions league with `recur:Nd` opens sign-up for
//! its next season when one ends (announced in its channel) and, N days later, the sweep
//! starts it with everyone signed up (promotion and relegation as between any two
//! seasons). The same sweep closes a knockout's check-in. The moment is the league's
//! `start_at`, written with the season's end, so a restart during the window loses
//! nothing; each start is one version-checked transaction, done once.

use super::entries::LeagueEntry;
use super::entries::entry_text;
use super::posts::match_notices;
use super::terms::Format;
use super::terms::League;
use super::terms::MIN_PLAYERS;
use super::terms::days;
use crate::Club;
use crate::ClubError;
use crate::Notice;
use crate::duration_words;
use crate::kernel::phrases::utc_words;

/// The end of a recurring season: the next one's sign-up opens until `now` + the
/// window, written in `change`, with the words announcing it.
pub(super) fn open_signup(
    league: &League,
    recur: i64,
    change: &mut store::LeagueChange,
    lines: &mut Vec<String>,
) -> Result<(), ClubError> {
    let next = league.row.season + 1;
    let until = change.now + days(recur);
    change.start_at = Some(until);
    change.log.push((
        None,
        entry_text(&LeagueEntry::SignupOpen {
            season: next,
            until,
        })?,
    ));
    lines.push(format!(
        "Sign-up for season {next} of {} is open: newcomers join with /league join, and whoever stops leaves with /league leave; season {next} starts by itself in {} ({}) with everyone signed up",
        league.row.name,
        duration_words(days(recur)),
        utc_words(until)
    ));
    Ok(())
}

/// The next start of a divisions league in its sign-up window when `recur` becomes `n`
/// days: `n` days from the window's opening (the start it has, less the old window), or
/// from now when no window was open; a window already past starts it at the next sweep.
pub(super) fn moved_start(league: &League, n: i64, now: i64) -> i64 {
    let opened = match (league.row.start_at, league.settings.recur_days) {
        (Some(at), Some(old)) => at - days(old),
        _ => now,
    };
    (opened + days(n)).max(now)
}

/// What a new `recur` does, said after it (`; season 3 starts by itself in 2 days ...`):
/// when the next season starts, or when the setting takes effect.
pub(super) fn recur_words(
    league: &League,
    recur: Option<i64>,
    start_at: Option<i64>,
    now: i64,
) -> String {
    let next = league.row.season + 1;
    match (recur, league.row.status.as_str(), start_at) {
        (None, _, _) => format!("; the organiser starts season {next} with /league start"),
        (Some(_), "signup", Some(at)) if at <= now => {
            format!("; season {next} starts by itself at once (its sign-up window has passed)")
        }
        (Some(_), "signup", Some(at)) => format!(
            "; season {next} starts by itself in {} ({})",
            duration_words(at - now),
            utc_words(at)
        ),
        (Some(n), "running", _) => format!(
            "; when season {} ends, sign-up for season {next} is open for {} and it starts by itself",
            league.row.season,
            duration_words(days(n))
        ),
        (Some(n), _, _) => format!(
            "; the organiser starts season {next} with /league start, and each season after it starts by itself {} after the one before ends",
            duration_words(days(n))
        ),
    }
}

/// The sweep's part for leagues whose start has come: a knockout's check-in closed
/// (the draw from those who checked in), a recurring league's next season started
/// (or, with too few signed up, the window opened again). A league that fails is
/// left for the next sweep.
pub(super) async fn start_due(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let mut notices = Vec::new();
    for row in club.store.leagues_due(club.clock.now()).await? {
        let id = row.id;
        let done = match League::read(row) {
            Ok(league) if league.checkin().is_some() => {
                super::checkin::close_checkin(club, &league).await
            }
            Ok(league) => start_recurring(club, &league).await,
            Err(e) => Err(e),
        };
        match done {
            Ok(mut n) => notices.append(&mut n),
            Err(e) => {
                tracing::warn!(league = id, error = %e, "league not started; the next sweep tries again")
            }
        }
    }
    Ok(notices)
}

/// A recurring league's sign-up window has closed: the next season starts with those
/// signed up, or, with fewer than a season needs, the window opens again.
async fn start_recurring(club: &Club, league: &League) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let announce = |text: String| Notice {
        match_id: crate::MatchNo::from(0),
        channel: league.row.channel.clone(),
        user_id: String::new(),
        dm: false,
        text,
    };
    let recur = match (league.format, league.settings.recur_days) {
        (Format::Divisions, Some(n)) => n,
        // The setting was taken off: the organiser starts it.
        _ => {
            let mut change = league.change(now);
            change.start_at = None;
            super::record::commit_league(club, league, &change).await?;
            return Ok(Vec::new());
        }
    };
    let entered = club
        .store
        .league_entrants(league.row.id)
        .await?
        .into_iter()
        .filter(|e| e.status == "entered")
        .count();
    if entered < MIN_PLAYERS {
        let mut change = league.change(now);
        let mut lines = vec![format!(
            "League {}: only {entered} signed up for season {}; a season needs at least {MIN_PLAYERS}",
            league.row.name,
            league.row.season + 1
        )];
        open_signup(league, recur, &mut change, &mut lines)?;
        super::record::commit_league(club, league, &change).await?;
        return Ok(vec![announce(lines.join("\n"))]);
    }
    let entrants = super::draw::season_entrants(club, league).await?;
    let seed = super::draw::draw_seed(club);
    let seeded = super::draw::seeded(club, league, &entrants, None, seed).await?;
    let change = league.change(now);
    let out =
        super::draw::draw_season(club, league, None, &seeded, seed, change, Vec::new()).await?;
    let mut notices = vec![announce(out.lines.join("\n"))];
    notices.extend(match_notices(club, league).await?);
    Ok(notices)
}
