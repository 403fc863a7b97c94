//! The refusals of a league: which league, who may do what, its settings and name as
//! written, joining and leaving, the check-in, the draw, and the organiser's rulings.

use crate::kernel::phrases::{duration_words, utc_words};

/// A league command refused.
#[derive(Debug, thiserror::Error)]
pub enum LeagueRefusal {
    /// Something only the organiser (or a manager, or the organiser role) may do.
    #[error(
        "only the organiser of {league} can {what} (or a manager of this server, or a holder of the league's organiser role)"
    )]
    NotOrganiser {
        /// The league's name.
        league: String,
        /// What was asked (`start it`, `change its settings`, ...).
        what: &'static str,
    },
    /// A league created by someone who may not manage the server.
    #[error("creating a league needs the right to manage this server; ask a moderator")]
    CreateNeedsManager,
    /// No league of that name here (as given).
    #[error("there is no league called `{name}` here; /league list shows them")]
    NoLeagueCalled {
        /// The name given.
        name: String,
    },
    /// No league here at all.
    #[error("there is no league here yet; an organiser creates one with /league create")]
    NoLeagueHere,
    /// Several open leagues here, none named: their names.
    #[error(
        "there are several leagues here ({}); say which with league:<name>",
        .names.join(", ")
    )]
    SeveralLeagues {
        /// The open leagues' names.
        names: Vec<String>,
    },
    /// The player is in none of the leagues here.
    #[error("you are in none of the leagues here; /league list shows them")]
    InNoLeague,
    /// The player is in several leagues here, none named: their names.
    #[error(
        "you are in several leagues here ({}); say which with league:<name>",
        .names.join(", ")
    )]
    InSeveralLeagues {
        /// The player's leagues' names.
        names: Vec<String>,
    },
    /// A league name already taken here.
    #[error("there is already a league called {name} here; pick another name")]
    NameTaken {
        /// The name.
        name: String,
    },
    /// A league with no name.
    #[error("a league needs a name, e.g. /league create name:Autumn Cup")]
    NoName,
    /// A character a league name may not have.
    #[error(
        "a league name is letters, digits, spaces and - _ ' . & # + ( ); not {:?} (U+{:04X})",
        .0,
        *.0 as u32
    )]
    NameChar(char),
    /// Two spaces in a row in a league name.
    #[error("a league name has single spaces between words")]
    NameSpaces,
    /// Practice or the tutor for a league's matches.
    #[error("a league's matches count in its table: no practice or tutor in a league")]
    NoPractice,
    /// Money play for a league's matches.
    #[error("a league plays matches to a length; money play has no winner")]
    NoMoneyPlay,
    /// A format that is none (as written).
    #[error(
        "format: round-robin, double, knockout, divisions, double-elimination or swiss, not `{text}`"
    )]
    Format {
        /// The text given.
        text: String,
    },
    /// A setting that is none (as written).
    #[error(
        "there is no league setting `{key}`; settings: win-points, loss-points, withdrawal, seeding, season-days, remind, entry-fee, division-size, movers, reset, rounds, organiser-role, vacation, recur, checkin"
    )]
    NoSuchSetting {
        /// The setting given.
        key: String,
    },
    /// A setting fixed while a season is under way.
    #[error("{key} cannot change while a season is under way; change it between seasons")]
    FixedWhileRunning {
        /// The setting.
        key: String,
    },
    /// A whole number out of its range (the value as written).
    #[error("{key}: a whole number from {lo} to {hi}, not `{value}`")]
    NotInRange {
        /// The setting.
        key: String,
        /// The least.
        lo: i64,
        /// The most.
        hi: i64,
        /// The value given.
        value: String,
    },
    /// A number of days or hours out of range, or not `off` (the value as written).
    #[error(
        "{key}: a number of {words} from 1 to {most} (e.g. 7{unit}), or off; not `{}`",
        engine::excerpt(.value)
    )]
    NotASpan {
        /// The setting.
        key: String,
        /// Its unit in words (`days`, `hours`).
        words: &'static str,
        /// Its unit's letter (`d`, `h`).
        unit: char,
        /// The most.
        most: i64,
        /// The value given.
        value: String,
    },
    /// `remind` that is not two numbers.
    #[error("remind: two numbers of days before the deadline, e.g. 3,1")]
    RemindTwo,
    /// `withdrawal` that is neither forfeit nor void.
    #[error("withdrawal: forfeit or void, not `{value}`")]
    Withdrawal {
        /// The value given.
        value: String,
    },
    /// `seeding` that is none.
    #[error("seeding: random, entry or rating, not `{value}`")]
    Seeding {
        /// The value given.
        value: String,
    },
    /// `vacation` that is neither on nor off.
    #[error("vacation: on or off, not `{value}`")]
    Vacation {
        /// The value given.
        value: String,
    },
    /// `reset` that is neither on nor off.
    #[error("reset: on or off, not `{value}`")]
    Reset {
        /// The value given.
        value: String,
    },
    /// A setting the league's format does not use (`reset` on a round robin, `rounds`
    /// outside a Swiss league, ...).
    #[error("{key} applies to {formats} only; {league} is {format}{note}")]
    NotForFormat {
        /// The setting (with its value when only that value does not apply).
        key: String,
        /// The formats it applies to, in words.
        formats: &'static str,
        /// The league's name.
        league: String,
        /// Its format, in words with the article.
        format: &'static str,
        /// Why, when it is not plain (empty, or `; ...`).
        note: &'static str,
    },
    /// `organiser-role` that is no role (as written).
    #[error("organiser-role: a role, not `{value}`")]
    OrganiserRole {
        /// The value given.
        value: String,
    },
    /// `entry-fee` that is no amount (as written).
    #[error("entry-fee: an amount like 10.00, not `{}`", engine::excerpt(.text))]
    EntryFee {
        /// The text given.
        text: String,
    },
    /// Joining a league that is not taking entries: its name and status.
    #[error("league {league} is {status}; players join before a season starts")]
    JoinNotSignup {
        /// The league's name.
        league: String,
        /// Its status.
        status: String,
    },
    /// Joining a league twice.
    #[error("you have already joined {league}; /league leave takes you out")]
    AlreadyJoined {
        /// The league's name.
        league: String,
    },
    /// Leaving a league under way (`void`: the remaining matches are void, else forfeited).
    #[error(
        "league {league} is under way; /league withdraw leaves it (your remaining matches are {})",
        if *.void { "void" } else { "forfeited" }
    )]
    LeaveUnderWay {
        /// The league's name.
        league: String,
        /// Whether a withdrawal voids the remaining matches (else forfeits them).
        void: bool,
    },
    /// Leaving a league not joined.
    #[error("you have not joined {league}")]
    NotJoined {
        /// The league's name.
        league: String,
    },
    /// Withdrawing with no season under way.
    #[error(
        "league {league} has no season under way; /league leave takes you out before the start"
    )]
    NoSeason {
        /// The league's name.
        league: String,
    },
    /// Withdrawing from a league not played in.
    #[error("you are not playing in {league}")]
    NotPlaying {
        /// The league's name.
        league: String,
    },
    /// A check-in opened again: it closes `until` (seen at `now`).
    #[error(
        "the check-in of {league} is already open; the draw is made when it closes, in {} ({})",
        duration_words((*.until - *.now).max(0)),
        utc_words(*.until)
    )]
    CheckinOpen {
        /// The league's name.
        league: String,
        /// When the check-in closes.
        until: i64,
        /// When the command came.
        now: i64,
    },
    /// An order of seeds for a league with a check-in.
    #[error(
        "{league} has a check-in: the draw is made from those who check in, seeded by the league's seeding setting; start it without an order"
    )]
    CheckinOrdered {
        /// The league's name.
        league: String,
    },
    /// Checking in with no check-in open.
    #[error("{league} has no check-in open; there is nothing to confirm")]
    NoCheckin {
        /// The league's name.
        league: String,
    },
    /// Checking in after it closed.
    #[error("the check-in of {league} closed at {}; the draw is being made", utc_words(*.at))]
    CheckinClosed {
        /// The league's name.
        league: String,
        /// When it closed.
        at: i64,
    },
    /// Checking in to a league not joined.
    #[error("you have not joined {league}; only its entrants check in")]
    CheckinNotJoined {
        /// The league's name.
        league: String,
    },
    /// Checking in twice.
    #[error(
        "you have already checked in to {league}; the draw is made at {}",
        utc_words(*.draw_at)
    )]
    CheckedIn {
        /// The league's name.
        league: String,
        /// When the draw is made.
        draw_at: i64,
    },
    /// A league not waiting for its season, started: its name and status.
    #[error("league {league} is {status}; only a league waiting for its season can start")]
    NotWaiting {
        /// The league's name.
        league: String,
        /// Its status.
        status: String,
    },
    /// Too few entrants for a season.
    #[error(
        "a season needs at least {least} players; {joined} {} joined {league}",
        if *.joined == 1 { "has" } else { "have" }
    )]
    TooFewPlayers {
        /// The least a season needs.
        least: usize,
        /// How many joined.
        joined: usize,
        /// The league's name.
        league: String,
    },
    /// A name in the order that is no entrant (as given; the first 40 characters shown).
    #[error(
        "`{}` has not joined {league}; the order names the entrants, top seed first",
        .name.chars().take(40).collect::<String>()
    )]
    NotAnEntrant {
        /// The name given.
        name: String,
        /// The league's name.
        league: String,
    },
    /// An entrant named twice in the order.
    #[error("{name} is named twice in the order")]
    NamedTwice {
        /// The entrant's name.
        name: String,
    },
    /// An order that leaves entrants out.
    #[error("the order names {named} of the {entrants} entrants; name them all, top seed first")]
    OrderIncomplete {
        /// How many it names.
        named: usize,
        /// How many entrants there are.
        entrants: usize,
    },
    /// A match that is not one of the league's (`/league fixtures` lists them).
    #[error("match #{id} is not a match of league {league}; /league fixtures lists them")]
    NotItsMatch {
        /// The match.
        id: i64,
        /// The league's name.
        league: String,
    },
    /// A match that is not one of the league's (moving it into the league's thread).
    #[error("match #{id} is not a match of league {league}")]
    NotOfLeague {
        /// The match.
        id: i64,
        /// The league's name.
        league: String,
    },
    /// A match that is no league match waiting in its league's channel.
    #[error("match #{id} is no league match waiting in its league's channel")]
    NotWaitingInChannel {
        /// The match.
        id: i64,
    },
    /// A ruling on a match already decided: how.
    #[error("match #{id} of {league} is already decided ({result}); nothing to rule")]
    AlreadyDecided {
        /// The match.
        id: i64,
        /// The league's name.
        league: String,
        /// Its result (or its fixture's status).
        result: String,
    },
    /// A ruling with no reason.
    #[error("a ruling needs its reason, e.g. reason:\"no reply for a week\"")]
    NoReason,
    /// A ruling naming a player who is not in the match.
    #[error("{who} is not in match #{id} ({} v {}); name {whom}", .players[0], .players[1])]
    NotInMatch {
        /// The player named.
        who: String,
        /// The match.
        id: i64,
        /// Its players' names.
        players: [String; 2],
        /// Whom to name instead (`one of its two players`, ...).
        whom: &'static str,
    },
    /// An extension out of range.
    #[error("an extension is a minute to 30 days, e.g. by:2d")]
    Extension,
    /// An extension of a match that waits on nobody.
    #[error("match #{id} waits on nobody now")]
    WaitsOnNobody {
        /// The match.
        id: i64,
    },
    /// A division the league does not have.
    #[error("division {division}? {league} has divisions 1 to {count}")]
    NoDivision {
        /// The division asked for.
        division: i64,
        /// The league's name.
        league: String,
        /// How many divisions it has.
        count: i64,
    },
    /// A bracket of a league that has a table.
    #[error("league {league} is {format}: /league standings shows its table")]
    NotBracket {
        /// The league's name.
        league: String,
        /// Its format, in words with the article.
        format: &'static str,
    },
    /// A suggestion for a Welsh match.
    #[error(
        "match #{id} is a Welsh match: GNU Backgammon does not play Welsh, so there are no chances to suggest; rule with /league result as you judge the position"
    )]
    SuggestWelsh {
        /// The match.
        id: i64,
    },
    /// A suggestion before the season's deadline: how long until it.
    #[error(
        "the season deadline of {league} is in {}; a suggestion is for a match still unfinished at the deadline",
        duration_words(*.left)
    )]
    BeforeDeadline {
        /// The league's name.
        league: String,
        /// Seconds to the deadline.
        left: i64,
    },
    /// GNU Backgammon could not evaluate the match.
    #[error("GNU Backgammon could not evaluate match #{id}: {error}")]
    NoChances {
        /// The match.
        id: i64,
        /// Why.
        error: gnubg::BotError,
    },
    /// The league changed meanwhile (a result came in).
    #[error("league {league} changed meanwhile (a result came in); nothing was changed, try again")]
    ChangedMeanwhile {
        /// The league's name.
        league: String,
    },
    /// A stored league that cannot be read: its name and why.
    #[error("league {league} cannot be read ({why}); tell the bot's admin")]
    Unreadable {
        /// The league's name.
        league: String,
        /// Why, as the decoder said it.
        why: String,
    },
}

