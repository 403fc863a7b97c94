//! Head-to-head: two players' finished matches against each other here, per ruleset
//! (matches, wins, the match points or games each won; money sessions apart) and the last
//! five results (`/h2h`, and `/rating ... vs:`). The tally of one finished match for a
//! player ([`finished_result`]) is also what the web player page counts per opponent.

use std::fmt::Write as _;

use crate::PlayerRefusal;
use crate::kernel::phrases::utc_words;
use crate::{Actor, ChallengeSpec, Club, ClubError, Outcome, Snapshot};
use engine::Ruleset;
use store::{EndCause, MatchRow, MatchStatus, PlayerRow};

/// How many results `/h2h` lists.
pub const LAST_RESULTS: usize = 5;

/// A finished match's result for `user`: his opponent's id and whether he won; `None`
/// while the match is not finished, has no winner, or is not his.
#[must_use]
pub(crate) fn finished_result(row: &MatchRow, user: i64) -> Option<(i64, bool)> {
    if row.status != MatchStatus::Finished || !row.players.contains(&user) {
        return None;
    }
    let other = if row.players[0] == user {
        row.players[1]
    } else {
        row.players[0]
    };
    row.winner.map(|w| (other, w == user))
}

/// What a head-to-head counts in one kind of play, for the two players in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Record {
    matches: u32,
    wins: [u32; 2],
    /// Match points (standard), points (money play) or games (Welsh) won.
    points: [u64; 2],
}

/// The kinds of play a head-to-head keeps apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Standard,
    Money,
    Welsh,
}

fn kind_of(row: &MatchRow, spec: Option<&ChallengeSpec>) -> Kind {
    match row.ruleset {
        Ruleset::Welsh => Kind::Welsh,
        Ruleset::Standard if spec.is_some_and(|s| s.length.is_none()) => Kind::Money,
        Ruleset::Standard => Kind::Standard,
    }
}

/// The final score of a stored match, X then O (`None`: no snapshot to read).
fn score_of(row: &MatchRow) -> Option<[u32; 2]> {
    let snap: Snapshot = serde_json::from_str(row.state.as_deref()?).ok()?;
    Some(snap.match_score())
}

/// How a result ended, when not played out: ` (on time)`, ` (resigned)`, ...
fn how_words(cause: Option<&EndCause>) -> &'static str {
    match cause {
        Some(EndCause::Clock) => " (on time)",
        Some(EndCause::Resigned) => " (resigned)",
        Some(EndCause::Dropped) => " (cube dropped)",
        Some(EndCause::Rectangle) => " (by a rectangle)",
        Some(EndCause::Forfeit(_) | EndCause::Withdrawal(_)) => " (forfeit)",
        Some(EndCause::Adjudicated(_)) => " (adjudicated)",
        Some(EndCause::Played) | None => "",
    }
}

/// The terms of a match in a few words: `standard 5-point`, `Welsh to 25`, `money play`.
fn terms_words(row: &MatchRow, spec: Option<&ChallengeSpec>) -> String {
    match (row.ruleset, spec.map(|s| s.length)) {
        (Ruleset::Welsh, l) => format!("Welsh to {}", l.flatten().unwrap_or(25)),
        (Ruleset::Standard, Some(None)) => "money play".into(),
        (Ruleset::Standard, Some(Some(n))) => format!("standard {n}-point"),
        (Ruleset::Standard, None) => "standard".into(),
    }
}

/// `/h2h [player] <opponent>`: `player` (default: me) against `opponent` here.
pub(super) async fn head_to_head_view(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    player: Option<&str>,
    opponent: &str,
) -> Result<Outcome, ClubError> {
    let a = match player {
        Some(p) => super::rating::rated_player(club, actor, p).await?,
        None => me.clone(),
    };
    let b = super::rating::rated_player(club, actor, opponent).await?;
    if a.id == b.id {
        return Err(PlayerRefusal::SamePlayerTwice {
            name: a.display_name,
        }
        .into());
    }
    Ok(Outcome {
        lines: head_to_head_lines(club, &a, &b, community).await?,
        players: vec![
            crate::PlayerRef::new(community, a.id),
            crate::PlayerRef::new(community, b.id),
        ],
        ..Outcome::default()
    })
}

/// The head-to-head of `a` against `b` in `community`, in words.
async fn head_to_head_lines(
    club: &Club,
    a: &PlayerRow,
    b: &PlayerRow,
    community: i64,
) -> Result<Vec<String>, ClubError> {
    let rows = club.store.matches_between(community, a.id, b.id).await?;
    let names = [a.display_name.as_str(), b.display_name.as_str()];
    let mut lines = vec![format!("Head-to-head: {} v {}", names[0], names[1])];
    if rows.iter().all(|r| finished_result(r, a.id).is_none()) {
        lines.push(format!(
            "{} and {} have no finished match against each other here.",
            names[0], names[1]
        ));
        return Ok(lines);
    }
    let mut records = [
        (Kind::Standard, Record::default()),
        (Kind::Welsh, Record::default()),
        (Kind::Money, Record::default()),
    ];
    let mut last = Vec::new();
    for row in &rows {
        let Some((_, a_won)) = finished_result(row, a.id) else {
            continue;
        };
        let spec: Option<ChallengeSpec> = serde_json::from_str(&row.terms).ok();
        let kind = kind_of(row, spec.as_ref());
        // The score as X and O, turned to a's and b's.
        let score = score_of(row).map(|s| {
            if row.players[0] == a.id {
                s
            } else {
                [s[1], s[0]]
            }
        });
        if let Some((_, r)) = records.iter_mut().find(|(k, _)| *k == kind) {
            r.matches += 1;
            r.wins[usize::from(!a_won)] += 1;
            if let Some(s) = score {
                r.points[0] += u64::from(s[0]);
                r.points[1] += u64::from(s[1]);
            }
        }
        if last.len() < LAST_RESULTS {
            let (w, l) = if a_won { (0, 1) } else { (1, 0) };
            let mut line = format!(
                "  {} #{} {}: {} won",
                &utc_words(row.updated_at)[..10],
                row.id,
                terms_words(row, spec.as_ref()),
                names[w]
            );
            if let Some(s) = score {
                let _ = write!(line, " {}-{}", s[w], s[l]);
            }
            line.push_str(how_words(row.cause.as_ref()));
            last.push(line);
        }
    }
    for (kind, r) in &records {
        let (title, unit) = match kind {
            Kind::Standard => ("Standard", "match points"),
            Kind::Welsh => ("Welsh", "games"),
            Kind::Money => ("Money play", "points"),
        };
        if r.matches == 0 {
            if *kind != Kind::Money {
                lines.push(format!("{title}: no finished match"));
            }
            continue;
        }
        let what = match (kind, r.matches) {
            (Kind::Money, 1) => "session",
            (Kind::Money, _) => "sessions",
            (_, 1) => "match",
            _ => "matches",
        };
        lines.push(format!(
            "{title}: {} {what}; won {} {}, {} {}; {unit} {} {}, {} {}",
            r.matches,
            names[0],
            r.wins[0],
            names[1],
            r.wins[1],
            names[0],
            r.points[0],
            names[1],
            r.points[1]
        ));
    }
    lines.push(format!(
        "Last {} result{}:",
        last.len(),
        if last.len() == 1 { "" } else { "s" }
    ));
    lines.extend(last);
    Ok(lines)
}
