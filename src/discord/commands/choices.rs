//! The choices the slash commands offer, and the small conversions they share: a match
//! or session option to the club's reference, a ruleset, a typed stake.

use club::{ChouetteRef, MatchRef};
use engine::Ruleset;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Rules {
    #[name = "standard"]
    Standard,
    #[name = "welsh"]
    Welsh,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ResignChoice {
    #[name = "single game"]
    Single,
    #[name = "gammon"]
    Gammon,
    #[name = "backgammon"]
    Backgammon,
    #[name = "accept the resignation"]
    Accept,
    #[name = "reject the resignation"]
    Reject,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Who {
    #[name = "me"]
    Me,
    #[name = "my opponent"]
    Opponent,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OddEven {
    #[name = "odds"]
    Odds,
    #[name = "evens"]
    Evens,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Answer {
    #[name = "accept"]
    Accept,
    #[name = "reject"]
    Reject,
}

/// GNU Backgammon's levels, as gnubg names them.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "beginner"]
    Beginner,
    #[name = "casual"]
    Casual,
    #[name = "intermediate"]
    Intermediate,
    #[name = "advanced"]
    Advanced,
    #[name = "expert"]
    Expert,
    #[name = "world class"]
    WorldClass,
}

/// The levels of the bot's own Welsh player (`docs/welsh-bot.md`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WelshLevelChoice {
    #[name = "weak"]
    Weak,
    #[name = "medium"]
    Medium,
    #[name = "strong"]
    Strong,
}

/// The bot's level from the two options (GNU Backgammon's `level`, the Welsh player's
/// `welsh_level`); the club checks that it suits the rules.
///
/// # Errors
/// Both given.
pub(super) fn bot_level_of(
    level: Option<LevelChoice>,
    welsh: Option<WelshLevelChoice>,
) -> Result<Option<club::BotLevel>, club::ClubError> {
    match (level, welsh) {
        // Free text: the two options as this command spells them.
        (Some(_), Some(_)) => Err(club::Refusal::Other(
            "give level (GNU Backgammon, standard) or welsh_level (the Welsh player), not both"
                .into(),
        )
        .into()),
        (Some(l), None) => Ok(Some(club::BotLevel::Standard(level_of(l)))),
        (None, Some(w)) => Ok(Some(club::BotLevel::Welsh(match w {
            WelshLevelChoice::Weak => welsh_player::Level::Weak,
            WelshLevelChoice::Medium => welsh_player::Level::Medium,
            WelshLevelChoice::Strong => welsh_player::Level::Strong,
        }))),
        (None, None) => Ok(None),
    }
}

/// The level chosen, as the gnubg crate knows it.
pub(super) fn level_of(l: LevelChoice) -> gnubg::Level {
    match l {
        LevelChoice::Beginner => gnubg::Level::Beginner,
        LevelChoice::Casual => gnubg::Level::Casual,
        LevelChoice::Intermediate => gnubg::Level::Intermediate,
        LevelChoice::Advanced => gnubg::Level::Advanced,
        LevelChoice::Expert => gnubg::Level::Expert,
        LevelChoice::WorldClass => gnubg::Level::WorldClass,
    }
}

/// The match option: named, or inferred.
pub(super) fn m(id: Option<i64>) -> MatchRef {
    MatchRef {
        id: id.map(Into::into),
        version: None,
    }
}

pub(super) fn ruleset_of(r: Rules) -> Ruleset {
    match r {
        Rules::Standard => Ruleset::Standard,
        Rules::Welsh => Ruleset::Welsh,
    }
}

/// A stake typed in a slash command option, read as the club reads every amount.
pub(super) fn parse_amount(v: &str) -> Option<engine::Amount> {
    v.parse::<engine::Amount>().ok()
}

pub(super) fn cr(id: Option<i64>) -> ChouetteRef {
    ChouetteRef { id, version: None }
}

#[cfg(test)]
mod tests {
    use super::{LevelChoice, level_of};
    use poise::ChoiceParameter;

    #[test]
    fn each_level_choice_is_gnubgs_level_of_that_name() {
        let choices = LevelChoice::list();
        assert_eq!(choices.len(), gnubg::Level::ALL.len());
        for (i, c) in choices.iter().enumerate() {
            let level = level_of(LevelChoice::from_index(i).unwrap());
            assert_eq!((&*c.name, level), (level.name(), gnubg::Level::ALL[i]));
        }
    }
}
