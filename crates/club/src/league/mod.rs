//! Leagues and tournaments: round robins, knockouts and divisions over seasons, run by an
//! organiser (the tournament director). Commands in, outcomes out; every change is one
//! transaction with the league's version checked ([`store::Store::commit_league`])
//! and an entry in the league's append-only log. A league match reports its end to its
//! fixture inside the match's own commit; what follows from it (the next knockout round,
//! the end of the season, the jack-pot) is done right after and again by the sweep, so a
//! restart loses nothing.
//!
//! The scheduler (`fixtures`) and the table (`standings`) are pure; `start` draws and
//! starts a season, `advance` follows results (next knockout round, end of season),
//! `director` holds the organiser's rulings and extensions, `withdrawal` a player leaving
//! mid-season, `reminders` the sweep's part; `views` and `pictures` show them.

mod advance;
mod announce;
mod director;
pub mod fixtures;
mod log;
mod pictures;
mod posts;
mod reminders;
pub mod standings;
mod start;
mod views;
mod withdrawal;

use serde::{Deserialize, Serialize};

use super::challenge::{check_spec, spec_words};
use super::player_key::player_key;
use super::{Actor, ChallengeSpec, Club, ClubError, DAY, Outcome};
use engine::Ruleset;
use engine::welsh::format_amount;
use store::{LeagueChange, LeagueRow, NewLeague, PlayerRow, StoreError};

pub(crate) use advance::league_report;
pub use posts::LeaguePost;
pub use views::{BracketLine, TableLine};

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
        }
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
            _ => {
                return Err(ClubError::BadOption(format!(
                    "format: round-robin, double, knockout or divisions, not `{s}`"
                )));
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
        }
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
    /// `season-days`, `remind`, `entry-fee`, `division-size`, `movers`, `organiser-role`.
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
    SeasonEnd {
        season: i64,
        winner: Option<i64>,
        pot: u64,
        moves: Vec<(i64, i64, i64)>,
    },
}

fn entry_text(e: &LeagueEntry) -> Result<String, ClubError> {
    crate::error::json(e)
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
    fn read(row: LeagueRow) -> Result<League, ClubError> {
        let corrupt = |e: String| {
            ClubError::Refused(format!(
                "league {} cannot be read ({e}); tell the bot's admin",
                row.name
            ))
        };
        let spec = serde_json::from_str(&row.terms).map_err(|e| corrupt(e.to_string()))?;
        let settings = serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
        let format = serde_json::from_value(serde_json::Value::String(row.format.clone()))
            .map_err(|e| corrupt(e.to_string()))?;
        Ok(League {
            row,
            spec,
            settings,
            format,
        })
    }

    /// A change of this league at the version read, keeping its status and season.
    fn change(&self, now: i64) -> LeagueChange {
        LeagueChange {
            id: self.row.id,
            community_id: self.row.community_id,
            expected_version: self.row.version,
            status: self.row.status.clone(),
            season: self.row.season,
            now,
            ..LeagueChange::default()
        }
    }
}

/// Refuses a league name that is empty, too long or has characters that do not belong
/// in a name (controls, invisible or direction-changing marks, symbols).
fn check_name(name: &str) -> Result<String, ClubError> {
    let n = name.trim();
    let count = n.chars().count();
    if count == 0 {
        return Err(ClubError::BadOption(
            "a league needs a name, e.g. /league create name:Autumn Cup".into(),
        ));
    }
    if count > MAX_LEAGUE_NAME {
        return Err(ClubError::TooLong("league name", count, MAX_LEAGUE_NAME));
    }
    if let Some(c) = n
        .chars()
        .find(|&c| !(c.is_alphanumeric() || " -_'.&#+()".contains(c)))
    {
        return Err(ClubError::BadOption(format!(
            "a league name is letters, digits, spaces and - _ ' . & # + ( ); not {:?} (U+{:04X})",
            c, c as u32
        )));
    }
    if n.contains("  ") {
        return Err(ClubError::BadOption(
            "a league name has single spaces between words".into(),
        ));
    }
    Ok(n.to_string())
}

