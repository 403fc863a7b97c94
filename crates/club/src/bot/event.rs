//! What the bot player did, or why it could not act, for the adapters to post.

use crate::Outcome;

/// A decision of the bot player (GNU Backgammon) in a match, or the reason it could not
/// make one: the adapter posts `outcome` in `channel` as it posts a reply to a command
/// (its lines, the board, the notice for the player who acts next).
#[derive(Clone, Debug)]
pub struct BotEvent {
    pub match_id: crate::MatchNo,
    /// The match's channel.
    pub channel: String,
    pub outcome: Outcome,
}
