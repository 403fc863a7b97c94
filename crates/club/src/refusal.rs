//! Why the club refuses a command: the player's mistake or the game's rules, never the
//! club's own failure (those are [`ClubError`](crate::ClubError)'s other variants). A
//! refusal carries its facts (ids, names, the engine's error, a time) and its `Display`
//! gives the words the player reads, which say what to do instead. None of them changes
//! anything stored.
//!
//! The refusals shared by the rooms (finding a match, playing it) are here; a room's own
//! are beside it and come here as one variant each: [`Refusal::League`]
//! (`league/refusal.rs`), [`Refusal::Vacation`] (`players/vacation/refusal.rs`),
//! [`Refusal::Chouette`], [`Refusal::Fair`], and so on.

use std::fmt;

use engine::welsh::WelshError;
use engine::{DiceError, RuleError};

use crate::matches::prompts::break_end;
use crate::{
    AnalysisRefusal, BlockRefusal, BotRefusal, ChouetteRefusal, ClubError, FairRefusal,
    LeagueRefusal, MatchNo, PlayerRefusal, PracticeRefusal, TermsRefusal, VacationRefusal,
    WebRefusal,
};

/// A command refused, with its facts; `Display` gives what the player reads.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// No match with this number (or none of another server that the player is not in).
    #[error("there is no match #{0}; /games lists yours")]
    UnknownMatch(MatchNo),
    /// No chouette with this number.
    #[error("there is no chouette #{0}")]
    UnknownChouette(i64),
    /// No chouette in this channel.
    #[error("there is no chouette in this channel; open one with /chouette create")]
    NoChouette,
    /// No open match of the player here.
    #[error("you have no open match here; start one with /challenge <player>")]
    NoMatch,
    /// Several open matches could be meant: their numbers, the command, one for the example.
    #[error(
        "/{1} could be for any of these matches of yours here: {0}; say which, e.g. `/{1} #{2}`"
    )]
    WhichMatch(String, &'static str, MatchNo),
    /// Several chouettes could be meant: their numbers, the command, one for the example.
    #[error("you are in several chouettes here ({0}); say which, e.g. `/chouette {1} #{2}`")]
    WhichChouette(String, &'static str, i64),
    /// The match is between two others: its number and their names.
    #[error("match #{0} is between {1} and {2}; only they can act on it")]
    NotAParticipant(MatchNo, String, String),
    /// The other player must act: their name and what they must do.
    #[error("it is {0}'s turn: {0} must {1}")]
    NotYourTurn(String, String),
    /// The match is not being played: its number, its status, and what cannot be done.
    #[error("match #{0} is {1}: {2}")]
    NotActive(MatchNo, String, &'static str),
    /// Only the other side of the challenge may do this: their name and the verb.
    #[error("only {0} can {1} this challenge")]
    NotYourChallenge(String, &'static str),
    /// A command of the other rules: the command, its rules, the match and the match's rules.
    #[error("{0} is a {1} command; match #{2} is {3} backgammon")]
    WrongRuleset(&'static str, &'static str, MatchNo, &'static str),
    /// A challenge of oneself.
    #[error("you cannot challenge yourself; name another player")]
    SelfChallenge,
    /// Nobody of that name has used the bot here.
    #[error("no player called `{0}` has used the bot here yet; they must say something first")]
    UnknownPlayer(String),
    /// Text over its limit: what it is, its length and the limit (in characters).
    #[error("that {0} is too long ({1} characters; at most {2})")]
    TooLong(&'static str, usize, usize),
    /// The match moved on since the player looked: its number and its move now.
    #[error("the board moved on (match #{0} is now at move {1}); look at it again and decide")]
    Stale(MatchNo, i64),
    /// A version the match has not reached: its number, the version named, its version now.
    #[error("match #{0} has no version {1} yet: it is at #{0}@{2}; look at the board again")]
    FutureVersion(MatchNo, i64, i64),
    /// A standard match length out of range; the adapter adds how money play is asked for
    /// in its own syntax.
    #[error("a match is 1 to 64 points long, not {0} (money play has no length)")]
    MatchLength(u32),
    /// The engine refuses a standard action (a play it cannot read or that is not legal,
    /// a cube action at the wrong moment, ...).
    #[error("{0}")]
    Rule(RuleError),
    /// The engine refuses a Welsh action.
    #[error("{0}")]
    Welsh(WelshError),
    /// The engine's reading of a written Welsh play, which it gives in words
    /// (`engine::welsh::resolve_welsh_play`).
    #[error("{0}")]
    WelshPlay(String),
    /// Dice the engine does not take as dice.
    #[error("{0}")]
    Dice(DiceError),
    /// A Welsh break (regulation D) runs `until`, seen at `now`: play waits.
    #[error(
        "a break (regulation D) runs {}: play waits for its end, or for /resume to end it sooner",
        break_end(*.until, *.now)
    )]
    OnBreak {
        /// When the break ends.
        until: i64,
        /// When the command came.
        now: i64,
    },
    /// `/break` while a break runs `until`, seen at `now`.
    #[error("a break is under way {}; /resume ends it sooner", break_end(*.until, *.now))]
    BreakUnderWay {
        /// When the break ends.
        until: i64,
        /// When the command came.
        now: i64,
    },
    /// `/resume` with no break under way.
    #[error("there is no break under way: the clocks are running")]
    NoBreak,
    /// `/break` when regulation D allows none.
    #[error("{}", crate::matches::event_words::NO_BREAK_DUE)]
    NoBreakDue,
    /// A Welsh move with no throw to play: what the player must do instead.
    #[error("there is no roll to play: you must {next}")]
    NoRollToPlay {
        /// What the player must do, in words.
        next: String,
    },
    /// An answer to a double that nobody offered: the command, and what to do instead.
    #[error("no double is waiting: there is nothing to {command}; you must {next}")]
    NoDoubleWaiting {
        /// The command's name (`take`, `drop`, ...).
        command: &'static str,
        /// What the player must do, in words.
        next: String,
    },
    /// The dice repeated a third identical Welsh throw twenty times over.
    #[error("the dice kept repeating; throw again")]
    DiceKeptRepeating,
    /// A match of the player's on another server.
    #[error("match #{id} is played on another server; act on it there")]
    OnAnotherServer {
        /// The match.
        id: MatchNo,
    },
    /// None of the player's open matches here has `/command` for them now.
    #[error(
        "none of your open matches here has a /{command} for you now: {}",
        waits_words(.waits)
    )]
    NothingToDo {
        /// The command.
        command: &'static str,
        /// Each open match and whom it waits on.
        waits: Vec<WaitsOn>,
    },
    /// A stop entry in a match to a length (a log the club did not write).
    #[error("only a money session can be stopped")]
    OnlyMoneyStops,
    /// A ruling for a match that is over.
    #[error("the match is already over")]
    AlreadyOver,
    /// A log entry of the other rules (a log the club did not write).
    #[error("this entry does not belong to this match")]
    NotThisMatchEntry,
    /// `/stop` in a Welsh match.
    #[error(
        "/stop ends a money session; match #{id} is Welsh backgammon, played to its end (or /concede)"
    )]
    StopWelsh {
        /// The match.
        id: MatchNo,
    },
    /// `/stop` in a match to a length.
    #[error(
        "/stop ends a money session; match #{id} is match play: it ends when a player reaches its length (or /resign)"
    )]
    StopMatchPlay {
        /// The match.
        id: MatchNo,
    },
    /// `/stop` during a game of a money session (`played`: a play was made, else only the
    /// opening throw): who must act and what.
    #[error("{}", stop_words(*.game, *.played, .to_act, .next))]
    StopMidGame {
        /// The game under way.
        game: u32,
        /// Whether a play was made in it (else only its opening throw).
        played: bool,
        /// Who must act (empty: nobody).
        to_act: String,
        /// What they must do, in words.
        next: String,
    },
    /// The terms of a challenge (or of a league's matches) refused.
    #[error("{0}")]
    Terms(#[from] TermsRefusal),
    /// Terms refused, with the option as the adapter names it (`stake: ...`).
    #[error("{option}: {why}")]
    NamedOption {
        /// The option, in the adapter's syntax.
        option: &'static str,
        /// Why it is refused.
        why: TermsRefusal,
    },
    /// Blocking, and what a block refuses.
    #[error("{0}")]
    Block(#[from] BlockRefusal),
    /// What the bot player does not take.
    #[error("{0}")]
    Bot(#[from] BotRefusal),
    /// Practice: hints, the tutor, undo and keep.
    #[error("{0}")]
    Practice(#[from] PracticeRefusal),
    /// The analysis of a match.
    #[error("{0}")]
    Analysis(#[from] AnalysisRefusal),
    /// A chouette.
    #[error("{0}")]
    Chouette(#[from] ChouetteRefusal),
    /// The provably fair dice.
    #[error("{0}")]
    Fair(#[from] FairRefusal),
    /// A league.
    #[error("{0}")]
    League(#[from] LeagueRefusal),
    /// A vacation.
    #[error("{0}")]
    Vacation(#[from] VacationRefusal),
    /// A player's settings, name, digest and records.
    #[error("{0}")]
    Player(#[from] PlayerRefusal),
    /// The web pages and their links.
    #[error("{0}")]
    Web(#[from] WebRefusal),
    /// The task that ran the command ended without an answer (it panicked or was
    /// cancelled).
    #[error("the command failed ({0}); try again")]
    TaskFailed(tokio::task::JoinError),
    /// Free text, for an adapter's words in its own syntax (an option as it spells it;
    /// counted as a bad option).
    #[error("{0}")]
    Other(String),
}

impl Refusal {
    /// The refusal's reason, as a metrics label.
    #[must_use]
    pub fn reason(&self) -> &'static str {
        match self {
            Refusal::UnknownMatch(_) => "unknown_match",
            Refusal::UnknownChouette(_) => "unknown_chouette",
            Refusal::NoChouette => "no_chouette",
            Refusal::NoMatch => "no_match",
            Refusal::WhichMatch(..) => "which_match",
            Refusal::WhichChouette(..) => "which_chouette",
            Refusal::NotAParticipant(..) => "not_a_participant",
            Refusal::NotYourTurn(..) => "not_your_turn",
            Refusal::NotActive(..) => "not_active",
            Refusal::NotYourChallenge(..) => "not_your_challenge",
            Refusal::WrongRuleset(..) => "wrong_ruleset",
            Refusal::SelfChallenge => "self_challenge",
            Refusal::UnknownPlayer(_) => "unknown_player",
            Refusal::TooLong(..) => "too_long",
            Refusal::Stale(..) => "stale",
            Refusal::FutureVersion(..) => "future_version",
            Refusal::MatchLength(_) => "match_length",
            Refusal::Rule(_) => "rule",
            Refusal::Welsh(_) => "welsh_rule",
            Refusal::WelshPlay(_) => "welsh_play",
            Refusal::Dice(_) => "dice",
            Refusal::OnBreak { .. } => "on_break",
            Refusal::BreakUnderWay { .. } => "break_under_way",
            Refusal::NoBreak => "no_break",
            Refusal::NoBreakDue => "no_break_due",
            Refusal::NoRollToPlay { .. } => "no_roll_to_play",
            Refusal::NoDoubleWaiting { .. } => "no_double_waiting",
            Refusal::DiceKeptRepeating => "dice_kept_repeating",
            Refusal::OnAnotherServer { .. } => "on_another_server",
            Refusal::NothingToDo { .. } => "nothing_to_do",
            Refusal::OnlyMoneyStops => "only_money_stops",
            Refusal::AlreadyOver => "already_over",
            Refusal::NotThisMatchEntry => "not_this_match_entry",
            Refusal::StopWelsh { .. } | Refusal::StopMatchPlay { .. } => "stop_not_money",
            Refusal::StopMidGame { .. } => "stop_mid_game",
            Refusal::Terms(_) | Refusal::NamedOption { .. } => "bad_option",
            Refusal::Block(r) => r.reason(),
            Refusal::Bot(r) => r.reason(),
            Refusal::Practice(r) => r.reason(),
            Refusal::Analysis(r) => r.reason(),
            Refusal::Chouette(r) => r.reason(),
            Refusal::Fair(r) => r.reason(),
            Refusal::League(r) => r.reason(),
            Refusal::Vacation(r) => r.reason(),
            Refusal::Player(r) => r.reason(),
            Refusal::Web(r) => r.reason(),
            Refusal::TaskFailed(_) => "task_failed",
            Refusal::Other(_) => "bad_option",
        }
    }
}

/// One open match and whom it waits on, as [`Refusal::NothingToDo`] lists it.
#[derive(Debug)]
pub struct WaitsOn {
    /// The match.
    pub id: MatchNo,
    /// The name of the player it waits on (none: nobody).
    pub who: Option<String>,
    /// Whether it waits for the answer to its challenge.
    pub challenge: bool,
}

impl fmt::Display for WaitsOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.challenge, &self.who) {
            (true, Some(w)) => write!(f, "#{} waits for {w} to answer the challenge", self.id),
            (_, Some(w)) => write!(f, "#{} waits on {w}", self.id),
            (_, None) => write!(f, "#{} waits on nobody", self.id),
        }
    }
}

fn waits_words(waits: &[WaitsOn]) -> String {
    waits
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

fn stop_words(game: u32, played: bool, to_act: &str, next: &str) -> String {
    let now = format!("Now: {to_act} must {next}");
    if played {
        format!(
            "a money session ends between games: game {game} is under way; finish it (or /resign it), then /stop. {now}"
        )
    } else {
        format!(
            "the opening throw of game {game} was made; the session stops only between games: play the game out (or /resign it), then /stop. {now}"
        )
    }
}

impl From<Refusal> for String {
    /// The refusal's words: where a stored log is replayed, a refusal means the log is
    /// corrupt, and its words say why.
    fn from(r: Refusal) -> String {
        r.to_string()
    }
}

/// A room's refusal is the club's error as it is.
macro_rules! refused {
    ($($room:ty),*) => {$(
        impl From<$room> for ClubError {
            fn from(r: $room) -> ClubError {
                ClubError::Refused(r.into())
            }
        }
    )*};
}

refused!(
    TermsRefusal,
    BlockRefusal,
    BotRefusal,
    PracticeRefusal,
    AnalysisRefusal,
    ChouetteRefusal,
    FairRefusal,
    LeagueRefusal,
    VacationRefusal,
    PlayerRefusal,
    WebRefusal
);

#[cfg(test)]
mod tests {
    use super::{Refusal, WaitsOn};
    use crate::{
        BlockRefusal, ChallengeOption, ClubError, LeagueRefusal, PracticeRefusal, TermsRefusal,
        VacationRefusal,
    };
    use jiff::civil::Date;

    /// 2027-01-15 09:55 UTC.
    const AT: i64 = 1_800_006_900;

    #[test]
    fn a_refusal_says_the_words_players_read_before_refusals_were_typed() {
        let said = |r: Refusal| ClubError::from(r).to_string();
        // Each as a test saw it before (the words stay byte for byte)
        assert_eq!(
            said(Refusal::NotYourTurn(
                "alice".into(),
                "roll or double".into()
            )),
            "it is alice's turn: alice must roll or double"
        );
        assert_eq!(
            said(Refusal::OnBreak {
                until: AT,
                now: AT - 600
            }),
            "a break (regulation D) runs until 2027-01-15 09:55 UTC (10 minutes left): play \
             waits for its end, or for /resume to end it sooner"
        );
        assert_eq!(
            said(Refusal::NothingToDo {
                command: "roll",
                waits: vec![
                    WaitsOn {
                        id: 2.into(),
                        who: Some("gina".into()),
                        challenge: true
                    },
                    WaitsOn {
                        id: 1.into(),
                        who: Some("frank".into()),
                        challenge: true
                    },
                ],
            }),
            "none of your open matches here has a /roll for you now: #2 waits for gina to \
             answer the challenge; #1 waits for frank to answer the challenge"
        );
        assert_eq!(
            said(Refusal::StopMidGame {
                game: 2,
                played: false,
                to_act: "bob".into(),
                next: "move 6-5".into(),
            }),
            "the opening throw of game 2 was made; the session stops only between games: play \
             the game out (or /resign it), then /stop. Now: bob must move 6-5"
        );
        assert_eq!(
            said(
                TermsRefusal::MoneyOnly {
                    option: ChallengeOption::Jacoby,
                    length: 5
                }
                .into()
            ),
            "the Jacoby rule is for money play; a 5-point match has none"
        );
        assert_eq!(
            said(
                LeagueRefusal::TooFewPlayers {
                    least: 3,
                    joined: 2,
                    league: "Autumn".into()
                }
                .into()
            ),
            "a season needs at least 3 players; 2 have joined Autumn"
        );
        assert_eq!(
            said(LeagueRefusal::NameChar('\u{200b}').into()),
            "a league name is letters, digits, spaces and - _ ' . & # + ( ); not '\\u{200b}' \
             (U+200B)"
        );
        assert_eq!(
            said(
                LeagueRefusal::CheckinOpen {
                    league: "Cup".into(),
                    until: AT + 22 * 3600 + 5 * 60,
                    now: AT - 2 * 3600 + 5 * 60,
                }
                .into()
            ),
            "the check-in of Cup is already open; the draw is made when it closes, in 1 day \
             (2027-01-16 08:00 UTC)"
        );
        assert_eq!(
            said(
                VacationRefusal::FromPassed {
                    from: Date::constant(2027, 1, 10),
                    today: Date::constant(2027, 1, 15),
                    zone: "UTC".into(),
                }
                .into()
            ),
            "vacation: from:2027-01-10 has passed (today is 2027-01-15, dates in UTC; /settings \
             tz: sets your time zone); a vacation begins today or later"
        );
        assert_eq!(
            said(BlockRefusal::AlreadyBlocking { name: "bob".into() }.into()),
            "you already block bob; /unblock bob lifts it"
        );
        assert_eq!(
            said(
                PracticeRefusal::FlaggedForOther {
                    name: "alice".into(),
                    verb: "undo"
                }
                .into()
            ),
            "the action the tutor flagged is alice's: only they can undo it"
        );
    }

    #[test]
    fn the_former_refusals_keep_their_metrics_labels_and_a_bad_option_stays_one() {
        assert_eq!(Refusal::NoMatch.reason(), "no_match");
        assert_eq!(Refusal::Stale(1.into(), 2).reason(), "stale");
        assert_eq!(Refusal::MatchLength(65).reason(), "match_length");
        assert_eq!(
            Refusal::NotYourTurn(String::new(), String::new()).reason(),
            "not_your_turn"
        );
        // What was a bad option (free text) is one still, whichever room refuses it
        assert_eq!(
            Refusal::from(TermsRefusal::StakeTooHigh).reason(),
            "bad_option"
        );
        assert_eq!(Refusal::from(LeagueRefusal::NoName).reason(), "bad_option");
        assert_eq!(
            Refusal::from(VacationRefusal::TooFewDays { days: 0 }).reason(),
            "bad_option"
        );
        // What was refused in free text has a reason of its own
        assert_eq!(Refusal::OnBreak { until: AT, now: AT }.reason(), "on_break");
        assert_eq!(Refusal::from(VacationRefusal::NotAway).reason(), "not_away");
    }
}
