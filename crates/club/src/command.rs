//! What comes in (a [`Command`] from an [`Actor`]) and what goes out (an [`Outcome`]).
//! No platform types: an adapter turns slash commands or typed lines into these.

use serde::{Deserialize, Serialize};

use engine::Ruleset;
use render::Scene;

use crate::{CommunityId, MatchNo, PlayerId};

/// Who sends a command, and from where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// `discord` or `local`.
    pub platform: String,
    /// The user's id on the platform (the local chat uses the name in lower case).
    pub user_id: String,
    pub display_name: String,
    /// The guild (or `local`).
    pub community_id: String,
    pub community_name: String,
    /// Where the command was typed; new matches are played there.
    pub channel: String,
    /// How the platform knows its users.
    pub identity: Identity,
    /// The most characters one reply may hold there (`None`: no limit).
    pub reply_chars: Option<usize>,
}

/// How a platform knows its users: the club needs this, not the platform's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Identity {
    /// Accounts with ids of their own: a player named in a command must be known here, a
    /// new display name renames the player, and the community's rights (a manager's, an
    /// organiser role's) count.
    #[default]
    Account,
    /// The name is the identity (the local chat): the user id is the name in lower case,
    /// a player named in a command is found or made by it, another case renames no one,
    /// and there are no community rights, so anyone may create a league.
    Name,
}

impl Actor {
    /// A user of the local terminal chat.
    #[must_use]
    pub fn local(name: &str) -> Actor {
        Actor {
            platform: "local".into(),
            user_id: name.to_lowercase(),
            display_name: name.to_string(),
            community_id: "local".into(),
            community_name: "local chat".into(),
            channel: "local".into(),
            identity: Identity::Name,
            reply_chars: None,
        }
    }
}

/// Which match a command is about: by number, or the one the player is in (when it is
/// clear), and optionally the version the player saw (a button's), so that a stale click
/// is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchRef {
    pub id: Option<MatchNo>,
    pub version: Option<i64>,
}

impl MatchRef {
    /// Match `id` (a [`MatchNo`], or the store's `i64` row id), no version.
    #[must_use]
    pub fn id(id: impl Into<MatchNo>) -> MatchRef {
        MatchRef {
            id: Some(id.into()),
            version: None,
        }
    }
}

/// A correspondence time control: each decision has `per_move` seconds; time beyond it
/// comes out of the player's bank; an empty bank at the deadline forfeits the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub per_move: i64,
    pub bank: i64,
    /// The reminder comes this long before the deadline.
    pub remind_before: i64,
}

pub const DAY: i64 = 86_400;

impl Default for TimeControl {
    /// Two days a decision and a five-day bank; a reminder twelve hours before the deadline.
    fn default() -> TimeControl {
        TimeControl {
            per_move: 2 * DAY,
            bank: 5 * DAY,
            remind_before: DAY / 2,
        }
    }
}

impl TimeControl {
    /// The Welsh play clock for live games (rule 12a): 70 minutes in all, nothing a move.
    #[must_use]
    pub fn welsh_live() -> TimeControl {
        TimeControl {
            per_move: 0,
            bank: 70 * 60,
            remind_before: 5 * 60,
        }
    }
}

