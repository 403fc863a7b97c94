//! A league's log in words (`/league log`): each entry a sentence with the players' names
//! and its time in UTC; the JSON stays for `/league log export`.

use super::{LeagueEntry, format_amount};

/// The players an entry names, to look their names up.
pub(super) fn players_of(e: &LeagueEntry) -> Vec<i64> {
    match e {
        LeagueEntry::Join { player } | LeagueEntry::Leave { player } => vec![*player],
        LeagueEntry::Result { winner, .. }
        | LeagueEntry::Ruling { winner, .. }
        | LeagueEntry::Walkover { winner, .. } => vec![*winner],
        LeagueEntry::Withdraw { player, .. } => vec![*player],
        LeagueEntry::SeasonEnd { winner, moves, .. } => {
            let mut v: Vec<i64> = winner.iter().copied().collect();
            v.extend(moves.iter().map(|m| m.0));
            v
        }
        _ => Vec::new(),
    }
}

fn matches_words(ids: &[i64]) -> String {
    ids.iter()
        .map(|m| format!("#{m}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The entry as a sentence; `by` is the name of who made it, if anyone.
pub(super) fn sentence(
    e: &LeagueEntry,
    by: Option<String>,
    name: &dyn Fn(i64) -> String,
) -> String {
    let by = by.unwrap_or_else(|| "the club".into());
    match e {
        LeagueEntry::Create {
            name: n, format, ..
        } => {
            format!("{by} creates the league {n} ({})", format.words())
        }
        LeagueEntry::Set { key, value } => format!("{by} sets {key} to {value}"),
        LeagueEntry::Join { player } => format!("{} joins", name(*player)),
        LeagueEntry::Leave { player } => format!("{} leaves", name(*player)),
        LeagueEntry::Start {
            season,
            entrants,
            fixtures,
            pot,
            ..
        } => {
            let mut s = format!(
                "{by} starts it: season {season} starts with {entrants} players and {fixtures} fixtures"
            );
            if *pot > 0 {
                s.push_str(&format!(", a jack-pot of {}", format_amount(*pot)));
            }
            s
        }
        LeagueEntry::Result {
            match_id,
            winner,
            forfeit,
            score,
        } => format!(
            "match #{match_id} ends: {} wins {}-{}{}",
            name(*winner),
            score[0].max(score[1]),
            score[0].min(score[1]),
            if *forfeit {
                " (the opponent ran out of time)"
            } else {
                ""
            }
        ),
        LeagueEntry::Ruling {
            match_id,
            winner,
            forfeit,
            reason,
        } => format!(
            "{by} rules match #{match_id} {} to {}: {reason}",
            if *forfeit { "forfeited" } else { "adjudicated" },
            name(*winner)
        ),
        LeagueEntry::Extend { match_id, seconds } => format!(
            "{by} extends match #{match_id} by {}",
            crate::club::words::duration_words(*seconds)
        ),
        LeagueEntry::Withdraw {
            player,
            voided,
            forfeited,
        } => {
            let mut s = format!("{} withdraws", name(*player));
            if !voided.is_empty() {
                s.push_str(&format!("; void: {}", matches_words(voided)));
            }
            if !forfeited.is_empty() {
                s.push_str(&format!("; forfeited: {}", matches_words(forfeited)));
            }
            s
        }
        LeagueEntry::Walkover { fixture, winner } => {
            format!(
                "{} goes through fixture {fixture} without play",
                name(*winner)
            )
        }
        LeagueEntry::Round { matches } => {
            format!(
                "the next knockout matches start: {}",
                matches_words(matches)
            )
        }
        LeagueEntry::SeasonEnd {
            season,
            winner,
            pot,
            moves,
        } => {
            let mut s = format!(
                "season {season} ends{}",
                winner.map_or_else(String::new, |w| format!(": {} wins it", name(w)))
            );
            if *pot > 0 {
                s.push_str(&format!(" and the jack-pot of {}", format_amount(*pot)));
            }
            for (p, from, to) in moves {
                s.push_str(&format!(
                    "; {} {} from division {from} to division {to}",
                    name(*p),
                    if to < from { "goes up" } else { "goes down" }
                ));
            }
            s
        }
    }
}

/// A Unix time as `2027-01-15 08:00 UTC`.
pub(super) fn utc(at: i64) -> String {
    let days = at.div_euclid(86_400);
    let secs = at.rem_euclid(86_400);
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        secs / 3600,
        secs % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_are_said_in_utc() {
        assert_eq!(super::utc(1_800_000_000), "2027-01-15 08:00 UTC");
        assert_eq!(super::utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc(951_782_400), "2000-02-29 00:00 UTC");
    }
}
