//! `/stats [player]`: the average error rate and PR over a player's analysed matches
//! here, and the PR over his last ones with its 95% interval (`pr`). Matches where `/hint` was allowed (against the bot, or opened for practice) are
//! counted apart: a hint followed is gnubg's own play, so a PR from them says nothing of
//! the player's ([`hints_allowed`]).

use crate::Refusal;
use crate::analysis::pr::pr_summary;
use crate::analysis::pr_history::{hints_allowed, player_prs};
use crate::analysis::review::{PlayerFigures, Review, rating_band};
use crate::players::named::known_player;
use crate::{Actor, ChallengeSpec, Club, ClubError, Outcome};
use store::PlayerRow;

/// Whether the stored match `id` allowed hints (a match not found or unreadable counts
/// as not: its analysis stays counted, as before).
pub(crate) async fn match_allowed_hints(club: &Club, id: i64) -> Result<bool, ClubError> {
    let Some(row) = club.store.load_match(id).await? else {
        return Ok(false);
    };
    Ok(serde_json::from_str::<ChallengeSpec>(&row.terms).is_ok_and(|s| hints_allowed(&s)))
}

/// The averages of `figures`: error rate, PR, luck.
fn averages(figures: &[PlayerFigures]) -> (f64, f64, f64) {
    let n = figures.len() as f64;
    let rate = figures.iter().map(|f| f.error_rate).sum::<f64>() / n;
    let pr = figures.iter().map(|f| f.pr).sum::<f64>() / n;
    let luck = figures.iter().map(|f| f.luck_rate).sum::<f64>() / n;
    (rate, pr, luck)
}

fn matches_words(n: usize) -> String {
    format!("{n} analysed match{}", if n == 1 { "" } else { "es" })
}

/// `/stats [player]`: the average error rate and PR over the analysed matches here where
/// no hint could be asked; those where one could, apart.
pub(super) async fn stats(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    player: Option<&str>,
) -> Result<Outcome, ClubError> {
    let who = match player {
        Some(p) => known_player(club, actor, p)
            .await?
            .ok_or_else(|| Refusal::UnknownPlayer(p.trim().to_string()))?,
        None => me.clone(),
    };
    let (mut figures, mut practice) = (Vec::new(), Vec::new());
    for row in club.store.analyses_done_in(community).await? {
        let Ok(r) = serde_json::from_str::<Review>(row.result.as_deref().unwrap_or("")) else {
            continue;
        };
        if let Some(i) = r.player_ids.iter().position(|&p| p == who.id) {
            if match_allowed_hints(club, row.match_id).await? {
                practice.push(r.players[i].clone());
            } else {
                figures.push(r.players[i].clone());
            }
        }
    }
    let practice_line = (!practice.is_empty()).then(|| {
        let (rate, pr, _) = averages(&practice);
        format!(
            "Not counted: {} where /hint was allowed (against the bot or practice): error \
             rate {rate:.1} mEMG, PR {pr:.1}",
            matches_words(practice.len())
        )
    });
    if figures.is_empty() {
        let mut lines = vec![format!(
            "{} has no analysed match in {} where hints were not allowed yet: /analyse a \
             finished match first",
            who.display_name, actor.community_name
        )];
        lines.extend(practice_line);
        return Ok(Outcome {
            lines,
            players: vec![crate::PlayerRef::new(community, who.id)],
            ..Outcome::default()
        });
    }
    let (rate, pr, luck) = averages(&figures);
    let mut lines = vec![
        format!(
            "Analysis stats for {} in {}: {}",
            who.display_name,
            actor.community_name,
            matches_words(figures.len())
        ),
        format!(
            "Average error rate {rate:.1} mEMG ({}), PR {pr:.1}; luck {luck:+.1} mEMG a move",
            rating_band(rate / 1000.0)
        ),
    ];
    lines.extend(practice_line);
    // The PR over the last matches, weighted by decisions, with its 95% interval.
    if let Some(s) = pr_summary(&player_prs(club, community, who.id).await?) {
        lines.push(s.words());
    }
    Ok(Outcome {
        lines,
        players: vec![crate::PlayerRef::new(community, who.id)],
        ..Outcome::default()
    })
}
