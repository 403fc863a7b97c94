//! The refusals of the provably fair dice: no record, a seed refused or too late, and
//! the dice's own failure.

/// A fair-dice command refused.
#[derive(Debug, thiserror::Error)]
pub enum FairRefusal {
    /// The match or session has no fair-dice record: how it is named (`match #12`).
    #[error(
        "{label} has no provably fair dice record (its dice come from a seeded test source, or it was created before fair dice)"
    )]
    NoRecord {
        /// The match or session, in words.
        label: String,
    },
    /// `/fair` about a chouette the player is not in.
    #[error("you are not a player of chouette #{id}; join it first (/chouette join #{id})")]
    NotInChouette {
        /// The chouette.
        id: i64,
    },
    /// A seed the engine refuses, in its words (`engine::fair::seed_problem`).
    #[error("{0}")]
    Seed(String),
    /// A seed after the first throw.
    #[error("the seeds of {label} are fixed: a seed is set before the first throw")]
    SeedsFixed {
        /// The match or session, in words.
        label: String,
    },
    /// A seed that changes nothing.
    #[error("nothing to do")]
    NothingToDo,
    /// The match or session moved on while the seed was set.
    #[error("{label} moved on while your seed was set; look at /fair and try again")]
    MovedOn {
        /// The match or session, in words.
        label: String,
    },
    /// The fair dice could not throw or draw (no chain, no secret for the next), in
    /// their words ([`FairDice`](crate::FairDice)).
    #[error("{0}")]
    Chain(String),
}

impl FairRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            FairRefusal::NoRecord { .. } => "no_fair_record",
            FairRefusal::NotInChouette { .. } => "not_a_chouette_player",
            FairRefusal::Seed(_) => "bad_option",
            FairRefusal::SeedsFixed { .. } => "seeds_fixed",
            FairRefusal::NothingToDo => "seed_unchanged",
            FairRefusal::MovedOn { .. } => "stale",
            FairRefusal::Chain(_) => "fair_dice",
        }
    }
}
