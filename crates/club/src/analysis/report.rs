//! A finished analysis job's report, read back from the store: what the outbox's poster
//! posts in the match's channel (the same words and pictures as the worker's event).

use engine::Ruleset;
use store::AnalysisStatus;

use crate::analysis::queue::AnalysisReport;
use crate::analysis::review::Review;
use crate::analysis::review_words::{blunder_boards, review_lines};
use crate::analysis::welsh::{WelshReview, welsh_blunder_boards, welsh_review_lines};
use crate::{Club, ClubError};

/// The report of job `job`, once it has ended (`None`: not ended, or gone).
pub(super) async fn stored_report(
    club: &Club,
    job: i64,
) -> Result<Option<AnalysisReport>, ClubError> {
    let Some(row) = club.store.analysis(job).await? else {
        return Ok(None);
    };
    if !matches!(row.status, AnalysisStatus::Done | AnalysisStatus::Failed) {
        return Ok(None);
    }
    let l = club.load(row.match_id).await?;
    let mentions: Vec<String> = l.players.iter().map(|p| p.platform_id.clone()).collect();
    let names: Vec<String> = l.players.iter().map(|p| p.display_name.clone()).collect();
    let to = names.join(" ");
    let corrupt = |e: serde_json::Error| ClubError::Corrupt(row.match_id, e.to_string());
    let (lines, boards, failed) = match (&row.result, &row.error) {
        (Some(result), _) => {
            let mut lines = vec![format!(
                "{to}: the analysis of match #{} is ready.",
                row.match_id
            )];
            let boards = if l.spec.ruleset == Ruleset::Welsh {
                let review: WelshReview = serde_json::from_str(result).map_err(corrupt)?;
                lines.extend(welsh_review_lines(&review));
                welsh_blunder_boards(&review)
            } else {
                let review: Review = serde_json::from_str(result).map_err(corrupt)?;
                lines.extend(review_lines(&review));
                blunder_boards(&review)
            };
            (lines, boards, false)
        }
        (None, why) => (
            vec![format!(
                "{to}: the analysis of match #{} did not finish: {}",
                row.match_id,
                why.as_deref().unwrap_or("no reason was kept")
            )],
            Vec::new(),
            true,
        ),
    };
    Ok(Some(AnalysisReport {
        job: row.id,
        match_id: row.match_id.into(),
        channel: row.channel.clone(),
        mentions,
        names,
        lines,
        boards,
        failed,
    }))
}