/// The terms of a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeSpec {
    pub ruleset: Ruleset,
    /// Standard: points to win (`None`: money play). Welsh: games to reach (25 if `None`).
    pub length: Option<u32>,
    /// Standard match play.
    pub crawford: bool,
    /// Standard match play: the Holland rule after the Crawford game (off by default).
    #[serde(default)]
    pub holland: bool,
    /// Money play.
    pub jacoby: bool,
    pub beavers: bool,
    pub raccoons: bool,
    pub auto_doubles: u8,
    /// Money play: minor units per point (100 = 1.00 a point; 0 keeps no ledger).
    pub stake: u64,
    pub time: TimeControl,
    /// Rated (the default): the end of the match moves both players' ratings. `rated:off`
    /// makes a friendly match; money play is never rated.
    #[serde(default = "rated_default", skip_serializing_if = "is_rated")]
    pub rated: bool,
    /// Seconds an unanswered challenge stands before it expires (`None`: the club's
    /// setting, seven days unless set otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<i64>,
    /// A match against the bot at this level (GNU Backgammon's for standard rules, the
    /// Welsh player's for Welsh); the bot is the challenged player (O). `None`: two people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<crate::BotLevel>,
    /// Practice: `/hint` is allowed (always in a match against the bot; in a match of two
    /// people when the challenge asked for it, so both agreed). Never rated.
    #[serde(default, skip_serializing_if = "is_false")]
    pub practice: bool,
    /// The tutor: after a play or cube action worse than gnubg's threshold the player is
    /// told what was better and may `/undo` it once before the opponent acts. Practice only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tutor: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(b: &bool) -> bool {
    !*b
}

fn rated_default() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_rated(rated: &bool) -> bool {
    *rated
}

impl ChallengeSpec {
    /// A standard match to `length` points with Crawford, or money play with Jacoby.
    #[must_use]
    pub fn standard(length: Option<u32>) -> ChallengeSpec {
        ChallengeSpec {
            ruleset: Ruleset::Standard,
            length,
            crawford: length.is_some(),
            holland: false,
            jacoby: length.is_none(),
            beavers: false,
            raccoons: false,
            auto_doubles: 0,
            stake: 0,
            time: TimeControl::default(),
            rated: true,
            expires: None,
            bot: None,
            practice: false,
            tutor: false,
        }
    }

    /// A Welsh match to `target` games.
    #[must_use]
    pub fn welsh(target: u32) -> ChallengeSpec {
        ChallengeSpec {
            ruleset: Ruleset::Welsh,
            length: Some(target),
            crawford: false,
            jacoby: false,
            ..ChallengeSpec::standard(None)
        }
    }
}

/// Who starts a Welsh game, as the winner of the call chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    Me,
    Opponent,
}

/// Every command of the club, by concern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A challenge: made, answered or withdrawn.
    Challenge(ChallengeOp),
    /// A decision in a match (or money session) I play.
    Match(MatchRef, crate::MatchOp),
    /// Practice: GNU Backgammon's hint, the tutor's take-back.
    Practice(MatchRef, PracticeOp),
    /// What only reads: a board, my games, a log, a ledger, ratings, statistics. Anyone
    /// may send these, the bot's identity included.
    Look(Look),
    /// A chouette command.
    Chouette(crate::ChouetteRef, crate::ChouetteOp),
    /// A league command.
    League(crate::LeagueCommand),
    /// Provably fair dice of a match or chouette: show, export, set my seed.
    Fair(crate::FairRef, crate::FairOp),
    /// Me as a player here: my settings, my name, whom I block, my vacation.
    Player(PlayerOp),
    /// GNU Backgammon's review of a finished standard match (a money session: its
    /// finished games): the stored one, or a job queued.
    Analyse(MatchRef),
    /// `/server analysis:auto|league|off`: which finished matches here are analysed
    /// without anyone asking (`None`: the setting shown). The platform checks who may
    /// change it (Discord: Manage Server; the local chat: anyone).
    ServerAnalysis(Option<crate::AutoAnalysis>),
    /// `/drill`: the cards made from my own mistakes: the next due, an answer, my counts.
    Drill(DrillOp),
    /// `/server puzzle`: the position of the day here, set or turned off (`None`: shown).
    /// The platform checks who may change it (Discord: Manage Server; the local chat:
    /// anyone).
    ServerPuzzle(Option<crate::PuzzleSetting>),
    /// `/puzzle`: the server's position of the day, an answer to it, my name on it.
    Puzzle(crate::PuzzleOp),
}

