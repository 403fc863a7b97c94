//! One entry of a league's append-only log ([`LeagueEntry`]) and its stored JSON.

use serde::{Deserialize, Serialize};

use super::terms::Format;
use crate::{ChallengeSpec, ClubError};

/// One entry of a league's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LeagueEntry {
    Create {
        name: String,
        format: Format,
        spec: ChallengeSpec,
    },
    Set {
        key: String,
        value: String,
    },
    Join {
        player: i64,
    },
    Leave {
        player: i64,
    },
    Start {
        season: i64,
        seed: i64,
        entrants: usize,
        fixtures: usize,
        pot: u64,
    },
    /// A league match ended (played out or lost on the clock).
    Result {
        match_id: i64,
        winner: i64,
        forfeit: bool,
        score: [i64; 2],
    },
    /// A result recorded by the organiser.
    Ruling {
        match_id: i64,
        winner: i64,
        forfeit: bool,
        reason: String,
    },
    Extend {
        match_id: i64,
        seconds: i64,
    },
    Withdraw {
        player: i64,
        voided: Vec<i64>,
        forfeited: Vec<i64>,
    },
    /// A knockout match decided without play (a bye, or an opponent who withdrew).
    Walkover {
        fixture: i64,
        winner: i64,
    },
    /// Knockout matches started once their feeders ended.
    Round {
        matches: Vec<i64>,
    },
    /// Sign-up for the next season is open until `until`, when it starts by itself.
    SignupOpen {
        season: i64,
        until: i64,
    },
    /// A knockout's check-in is open until `until`; the draw is made then.
    CheckinOpen {
        until: i64,
    },
    /// An entrant confirmed during the check-in.
    Checkin {
        player: i64,
    },
    /// Entrants who had not checked in, taken out when the check-in closed.
    CheckinDropped {
        players: Vec<i64>,
    },
    SeasonEnd {
        season: i64,
        winner: Option<i64>,
        pot: u64,
        moves: Vec<(i64, i64, i64)>,
    },
}

pub(crate) fn entry_text(e: &LeagueEntry) -> Result<String, ClubError> {
    crate::kernel::error::json(e)
}