impl LeagueRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        use LeagueRefusal as R;
        match self {
            R::NotOrganiser { .. } => "not_organiser",
            R::CreateNeedsManager => "not_manager",
            R::NoLeagueCalled { .. } | R::NoLeagueHere => "unknown_league",
            R::SeveralLeagues { .. } | R::InNoLeague | R::InSeveralLeagues { .. } => "which_league",
            R::NameTaken { .. } => "league_name_taken",
            R::NoName
            | R::NameChar(_)
            | R::NameSpaces
            | R::NoPractice
            | R::NoMoneyPlay
            | R::Format { .. }
            | R::NoSuchSetting { .. }
            | R::NotInRange { .. }
            | R::NotASpan { .. }
            | R::RemindTwo
            | R::Withdrawal { .. }
            | R::Seeding { .. }
            | R::Vacation { .. }
            | R::Reset { .. }
            | R::NotForFormat { .. }
            | R::OrganiserRole { .. }
            | R::EntryFee { .. }
            | R::NoReason
            | R::Extension
            | R::NoDivision { .. } => "bad_option",
            R::FixedWhileRunning { .. } | R::LeaveUnderWay { .. } => "league_under_way",
            R::JoinNotSignup { .. } | R::NotWaiting { .. } => "league_not_waiting",
            R::AlreadyJoined { .. } => "already_joined",
            R::NotJoined { .. } | R::NotPlaying { .. } | R::CheckinNotJoined { .. } => "not_joined",
            R::NoSeason { .. } => "no_season",
            R::CheckinOpen { .. }
            | R::CheckinOrdered { .. }
            | R::NoCheckin { .. }
            | R::CheckinClosed { .. }
            | R::CheckedIn { .. } => "checkin",
            R::TooFewPlayers { .. } => "too_few_players",
            R::NotAnEntrant { .. } | R::NamedTwice { .. } | R::OrderIncomplete { .. } => {
                "bad_order"
            }
            R::NotItsMatch { .. } | R::NotOfLeague { .. } | R::NotWaitingInChannel { .. } => {
                "not_league_match"
            }
            R::AlreadyDecided { .. } => "already_decided",
            R::NotInMatch { .. } => "not_in_match",
            R::WaitsOnNobody { .. } => "waits_on_nobody",
            R::NotBracket { .. } => "not_bracket",
            R::SuggestWelsh { .. } | R::BeforeDeadline { .. } | R::NoChances { .. } => {
                "no_suggestion"
            }
            R::ChangedMeanwhile { .. } => "stale",
            R::Unreadable { .. } => "league_unreadable",
        }
    }
}
