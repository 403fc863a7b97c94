//! The refusals of blocking (`/block`, `/unblock`) and of what a block refuses: a
//! challenge or a join refused in the same words whatever the reason.

/// Blocking refused, or a challenge or join refused by a block.
#[derive(Debug, thiserror::Error)]
pub enum BlockRefusal {
    /// A challenge refused on the opponent's side (the same words whatever the reason).
    #[error("your challenge to {opponent} was refused; nothing was sent")]
    ChallengeRefused {
        /// The opponent's name.
        opponent: String,
    },
    /// Joining a chouette refused on its members' side (the same words whatever the reason).
    #[error("joining chouette #{session} was refused; you are not in it")]
    JoinRefused {
        /// The chouette.
        session: i64,
    },
    /// `/block` of oneself.
    #[error("you cannot block yourself; name another player")]
    BlockSelf,
    /// `/block` of the bot, which challenges nobody and sits in no chouette.
    #[error(
        "the bot challenges nobody and sits in no chouette, so there is nothing to block: it \
         plays only when you challenge it"
    )]
    BlockBot,
    /// `/unblock` of oneself.
    #[error("you cannot block or unblock yourself; name another player")]
    UnblockSelf,
    /// `/block` of a player already blocked.
    #[error("you already block {name}; /unblock {name} lifts it")]
    AlreadyBlocking {
        /// The player's name.
        name: String,
    },
    /// `/unblock` of a player not blocked.
    #[error("you do not block {name}; /block lists whom you block")]
    NotBlocking {
        /// The player's name.
        name: String,
    },
    /// A challenge of a player one blocks.
    #[error("you block {name}; /unblock {name} first to challenge them")]
    YouBlock {
        /// The player's name.
        name: String,
    },
}

impl BlockRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            BlockRefusal::ChallengeRefused { .. } | BlockRefusal::JoinRefused { .. } => "blocked",
            BlockRefusal::BlockSelf | BlockRefusal::UnblockSelf => "block_self",
            BlockRefusal::BlockBot => "block_bot",
            BlockRefusal::AlreadyBlocking { .. } => "already_blocking",
            BlockRefusal::NotBlocking { .. } => "not_blocking",
            BlockRefusal::YouBlock { .. } => "you_block",
        }
    }
}
