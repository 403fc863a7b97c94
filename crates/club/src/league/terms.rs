//! A league's terms: how it is played ([`Format`]), what a withdrawal does, how entrants
//! are seeded, its settings, its name's rules, and a league as read with them
//! ([`League`]).

use serde::{Deserialize, Serialize};

use crate::LeagueRefusal;
use crate::Refusal;
use crate::{ChallengeSpec, ClubError, DAY};
use engine::Ruleset;
use store::{LeagueChange, LeagueRow};

/// The longest league name.
pub const MAX_LEAGUE_NAME: usize = 40;

/// The fewest entrants a season starts with.
pub const MIN_PLAYERS: usize = 3;

/// How a league is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Each pair meets once; every fixture starts at the season's start.
    RoundRobin,
    /// Each pair meets twice, colours swapped.
    DoubleRoundRobin,
    /// Single elimination, byes to the top seeds, to a final.
    Knockout,
    /// Divisions of round robins over seasons, with promotion and relegation.
    Divisions,
    /// Double elimination: a winners' and a losers' bracket and a grand final (with the
    /// bracket reset when the `reset` setting is on). Stored as `knockout` in the format
    /// column, the format itself in the settings (`format`).
    DoubleElimination,
    /// Swiss system: a number of rounds, each paired by score when the one before is
    /// done. Stored as `round_robin` in the format column, the format in the settings.
    Swiss,
}

impl Format {
    /// The word stored and typed.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::DoubleRoundRobin => "double_round_robin",
            Format::Knockout => "knockout",
            Format::Divisions => "divisions",
            Format::DoubleElimination => "double_elimination",
            Format::Swiss => "swiss",
        }
    }

    /// The word in the store's format column, which knows the four first formats: a
    /// later format is kept in the settings and stored here as its nearest kin.
    #[must_use]
    pub const fn column(self) -> &'static str {
        match self {
            Format::DoubleElimination => "knockout",
            Format::Swiss => "round_robin",
            f => f.as_str(),
        }
    }

    /// A bracket (single or double elimination): a bracket picture, no table.
    #[must_use]
    pub const fn is_bracket(self) -> bool {
        matches!(self, Format::Knockout | Format::DoubleElimination)
    }

    /// Reads a format as typed (`round-robin`, `double`, `knockout`, `divisions`).
    ///
    /// # Errors
    /// A word that is not a format, with the ones that are.
    pub fn parse(s: &str) -> Result<Format, ClubError> {
        Ok(match s.to_lowercase().replace('-', "_").as_str() {
            "round_robin" | "rr" | "roundrobin" => Format::RoundRobin,
            "double_round_robin" | "double" => Format::DoubleRoundRobin,
            "knockout" | "ko" | "cup" => Format::Knockout,
            "divisions" | "ladder" => Format::Divisions,
            "double_elimination" | "double_elim" | "de" => Format::DoubleElimination,
            "swiss" => Format::Swiss,
            _ => {
                return Err(LeagueRefusal::Format {
                    text: s.to_string(),
                }
                .into());
            }
        })
    }

    /// In words.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Format::RoundRobin => "round robin",
            Format::DoubleRoundRobin => "double round robin",
            Format::Knockout => "knockout",
            Format::Divisions => "divisions",
            Format::DoubleElimination => "double elimination",
            Format::Swiss => "Swiss system",
        }
    }

    /// In words with its article, as a sentence says what a league is (`a knockout`,
    /// `a divisions league`).
    #[must_use]
    pub const fn a_words(self) -> &'static str {
        match self {
            Format::RoundRobin => "a round robin",
            Format::DoubleRoundRobin => "a double round robin",
            Format::Knockout => "a knockout",
            Format::Divisions => "a divisions league",
            Format::DoubleElimination => "a double elimination",
            Format::Swiss => "a Swiss system",
        }
    }
}

/// A setting that a format does not use, set to `value` in a league of `format`: the
/// formats it applies to and a note on why (empty, or `; ...`); `None` when it applies.
/// The same rule for every format: a setting is refused where it would change nothing.
pub(crate) fn not_for_format(
    key: &str,
    value: &str,
    format: Format,
) -> Option<(&'static str, &'static str)> {
    match key {
        "division-size" | "movers" | "recur" if format != Format::Divisions => {
            Some(("divisions leagues", ""))
        }
        "reset" if format != Format::DoubleElimination => Some(("double-elimination leagues", "")),
        "rounds" if format != Format::Swiss => Some(("Swiss leagues", "")),
        "checkin" if format != Format::Knockout => Some(("knockouts", "")),
        "withdrawal" if value.trim() == "void" && format.is_bracket() => Some((
            "leagues with a table",
            "; in a bracket a withdrawal forfeits the player's remaining matches",
        )),
        _ => None,
    }
}

/// What a withdrawal after the start does to the withdrawn player's remaining matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Withdrawal {
    /// Each is won by the opponent by forfeit.
    #[default]
    Forfeit,
    /// Each is void (left out of the table). A knockout always forfeits.
    Void,
}

/// How the entrants are seeded when the organiser gives no order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seeding {
    /// Drawn from the season's seed.
    #[default]
    Random,
    /// In the order they joined.
    Entry,
    /// By rating in this server's pool of the league's ruleset, highest first; players
    /// without a rating after the rated ones, in the season's random draw.
    Rating,
}

