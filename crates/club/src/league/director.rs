//! The organiser as tournament director: an adjudicated result or a forfeit awarded,
//! each with its reason in the league log and as a ruling in the match's own log, and a
//! match's deadline extended.

use super::advance::score_of;
use super::entries::{LeagueEntry, entry_text};
use super::terms::{League, days};
use crate::LeagueRefusal;
use crate::Refusal;
use crate::duration_words;
use crate::matches::loaded::Loaded;
use crate::matches::work::Work;
use crate::{Club, ClubError, Entry, Outcome};
use engine::Side;
use store::{FixtureRow, FixtureWrite, MatchChange, MatchRow, MatchStatus, PlayerRow};

/// How the organiser's side decides a league match without play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// A forfeit awarded by the organiser.
    Forfeit,
    /// A forfeit because the loser withdrew from the league.
    Withdrawal,
    /// A result adjudicated by the organiser.
    Adjudicated,
}

/// The change that ends a league match by a ruling: the ruling in the match's own log
/// (so that the log rebuilds the finished match), written the way every command's
/// change is (the rating update, with the match's cause: the organiser's forfeit or
/// adjudication, or a withdrawal).
pub(super) fn ruled_change(
    club: &Club,
    l: &Loaded,
    by: i64,
    winner: i64,
    how: Decision,
    reason: &str,
    now: i64,
) -> Result<MatchChange, ClubError> {
    let snap = l
        .snap
        .clone()
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(l.row.id)))?;
    let side = if l.row.players[0] == winner {
        Side::X
    } else {
        Side::O
    };
    let mut work = Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: None,
    };
    work.push_entry(
        Some(by),
        Entry::Ruling {
            winner: side,
            forfeit: how != Decision::Adjudicated,
            reason: reason.to_string(),
            withdrawal: how == Decision::Withdrawal,
        },
        &l.names,
    )?;
    let mut c = club.planned_change(l, None, &mut work, MatchStatus::Active, now)?;
    // The league records the fixture itself, with how it was decided.
    c.league = None;
    Ok(c)
}

/// The fixture of a league match under way, or why it is not one.
pub(super) async fn open_fixture(
    club: &Club,
    league: &League,
    match_id: i64,
) -> Result<(FixtureRow, MatchRow), ClubError> {
    let not_ours = || {
        ClubError::from(LeagueRefusal::NotItsMatch {
            id: match_id,
            league: league.row.name.clone(),
        })
    };
    let (lid, f) = club
        .store
        .fixture_of_match(match_id)
        .await?
        .ok_or_else(not_ours)?;
    if lid != league.row.id {
        return Err(not_ours());
    }
    let m = club
        .store
        .load_match(match_id)
        .await?
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(match_id)))?;
    if f.status != "playing" || m.status != MatchStatus::Active {
        return Err(LeagueRefusal::AlreadyDecided {
            id: match_id,
            league: league.row.name.clone(),
            result: m.result.clone().unwrap_or_else(|| f.status.clone()),
        }
        .into());
    }
    Ok((f, m))
}

/// The organiser's result for a league match: `winner` wins, by forfeit or
/// adjudicated, with the reason kept in the league log and shown in the match.
pub(super) async fn ruling(
    club: &Club,
    league: &League,
    me: &PlayerRow,
    match_id: i64,
    winner: i64,
    forfeit: bool,
    reason: &str,
) -> Result<Outcome, ClubError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(LeagueRefusal::NoReason.into());
    }
    if reason.chars().count() > 200 {
        return Err(Refusal::TooLong("reason", reason.chars().count(), 200).into());
    }
    let (mut f, _) = open_fixture(club, league, match_id).await?;
    let l = club.load(match_id).await?;
    if !f.players.contains(&Some(winner)) {
        return Err(not_in_match(club, &l, winner, "one of its two players").await);
    }
    let now = club.clock.now();
    let how = if forfeit { "forfeit" } else { "adjudicated" };
    let decision = if forfeit {
        Decision::Forfeit
    } else {
        Decision::Adjudicated
    };
    let ended = ruled_change(club, &l, me.id, winner, decision, reason, now)?;
    let text = ended.result.clone().unwrap_or_default();
    let mut change = league.change(now);
    change.matches.push(ended);
    f.status = "done".into();
    f.winner = Some(winner);
    f.how = Some(how.into());
    if let (false, Some(snap)) = (forfeit, &l.snap) {
        f.score = score_of(snap);
    }
    change.fixtures.push(FixtureWrite {
        fixture: f,
        start: None,
    });
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Ruling {
            match_id,
            winner,
            forfeit,
            reason: reason.to_string(),
        })?,
    ));
    super::record::commit_league(club, league, &change).await?;
    let mut out = Outcome {
        match_id: Some(match_id.into()),
        lines: vec![format!(
            "League {}, match #{match_id}: {text}",
            league.row.name
        )],
        ..Outcome::default()
    };
    // The result with the standings, as a match played out is announced.
    super::announce::tell_league_results(club, &[match_id], &mut out).await;
    let follow = super::advance::advance_league(club, league.row.id).await?;
    if !follow.is_empty() {
        // The league's news (the season's end, the next sign-up) in its channel too.
        out.announce
            .push((league.row.channel.clone(), follow.join("\n")));
    }
    out.lines.extend(follow);
    Ok(out)
}

