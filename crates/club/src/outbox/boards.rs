//! The message that last showed a match's board, as the adapters tell it (migration
//! 0028): `/games waiting` and the digest link it. The bot's decisions posted from the
//! outbox are recorded by the store as their rows are marked posted.

use crate::{Club, MatchNo};

impl Club {
    /// Records that message `message` in `channel` shows match `id`'s board as it now
    /// stands (an answer with the board, shown to everyone). A database error is logged:
    /// the links fall back to the channel.
    pub async fn board_posted(&self, id: MatchNo, channel: &str, message: &str) {
        let at = self.clock.now();
        if let Err(e) = self
            .store
            .board_posted(id.get(), channel, message, at)
            .await
        {
            tracing::warn!(match_id = id.get(), error = %e, "the board's message not recorded");
        }
    }
}