impl Club {
    /// Runs a league command.
    pub(super) async fn league(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        cmd: LeagueCommand,
    ) -> Result<Outcome, ClubError> {
        match cmd.op {
            LeagueOp::Create { name, format, spec } => {
                let name = cmd.league.unwrap_or(name);
                self.create_league(actor, me, community, &name, format, spec, cmd.manage_server)
                    .await
            }
            LeagueOp::List => self.list_leagues(community).await,
            op => {
                let league = match op {
                    // A player's own league, when several are open here.
                    LeagueOp::Withdraw | LeagueOp::Leave if cmd.league.is_none() => {
                        self.find_my_league(community, me).await?
                    }
                    _ => self.find_league(community, cmd.league.as_deref()).await?,
                };
                let organiser = league.row.organiser == me.id
                    || (actor.identity == crate::Identity::Account
                        && (cmd.manage_server
                            || league
                                .settings
                                .organiser_role
                                .as_ref()
                                .is_some_and(|r| cmd.roles.contains(r))));
                let need = |what: &str| -> Result<(), ClubError> {
                    if organiser {
                        Ok(())
                    } else {
                        Err(ClubError::Refused(format!(
                            "only the organiser of {} can {what} (or a manager of this server, or a holder of the league's organiser role)",
                            league.row.name
                        )))
                    }
                };
                match op {
                    LeagueOp::Set { key, value } => {
                        need("change its settings")?;
                        self.set_league(&league, me, &key, &value).await
                    }
                    LeagueOp::Join => self.join_league(&league, me).await,
                    LeagueOp::Leave => self.leave_league(&league, me).await,
                    LeagueOp::Start { order } => {
                        need("start it")?;
                        self.start_league(actor, &league, me, order).await
                    }
                    LeagueOp::Withdraw => self.withdraw(&league, me).await,
                    LeagueOp::Result {
                        match_id,
                        winner,
                        reason,
                    } => {
                        need("report a result")?;
                        let w = self.league_player(actor, &winner).await?;
                        self.ruling(&league, me, match_id, w.id, false, &reason)
                            .await
                    }
                    LeagueOp::Forfeit {
                        match_id,
                        loser,
                        reason,
                    } => {
                        need("award a forfeit")?;
                        let l = self.league_player(actor, &loser).await?;
                        self.forfeit_ruling(&league, me, match_id, l.id, &reason)
                            .await
                    }
                    LeagueOp::Extend { match_id, seconds } => {
                        need("extend a deadline")?;
                        self.extend(&league, me, match_id, seconds).await
                    }
                    LeagueOp::Standings { division } => {
                        self.standings_view(&league, division).await
                    }
                    LeagueOp::Fixtures => self.fixtures_view(&league).await,
                    LeagueOp::Bracket => self.bracket_view(&league).await,
                    LeagueOp::Log => self.log_view(&league).await,
                    LeagueOp::LogExport => self.log_export(&league).await,
                    LeagueOp::Create { .. } | LeagueOp::List => unreachable!("handled above"),
                }
            }
        }
    }

    /// A player named in a league command (known here).
    async fn league_player(&self, actor: &Actor, who: &str) -> Result<PlayerRow, ClubError> {
        let key = player_key(actor, who);
        if key.is_empty() || key.chars().count() > 100 {
            return Err(ClubError::UnknownPlayer(who.chars().take(100).collect()));
        }
        self.store
            .find_player(&actor.platform, &key)
            .await?
            .ok_or_else(|| ClubError::UnknownPlayer(who.to_string()))
    }

