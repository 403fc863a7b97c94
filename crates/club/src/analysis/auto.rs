//! Every finished match analysed by itself (docs/analysis.md, "Automatic analysis").
//!
//! The transaction that finishes a match marks it due (`matches.analysis_due`, written by
//! the store's one match write, whatever ended it: the last play, a resignation, a
//! time-out, a ruling, a money session stopped). The analysis worker then looks at the
//! due matches before each job it claims ([`queue_finished`]): a match its server's
//! setting covers ([`owed`]) gets one automatic job, queued in the transaction that clears
//! its mark; any other has its mark cleared. So each finished match is looked at exactly
//! once, and a restart loses none (the mark and the queue are rows).
//!
//! The job is the one `/analyse` would queue (the same games, depth and channel), made by
//! the match's first player but automatic: it counts against no one's quota, and it runs
//! once no job a player asked for waits (`store::Store::claim_analysis`).

use crate::analysis::queue::games_to_analyse;
use crate::{Actor, Club, ClubError, Outcome};
use engine::Ruleset;
use gnubg::find_gnubg;
use store::{AutoAnalysis, DueMatch, NewAnalysis};

/// How many due matches one look takes (the rest at the next).
const PASS: i64 = 100;

/// Whether a finished match is analysed by itself under its server's setting: `auto`: a
/// rated, league or bot match, or a money session (`money`); `league`: a league match;
/// `off`: none.
#[must_use]
pub(crate) fn owed(due: &DueMatch, money: bool) -> bool {
    match due.mode {
        AutoAnalysis::Off => false,
        AutoAnalysis::League => due.league,
        AutoAnalysis::Auto => due.rated || due.against_bot || due.league || money,
    }
}

/// The job a due match is owed.
struct Owed {
    games: i64,
    requested_by: i64,
    channel: String,
    plies: i64,
}

/// What match `due` is owed: a job, or none (its server's setting leaves it out, no game
/// of it was finished, or it is a standard match and GNU Backgammon is not installed).
async fn owed_job(club: &Club, due: &DueMatch) -> Result<Option<Owed>, ClubError> {
    if due.mode == AutoAnalysis::Off {
        return Ok(None);
    }
    let l = club.load(due.match_id).await?;
    if !owed(
        due,
        l.spec.length.is_none() && l.spec.ruleset == Ruleset::Standard,
    ) {
        return Ok(None);
    }
    let welsh = l.spec.ruleset == Ruleset::Welsh;
    if !welsh && find_gnubg(&club.analyst.settings.search_path).is_none() {
        return Ok(None);
    }
    let games = games_to_analyse(club, &l).await?;
    if games == 0 {
        return Ok(None);
    }
    Ok(Some(Owed {
        games: i64::from(games),
        requested_by: l.row.players[0],
        channel: l.row.channel.clone(),
        plies: if welsh {
            1
        } else {
            i64::from(club.analyst.settings.plies)
        },
    }))
}

/// Looks at the finished matches due for their automatic analysis: each one owed a job
/// gets it, the others are let go; how many jobs were queued.
pub(super) async fn queue_finished(club: &Club) -> Result<u32, ClubError> {
    let mut queued = 0;
    for due in club.store.matches_due_analysis(PASS).await? {
        let owed = match owed_job(club, &due).await {
            Ok(o) => o,
            // The database failed: the match stays due, for the next look.
            Err(ClubError::Store(e)) => return Err(e.into()),
            Err(e) => {
                tracing::warn!(match_id = due.match_id, error = %e, "a finished match could not be read for its automatic analysis");
                None
            }
        };
        let job = owed.as_ref().map(|o| NewAnalysis {
            match_id: due.match_id,
            games: o.games,
            community_id: due.community_id,
            requested_by: o.requested_by,
            channel: &o.channel,
            plies: o.plies,
            now: club.clock.now(),
        });
        if club
            .store
            .settle_due_analysis(due.match_id, job.as_ref())
            .await?
        {
            queued += 1;
        }
    }
    Ok(queued)
}

/// The setting in words.
fn setting_line(mode: AutoAnalysis) -> String {
    match mode {
        AutoAnalysis::Auto => "Finished matches here are analysed by themselves: every rated, \
             league or bot match, and each money session when it stops; the verdict is posted \
             in the match's channel (/server analysis:league or analysis:off changes it)"
            .into(),
        AutoAnalysis::League => "Only league matches here are analysed by themselves when they \
             end; /analyse asks for any other (/server analysis:auto or analysis:off changes \
             it)"
        .into(),
        AutoAnalysis::Off => "No match here is analysed by itself; /analyse asks for one \
             (/server analysis:auto or analysis:league changes it)"
            .into(),
    }
}

/// `/server analysis:auto|league|off`: the setting changed when one is given, then shown.
pub(super) async fn server_analysis(
    club: &Club,
    actor: &Actor,
    community: i64,
    mode: Option<AutoAnalysis>,
) -> Result<Outcome, ClubError> {
    if let Some(m) = mode {
        club.store.set_auto_analysis(community, m).await?;
        tracing::info!(community, by = %actor.user_id, mode = m.as_str(), "automatic analysis set");
    }
    let now = club.store.auto_analysis(community).await?;
    Ok(Outcome {
        lines: vec![setting_line(now)],
        ..Outcome::default()
    })
}