impl Command {
    /// The command's kind, as the operator's metrics label it: its slash command's name.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Command::Challenge(op) => op.kind(),
            Command::Match(_, op) => op.kind(),
            Command::Practice(_, op) => op.kind(),
            Command::Look(look) => look.kind(),
            Command::Chouette(..) => "chouette",
            Command::League(_) => "league",
            Command::Fair(..) => "fair",
            Command::Player(op) => op.kind(),
            Command::Analyse(_) => "analyse",
            Command::ServerAnalysis(_) => "server_analysis",
            Command::Drill(op) => op.kind(),
            Command::ServerPuzzle(_) => "server_puzzle",
            Command::Puzzle(op) => op.kind(),
        }
    }
}

/// A challenge: made, answered or withdrawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeOp {
    /// Challenge a player (by platform id) to a match.
    New {
        opponent: String,
        spec: ChallengeSpec,
    },
    /// Accept a challenge made to me.
    Accept(MatchRef),
    /// Accept a Welsh challenge choosing who shakes for the first call (rule 24(i): the
    /// challenged player is the guest): `Me` shakes, `Opponent` (the challenger) shakes.
    AcceptShaking(MatchRef, Starter),
    /// Decline a challenge made to me.
    Decline(MatchRef),
    /// Withdraw a challenge I made.
    Cancel(MatchRef),
}

impl ChallengeOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            ChallengeOp::New { .. } => "challenge",
            ChallengeOp::Accept(_) | ChallengeOp::AcceptShaking(..) => "accept",
            ChallengeOp::Decline(_) => "decline",
            ChallengeOp::Cancel(_) => "cancel",
        }
    }
}

/// `/drill`: the cards made from a player's own mistakes (docs/drills.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillOp {
    /// The next card due, with its question and choices.
    Next,
    /// An answer to card `card` (`None`: the card due first).
    Answer {
        /// The card (as its choices' buttons and menu name it).
        card: Option<i64>,
        /// The choice given.
        choice: DrillChoice,
    },
    /// The cards due and learnt, and the streak.
    Stats,
}

impl DrillOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            DrillOp::Next => "drill",
            DrillOp::Answer { .. } => "drill_answer",
            DrillOp::Stats => "drill_stats",
        }
    }
}

/// A drill card's answer: a choice by its number in the card's list, or a play typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillChoice {
    /// The choice's number as listed, from 1.
    Number(usize),
    /// A play typed (or a cube answer's word), matched against the card's choices.
    Typed(String),
}

/// A drill card's question for an adapter to offer its choices: a select menu or
/// numbered lines for a chequer play, buttons for a cube decision. Answers are private.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrillAsk {
    /// The card.
    pub card: i64,
    /// A cube decision (answered by buttons) rather than a chequer play.
    pub cube: bool,
    /// The choices in the order shown (numbered from 1), at most 25.
    pub options: Vec<String>,
}

/// Practice: GNU Backgammon's hint and the tutor's take-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeOp {
    /// GNU Backgammon's best plays for the roll in hand (or its cube decision).
    Hint,
    /// The tutor: take back my last play or cube action, once, before the opponent acts.
    Undo,
    /// The tutor: keep my last play or cube action the tutor flagged, so that the
    /// opponent (the bot, the club's automatic roll) goes on.
    Keep,
}

impl PracticeOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            PracticeOp::Hint => "hint",
            PracticeOp::Undo => "undo",
            PracticeOp::Keep => "keep",
        }
    }
}

