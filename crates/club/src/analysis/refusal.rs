//! The refusals of an analysis: a chouette, a match with no game to analyse, no GNU
//! Backgammon to analyse it.

/// An analysis refused.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisRefusal {
    /// The number is a chouette's, which is not analysed.
    #[error(
        "#{id} is a chouette: GNU Backgammon analyses two-player matches \
         only, so chouettes cannot be analysed"
    )]
    Chouette {
        /// The chouette.
        id: i64,
    },
    /// A Welsh match with no game played to its end.
    #[error("match #{id} has no game played to its end: there is nothing to analyse")]
    NoWelshGame {
        /// The match.
        id: i64,
    },
    /// A standard match with no finished game.
    #[error("match #{id} has no finished game yet: ask again once a game is over")]
    NoFinishedGame {
        /// The match.
        id: i64,
    },
    /// A new analysis past the player's analyses waiting.
    #[error(
        "you have {waiting} analyses waiting or under way, the most at once ({limit}); ask \
         again once one of them is posted"
    )]
    TooMany {
        /// The player's analyses queued or running.
        waiting: i64,
        /// The limit.
        limit: u32,
    },
    /// GNU Backgammon is not installed.
    #[error("{}", crate::INSTALL_GNUBG)]
    NoGnubg,
}

impl AnalysisRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            AnalysisRefusal::Chouette { .. } => "analyse_chouette",
            AnalysisRefusal::NoWelshGame { .. } | AnalysisRefusal::NoFinishedGame { .. } => {
                "no_finished_game"
            }
            AnalysisRefusal::NoGnubg => "no_gnubg",
            AnalysisRefusal::TooMany { .. } => "quota",
        }
    }
}
