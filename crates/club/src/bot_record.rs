//! A player's record against the bot, level by level, for `/rating`: matches against the
//! bot are unrated, so this is what they count for ("against the bot (expert): 3-5").

use std::collections::BTreeMap;

use super::{ChallengeSpec, Club, ClubError};
use gnubg::Level;
use store::PlayerRow;

impl Club {
    /// `who`'s finished matches against the bot here, won-lost at each level played,
    /// weakest level first: "against the bot (expert): 3-5".
    pub(super) async fn bot_record_lines(
        &self,
        who: &PlayerRow,
        community: i64,
    ) -> Result<Vec<String>, ClubError> {
        let mut record: BTreeMap<Level, (u32, u32)> = BTreeMap::new();
        for row in self.store.finished_bot_matches(who.id, community).await? {
            let Ok(spec) = serde_json::from_str::<ChallengeSpec>(&row.terms) else {
                continue;
            };
            let (Some(level), Some(winner)) = (spec.bot, row.winner) else {
                continue;
            };
            let r = record.entry(level).or_default();
            if winner == who.id {
                r.0 += 1;
            } else {
                r.1 += 1;
            }
        }
        Ok(record
            .into_iter()
            .map(|(level, (won, lost))| format!("against the bot ({level}): {won}-{lost}"))
            .collect())
    }
}