/// What only reads: it changes nothing, so anyone may send it (the bot's identity too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Look {
    /// The board as it stands.
    Board(MatchRef),
    /// The legal plays of the roll in hand.
    Moves(MatchRef),
    /// My open matches here, then the ones recently finished.
    Games,
    /// My matches here that wait on me, the nearest deadline first (`/games waiting`).
    Waiting,
    /// The action log of a match.
    History(MatchRef),
    /// A standard match as a `.mat` file.
    Export(MatchRef),
    /// My ledger and balance here.
    Ledger,
    /// The scoop-pot tally with an opponent (platform id).
    Pot(String),
    /// A player's rating here (default: mine; `player` is a platform id) in a ruleset's
    /// pool (default: standard), his rank, record and last changes, with the chart.
    Rating {
        player: Option<String>,
        ruleset: Option<Ruleset>,
        /// A second player (platform id): the head-to-head of the two follows the rating.
        vs: Option<String>,
    },
    /// The best ratings here in a ruleset's pool (default: standard), with the table.
    Leaderboard { ruleset: Option<Ruleset> },
    /// A player's average error rate and PR over his analysed matches here (default: mine;
    /// `player` is a platform id).
    Stats(Option<String>),
    /// Head-to-head here of `player` (default: me) against `opponent` (platform ids):
    /// matches, wins and points per ruleset, the last five results.
    HeadToHead {
        player: Option<String>,
        opponent: String,
    },
    /// A player's throws (default: mine; a platform id) counted from the fair-dice
    /// records here, of a ruleset (default: both), tested against fair dice; and the
    /// server's.
    FairStats {
        player: Option<String>,
        ruleset: Option<Ruleset>,
    },
}

impl Look {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Look::Board(_) => "board",
            Look::Moves(_) => "moves",
            Look::Games => "games",
            Look::Waiting => "games_waiting",
            Look::History(_) => "history",
            Look::Export(_) => "export",
            Look::Ledger => "ledger",
            Look::Pot(_) => "pot",
            Look::Rating { .. } => "rating",
            Look::Leaderboard { .. } => "leaderboard",
            Look::Stats(_) => "stats",
            Look::HeadToHead { .. } => "h2h",
            Look::FairStats { .. } => "fair_stats",
        }
    }
}

/// Me as a player here: my settings, my name, whom I block, my vacation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerOp {
    /// Change my settings (`None`: leave as is).
    Settings {
        auto_roll: Option<bool>,
        notify_dm: Option<bool>,
        /// The daily digest (`digest:`, `at:`, `tz:`).
        digest: crate::DigestOptions,
    },
    /// Write my name otherwise (the local chat: its case only; Discord names come from
    /// Discord).
    Rename(String),
    /// Block a player (a platform id): he cannot challenge me nor join my chouettes.
    /// `None`: list whom I block.
    Block(Option<String>),
    /// Lift my block of a player (a platform id).
    Unblock(String),
    /// Vacation: go away (the clocks of my matches here stop), come back, see the days
    /// used and left; the server's allowance.
    Vacation(crate::VacationOp),
}

impl PlayerOp {
    /// The command's kind, as the operator's metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            PlayerOp::Settings { .. } => "settings",
            PlayerOp::Rename(_) => "rename",
            PlayerOp::Block(_) => "block",
            PlayerOp::Unblock(_) => "unblock",
            PlayerOp::Vacation(_) => "vacation",
        }
    }
}

/// A player who must act, and what he must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextUp {
    /// The match (a chouette's: its session's number).
    pub match_id: MatchNo,
    pub user_id: String,
    pub name: String,
    /// What he may do: the words, the buttons and the local chat's hint come from these.
    pub choices: Vec<crate::Choice>,
    /// The choices in words: "roll or double", "take or drop", "move 6-5", ...
    pub what: String,
    /// Unix seconds.
    pub deadline: Option<i64>,
    /// He asked to be told by direct message.
    pub dm: bool,
}

impl NextUp {
    /// `name` (platform id `user_id`) must choose among `choices` in match (or chouette)
    /// `match_id`; the words are made from the choices. No deadline, no direct message.
    #[must_use]
    pub fn new(
        match_id: MatchNo,
        user_id: &str,
        name: &str,
        choices: Vec<crate::Choice>,
    ) -> NextUp {
        NextUp {
            match_id,
            user_id: user_id.to_string(),
            name: name.to_string(),
            what: crate::choices_words(match_id, &choices),
            choices,
            deadline: None,
            dm: false,
        }
    }
}

/// A message for a player who is not the one who typed the command (reminders,
/// time-outs, your turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The match it is about (`0`: none, as a league's announcement).
    pub match_id: MatchNo,
    /// Where to post it; empty: by direct message only (when `dm`).
    pub channel: String,
    /// The player it is for; empty: an announcement in `channel` for everyone there.
    pub user_id: String,
    pub dm: bool,
    pub text: String,
}

