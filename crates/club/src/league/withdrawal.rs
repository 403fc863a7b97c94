//! A player withdrawing from a league under way: his remaining matches forfeited to his
//! opponents or void (the league's setting; a knockout always forfeits).

use super::director::Decision;
use super::entries::{LeagueEntry, entry_text};
use super::terms::{League, Withdrawal};
use crate::LeagueRefusal;
use crate::matches::work::entry_json;
use crate::{Club, ClubError, Entry, Outcome};
use store::{FixtureWrite, MatchChange, MatchStatus, PlayerRow};

/// A player leaves a league under way: his remaining matches are forfeited to his
/// opponents, or void (the league's setting; a knockout always forfeits).
pub(super) async fn withdraw(
    club: &Club,
    league: &League,
    me: &PlayerRow,
) -> Result<Outcome, ClubError> {
    if league.row.status != "running" {
        return Err(LeagueRefusal::NoSeason {
            league: league.row.name.clone(),
        }
        .into());
    }
    let entrants = club.store.league_entrants(league.row.id).await?;
    if !entrants
        .iter()
        .any(|e| e.player.id == me.id && e.status == "entered")
    {
        return Err(LeagueRefusal::NotPlaying {
            league: league.row.name.clone(),
        }
        .into());
    }
    let void = league.settings.withdrawal == Withdrawal::Void && !league.format.is_bracket();
    let now = club.clock.now();
    let mut change = league.change(now);
    change.entries.push((me.id, "withdrawn".into()));
    let (mut voided, mut forfeited) = (Vec::new(), Vec::new());
    for mut f in club
        .store
        .league_fixtures(league.row.id, league.row.season)
        .await?
    {
        if f.status != "playing" || !f.players.contains(&Some(me.id)) {
            continue;
        }
        let Some(mid) = f.match_id else { continue };
        let l = club.load(mid).await?;
        if l.row.status != MatchStatus::Active {
            continue;
        }
        let other = if f.players[0] == Some(me.id) {
            f.players[1]
        } else {
            f.players[0]
        };
        let why = format!(
            "{} withdrew from league {}",
            me.display_name, league.row.name
        );
        change.matches.push(if void {
            MatchChange {
                id: mid,
                community_id: l.row.community_id,
                players: l.row.players,
                expected_version: l.row.version,
                status: MatchStatus::Cancelled,
                state: l.row.state.clone(),
                bank: l.row.bank,
                result: Some(format!("void: {why}")),
                now,
                actions: vec![(Some(me.id), entry_json(&Entry::Void { reason: why })?)],
                ..MatchChange::default()
            }
        } else {
            super::director::ruled_change(
                club,
                &l,
                me.id,
                other.unwrap_or(0),
                Decision::Withdrawal,
                &why,
                now,
            )?
        });
        if void {
            f.status = "void".into();
            voided.push(mid);
        } else {
            f.status = "done".into();
            f.winner = other;
            f.how = Some("forfeit".into());
            forfeited.push(mid);
        }
        change.fixtures.push(FixtureWrite {
            fixture: f,
            start: None,
        });
    }
    let n = (voided.len(), forfeited.len());
    let ended = forfeited.clone();
    change.log.push((
        Some(me.id),
        entry_text(&LeagueEntry::Withdraw {
            player: me.id,
            voided,
            forfeited,
        })?,
    ));
    super::record::commit_league(club, league, &change).await?;
    let lines = vec![format!(
        "{} withdraws from {}: {} match{} {}",
        me.display_name,
        league.row.name,
        n.0 + n.1,
        if n.0 + n.1 == 1 { "" } else { "es" },
        if void {
            "void (left out of the table)"
        } else {
            "forfeited to the opponents"
        }
    )];
    let mut out = Outcome {
        lines,
        ..Outcome::default()
    };
    // Each forfeited match's result with the standings, as a match played out is
    // announced.
    super::announce::tell_league_results(club, &ended, &mut out).await;
    out.lines
        .extend(super::advance::advance_league(club, league.row.id).await?);
    Ok(out)
}
