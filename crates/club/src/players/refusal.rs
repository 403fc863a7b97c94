//! The refusals of a player's own commands: a name, the digest's settings, the records
//! (`/rating`, `/h2h`).

/// A player's command refused.
#[derive(Debug, thiserror::Error)]
pub enum PlayerRefusal {
    /// A player named for a record who has not played here (the name as given, trimmed).
    #[error("no player called `{name}` has played here; /leaderboard lists the rated players")]
    NotRated {
        /// The name as given.
        name: String,
    },
    /// `/h2h` naming one player twice.
    #[error(
        "a head-to-head takes two players; {name} was named twice (e.g. /h2h alice bob, \
         or /h2h bob for you against bob)"
    )]
    SamePlayerTwice {
        /// The player's name.
        name: String,
    },
    /// A name with no letters (empty, or control characters).
    #[error("a name is written with letters, e.g. /name Alice")]
    NameLetters,
    /// A new name where the name is the identity: only its case may change.
    #[error(
        "here your name is who you are: you may change only its case (e.g. /name {name}); a new name is a new player"
    )]
    NameIsIdentity {
        /// The player's name, capitalised.
        name: String,
    },
    /// `at:` that is not a time of day (as given).
    #[error(
        "at:{} is not a time of day: write it as HH:MM, from 00:00 to 23:59 (at:08:30)",
        engine::excerpt(.text)
    )]
    NotATime {
        /// The text given.
        text: String,
    },
    /// An offset from UTC that is no offset.
    #[error("{0}")]
    Offset(jiff::Error),
    /// `tz:` that is no time zone (as given).
    #[error(
        "tz:{} is not a time zone: give an IANA name like tz:Europe/London or tz:America/New_York, or an offset from UTC like tz:+02:00",
        engine::excerpt(.text)
    )]
    NotAZone {
        /// The text given.
        text: String,
    },
    /// `digest:off` with a time.
    #[error("digest:off takes no at: or tz: (they set the time of the daily digest)")]
    DigestOffWithTime,
    /// A time for a digest that is off.
    #[error("at: and tz: set the time of the daily digest, which is off: add digest:daily")]
    DigestIsOff,
    /// The digest's work did not come back (its low-priority thread failed).
    #[error("the digest could not be composed")]
    DigestNotComposed,
}

impl PlayerRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            PlayerRefusal::NotRated { .. } => "unrated_player",
            PlayerRefusal::SamePlayerTwice { .. } => "same_player_twice",
            PlayerRefusal::NameLetters
            | PlayerRefusal::NameIsIdentity { .. }
            | PlayerRefusal::NotATime { .. }
            | PlayerRefusal::Offset(_)
            | PlayerRefusal::NotAZone { .. }
            | PlayerRefusal::DigestOffWithTime
            | PlayerRefusal::DigestIsOff => "bad_option",
            PlayerRefusal::DigestNotComposed => "digest_failed",
        }
    }
}
