//! A challenge's terms, checked in one place. An adapter fills [`ChallengeOptions`] by
//! converting its own syntax (a chat line's `key:value` words, a slash command's options)
//! and [`ChallengeOptions::terms`] makes the [`ChallengeSpec`], refusing an option given
//! for terms it does not apply to (which only the options show: `jacoby` given off for a
//! match leaves the same terms as not given) and naming it, for the adapter to word in
//! its own syntax. The terms' values and combinations (lengths, times, stakes, raccoons
//! without beavers) are checked by [`check_spec`] when the club plays them, whatever made
//! them (a command, a league's stored terms). No message here names an adapter's syntax.

use engine::{Amount, Ruleset};

use crate::Span;
use crate::duration_words;
use crate::{ChallengeSpec, ClubError, DAY, Refusal, TimeControl, standard_rules};
use engine::RulesError;

/// One option of a challenge, so that an adapter can name it in its own syntax when the
/// club refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeOption {
    /// Standard or Welsh backgammon.
    Rules,
    /// Points (standard) or games (Welsh) to win.
    Length,
    /// Standard money play instead of a match.
    Money,
    /// Match play: the Crawford rule.
    Crawford,
    /// Match play: the Holland rule.
    Holland,
    /// Money play: the Jacoby rule.
    Jacoby,
    /// Money play: beavers.
    Beavers,
    /// Money play: raccoons.
    Raccoons,
    /// Money play: automatic doubles.
    AutoDoubles,
    /// Money play: the stake a point.
    Stake,
    /// The time allowed for a move.
    MoveTime,
    /// The time bank.
    Bank,
    /// How long before a deadline the reminder comes.
    Remind,
    /// Welsh: the live 70-minute play clock (or the days clock).
    LiveClock,
    /// Rated or friendly.
    Rated,
    /// How long an unanswered challenge stands.
    Expires,
    /// A match against the bot: its level.
    Level,
    /// Practice: hints allowed (never rated).
    Practice,
    /// The tutor (practice only).
    Tutor,
}

/// A challenge's options as a player gave them: each `None` when not given (the default
/// applies). Adapters fill this by conversion only; [`ChallengeOptions::terms`] checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    /// Standard (the default) or Welsh backgammon.
    pub ruleset: Option<Ruleset>,
    /// Standard: points to win (default 7). Welsh: games to reach (default 25).
    pub length: Option<u32>,
    /// Standard money play (`Some(true)`) or a match (`Some(false)`, the default).
    pub money: Option<bool>,
    /// Match play: the Crawford rule (default on).
    pub crawford: Option<bool>,
    /// Match play: the Holland rule (default off).
    pub holland: Option<bool>,
    /// Money play: the Jacoby rule (default on).
    pub jacoby: Option<bool>,
    /// Money play: beavers (default off).
    pub beavers: Option<bool>,
    /// Money play: raccoons (default off; they need beavers).
    pub raccoons: Option<bool>,
    /// Money play: the most automatic doubles on opening ties (default none).
    pub auto_doubles: Option<u8>,
    /// Money play: the stake a point (default none: no ledger).
    pub stake: Option<Amount>,
    /// The time allowed for a move (default 2 days; the live clock: nothing).
    pub per_move: Option<Span>,
    /// The time bank (default 5 days; the live clock: 70 minutes).
    pub bank: Option<Span>,
    /// How long before a deadline the reminder comes (default 12 hours).
    pub remind_before: Option<Span>,
    /// Welsh: the live 70-minute play clock (`Some(true)`) or the days clock
    /// (`Some(false)`, the default). Times given beside it override its own.
    pub live_clock: Option<bool>,
    /// Rated (the default) or a friendly match.
    pub rated: Option<bool>,
    /// How long an unanswered challenge stands (default: the club's setting).
    pub expires: Option<Span>,
    /// A match against the bot: its level, GNU Backgammon's (standard) or the Welsh
    /// player's (Welsh); the default for the rules if not given.
    pub level: Option<crate::BotLevel>,
    /// Practice: `/hint` allowed (default off; always on against the bot).
    pub practice: Option<bool>,
    /// The tutor (default off; practice only).
    pub tutor: Option<bool>,
}

/// Terms the club refuses: why (a [`ClubError`] to show as it is), and the option it is
/// about, for the adapter to name in its own syntax.
#[derive(Debug)]
pub struct TermsError {
    /// The option refused.
    pub option: ChallengeOption,
    /// Why, in the club's words.
    pub error: ClubError,
}

