//! Players' PR match by match, read from the stored analyses of a server's standard
//! matches in the order the matches ended: what `/stats`, `/rating`, the leaderboard's PR
//! column and the player page's PR line and chart are made from ([`crate::analysis::pr`]).
//! Matches where `/hint` could be asked are left out, as `/stats` leaves them out; of a
//! money session analysed more than once, the analysis covering the most games counts.

use std::collections::HashMap;

use crate::analysis::pr::MatchPr;
use crate::analysis::review::Review;
use crate::{ChallengeSpec, Club, ClubError};
use store::AnalysedMatch;

/// Whether `/hint` could be asked in a match of these terms: a match against the bot, or
/// one opened for practice (never rated, never a league's).
#[must_use]
pub(crate) fn hints_allowed(spec: &ChallengeSpec) -> bool {
    spec.bot.is_some() || spec.practice
}

/// Each counted analysis once per match (the one covering the most games), in the order
/// the matches ended.
fn counted(rows: Vec<AnalysedMatch>) -> Vec<(AnalysedMatch, Review)> {
    let mut out: Vec<(AnalysedMatch, Review)> = Vec::new();
    let mut at: HashMap<i64, usize> = HashMap::new();
    for row in rows {
        if serde_json::from_str::<ChallengeSpec>(&row.terms).is_ok_and(|s| hints_allowed(&s)) {
            continue;
        }
        let Ok(review) = serde_json::from_str::<Review>(&row.result) else {
            continue;
        };
        match at.get(&row.match_id) {
            Some(&i) if out[i].0.games >= row.games => {}
            Some(&i) => out[i] = (row, review),
            None => {
                at.insert(row.match_id, out.len());
                out.push((row, review));
            }
        }
    }
    out
}

/// Player `player`'s figures in one review, if he played in it.
fn match_pr(row: &AnalysedMatch, review: &Review, player: i64) -> Option<MatchPr> {
    let i = review.player_ids.iter().position(|&p| p == player)?;
    let f = &review.players[i];
    Some(MatchPr {
        match_id: row.match_id,
        at: row.ended_at,
        pr: f.pr,
        decisions: f.unforced_moves + f.close_cube,
    })
}

/// Player `player`'s PR in each of his counted analysed matches in `community`, oldest
/// first.
pub(crate) async fn player_prs(
    club: &Club,
    community: i64,
    player: i64,
) -> Result<Vec<MatchPr>, ClubError> {
    let rows = club
        .store
        .analysed_matches_in(community, Some(player))
        .await?;
    Ok(counted(rows)
        .iter()
        .filter_map(|(row, review)| match_pr(row, review, player))
        .collect())
}

/// Every player's PR in each of his counted analysed matches in `community`, oldest
/// first, by player id (one read, for the leaderboard).
pub(crate) async fn all_prs(
    club: &Club,
    community: i64,
) -> Result<HashMap<i64, Vec<MatchPr>>, ClubError> {
    let rows = club.store.analysed_matches_in(community, None).await?;
    let mut by: HashMap<i64, Vec<MatchPr>> = HashMap::new();
    for (row, review) in counted(rows) {
        for p in review.player_ids {
            if let Some(m) = match_pr(&row, &review, p) {
                by.entry(p).or_default().push(m);
            }
        }
    }
    Ok(by)
}
