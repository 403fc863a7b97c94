//! Why a finished match ended, read from its snapshot ([`end_cause`]) and said in words
//! for the rating history ([`rating_cause_words`]): kept with the match by the commit that
//! ends it (`store::EndCause`), so that every view says what really happened.

use crate::Snapshot;
use engine::welsh::{MatchEnd, WelshPhase};
use engine::{AnyMatch, Phase, ResultKind};
use store::EndCause;

/// Why the match of this snapshot ended; `None` while it is under way (or a money session
/// stopped between games, which has no winner).
#[must_use]
pub fn end_cause(snap: &Snapshot) -> Option<EndCause> {
    if let Some(r) = &snap.ruling {
        return Some(match (r.forfeit, r.withdrawal) {
            (true, true) => EndCause::Withdrawal(r.reason.clone()),
            (true, false) => EndCause::Forfeit(r.reason.clone()),
            (false, _) => EndCause::Adjudicated(r.reason.clone()),
        });
    }
    if snap.forfeit.is_some() {
        return Some(EndCause::Clock);
    }
    match &snap.game {
        AnyMatch::Standard(m) => match m.phase() {
            Phase::MatchOver { .. } => Some(match m.last_result().map(|r| r.kind) {
                Some(ResultKind::Dropped) => EndCause::Dropped,
                Some(ResultKind::Resigned(_)) => EndCause::Resigned,
                _ => EndCause::Played,
            }),
            _ => None,
        },
        AnyMatch::Welsh(m) => match m.phase() {
            WelshPhase::MatchOver { how, .. } => Some(match how {
                MatchEnd::Games => EndCause::Played,
                MatchEnd::Rectangle => EndCause::Rectangle,
                MatchEnd::TimedOut => EndCause::Clock,
            }),
            _ => None,
        },
    }
}

/// The words a rating-history line adds for how the match ended, from the side of the
/// player whose history it is (`won`), against `opponent`: `, forfeit: out of time`,
/// `, forfeit by the organiser's ruling: no reply for a week`, `, bob resigned`. Empty for
/// a match played out. `forfeit` is the line's own mark, for matches that ended before
/// causes were kept.
#[must_use]
pub fn rating_cause_words(
    cause: Option<&EndCause>,
    forfeit: bool,
    won: bool,
    opponent: &str,
) -> String {
    match cause {
        Some(EndCause::Clock) => if won {
            ", forfeit: opponent out of time"
        } else {
            ", forfeit: out of time"
        }
        .into(),
        Some(EndCause::Forfeit(r)) => format!(", forfeit by the organiser's ruling: {r}"),
        Some(EndCause::Withdrawal(r)) => format!(", forfeit: {r}"),
        Some(EndCause::Adjudicated(r)) => format!(", adjudicated by the organiser: {r}"),
        Some(EndCause::Resigned) if won => format!(", {opponent} resigned"),
        Some(EndCause::Resigned) => ", resigned".into(),
        Some(EndCause::Dropped) if won => format!(", {opponent} dropped the cube"),
        Some(EndCause::Dropped) => ", dropped the cube".into(),
        Some(EndCause::Rectangle) => ", by a rectangle".into(),
        Some(EndCause::Played) => String::new(),
        // Before causes were kept: only the mark is known.
        None if forfeit => ", forfeit".into(),
        None => String::new(),
    }
}

/// What a league fixture's line says after the winner's `won` (or `wins`) when its match
/// did not end by being played out: ` by forfeit by the organiser's ruling: no reply for a
/// week`, ` by forfeit: erin withdrew from league Autumn`, ` by forfeit: dave ran out of
/// time`, ` (bob resigned)`; `None` for a match played out or whose cause is not known.
#[must_use]
pub fn fixture_cause_words(cause: Option<&EndCause>, loser: &str) -> Option<String> {
    Some(match cause? {
        EndCause::Forfeit(r) => format!(" by forfeit by the organiser's ruling: {r}"),
        EndCause::Withdrawal(r) => format!(" by forfeit: {r}"),
        EndCause::Clock => format!(" by forfeit: {loser} ran out of time"),
        EndCause::Adjudicated(r) => format!(" by the organiser's adjudication: {r}"),
        EndCause::Resigned => format!(" ({loser} resigned)"),
        EndCause::Dropped => format!(" ({loser} dropped the cube)"),
        EndCause::Rectangle => " by a rectangle".into(),
        EndCause::Played => return None,
    })
}
