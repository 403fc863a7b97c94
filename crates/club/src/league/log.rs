//! The league log for people: each entry of `/league log` as a sentence with names and
//! its time (UTC), and `/league log export`, the entries as stored (JSON, one a line).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::entries::LeagueEntry;
use super::terms::League;
use crate::kernel::phrases::{duration_words, utc_words};
use crate::{Attachment, Club, ClubError, Outcome, spec_words};
use engine::welsh::format_amount;

/// How many of the last entries `/league log` shows.
const LOG_SHOWN: usize = 50;

/// Match numbers as `#3, #4`.
fn match_list(ids: &[i64]) -> String {
    ids.iter()
        .map(|m| format!("#{m}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One entry as a sentence; `by` is who made it, `name` gives a player's name.
#[must_use]
fn sentence(e: &LeagueEntry, by: &str, name: &dyn Fn(i64) -> String) -> String {
    match e {
        LeagueEntry::Create {
            name: n,
            format,
            spec,
        } => format!(
            "{by} created league {n}: {}, {}",
            format.a_words(),
            spec_words(spec)
        ),
        LeagueEntry::Set { key, value } => format!("{by} set {key} to {value}"),
        LeagueEntry::Join { player } => format!("{} joined", name(*player)),
        LeagueEntry::Leave { player } => format!("{} left before the start", name(*player)),
        LeagueEntry::Start {
            season,
            entrants,
            fixtures,
            pot,
            ..
        } => {
            let mut s =
                format!("{by} started season {season}: {entrants} players, {fixtures} fixtures");
            if *pot > 0 {
                let _ = write!(s, ", a jack-pot of {}", format_amount(*pot));
            }
            s
        }
        LeagueEntry::Result {
            match_id,
            winner,
            forfeit,
            score,
        } => {
            if *forfeit {
                format!(
                    "match #{match_id}: {} won on the clock (the opponent ran out of time)",
                    name(*winner)
                )
            } else {
                format!(
                    "match #{match_id}: {} won {}-{}",
                    name(*winner),
                    score[0].max(score[1]),
                    score[0].min(score[1])
                )
            }
        }
        LeagueEntry::Ruling {
            match_id,
            winner,
            forfeit,
            reason,
        } => format!(
            "match #{match_id}: {} won {} {reason}",
            name(*winner),
            if *forfeit {
                "by forfeit by the organiser's ruling:"
            } else {
                "by the organiser's adjudication:"
            }
        ),
        LeagueEntry::Extend { match_id, seconds } => format!(
            "{by} gave match #{match_id} {} more (an extension)",
            duration_words(*seconds)
        ),
        LeagueEntry::Withdraw {
            player,
            voided,
            forfeited,
        } => {
            let mut s = format!("{} withdrew from the league", name(*player));
            if !forfeited.is_empty() {
                let _ = write!(s, "; {} forfeited to the opponents", match_list(forfeited));
            }
            if !voided.is_empty() {
                let _ = write!(s, "; {} void", match_list(voided));
            }
            s
        }
        LeagueEntry::Walkover { winner, .. } => format!(
            "{} went through without play (the opponent withdrew)",
            name(*winner)
        ),
        LeagueEntry::Round { matches } => {
            format!("the next round started: {}", match_list(matches))
        }
        LeagueEntry::SignupOpen { season, until } => format!(
            "sign-up for season {season} opened; it starts by itself at {}",
            utc_words(*until)
        ),
        LeagueEntry::CheckinOpen { until } => format!(
            "{by} opened the check-in; the draw is made at {}",
            utc_words(*until)
        ),
        LeagueEntry::Checkin { player } => format!("{} checked in", name(*player)),
        LeagueEntry::CheckinDropped { players } => format!(
            "dropped for not checking in: {}",
            players
                .iter()
                .map(|p| name(*p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        LeagueEntry::SeasonEnd {
            season,
            winner,
            pot,
            moves,
        } => {
            let mut s = format!(
                "season {season} ended: {} won",
                winner.map_or_else(|| "nobody".to_string(), name)
            );
            if *pot > 0 {
                let _ = write!(s, " the jack-pot of {}", format_amount(*pot));
            }
            for (p, from, to) in moves {
                let _ = write!(s, "; {} moves from division {from} to {to}", name(*p));
            }
            s
        }
    }
}

/// The names of everyone a league's log may name: its entrants, and anyone else
/// (a player who left) read one by one.
async fn log_names(
    club: &Club,
    league: &League,
    rows: &[(i64, i64, Option<i64>, String)],
) -> Result<HashMap<i64, String>, ClubError> {
    let mut names: HashMap<i64, String> = club
        .store
        .league_entrants(league.row.id)
        .await?
        .into_iter()
        .map(|e| (e.player.id, e.player.display_name))
        .collect();
    let mut ids: Vec<i64> = rows.iter().filter_map(|r| r.2).collect();
    for (_, _, _, entry) in rows {
        if let Ok(LeagueEntry::Join { player } | LeagueEntry::Leave { player }) =
            serde_json::from_str::<LeagueEntry>(entry)
        {
            ids.push(player);
        }
    }
    for id in ids {
        if let std::collections::hash_map::Entry::Vacant(v) = names.entry(id) {
            if let Ok(p) = club.store.player_by_id(id).await {
                v.insert(p.display_name);
            }
        }
    }
    Ok(names)
}

/// `/league log`: the last entries, each a sentence with names and its time.
pub(super) async fn log_view(club: &Club, league: &League) -> Result<Outcome, ClubError> {
    let rows = club.store.league_actions(league.row.id).await?;
    let names = log_names(club, league, &rows).await?;
    let name = |p: i64| {
        names
            .get(&p)
            .cloned()
            .unwrap_or_else(|| "a player no longer known".into())
    };
    let mut lines = vec![format!(
        "Log of league {} (/league log export: every entry as JSON)",
        league.row.name
    )];
    let skip = rows.len().saturating_sub(LOG_SHOWN);
    if skip > 0 {
        lines.push(format!("({skip} earlier entries left out)"));
    }
    for (seq, at, by, entry) in rows.iter().skip(skip) {
        let by = by.map_or_else(|| "the bot".to_string(), name);
        let text = match serde_json::from_str::<LeagueEntry>(entry) {
            Ok(e) => sentence(&e, &by, &name),
            Err(_) => "an entry this version cannot read (see /league log export)".into(),
        };
        lines.push(format!("{seq}. {}: {text}", utc_words(*at)));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

/// `/league log export`: every entry as stored, as a file of JSON lines (`seq`, `at`
/// in Unix seconds, `player` id or null, `entry`).
pub(super) async fn log_export(club: &Club, league: &League) -> Result<Outcome, ClubError> {
    let rows = club.store.league_actions(league.row.id).await?;
    let mut text = String::new();
    for (seq, at, by, entry) in &rows {
        let entry: serde_json::Value = serde_json::from_str(entry)
            .unwrap_or_else(|_| serde_json::Value::String(entry.clone()));
        let line = serde_json::json!({ "seq": seq, "at": at, "player": by, "entry": entry });
        let _ = writeln!(text, "{line}");
    }
    Ok(Outcome {
        lines: vec![format!(
            "Log of league {}: {} entries as JSON, one a line",
            league.row.name,
            rows.len()
        )],
        attachment: Some(Attachment {
            name: format!("league-{}-log.jsonl", league.row.id),
            text,
        }),
        ..Outcome::default()
    })
}
