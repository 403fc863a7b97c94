//! The refusals of the bot player: what it does not play, and the commands nobody may
//! send as the bot.

use crate::BotLevel;

/// What the bot player does not take.
#[derive(Debug, thiserror::Error)]
pub enum BotRefusal {
    /// The bot has no player on this platform yet.
    #[error("the bot does not play here yet; try again in a moment")]
    NotHereYet,
    /// A level for a match between two people.
    #[error(
        "a level applies to a match against the bot; \
         a match between two people has none"
    )]
    LevelAgainstPerson,
    /// A level of the other rules' player.
    #[error("{}", level_of_other_rules(*.0))]
    LevelOfOtherRules(BotLevel),
    /// A stake against the bot.
    #[error(
        "money play against the bot is for points only: it has no money to pay \
         or receive, so the stake must be zero"
    )]
    StakeAgainstBot,
    /// A money question about the bot: it keeps no ledger and no scoop-pot.
    #[error(
        "the bot plays for no money: its matches pay no prize and keep no scoop-pot, so \
         there is no pot with it"
    )]
    NoMoney,
    /// A challenge to the bot past the player's open bot matches.
    #[error(
        "you have {open} open matches against the bot here, the most at once ({limit}): \
         finish, resign or cancel one (/games lists them) to start another"
    )]
    TooManyMatches {
        /// The player's open bot matches.
        open: i64,
        /// The limit.
        limit: u32,
    },
    /// Creating or joining a chouette as the bot.
    #[error(
        "the bot does not sit in chouettes: they are for three or \
         more people"
    )]
    NoChouettes,
    /// Creating or joining a league as the bot.
    #[error(
        "the bot does not join leagues: their matches are for \
         people; challenge the bot to a match instead"
    )]
    NoLeagues,
    /// Any other command sent as the bot.
    #[error(
        "the bot makes its own decisions; nobody can send commands \
         as the bot"
    )]
    NotAsTheBot,
}

impl BotRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            BotRefusal::NotHereYet => "bot_not_here",
            BotRefusal::LevelAgainstPerson
            | BotRefusal::LevelOfOtherRules(_)
            | BotRefusal::StakeAgainstBot => "bad_option",
            BotRefusal::TooManyMatches { .. } => "quota",
            BotRefusal::NoMoney => "no_money",
            BotRefusal::NoChouettes | BotRefusal::NoLeagues | BotRefusal::NotAsTheBot => {
                "as_the_bot"
            }
        }
    }
}

/// Why `level` is refused for a match of the other rules.
fn level_of_other_rules(level: BotLevel) -> String {
    match level {
        BotLevel::Standard(l) => format!(
            "{l} is a level of GNU Backgammon, which plays standard backgammon only; \
             against the bot in Welsh backgammon its own Welsh player plays weak, medium or \
             strong (strong if no level is given)"
        ),
        BotLevel::Welsh(l) => format!(
            "{} is a level of the bot's Welsh player, for Welsh backgammon; in standard \
             backgammon GNU Backgammon plays beginner, casual, intermediate, advanced, \
             expert or world class (expert if no level is given)",
            l.name()
        ),
    }
}