impl std::fmt::Display for TermsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for TermsError {}

impl From<TermsError> for ClubError {
    fn from(e: TermsError) -> ClubError {
        e.error
    }
}

fn refuse<T>(option: ChallengeOption, why: TermsRefusal) -> Result<T, TermsError> {
    Err(TermsError {
        option,
        error: ClubError::Refused(Refusal::Terms(why)),
    })
}

/// Terms the club refuses, whatever made them (a challenge's options, a league's stored
/// terms): the option's facts; `Display` gives the club's words, which name no adapter's
/// syntax.
#[derive(Debug, thiserror::Error)]
pub enum TermsRefusal {
    /// Money play asked for in Welsh backgammon.
    #[error(
        "money play is standard backgammon; a Welsh match is played to a number of games (25 by the rules)"
    )]
    MoneyInWelsh,
    /// Money play and a length, both.
    #[error("money play has no length; give a length or money play, not both")]
    MoneyWithLength,
    /// An option of standard backgammon for a Welsh match.
    #[error("{}", WELSH_OWN_RULES)]
    WelshOwnRules,
    /// A match-play option (Crawford, Holland) for money play.
    #[error("{}", match_only_words(*.0))]
    MatchOnly(ChallengeOption),
    /// A money-play option for a match to a length.
    #[error("{}", money_only_words(*.option, *.length))]
    MoneyOnly {
        /// The option.
        option: ChallengeOption,
        /// The match's length.
        length: u32,
    },
    /// Welsh backgammon's live play clock for standard play.
    #[error(
        "the live 70-minute play clock is Welsh backgammon's (regulation 12a); standard play has a time a move and a bank"
    )]
    LiveClockStandard,
    /// No time a move in standard play.
    #[error("{}", NO_TIME_A_MOVE)]
    NoTimeAMove,
    /// Practice (or the tutor) and rated play, both.
    #[error("{}", PRACTICE_UNRATED)]
    PracticeRated,
    /// The tutor in a match of two people without practice.
    #[error(
        "the tutor is for practice: against the bot, or in a match with practice on (both players agree by accepting)"
    )]
    TutorWithoutPractice,
    /// A Welsh match's length out of range.
    #[error("a Welsh match is to 1 to 99 games (25 by the rules), not {0}")]
    WelshLength(u32),
    /// Standard options the engine refuses together.
    #[error("{0}")]
    Rules(RulesError),
    /// Too many automatic doubles.
    #[error("at most 8 automatic doubles, not {0}")]
    AutoDoubles(u8),
    /// A stake over the most.
    #[error("a stake is at most 10000.00 a point")]
    StakeTooHigh,
    /// The time a move out of range.
    #[error("the time allowed for a move is 0 to 30 days")]
    MoveTime,
    /// The time bank out of range.
    #[error("the time bank is 0 to 60 days, and a move plus the bank at least a minute")]
    Bank,
    /// The reminder out of range.
    #[error("a reminder comes 0 to 30 days before the deadline")]
    Remind,
    /// A challenge's expiry out of range (seconds).
    #[error(
        "a challenge expires a minute to 60 days after it is made, not {}",
        duration_words(*.0)
    )]
    Expiry(i64),
}

