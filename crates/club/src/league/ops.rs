//! What a league command asks: the [`LeagueOp`] and the league it is about, with what
//! the platform knows of the sender's rights ([`LeagueCommand`]).

use super::terms::Format;
use crate::ChallengeSpec;

/// A league command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueOp {
    /// Create a league here on these terms; the creator is its organiser.
    Create {
        name: String,
        format: Format,
        spec: ChallengeSpec,
    },
    /// Change a setting (organiser): `win-points`, `loss-points`, `withdrawal`, `seeding`,
    /// `season-days`, `remind`, `entry-fee`, `division-size`, `movers`, `reset` (double
    /// elimination), `rounds` (Swiss), `organiser-role`.
    Set {
        key: String,
        value: String,
    },
    Join,
    Leave,
    /// Draw the fixtures and start the matches (organiser); `order` seeds the entrants by
    /// name, top first (else the league's seeding).
    Start {
        order: Option<Vec<String>>,
    },
    /// Leave a league under way: remaining matches forfeited or void (the setting).
    Withdraw,
    /// Record an adjudicated result of a league match (organiser), with the reason.
    Result {
        match_id: i64,
        winner: String,
        reason: String,
    },
    /// Award a league match by forfeit against `loser` (organiser), with the reason.
    Forfeit {
        match_id: i64,
        loser: String,
        reason: String,
    },
    /// Give the player to act in a league match more time (organiser).
    Extend {
        match_id: i64,
        seconds: i64,
    },
    /// The table (a division's, 1 = top).
    Standings {
        division: Option<i64>,
    },
    Fixtures,
    Bracket,
    /// The leagues here.
    List,
    /// The league's log, each entry a sentence with names and its time.
    Log,
    /// The league's log as stored: a file of JSON lines.
    LogExport,
}

/// A league command with the league it is about and what the platform knows of the
/// sender's rights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueCommand {
    /// The league's name; `None`: the only league here (or the one being created).
    pub league: Option<String>,
    pub op: LeagueOp,
    /// Discord: the sender has Manage Server here.
    pub manage_server: bool,
    /// Discord: the sender's role ids here.
    pub roles: Vec<String>,
}

impl LeagueCommand {
    /// A command from the local chat (no platform rights).
    #[must_use]
    pub fn local(league: Option<&str>, op: LeagueOp) -> LeagueCommand {
        LeagueCommand {
            league: league.map(str::to_string),
            op,
            manage_server: false,
            roles: Vec::new(),
        }
    }
}
