//! A knockout's check-in (`checkin:Nh`): `/league start` opens it instead of drawing;
//! each entrant confirms with `/league checkin` within the window; when it closes the
//! sweep drops those who did not (each told so) and draws from the rest. The window's end
//! is the league's `start_at`, so a restart during it loses nothing.

use super::entries::{LeagueEntry, entry_text};
use super::terms::{League, MIN_PLAYERS};
use crate::LeagueRefusal;
use crate::kernel::phrases::{duration_words, utc_words};
use crate::{Club, ClubError, Notice, Outcome};
use store::PlayerRow;

/// Opens the check-in of a knockout waiting for its start (the organiser's
/// `/league start`): the draw is made when it closes.
pub(super) async fn open_checkin(
    club: &Club,
    league: &League,
    me: &PlayerRow,
    ordered: bool,
    hours: i64,
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    if let (Some(until), "signup") = (league.row.start_at, league.row.status.as_str()) {
        return Err(LeagueRefusal::CheckinOpen {
            league: league.row.name.clone(),
            until,
            now,
        }
        .into());
    }
    // Refused unless waiting for its start with enough entrants.
    super::draw::season_entrants(club, league).await?;
    if ordered {
        return Err(LeagueRefusal::CheckinOrdered {
            league: league.row.name.clone(),
        }
        .into());
    }
    let until = now + hours * 3600;
    let mut change = league.change(now);
    change.start_at = Some(until);
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::CheckinOpen { until })?,
    ));
    super::record::commit_league(club, league, &change).await?;
    let text = format!(
        "League {}: the check-in is open for {} (until {}): every entrant confirms with /league checkin; whoever has not by then is dropped, and the draw is made from the rest",
        league.row.name,
        duration_words(until - now),
        utc_words(until)
    );
    Ok(Outcome {
        lines: vec![text.clone()],
        announce: vec![(league.row.channel.clone(), text)],
        ..Outcome::default()
    })
}

/// `/league checkin`: an entrant confirms during the check-in.
pub(super) async fn check_in(
    club: &Club,
    league: &League,
    me: &PlayerRow,
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let until = match (league.row.status.as_str(), league.row.start_at) {
        ("signup", Some(until)) if league.checkin().is_some() => until,
        _ => {
            return Err(LeagueRefusal::NoCheckin {
                league: league.row.name.clone(),
            }
            .into());
        }
    };
    if now >= until {
        return Err(LeagueRefusal::CheckinClosed {
            league: league.row.name.clone(),
            at: until,
        }
        .into());
    }
    let entrants = club.store.league_entrants(league.row.id).await?;
    let Some(mine) = entrants
        .iter()
        .find(|e| e.player.id == me.id && e.status == "entered")
    else {
        return Err(LeagueRefusal::CheckinNotJoined {
            league: league.row.name.clone(),
        }
        .into());
    };
    if mine.checked_in {
        return Err(LeagueRefusal::CheckedIn {
            league: league.row.name.clone(),
            draw_at: until,
        }
        .into());
    }
    let mut change = league.change(now);
    change.checkins.push(me.id);
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Checkin { player: me.id })?,
    ));
    super::record::commit_league(club, league, &change).await?;
    let done = entrants.iter().filter(|e| e.checked_in).count() + 1;
    let all = entrants.iter().filter(|e| e.status == "entered").count();
    Ok(Outcome {
        lines: vec![format!(
            "{} checks in to {} ({done} of {all}); the draw is made in {}",
            me.display_name,
            league.row.name,
            duration_words(until - now)
        )],
        ..Outcome::default()
    })
}

/// The check-in closed (the sweep): those who did not check in are dropped, each told
/// so, and the draw is made from the rest; with too few left nobody is dropped and the
/// organiser may open the check-in again.
pub(super) async fn close_checkin(club: &Club, league: &League) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let entrants = club.store.league_entrants(league.row.id).await?;
    let entered: Vec<&store::EntrantRow> =
        entrants.iter().filter(|e| e.status == "entered").collect();
    let (here, absent): (Vec<&store::EntrantRow>, Vec<&store::EntrantRow>) =
        entered.iter().partition(|e| e.checked_in);
    let channel = league.row.channel.clone();
    let announce = |text: String| Notice {
        match_id: crate::MatchNo::from(0),
        channel: channel.clone(),
        user_id: String::new(),
        dm: false,
        text,
    };
    if here.len() < MIN_PLAYERS {
        let mut change = league.change(now);
        change.start_at = None;
        super::record::commit_league(club, league, &change).await?;
        return Ok(vec![announce(format!(
            "League {}: the check-in closed with {} checked in; a knockout needs at least {MIN_PLAYERS}, so nobody is dropped and there is no draw yet: the organiser opens the check-in again with /league start",
            league.row.name,
            here.len()
        ))]);
    }
    let mut change = league.change(now);
    let dropped: Vec<i64> = absent.iter().map(|e| e.player.id).collect();
    change.removed.clone_from(&dropped);
    let mut lines = Vec::new();
    if !dropped.is_empty() {
        change.log.push((
            None,
            entry_text(&LeagueEntry::CheckinDropped {
                players: dropped.clone(),
            })?,
        ));
        let names: Vec<&str> = absent
            .iter()
            .map(|e| e.player.display_name.as_str())
            .collect();
        lines.push(format!("Dropped for not checking in: {}", names.join(", ")));
    }
    let players: Vec<PlayerRow> = here.iter().map(|e| e.player.clone()).collect();
    let seed = super::draw::draw_seed(club);
    let seeded = super::draw::seeded(club, league, &players, None, seed).await?;
    let out = super::draw::draw_season(club, league, None, &seeded, seed, change, lines).await?;
    let mut notices = vec![announce(out.lines.join("\n"))];
    for e in absent {
        notices.push(Notice {
            match_id: crate::MatchNo::from(0),
            channel: league.row.channel.clone(),
            user_id: e.player.platform_id.clone(),
            dm: e.player.notify_dm,
            text: format!(
                "{}, you did not check in to {} before the check-in closed, so you are not in the draw",
                e.player.display_name, league.row.name
            ),
        });
    }
    notices.extend(super::posts::match_notices(club, league).await?);
    Ok(notices)
}