/// A league's settings (JSON in `leagues.settings`); every field has a default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LeagueSettings {
    pub win_points: i64,
    pub loss_points: i64,
    pub withdrawal: Withdrawal,
    pub seeding: Seeding,
    /// Days from the start to the season deadline.
    pub season_days: i64,
    /// Players with unplayed fixtures hear of the deadline this many days before it.
    pub remind_days: [i64; 2],
    /// Minor units each entrant pays into the jack-pot at the start; `None`: the default
    /// (Welsh 10.00 by rule 23, standard none).
    pub entry_fee: Option<u64>,
    /// Divisions: the most players in one.
    pub division_size: u32,
    /// Divisions: how many go up and down between neighbours.
    pub movers: u32,
    /// Discord: holders of this role (id) act as organisers too.
    pub organiser_role: Option<String>,
    /// A player's vacation stops the clocks of his matches here (`vacation:off`: it does
    /// not; docs/vacation.md).
    pub vacation: bool,
    /// A format the store's format column does not know (double elimination, Swiss).
    pub format: Option<Format>,
    /// Double elimination: the bracket reset (a second grand final when the losers'
    /// bracket winner wins the first).
    pub reset: bool,
    /// Swiss: the number of rounds; `None`: ceil(log2 of the entrants).
    pub rounds: Option<u32>,
    /// Divisions: the next season starts by itself this many days after a season ends
    /// (the sign-up window); `None`: the organiser starts it.
    pub recur_days: Option<i64>,
    /// Knockout: entrants confirm within this many hours before the draw; `None`: no
    /// check-in.
    pub checkin_hours: Option<i64>,
}

impl Default for LeagueSettings {
    fn default() -> LeagueSettings {
        LeagueSettings {
            win_points: 1,
            loss_points: 0,
            withdrawal: Withdrawal::Forfeit,
            seeding: Seeding::Random,
            season_days: 28,
            remind_days: [3, 1],
            entry_fee: None,
            division_size: 8,
            movers: 2,
            organiser_role: None,
            vacation: true,
            format: None,
            reset: true,
            rounds: None,
            recur_days: None,
            checkin_hours: None,
        }
    }
}

impl LeagueSettings {
    /// The entry fee that applies to a league on these terms.
    #[must_use]
    pub fn fee(&self, ruleset: Ruleset) -> u64 {
        self.entry_fee.unwrap_or(match ruleset {
            Ruleset::Welsh => 1000,
            Ruleset::Standard => 0,
        })
    }
}

/// A league read with its terms, settings and format.
#[derive(Clone, Debug)]
pub(crate) struct League {
    pub(crate) row: LeagueRow,
    pub(crate) spec: ChallengeSpec,
    pub(crate) settings: LeagueSettings,
    pub(crate) format: Format,
}

impl League {
    pub(crate) fn read(row: LeagueRow) -> Result<League, ClubError> {
        let corrupt = |e: String| {
            ClubError::from(LeagueRefusal::Unreadable {
                league: row.name.clone(),
                why: e,
            })
        };
        let spec = serde_json::from_str(&row.terms).map_err(|e| corrupt(e.to_string()))?;
        let settings: LeagueSettings =
            serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
        let column = serde_json::from_value(serde_json::Value::String(row.format.clone()))
            .map_err(|e| corrupt(e.to_string()))?;
        let format = settings.format.unwrap_or(column);
        Ok(League {
            row,
            spec,
            settings,
            format,
        })
    }

    /// The check-in's hours, when this league is a knockout that asks for one.
    pub(crate) fn checkin(&self) -> Option<i64> {
        self.settings
            .checkin_hours
            .filter(|_| self.format == Format::Knockout)
    }

    /// A change of this league at the version read, keeping its status and season.
    pub(crate) fn change(&self, now: i64) -> LeagueChange {
        LeagueChange {
            id: self.row.id,
            community_id: self.row.community_id,
            expected_version: self.row.version,
            status: self.row.status.clone(),
            season: self.row.season,
            start_at: self.row.start_at,
            now,
            ..LeagueChange::default()
        }
    }
}

/// Whether a vacation stops the clocks of this league's matches (its `vacation`
/// setting; a league whose settings cannot be read allows it).
pub(crate) fn vacation_allowed(row: LeagueRow) -> bool {
    League::read(row).map_or(true, |l| l.settings.vacation)
}

/// Refuses a league name that is empty, too long or has characters that do not belong
/// in a name (controls, invisible or direction-changing marks, symbols).
pub(crate) fn check_name(name: &str) -> Result<String, ClubError> {
    let n = name.trim();
    let count = n.chars().count();
    if count == 0 {
        return Err(LeagueRefusal::NoName.into());
    }
    if count > MAX_LEAGUE_NAME {
        return Err(Refusal::TooLong("league name", count, MAX_LEAGUE_NAME).into());
    }
    if let Some(c) = n
        .chars()
        .find(|&c| !(c.is_alphanumeric() || " -_'.&#+()".contains(c)))
    {
        return Err(LeagueRefusal::NameChar(c).into());
    }
    if n.contains("  ") {
        return Err(LeagueRefusal::NameSpaces.into());
    }
    Ok(n.to_string())
}

/// A league fee as typed: `10.00`, `10`, `0` (in cents). Public for the fuzz harness.
pub fn parse_amount(v: &str) -> Result<u64, ClubError> {
    v.parse::<engine::Amount>()
        .map(engine::Amount::minor)
        .map_err(|_| {
            LeagueRefusal::EntryFee {
                text: v.to_string(),
            }
            .into()
        })
}

/// Seconds in a number of days, for settings.
pub(crate) const fn days(n: i64) -> i64 {
    n * DAY
}