/// A file for the player (a `.mat` export).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub text: String,
}

/// What a command did.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub match_id: Option<MatchNo>,
    /// The chouette session the outcome is about.
    pub chouette: Option<i64>,
    /// The match's version after the command (for buttons).
    pub version: Option<i64>,
    /// What happened, in order, in words.
    pub lines: Vec<String>,
    /// The board to show, if the command is about one.
    pub board: Option<Scene>,
    pub next: Option<NextUp>,
    pub attachment: Option<Attachment>,
    /// A picture other than the board (a leaderboard, a rating history), drawn by the
    /// adapter.
    pub chart: Option<Chart>,
    /// Lines for other channels: `(channel, text)` (a league match's result in the
    /// league's channel). The text is among `lines` too, for where the command was typed.
    pub announce: Vec<(String, String)>,
    /// The first `announce_owed` of `announce` were written to the outbox with the change
    /// itself (a league match's result, held in the commit that ends it): neither the club
    /// nor the adapter writes or posts them again.
    pub announce_owed: usize,
    /// Messages for other players (a vacation's start or end told to the opponents),
    /// posted as the sweep's notices are.
    pub notices: Vec<Notice>,
    /// `notices`, `announce` and the next player's direct message are in the outbox,
    /// whose posters post them: the adapter posts none of them itself (`false`: writing
    /// them there failed, and the adapter posts them at once). A match's change sets it
    /// when it wrote the direct message in its own commit.
    pub owed: bool,
    /// `notices` were written to the outbox with the change itself, in its transaction:
    /// neither the club nor the adapter writes or posts them again.
    pub notices_owed: bool,
    /// The web page the answer is about beside its match's (a league's, a leaderboard):
    /// the adapters link to it when the web pages are on.
    pub web: Option<crate::WebPage>,
    /// The players the answer is about: one for `/rating` and `/stats`, both for `/h2h`;
    /// the adapters link to their web pages.
    pub players: Vec<PlayerRef>,
    /// A drill card's choices (`/drill`): the answer is for the caller only.
    pub drill: Option<DrillAsk>,
    /// The position of the day's choices (`/puzzle`).
    pub puzzle: Option<crate::PuzzleAsk>,
}

/// A player of a community, as an outcome names him (its web page is his there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerRef {
    /// The community (server) whose player he is.
    pub community: CommunityId,
    /// The club's player there (not the platform's user id).
    pub player: PlayerId,
}

impl PlayerRef {
    /// Player `player` of community `community` (the store's row ids).
    pub(crate) fn new(community: i64, player: i64) -> PlayerRef {
        PlayerRef {
            community: community.into(),
            player: player.into(),
        }
    }
}