/// A forfeit awarded against `loser`.
pub(super) async fn forfeit_ruling(
    club: &Club,
    league: &League,
    me: &PlayerRow,
    match_id: i64,
    loser: i64,
    reason: &str,
) -> Result<Outcome, ClubError> {
    let (f, _) = open_fixture(club, league, match_id).await?;
    let winner = match f.players {
        [Some(x), Some(o)] if x == loser => o,
        [Some(x), Some(o)] if o == loser => x,
        _ => {
            let l = club.load(match_id).await?;
            return Err(not_in_match(club, &l, loser, "the one who forfeits").await);
        }
    };
    ruling(club, league, me, match_id, winner, true, reason).await
}

/// The refusal of a ruling that names a player who is not in the match: who, and
/// whom the match is between.
async fn not_in_match(club: &Club, l: &Loaded, player: i64, name_whom: &'static str) -> ClubError {
    let who = club
        .store
        .player_by_id(player)
        .await
        .map_or_else(|_| "that player".to_string(), |p| p.display_name);
    LeagueRefusal::NotInMatch {
        who,
        id: l.row.id,
        players: l.names.clone(),
        whom: name_whom,
    }
    .into()
}

/// More time for the player to act in a league match: his bank and deadline move on.
pub(super) async fn extend(
    club: &Club,
    league: &League,
    me: &PlayerRow,
    match_id: i64,
    seconds: i64,
) -> Result<Outcome, ClubError> {
    if !(60..=days(30)).contains(&seconds) {
        return Err(LeagueRefusal::Extension.into());
    }
    let (_, m) = open_fixture(club, league, match_id).await?;
    let l = club.load(match_id).await?;
    let Some(who) = club.waiting_on(&l) else {
        return Err(LeagueRefusal::WaitsOnNobody { id: match_id }.into());
    };
    let i = usize::from(m.players[1] == who);
    let mut bank = m.bank;
    bank[i] += seconds;
    let now = club.clock.now();
    let deadline = m.deadline_at.map(|d| d + seconds);
    let reminder = deadline
        .map(|d| d - l.spec.time.remind_before)
        .filter(|&r| r > now);
    let mut change = league.change(now);
    change.matches.push(MatchChange {
        id: match_id,
        community_id: m.community_id,
        players: m.players,
        expected_version: m.version,
        status: MatchStatus::Active,
        state: m.state.clone(),
        turn_started_at: m.turn_started_at,
        bank,
        deadline_at: deadline,
        reminder_at: reminder,
        now,
        // The same snapshot: the same player waits, for the same.
        waiting: Some(crate::players::waiting::waiting_mark(
            &l,
            MatchStatus::Active,
            l.snap.as_ref(),
        )),
        ..MatchChange::default()
    });
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Extend { match_id, seconds })?,
    ));
    super::record::commit_league(club, league, &change).await?;
    Ok(Outcome {
        match_id: Some(match_id.into()),
        lines: vec![format!(
            "League {}, match #{match_id}: {} has {} more (the organiser's extension)",
            league.row.name,
            l.names[i],
            duration_words(seconds)
        )],
        ..Outcome::default()
    })
}
