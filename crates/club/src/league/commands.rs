//! The league commands: the dispatch of a [`super::LeagueCommand`], finding the league
//! it is about, creating, listing, setting, joining and leaving a league, and the write
//! of a league change.

use super::entries::LeagueEntry;
use super::entries::entry_text;
use super::ops::LeagueCommand;
use super::ops::LeagueOp;
use super::record::commit_league;
use super::record::find_league;
use super::refusal::LeagueRefusal;
use super::terms::Format;
use super::terms::League;
use super::terms::LeagueSettings;
use super::terms::Seeding;
use super::terms::Withdrawal;
use super::terms::check_name;
use super::terms::not_for_format;
use super::terms::parse_amount;
use crate::Actor;
use crate::ChallengeSpec;
use crate::Club;
use crate::ClubError;
use crate::Outcome;
use crate::Refusal;
use crate::challenges::terms::check_spec;
use crate::duration_words;
use crate::players::player_key::player_key;
use crate::spec_words;
use engine::Ruleset;
use engine::welsh::format_amount;
use store::LeagueRow;
use store::NewLeague;
use store::PlayerRow;

/// Runs a league command.
pub(super) async fn league(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    cmd: LeagueCommand,
) -> Result<Outcome, ClubError> {
    match cmd.op {
        LeagueOp::Create { name, format, spec } => {
            let name = cmd.league.unwrap_or(name);
            create_league(
                club,
                actor,
                me,
                community,
                &name,
                format,
                spec,
                cmd.manage_server,
            )
            .await
        }
        LeagueOp::List => list_leagues(club, community).await,
        op => {
            let league = match op {
                // A player's own league, when several are open here.
                LeagueOp::Withdraw | LeagueOp::Leave if cmd.league.is_none() => {
                    find_my_league(club, community, me).await?
                }
                _ => find_league(club, community, cmd.league.as_deref()).await?,
            };
            let organiser = league.row.organiser == me.id
                || (actor.identity == crate::Identity::Account
                    && (cmd.manage_server
                        || league
                            .settings
                            .organiser_role
                            .as_ref()
                            .is_some_and(|r| cmd.roles.contains(r))));
            let need = |what: &'static str| -> Result<(), ClubError> {
                if organiser {
                    Ok(())
                } else {
                    Err(LeagueRefusal::NotOrganiser {
                        league: league.row.name.clone(),
                        what,
                    }
                    .into())
                }
            };
            match op {
                LeagueOp::Set { key, value } => {
                    need("change its settings")?;
                    set_league(club, &league, me, &key, &value).await
                }
                LeagueOp::Join => join_league(club, &league, me).await,
                LeagueOp::Leave => leave_league(club, &league, me).await,
                LeagueOp::Start { order } => {
                    need("start it")?;
                    super::start::start_league(club, actor, &league, me, order).await
                }
                LeagueOp::Withdraw => super::withdrawal::withdraw(club, &league, me).await,
                LeagueOp::Checkin => super::checkin::check_in(club, &league, me).await,
                LeagueOp::Suggest { match_id } => {
                    need("ask for a suggestion")?;
                    super::suggest::suggest(club, &league, match_id).await
                }
                LeagueOp::Result {
                    match_id,
                    winner,
                    reason,
                } => {
                    need("report a result")?;
                    let w = league_player(club, actor, &winner).await?;
                    super::director::ruling(club, &league, me, match_id, w.id, false, &reason).await
                }
                LeagueOp::Forfeit {
                    match_id,
                    loser,
                    reason,
                } => {
                    need("award a forfeit")?;
                    let l = league_player(club, actor, &loser).await?;
                    super::director::forfeit_ruling(club, &league, me, match_id, l.id, &reason)
                        .await
                }
                LeagueOp::Extend { match_id, seconds } => {
                    need("extend a deadline")?;
                    super::director::extend(club, &league, me, match_id, seconds).await
                }
                LeagueOp::Standings { division } => {
                    super::views::standings_view(club, &league, division).await
                }
                LeagueOp::Fixtures => super::views::fixtures_view(club, &league).await,
                LeagueOp::Bracket => super::views::bracket_view(club, &league).await,
                LeagueOp::Log => super::log::log_view(club, &league).await,
                LeagueOp::LogExport => super::log::log_export(club, &league).await,
                LeagueOp::Create { .. } | LeagueOp::List => unreachable!("handled above"),
            }
        }
    }
}

