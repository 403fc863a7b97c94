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

/// The match option: named, or inferred.
pub(super) fn m(id: Option<i64>) -> MatchRef {
    MatchRef { id, version: None }
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