impl ChallengeOptions {
    /// The terms these options give, with the defaults for what was not given. Their
    /// values are checked when the club plays them (a challenge, a league).
    ///
    /// # Errors
    /// An option given for terms it does not apply to (an option that would be ignored
    /// is refused, not dropped), with the reason.
    pub fn terms(&self) -> Result<ChallengeSpec, TermsError> {
        let ruleset = self.ruleset.unwrap_or(Ruleset::Standard);
        let money = self.money == Some(true);
        let mut spec = match ruleset {
            Ruleset::Welsh => ChallengeSpec::welsh(self.length.unwrap_or(25)),
            Ruleset::Standard if money => ChallengeSpec::standard(None),
            Ruleset::Standard => ChallengeSpec::standard(Some(self.length.unwrap_or(7))),
        };
        self.check_applies(&spec)?;
        let set = |v: Option<bool>, field: &mut bool| {
            if let Some(v) = v {
                *field = v;
            }
        };
        set(self.crawford, &mut spec.crawford);
        set(self.holland, &mut spec.holland);
        set(self.jacoby, &mut spec.jacoby);
        set(self.beavers, &mut spec.beavers);
        set(self.raccoons, &mut spec.raccoons);
        set(self.rated, &mut spec.rated);
        if let Some(n) = self.auto_doubles {
            spec.auto_doubles = n;
        }
        if let Some(a) = self.stake {
            spec.stake = a.minor();
        }
        if self.live_clock == Some(true) {
            spec.time = TimeControl::welsh_live();
        }
        if let Some(s) = self.per_move {
            spec.time.per_move = s.seconds();
        }
        if let Some(s) = self.bank {
            spec.time.bank = s.seconds();
        }
        if let Some(s) = self.remind_before {
            spec.time.remind_before = s.seconds();
        }
        spec.expires = self.expires.map(Span::seconds);
        // The club checks that a level names a match against the bot, and sets the
        // default level when the bot is challenged without one.
        spec.bot = self.level;
        set(self.practice, &mut spec.practice);
        set(self.tutor, &mut spec.tutor);
        if spec.practice {
            // Practice is unrated: asked for together with rated play, it is refused.
            if self.rated == Some(true) {
                return refuse(ChallengeOption::Practice, TermsRefusal::PracticeRated);
            }
            spec.rated = false;
        }
        Ok(spec)
    }

    /// Refuses an option given for terms it does not apply to (`spec`: the terms before
    /// the options are set).
    fn check_applies(&self, spec: &ChallengeSpec) -> Result<(), TermsError> {
        use ChallengeOption as O;
        if self.money == Some(true) {
            if spec.ruleset == Ruleset::Welsh {
                return refuse(O::Money, TermsRefusal::MoneyInWelsh);
            }
            if self.length.is_some() {
                return refuse(O::Money, TermsRefusal::MoneyWithLength);
            }
        }
        let match_only = [(O::Crawford, self.crawford), (O::Holland, self.holland)];
        let money_only = [
            (O::Jacoby, self.jacoby.is_some()),
            (O::Beavers, self.beavers.is_some()),
            (O::Raccoons, self.raccoons.is_some()),
            (O::AutoDoubles, self.auto_doubles.is_some()),
            (O::Stake, self.stake.is_some()),
        ];
        let given = |list: &[(ChallengeOption, bool)]| {
            list.iter().find(|(_, given)| *given).map(|(o, _)| *o)
        };
        let match_given = given(&match_only.map(|(o, v)| (o, v.is_some())));
        match (spec.ruleset, spec.length) {
            (Ruleset::Welsh, _) => {
                if let Some(o) = match_given.or(given(&money_only)) {
                    return refuse(o, TermsRefusal::WelshOwnRules);
                }
            }
            (Ruleset::Standard, None) => {
                if let Some(o) = match_given {
                    return refuse(o, TermsRefusal::MatchOnly(o));
                }
            }
            (Ruleset::Standard, Some(n)) => {
                if let Some(o) = given(&money_only) {
                    return refuse(
                        o,
                        TermsRefusal::MoneyOnly {
                            option: o,
                            length: n,
                        },
                    );
                }
            }
        }
        if spec.ruleset == Ruleset::Standard && self.live_clock == Some(true) {
            return refuse(O::LiveClock, TermsRefusal::LiveClockStandard);
        }
        if self.per_move.is_some_and(|s| s.seconds() == 0) {
            return refuse(O::MoveTime, TermsRefusal::NoTimeAMove);
        }
        Ok(())
    }
}

const PRACTICE_UNRATED: &str =
    "a practice match (hints allowed) is never rated: ask for practice or a rated match, not both";

/// Refuses practice or the tutor where they cannot be: a rated match of two people, the
/// tutor without practice (a match against the bot is practice). In Welsh backgammon the
/// hints and the tutor are gammonbot's own Welsh player's (`practice/welsh_tutor.rs`).
fn check_practice(spec: &ChallengeSpec) -> Result<(), ClubError> {
    let bad = |why: TermsRefusal| Err(ClubError::from(why));
    if !(spec.practice || spec.tutor) {
        return Ok(());
    }
    if spec.tutor && !spec.practice && spec.bot.is_none() {
        return bad(TermsRefusal::TutorWithoutPractice);
    }
    if spec.rated && spec.bot.is_none() && spec.length.is_some() {
        return bad(TermsRefusal::PracticeRated);
    }
    Ok(())
}