/// A picture for an outcome, as plain data for the renderer.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    Leaderboard(render::Leaderboard),
    History(render::RatingHistory),
    /// A league division's table.
    Standings(render::StandingsTable),
    /// A knockout's bracket.
    Bracket(render::Bracket),
    /// The worst decisions of an analysed match, one picture each.
    Blunders(Vec<render::BlunderBoard>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        ChouetteOp, ChouetteRef, DigestOptions, FairOp, FairRef, LeagueCommand, LeagueOp, MatchOp,
        VacationOp,
    };
    use engine::ResignLevel;
    use engine::welsh::{NominateFor, Parity};

    /// Every command's metric label: the operator's dashboards read these, so none may
    /// change.
    #[test]
    fn each_command_has_its_metric_label() {
        let m = MatchRef::default();
        let play = |op| Command::Match(m, op);
        let looks = Command::Look;
        let me = Command::Player;
        let challenge = ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(1)),
        };
        let cases = [
            (Command::Challenge(challenge), "challenge"),
            (Command::Challenge(ChallengeOp::Accept(m)), "accept"),
            (
                Command::Challenge(ChallengeOp::AcceptShaking(m, Starter::Me)),
                "accept",
            ),
            (Command::Challenge(ChallengeOp::Decline(m)), "decline"),
            (Command::Challenge(ChallengeOp::Cancel(m)), "cancel"),
            (play(MatchOp::Roll), "roll"),
            (play(MatchOp::Move("13/7".into())), "move"),
            (play(MatchOp::Double), "double"),
            (play(MatchOp::Take), "take"),
            (play(MatchOp::Drop), "drop"),
            (play(MatchOp::Beaver), "beaver"),
            (play(MatchOp::Raccoon), "raccoon"),
            (play(MatchOp::Resign(ResignLevel::Single)), "resign"),
            (play(MatchOp::Stop), "stop"),
            (play(MatchOp::AcceptResign), "accept_resign"),
            (play(MatchOp::RejectResign), "reject_resign"),
            (play(MatchOp::Call(Parity::Odd)), "call"),
            (play(MatchOp::Choose(Starter::Me)), "choose"),
            (play(MatchOp::Reroll), "reroll"),
            (play(MatchOp::RollOne), "roll_one"),
            (play(MatchOp::Nominate(NominateFor::Me, (6, 5))), "nominate"),
            (
                play(MatchOp::Concede {
                    games: 2,
                    payment: false,
                }),
                "concede",
            ),
            (play(MatchOp::AcceptConcede), "accept_concede"),
            (play(MatchOp::RejectConcede), "reject_concede"),
            (play(MatchOp::Break), "break"),
            (play(MatchOp::Resume), "resume"),
            (looks(Look::Board(m)), "board"),
            (looks(Look::Moves(m)), "moves"),
            (looks(Look::Games), "games"),
            (looks(Look::Waiting), "games_waiting"),
            (looks(Look::History(m)), "history"),
            (looks(Look::Export(m)), "export"),
            (looks(Look::Ledger), "ledger"),
            (looks(Look::Pot("bob".into())), "pot"),
            (
                looks(Look::Rating {
                    player: None,
                    ruleset: None,
                    vs: None,
                }),
                "rating",
            ),
            (looks(Look::Leaderboard { ruleset: None }), "leaderboard"),
            (looks(Look::Stats(None)), "stats"),
            (
                looks(Look::HeadToHead {
                    player: None,
                    opponent: "bob".into(),
                }),
                "h2h",
            ),
            (
                looks(Look::FairStats {
                    player: None,
                    ruleset: None,
                }),
                "fair_stats",
            ),
            (
                me(PlayerOp::Settings {
                    auto_roll: None,
                    notify_dm: None,
                    digest: DigestOptions::default(),
                }),
                "settings",
            ),
            (me(PlayerOp::Rename("Bob".into())), "rename"),
            (me(PlayerOp::Block(None)), "block"),
            (me(PlayerOp::Unblock("bob".into())), "unblock"),
            (me(PlayerOp::Vacation(VacationOp::Show)), "vacation"),
            (Command::Practice(m, PracticeOp::Hint), "hint"),
            (Command::Practice(m, PracticeOp::Undo), "undo"),
            (Command::Practice(m, PracticeOp::Keep), "keep"),
            (
                Command::Chouette(ChouetteRef::default(), ChouetteOp::Join),
                "chouette",
            ),
            (
                Command::League(LeagueCommand::local(None, LeagueOp::Join)),
                "league",
            ),
            (Command::Fair(FairRef::Match(m), FairOp::Show), "fair"),
            (Command::Analyse(m), "analyse"),
            (Command::ServerAnalysis(None), "server_analysis"),
            (Command::Drill(DrillOp::Next), "drill"),
            (
                Command::Drill(DrillOp::Answer {
                    card: None,
                    choice: DrillChoice::Number(1),
                }),
                "drill_answer",
            ),
            (Command::Drill(DrillOp::Stats), "drill_stats"),
        ];
        for (cmd, label) in cases {
            assert_eq!(cmd.kind(), label, "{cmd:?}");
        }
    }
}