/// A player named in a league command (known here).
async fn league_player(club: &Club, actor: &Actor, who: &str) -> Result<PlayerRow, ClubError> {
    let key = player_key(actor, who);
    if key.is_empty() || key.chars().count() > 100 {
        return Err(Refusal::UnknownPlayer(who.chars().take(100).collect()).into());
    }
    club.store
        .find_player(&actor.platform, &key)
        .await?
        .ok_or_else(|| Refusal::UnknownPlayer(who.to_string()).into())
}

/// The league here a player is entered in (none named): the only open one, or else
/// the only open one he is in; several of his: say which.
async fn find_my_league(club: &Club, community: i64, me: &PlayerRow) -> Result<League, ClubError> {
    let open: Vec<LeagueRow> = club
        .store
        .leagues_in(community)
        .await?
        .into_iter()
        .filter(|l| l.status != "finished")
        .collect();
    if open.len() < 2 {
        return find_league(club, community, None).await;
    }
    let mut mine = Vec::new();
    for l in open {
        let entrants = club.store.league_entrants(l.id).await?;
        if entrants
            .iter()
            .any(|e| e.player.id == me.id && e.status == "entered")
        {
            mine.push(l);
        }
    }
    match mine.len() {
        1 => League::read(mine.remove(0)),
        0 => Err(LeagueRefusal::InNoLeague.into()),
        _ => {
            let names: Vec<String> = mine.iter().map(|l| l.name.clone()).collect();
            Err(LeagueRefusal::InSeveralLeagues { names }.into())
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn create_league(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    name: &str,
    format: Format,
    spec: ChallengeSpec,
    manage_server: bool,
) -> Result<Outcome, ClubError> {
    let name = check_name(name)?;
    if actor.identity == crate::Identity::Account && !manage_server {
        return Err(LeagueRefusal::CreateNeedsManager.into());
    }
    check_spec(&spec)?;
    if spec.practice || spec.tutor {
        return Err(LeagueRefusal::NoPractice.into());
    }
    if spec.ruleset == Ruleset::Standard && spec.length.is_none() {
        return Err(LeagueRefusal::NoMoneyPlay.into());
    }
    if club.store.find_league(community, &name).await?.is_some() {
        return Err(LeagueRefusal::NameTaken { name }.into());
    }
    // A format the store's column predates is kept in the settings.
    let settings = LeagueSettings {
        format: (format.column() != format.as_str()).then_some(format),
        ..LeagueSettings::default()
    };
    let now = club.clock.now();
    let entry = LeagueEntry::Create {
        name: name.clone(),
        format,
        spec,
    };
    let id = club
        .store
        .insert_league(&NewLeague {
            community_id: community,
            name: name.clone(),
            organiser: me.id,
            channel: actor.channel.clone(),
            format: format.column().into(),
            terms: crate::kernel::error::json(&spec)?,
            settings: crate::kernel::error::json(&settings)?,
            now,
            entry: entry_text(&entry)?,
        })
        .await?;
    let fee = settings.fee(spec.ruleset);
    let mut lines = vec![format!(
        "League {name} (#{id}) created by {}: {}, {}; join with /league join league:{name}",
        me.display_name,
        format.a_words(),
        spec_words(&spec)
    )];
    if fee > 0 {
        lines.push(format!(
            "Entry fee {} into the jack-pot (held by the organiser); the winner takes it all",
            format_amount(fee)
        ));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

async fn list_leagues(club: &Club, community: i64) -> Result<Outcome, ClubError> {
    let rows = club.store.leagues_in(community).await?;
    let mut lines = Vec::new();
    if rows.is_empty() {
        lines.push("No leagues here yet; an organiser creates one with /league create".into());
    }
    for r in rows {
        let l = League::read(r)?;
        let n = club.store.league_entrants(l.row.id).await?.len();
        lines.push(format!(
            "{}: {}, {}; {} ({n} entrant{}{})",
            l.row.name,
            l.format.words(),
            spec_words(&l.spec),
            l.row.status,
            if n == 1 { "" } else { "s" },
            if l.row.season > 0 {
                format!(", season {}", l.row.season)
            } else {
                String::new()
            }
        ));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

async fn set_league(
    club: &Club,
    league: &League,
    me: &PlayerRow,
    key: &str,
    value: &str,
) -> Result<Outcome, ClubError> {
    let mut s = league.settings.clone();
    let bad = |why: LeagueRefusal| Err(ClubError::from(why));
    let number = |v: &str, lo: i64, hi: i64| -> Result<i64, ClubError> {
        match v.trim().parse::<i64>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(LeagueRefusal::NotInRange {
                key: key.to_string(),
                lo,
                hi,
                value: v.to_string(),
            }
            .into()),
        }
    };
    if let Some((formats, note)) = not_for_format(key, value, league.format) {
        return bad(LeagueRefusal::NotForFormat {
            key: if key == "withdrawal" {
                format!("{key}:{}", value.trim())
            } else {
                key.to_string()
            },
            formats,
            league: league.row.name.clone(),
            format: league.format.a_words(),
            note,
        });
    }
    let fixed_once_running = !matches!(key, "organiser-role" | "remind" | "season-days" | "recur");
    if league.row.status == "running" && fixed_once_running {
        return Err(LeagueRefusal::FixedWhileRunning {
            key: key.to_string(),
        }
        .into());
    }
    match key {
        "win-points" => s.win_points = number(value, 0, 100)?,
        "loss-points" => s.loss_points = number(value, 0, 100)?,
        "season-days" => s.season_days = number(value, 1, 365)?,
        "division-size" => {
            s.division_size = u32::try_from(number(value, 3, 64)?).unwrap_or(8);
        }
        "movers" => s.movers = u32::try_from(number(value, 0, 16)?).unwrap_or(2),
        "remind" => {
            let parts: Vec<&str> = value.split(',').collect();
            let [a, b] = parts.as_slice() else {
                return bad(LeagueRefusal::RemindTwo);
            };
            s.remind_days = [number(a, 0, 60)?, number(b, 0, 60)?];
        }
        "withdrawal" => {
            s.withdrawal = match value {
                "forfeit" => Withdrawal::Forfeit,
                "void" => Withdrawal::Void,
                _ => {
                    return bad(LeagueRefusal::Withdrawal {
                        value: value.to_string(),
                    });
                }
            }
        }
        "seeding" => {
            s.seeding = match value {
                "random" => Seeding::Random,
                "entry" => Seeding::Entry,
                "rating" => Seeding::Rating,
                _ => {
                    return bad(LeagueRefusal::Seeding {
                        value: value.to_string(),
                    });
                }
            }
        }
        "vacation" => {
            s.vacation = match value.trim() {
                "on" | "true" | "yes" => true,
                "off" | "false" | "no" => false,
                _ => {
                    return bad(LeagueRefusal::Vacation {
                        value: value.to_string(),
                    });
                }
            }
        }
        "reset" => {
            s.reset = match value {
                "on" => true,
                "off" => false,
                _ => {
                    return bad(LeagueRefusal::Reset {
                        value: value.to_string(),
                    });
                }
            }
        }
        "rounds" => {
            s.rounds = match value {
                "auto" => None,
                v => Some(u32::try_from(number(v, 1, 64)?).unwrap_or(1)),
            }
        }
        "entry-fee" => {
            s.entry_fee = Some(parse_amount(value)?);
        }
        "recur" => s.recur_days = span_setting(key, value, 'd', "days", 90)?,
        "checkin" => s.checkin_hours = span_setting(key, value, 'h', "hours", 168)?,
        "organiser-role" => {
            let v = value.trim();
            if v.chars().count() > 40 || v.chars().any(|c| !c.is_ascii_alphanumeric()) {
                return bad(LeagueRefusal::OrganiserRole {
                    value: value.to_string(),
                });
            }
            s.organiser_role = (!v.is_empty() && v != "none").then(|| v.to_string());
        }
        _ => {
            return bad(LeagueRefusal::NoSuchSetting {
                key: key.to_string(),
            });
        }
    }
    let now = club.clock.now();
    let mut change = league.change(now);
    change.settings = Some(crate::kernel::error::json(&s)?);
    // Between seasons, a recurring league's window opens (or closes) with the
    // setting; a check-in taken off closes.
    if league.row.status == "signup" {
        match (key, s.recur_days, s.checkin_hours) {
            ("recur", Some(n), _) if league.row.season > 0 => {
                change.start_at = Some(super::recur::moved_start(league, n, now));
            }
            ("recur", None, _) | ("checkin", _, None) => change.start_at = None,
            _ => {}
        }
    }
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Set {
            key: key.into(),
            value: value.into(),
        })?,
    ));
    commit_league(club, league, &change).await?;
    let mut line = format!("League {}: {key} is now {value}", league.row.name);
    if key == "recur" {
        line.push_str(&super::recur::recur_words(
            league,
            s.recur_days,
            change.start_at,
            now,
        ));
    }
    Ok(Outcome {
        lines: vec![line],
        ..Outcome::default()
    })
}

async fn join_league(club: &Club, league: &League, me: &PlayerRow) -> Result<Outcome, ClubError> {
    if league.row.status != "signup" {
        return Err(LeagueRefusal::JoinNotSignup {
            league: league.row.name.clone(),
            status: league.row.status.clone(),
        }
        .into());
    }
    let entrants = club.store.league_entrants(league.row.id).await?;
    if entrants
        .iter()
        .any(|e| e.player.id == me.id && e.status == "entered")
    {
        return Err(LeagueRefusal::AlreadyJoined {
            league: league.row.name.clone(),
        }
        .into());
    }
    let now = club.clock.now();
    // Joining while the check-in is open is checking in: the player is here now, which
    // is all a check-in asks, and a second command would only be forgotten.
    let checkin = match (league.checkin(), league.row.start_at) {
        (Some(_), Some(until)) if now >= until => {
            return Err(LeagueRefusal::CheckinClosed {
                league: league.row.name.clone(),
                at: until,
            }
            .into());
        }
        (Some(_), Some(until)) => Some(until),
        _ => None,
    };
    let mut change = league.change(now);
    change.entries.push((me.id, "entered".into()));
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Join { player: me.id })?,
    ));
    if checkin.is_some() {
        change.checkins.push(me.id);
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Checkin { player: me.id })?,
        ));
    }
    commit_league(club, league, &change).await?;
    let n = entrants.iter().filter(|e| e.status == "entered").count() + 1;
    let mut line = format!(
        "{} joins {} ({n} entrant{})",
        me.display_name,
        league.row.name,
        if n == 1 { "" } else { "s" }
    );
    if let Some(until) = checkin {
        line.push_str(&format!(
            " and is checked in, the check-in being open; the draw is made in {}",
            duration_words(until - now)
        ));
    }
    Ok(Outcome {
        lines: vec![line],
        ..Outcome::default()
    })
}