const WELSH_OWN_RULES: &str = "Welsh backgammon has its own rules: no Crawford, Jacoby, Holland, beavers, raccoons, automatic doubles or stake (prizes follow rule 23)";

const NO_TIME_A_MOVE: &str = "the time a move must be more than nothing (2 days if left out); nothing a move is the live Welsh clock";

/// Why match-play option `o` does not apply to money play.
fn match_only_words(o: ChallengeOption) -> &'static str {
    match o {
        ChallengeOption::Holland => {
            "the Holland rule is for match play (it applies after the Crawford game); money play has no match length"
        }
        _ => "the Crawford rule is for match play; money play has no match length",
    }
}

/// Why money-play option `o` does not apply to an `n`-point match.
fn money_only_words(o: ChallengeOption, n: u32) -> String {
    let name = match o {
        ChallengeOption::Jacoby => "the Jacoby rule is",
        ChallengeOption::Beavers => "beavers are",
        ChallengeOption::Raccoons => "raccoons are",
        ChallengeOption::AutoDoubles => "automatic doubles are",
        _ => "a stake is",
    };
    format!("{name} for money play; a {n}-point match has none")
}

/// Refuses terms that cannot be played or make no sense, whatever made them (options
/// given in a command, a league's stored terms).
pub(crate) fn check_spec(spec: &ChallengeSpec) -> Result<(), ClubError> {
    let bad = |why: TermsRefusal| Err(ClubError::from(why));
    check_expiry(spec)?;
    check_practice(spec)?;
    match (spec.ruleset, spec.length) {
        (Ruleset::Standard, Some(n)) if !(1..=64).contains(&n) => {
            return Err(Refusal::MatchLength(n).into());
        }
        (Ruleset::Welsh, Some(n)) if !(1..=99).contains(&n) => {
            return bad(TermsRefusal::WelshLength(n));
        }
        _ => {}
    }
    if spec.ruleset == Ruleset::Standard {
        // Options that do not apply are refused, not dropped.
        if spec.length.is_none() {
            for (on, o) in [
                (spec.holland, ChallengeOption::Holland),
                (spec.crawford, ChallengeOption::Crawford),
            ] {
                if on {
                    return bad(TermsRefusal::MatchOnly(o));
                }
            }
        }
        if let Some(n) = spec.length {
            for (on, o) in [
                (spec.jacoby, ChallengeOption::Jacoby),
                (spec.beavers, ChallengeOption::Beavers),
                (spec.raccoons, ChallengeOption::Raccoons),
                (spec.auto_doubles > 0, ChallengeOption::AutoDoubles),
            ] {
                if on {
                    return bad(TermsRefusal::MoneyOnly {
                        option: o,
                        length: n,
                    });
                }
            }
        }
        if spec.time.per_move == 0 {
            return bad(TermsRefusal::NoTimeAMove);
        }
        standard_rules(spec)
            .validate()
            .map_err(TermsRefusal::Rules)?;
        if let Some(n) = spec.length
            && spec.stake > 0
        {
            return bad(TermsRefusal::MoneyOnly {
                option: ChallengeOption::Stake,
                length: n,
            });
        }
    } else if spec.beavers
        || spec.crawford
        || spec.holland
        || spec.raccoons
        || spec.jacoby
        || spec.auto_doubles > 0
        || spec.stake > 0
    {
        return bad(TermsRefusal::WelshOwnRules);
    }
    if spec.auto_doubles > 8 {
        return bad(TermsRefusal::AutoDoubles(spec.auto_doubles));
    }
    if spec.stake > 1_000_000 {
        return bad(TermsRefusal::StakeTooHigh);
    }
    let tc = spec.time;
    if !(0..=30 * DAY).contains(&tc.per_move) {
        return bad(TermsRefusal::MoveTime);
    }
    if !(0..=60 * DAY).contains(&tc.bank) || tc.per_move + tc.bank < 60 {
        return bad(TermsRefusal::Bank);
    }
    if !(0..=30 * DAY).contains(&tc.remind_before) {
        return bad(TermsRefusal::Remind);
    }
    Ok(())
}

/// Refuses an expiry the club does not keep: a minute to sixty days.
fn check_expiry(spec: &ChallengeSpec) -> Result<(), ClubError> {
    match spec.expires {
        Some(secs) if !(60..=60 * DAY).contains(&secs) => Err(TermsRefusal::Expiry(secs).into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests;
