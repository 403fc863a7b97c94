//! A finished league match announced in the league's channel: who beat whom, and the
//! table as it now stands in one line (a knockout: who goes through).

use super::standings::Points;
use super::tables::{division_table, round_name};
use super::terms::League;
use crate::kernel::cause::fixture_cause_words;
use crate::{Club, Outcome};
use std::collections::{HashMap, HashSet};

/// The announcement of league match `match_id`'s result, once its end is committed:
/// the league's channel and the words; `None` for a match of no league.
pub(super) async fn league_result(club: &Club, match_id: i64) -> Option<(String, String)> {
    match league_result_words(club, match_id).await {
        Ok(a) => a,
        Err(e) => {
            tracing::warn!(match_id, error = %e, "league result not announced");
            None
        }
    }
}

/// The channel of the league whose fixture match `match_id` is (read before its end is
/// committed, so that the announcement is owed in that commit); `None` for a match of no
/// league, or on a database error (logged).
pub(super) async fn league_channel(club: &Club, match_id: i64) -> Option<String> {
    let read = async {
        let Some((league_id, _)) = club.store.fixture_of_match(match_id).await? else {
            return Ok::<_, crate::ClubError>(None);
        };
        Ok(club.store.league(league_id).await?.map(|row| row.channel))
    };
    match read.await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(match_id, error = %e, "league channel not read");
            None
        }
    }
}

/// The results of the league matches `ended` (by a ruling or a withdrawal), each with
/// the standings: in `out`'s lines, and announced in the league's channel and in the
/// match's own (the adapter skips the channel the answer went to).
pub(super) async fn tell_league_results(club: &Club, ended: &[i64], out: &mut Outcome) {
    for &id in ended {
        if let Some((channel, text)) = league_result(club, id).await {
            out.lines.push(text.clone());
            let here = club
                .store
                .load_match(id)
                .await
                .ok()
                .flatten()
                .map(|m| m.channel);
            if let Some(here) = here.filter(|h| *h != channel) {
                out.announce.push((here, text.clone()));
            }
            out.announce.push((channel, text));
        }
    }
}

async fn league_result_words(
    club: &Club,
    match_id: i64,
) -> Result<Option<(String, String)>, crate::ClubError> {
    let Some((league_id, fixture)) = club.store.fixture_of_match(match_id).await? else {
        return Ok(None);
    };
    let Some(row) = club.store.league(league_id).await? else {
        return Ok(None);
    };
    let league = League::read(row)?;
    let (Some(winner), [Some(x), Some(o)]) = (fixture.winner, fixture.players) else {
        return Ok(None);
    };
    let entrants = club.store.league_entrants(league_id).await?;
    let names: HashMap<i64, String> = entrants
        .iter()
        .map(|e| (e.player.id, e.player.display_name.clone()))
        .collect();
    let name = |p: i64| names.get(&p).cloned().unwrap_or_else(|| "?".into());
    let loser = if winner == x { o } else { x };
    let season = league.row.season;
    let fixtures = club.store.league_fixtures(league_id, season).await?;
    // How it ended (the clock, a ruling, a withdrawal, a resignation), as the
    // league's fixtures say it.
    let cause = club.store.load_match(match_id).await?.and_then(|m| m.cause);
    let how = fixture_cause_words(cause.as_ref(), &name(loser)).unwrap_or_else(|| {
        match fixture.how.as_deref() {
            Some("forfeit") => " by forfeit".into(),
            Some("adjudicated") => " by adjudication".into(),
            _ => String::new(),
        }
    });
    // A cause in brackets shares them with the match's number.
    let tail = match how.strip_prefix(" (").and_then(|h| h.strip_suffix(')')) {
        Some(inner) => format!(" (match #{match_id}: {inner})"),
        None => format!("{how} (match #{match_id})"),
    };
    let mut text = format!(
        "League {}, {}: {} beats {}{tail}.",
        league.row.name,
        round_name(league.format, fixture.round, &fixtures),
        name(winner),
        name(loser),
    );
    if league.format.is_bracket() {
        text.push_str(&format!(" {} goes through.", name(winner)));
    } else {
        let withdrawn: HashSet<i64> = entrants
            .iter()
            .filter(|e| e.status == "withdrawn")
            .map(|e| e.player.id)
            .collect();
        let places = club.store.league_places(league_id, season).await?;
        let points = Points {
            win: league.settings.win_points,
            loss: league.settings.loss_points,
        };
        let table = division_table(
            league.format,
            &places,
            fixture.division,
            &fixtures,
            &withdrawn,
            points,
        );
        let rows: Vec<String> = table
            .iter()
            .map(|r| {
                let plural = if r.points == 1 { "" } else { "s" };
                format!("{}. {} {} pt{plural}", r.rank, name(r.player), r.points)
            })
            .collect();
        text.push_str(&format!(" Standings: {}", rows.join(", ")));
    }
    Ok(Some((league.row.channel.clone(), text)))
}