async fn leave_league(club: &Club, league: &League, me: &PlayerRow) -> Result<Outcome, ClubError> {
    if league.row.status != "signup" {
        return Err(LeagueRefusal::LeaveUnderWay {
            league: league.row.name.clone(),
            void: league.settings.withdrawal == Withdrawal::Void,
        }
        .into());
    }
    let entrants = club.store.league_entrants(league.row.id).await?;
    if !entrants
        .iter()
        .any(|e| e.player.id == me.id && e.status == "entered")
    {
        return Err(LeagueRefusal::NotJoined {
            league: league.row.name.clone(),
        }
        .into());
    }
    let mut change = league.change(club.clock.now());
    change.removed.push(me.id);
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Leave { player: me.id })?,
    ));
    commit_league(club, league, &change).await?;
    Ok(Outcome {
        lines: vec![format!("{} leaves {}", me.display_name, league.row.name)],
        ..Outcome::default()
    })
}

/// A setting of a number of days or hours (`7d`, `7`, with `unit`), or `off`.
fn span_setting(
    key: &str,
    value: &str,
    unit: char,
    words: &'static str,
    most: i64,
) -> Result<Option<i64>, ClubError> {
    let v = value.trim().to_lowercase();
    if matches!(v.as_str(), "off" | "none" | "0") {
        return Ok(None);
    }
    match v.strip_suffix(unit).unwrap_or(&v).parse::<i64>() {
        Ok(n) if (1..=most).contains(&n) => Ok(Some(n)),
        _ => Err(LeagueRefusal::NotASpan {
            key: key.to_string(),
            words,
            unit,
            most,
            value: value.to_string(),
        }
        .into()),
    }
}
