//! The refusals of the web pages' links: a league or a link that is not there, no
//! randomness for a new one, a revocation by someone not allowed to.

/// A web link refused.
#[derive(Debug, thiserror::Error)]
pub enum WebRefusal {
    /// No league with this number.
    #[error("there is no league #{league}")]
    NoLeague {
        /// The league.
        league: i64,
    },
    /// The OS's random source failed, so no token could be made.
    #[error("no randomness for a web link: {0}")]
    NoRandomness(rand::rngs::SysError),
    /// A chouette page's link revoked by someone who did not sit in it.
    #[error(
        "only a player who sat in chouette #{id} (or a manager of this server) can revoke its page's link"
    )]
    RevokeChouette {
        /// The chouette.
        id: i64,
    },
    /// A league page's link revoked by someone not its organiser: the league's name.
    #[error(
        "only the organiser of {league} can revoke its page's link (or a manager of this server, or a holder of the league's organiser role)"
    )]
    RevokeLeague {
        /// The league's name.
        league: String,
    },
    /// The leaderboard page's link revoked by someone not a manager of the server.
    #[error("only a manager of this server (Manage Server) can revoke the leaderboard page's link")]
    RevokeLeaderboard,
}

impl WebRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            WebRefusal::NoLeague { .. } => "unknown_league",
            WebRefusal::NoRandomness(_) => "no_randomness",
            WebRefusal::RevokeChouette { .. }
            | WebRefusal::RevokeLeague { .. }
            | WebRefusal::RevokeLeaderboard => "not_allowed_to_revoke",
        }
    }
}