    /// The league named, or the only one here.
    pub(crate) async fn find_league(
        &self,
        community: i64,
        name: Option<&str>,
    ) -> Result<League, ClubError> {
        let row = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => {
                if n.chars().count() > MAX_LEAGUE_NAME {
                    return Err(ClubError::TooLong(
                        "league name",
                        n.chars().count(),
                        MAX_LEAGUE_NAME,
                    ));
                }
                self.store.find_league(community, n).await?.ok_or_else(|| {
                    ClubError::Refused(format!(
                        "there is no league called `{n}` here; /league list shows them"
                    ))
                })?
            }
            None => {
                let mut all: Vec<LeagueRow> = self.store.leagues_in(community).await?;
                let open: Vec<LeagueRow> = all
                    .iter()
                    .filter(|l| l.status != "finished")
                    .cloned()
                    .collect();
                match (open.len(), all.len()) {
                    (1, _) => open.into_iter().next().unwrap_or_else(|| all.remove(0)),
                    (0, 1) => all.remove(0),
                    (0, 0) => {
                        return Err(ClubError::Refused(
                            "there is no league here yet; an organiser creates one with /league create".into(),
                        ));
                    }
                    _ => {
                        let names: Vec<String> = open.iter().map(|l| l.name.clone()).collect();
                        return Err(ClubError::Refused(format!(
                            "there are several leagues here ({}); say which with league:<name>",
                            names.join(", ")
                        )));
                    }
                }
            }
        };
        League::read(row)
    }

    /// The league here a player is entered in (none named): the only open one, or else
    /// the only open one he is in; several of his: say which.
    async fn find_my_league(&self, community: i64, me: &PlayerRow) -> Result<League, ClubError> {
        let open: Vec<LeagueRow> = self
            .store
            .leagues_in(community)
            .await?
            .into_iter()
            .filter(|l| l.status != "finished")
            .collect();
        if open.len() < 2 {
            return self.find_league(community, None).await;
        }
        let mut mine = Vec::new();
        for l in open {
            let entrants = self.store.league_entrants(l.id).await?;
            if entrants
                .iter()
                .any(|e| e.player.id == me.id && e.status == "entered")
            {
                mine.push(l);
            }
        }
        match mine.len() {
            1 => League::read(mine.remove(0)),
            0 => Err(ClubError::Refused(
                "you are in none of the leagues here; /league list shows them".into(),
            )),
            _ => {
                let names: Vec<String> = mine.iter().map(|l| l.name.clone()).collect();
                Err(ClubError::Refused(format!(
                    "you are in several leagues here ({}); say which with league:<name>",
                    names.join(", ")
                )))
            }
        }
    }

    /// The names of the leagues here beginning with `prefix` (for autocomplete).
    ///
    /// # Errors
    /// A database error.
    pub async fn league_names(
        &self,
        actor: &Actor,
        prefix: &str,
    ) -> Result<Vec<String>, ClubError> {
        let (_, community) = self.me(actor).await?;
        let p = prefix.to_lowercase();
        Ok(self
            .store
            .leagues_in(community)
            .await?
            .into_iter()
            .map(|l| l.name)
            .filter(|n| n.to_lowercase().starts_with(&p))
            .take(25)
            .collect())
    }

    /// Writes a league change; a stale version is a refusal to look again.
    pub(crate) async fn commit_league(
        &self,
        league: &League,
        change: &LeagueChange,
    ) -> Result<(i64, Vec<i64>), ClubError> {
        match self.write_league(change).await {
            Ok(v) => Ok(v),
            Err(StoreError::Stale) => Err(ClubError::Refused(format!(
                "league {} changed meanwhile (a result came in); nothing was changed, try again",
                league.row.name
            ))),
            Err(e) => Err(e.into()),
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn create_league(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        name: &str,
        format: Format,
        spec: ChallengeSpec,
        manage_server: bool,
    ) -> Result<Outcome, ClubError> {
        let name = check_name(name)?;
        if actor.identity == crate::Identity::Account && !manage_server {
            return Err(ClubError::Refused(
                "creating a league needs the right to manage this server; ask a moderator".into(),
            ));
        }
        check_spec(&spec)?;
        if spec.ruleset == Ruleset::Standard && spec.length.is_none() {
            return Err(ClubError::BadOption(
                "a league plays matches to a length (length:7); money play has no winner".into(),
            ));
        }
        if self.store.find_league(community, &name).await?.is_some() {
            return Err(ClubError::Refused(format!(
                "there is already a league called {name} here; pick another name"
            )));
        }
        let settings = LeagueSettings::default();
        let now = self.clock.now();
        let entry = LeagueEntry::Create {
            name: name.clone(),
            format,
            spec,
        };
        let id = self
            .store
            .insert_league(&NewLeague {
                community_id: community,
                name: name.clone(),
                organiser: me.id,
                channel: actor.channel.clone(),
                format: format.as_str().into(),
                terms: crate::error::json(&spec)?,
                settings: crate::error::json(&settings)?,
                now,
                entry: entry_text(&entry)?,
            })
            .await?;
        let fee = settings.fee(spec.ruleset);
        let mut lines = vec![format!(
            "League {name} (#{id}) created by {}: a {}, {}; join with /league join league:{name}",
            me.display_name,
            format.words(),
            spec_words(&spec)
        )];
        if fee > 0 {
            lines.push(format!(
                "Entry fee {} into the jack-pot (held by the organiser); the winner takes it all",
                format_amount(fee)
            ));
        }
        Ok(Outcome {
            lines,
            ..Outcome::default()
        })
    }

    async fn list_leagues(&self, community: i64) -> Result<Outcome, ClubError> {
        let rows = self.store.leagues_in(community).await?;
        let mut lines = Vec::new();
        if rows.is_empty() {
            lines.push("No leagues here yet; an organiser creates one with /league create".into());
        }
        for r in rows {
            let l = League::read(r)?;
            let n = self.store.league_entrants(l.row.id).await?.len();
            lines.push(format!(
                "{}: {}, {}; {} ({n} entrant{}{})",
                l.row.name,
                l.format.words(),
                spec_words(&l.spec),
                l.row.status,
                if n == 1 { "" } else { "s" },
                if l.row.season > 0 {
                    format!(", season {}", l.row.season)
                } else {
                    String::new()
                }
            ));
        }
        Ok(Outcome {
            lines,
            ..Outcome::default()
        })
    }

    async fn set_league(
        &self,
        league: &League,
        me: &PlayerRow,
        key: &str,
        value: &str,
    ) -> Result<Outcome, ClubError> {
        let mut s = league.settings.clone();
        let bad = |m: String| Err(ClubError::BadOption(m));
        let number = |v: &str, lo: i64, hi: i64| -> Result<i64, ClubError> {
            match v.trim().parse::<i64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(ClubError::BadOption(format!(
                    "{key}: a whole number from {lo} to {hi}, not `{v}`"
                ))),
            }
        };
        let fixed_once_running = !matches!(key, "organiser-role" | "remind" | "season-days");
        if league.row.status == "running" && fixed_once_running {
            return Err(ClubError::Refused(format!(
                "{key} cannot change while a season is under way; change it between seasons"
            )));
        }
        match key {
            "win-points" => s.win_points = number(value, 0, 100)?,
            "loss-points" => s.loss_points = number(value, 0, 100)?,
            "season-days" => s.season_days = number(value, 1, 365)?,
            "division-size" => {
                s.division_size = u32::try_from(number(value, 3, 64)?).unwrap_or(8);
            }
            "movers" => s.movers = u32::try_from(number(value, 0, 16)?).unwrap_or(2),
            "remind" => {
                let parts: Vec<&str> = value.split(',').collect();
                let [a, b] = parts.as_slice() else {
                    return bad("remind: two numbers of days before the deadline, e.g. 3,1".into());
                };
                s.remind_days = [number(a, 0, 60)?, number(b, 0, 60)?];
            }
            "withdrawal" => {
                s.withdrawal = match value {
                    "forfeit" => Withdrawal::Forfeit,
                    "void" => Withdrawal::Void,
                    _ => return bad(format!("withdrawal: forfeit or void, not `{value}`")),
                }
            }
            "seeding" => {
                s.seeding = match value {
                    "random" => Seeding::Random,
                    "entry" => Seeding::Entry,
                    "rating" => Seeding::Rating,
                    _ => {
                        return bad(format!("seeding: random, entry or rating, not `{value}`"));
                    }
                }
            }
            "entry-fee" => {
                s.entry_fee = Some(parse_amount(value)?);
            }
            "organiser-role" => {
                let v = value.trim();
                if v.chars().count() > 40 || v.chars().any(|c| !c.is_ascii_alphanumeric()) {
                    return bad(format!("organiser-role: a role, not `{value}`"));
                }
                s.organiser_role = (!v.is_empty() && v != "none").then(|| v.to_string());
            }
            _ => {
                return bad(format!(
                    "there is no league setting `{key}`; settings: win-points, loss-points, withdrawal, seeding, season-days, remind, entry-fee, division-size, movers, organiser-role"
                ));
            }
        }
        let now = self.clock.now();
        let mut change = league.change(now);
        change.settings = Some(crate::error::json(&s)?);
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Set {
                key: key.into(),
                value: value.into(),
            })?,
        ));
        self.commit_league(league, &change).await?;
        Ok(Outcome {
            lines: vec![format!("League {}: {key} is now {value}", league.row.name)],
            ..Outcome::default()
        })
    }

    async fn join_league(&self, league: &League, me: &PlayerRow) -> Result<Outcome, ClubError> {
        if league.row.status != "signup" {
            return Err(ClubError::Refused(format!(
                "league {} is {}; players join before a season starts",
                league.row.name, league.row.status
            )));
        }
        let entrants = self.store.league_entrants(league.row.id).await?;
        if entrants
            .iter()
            .any(|e| e.player.id == me.id && e.status == "entered")
        {
            return Err(ClubError::Refused(format!(
                "you have already joined {}; /league leave takes you out",
                league.row.name
            )));
        }
        let mut change = league.change(self.clock.now());
        change.entries.push((me.id, "entered".into()));
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Join { player: me.id })?,
        ));
        self.commit_league(league, &change).await?;
        let n = entrants.iter().filter(|e| e.status == "entered").count() + 1;
        Ok(Outcome {
            lines: vec![format!(
                "{} joins {} ({n} entrant{})",
                me.display_name,
                league.row.name,
                if n == 1 { "" } else { "s" }
            )],
            ..Outcome::default()
        })
    }

    async fn leave_league(&self, league: &League, me: &PlayerRow) -> Result<Outcome, ClubError> {
        if league.row.status != "signup" {
            return Err(ClubError::Refused(format!(
                "league {} is under way; /league withdraw leaves it (your remaining matches are {})",
                league.row.name,
                match league.settings.withdrawal {
                    Withdrawal::Forfeit => "forfeited",
                    Withdrawal::Void => "void",
                }
            )));
        }
        let entrants = self.store.league_entrants(league.row.id).await?;
        if !entrants
            .iter()
            .any(|e| e.player.id == me.id && e.status == "entered")
        {
            return Err(ClubError::Refused(format!(
                "you have not joined {}",
                league.row.name
            )));
        }
        let mut change = league.change(self.clock.now());
        change.removed.push(me.id);
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Leave { player: me.id })?,
        ));
        self.commit_league(league, &change).await?;
        Ok(Outcome {
            lines: vec![format!("{} leaves {}", me.display_name, league.row.name)],
            ..Outcome::default()
        })
    }
}

/// A league fee as typed: `10.00`, `10`, `0` (in cents). Public for the fuzz harness.
pub fn parse_amount(v: &str) -> Result<u64, ClubError> {
    v.parse::<engine::Amount>()
        .map(engine::Amount::minor)
        .map_err(|_| {
            ClubError::BadOption(format!(
                "entry-fee: an amount like 10.00, not `{}`",
                engine::excerpt(v)
            ))
        })
}

/// Seconds in a number of days, for settings.
const fn days(n: i64) -> i64 {
    n * DAY
}
