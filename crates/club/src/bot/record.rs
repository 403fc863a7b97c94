//! A player's record against the bot, level by level, for `/rating`: matches against the
//! bot are unrated, so this is what they count for ("against the bot (expert): 3-5",
//! "against the Welsh bot (strong): 1-0").

use std::collections::BTreeMap;

use crate::{BotLevel, ChallengeSpec, Club, ClubError};
use store::PlayerRow;

/// `who`'s finished matches against the bot here, won-lost at each level played,
/// GNU Backgammon's levels weakest first, then the Welsh player's: "against the bot
/// (expert): 3-5", "against the Welsh bot (strong): 1-0".
pub(super) async fn bot_record_lines(
    club: &Club,
    who: &PlayerRow,
    community: i64,
) -> Result<Vec<String>, ClubError> {
    let mut record: BTreeMap<(u8, usize), (BotLevel, u32, u32)> = BTreeMap::new();
    for row in club.store.finished_bot_matches(who.id, community).await? {
        let Ok(spec) = serde_json::from_str::<ChallengeSpec>(&row.terms) else {
            continue;
        };
        let (Some(level), Some(winner)) = (spec.bot, row.winner) else {
            continue;
        };
        let r = record.entry(level.order()).or_insert((level, 0, 0));
        if winner == who.id {
            r.1 += 1;
        } else {
            r.2 += 1;
        }
    }
    Ok(record
        .into_values()
        .map(|(level, won, lost)| {
            let bot = match level {
                BotLevel::Standard(_) => "the bot",
                BotLevel::Welsh(_) => "the Welsh bot",
            };
            format!("against {bot} ({level}): {won}-{lost}")
        })
        .collect())
}
