//! The rules a match is played under.

use thiserror::Error;

/// Which game is played.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Ruleset {
    /// Standard tournament and money backgammon (seeds 001-004).
    #[default]
    Standard,
    /// Welsh backgammon (seed 000), played by [`crate::welsh::WelshMatch`].
    Welsh,
}

impl Ruleset {
    /// The word the ruleset is written as: `standard` or `welsh` (what [`Ruleset::from_str`]
    /// reads and the store keeps).
    ///
    /// [`Ruleset::from_str`]: std::str::FromStr::from_str
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Ruleset::Standard => "standard",
            Ruleset::Welsh => "welsh",
        }
    }
}

impl std::fmt::Display for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that names no ruleset (they are `standard` and `welsh`, in lower case).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ruleset `{0}`: standard or welsh")]
pub struct UnknownRuleset(pub String);

impl std::str::FromStr for Ruleset {
    type Err = UnknownRuleset;

    /// `standard` or `welsh`, exactly (no other case, no spaces).
    fn from_str(s: &str) -> Result<Ruleset, UnknownRuleset> {
        match s {
            "standard" => Ok(Ruleset::Standard),
            "welsh" => Ok(Ruleset::Welsh),
            _ => Err(UnknownRuleset(s.to_string())),
        }
    }
}

/// Options fixed when a match is agreed. Match-play options (`crawford`, `holland`) need a
/// length; money-play options (`jacoby`, `beavers`, `raccoons`, `auto_doubles`) need none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MatchRules {
    /// Standard or Welsh.
    pub ruleset: Ruleset,
    /// Points to win; `None` is money play (a session with no end).
    pub length: Option<u32>,
    /// No doubling in the first game after a player reaches match point minus one.
    pub crawford: bool,
    /// Post-Crawford, the trailer may double only after both sides have played two rolls.
    pub holland: bool,
    /// Money: gammons and backgammons count only once the cube has been turned and taken.
    pub jacoby: bool,
    /// Money: a doubled player may beaver (redouble at once, keeping the cube).
    pub beavers: bool,
    /// Money: after a beaver the doubler may raccoon (and so on, turn by turn).
    pub raccoons: bool,
    /// Money: the most automatic doubles on tied opening throws (0 = none).
    pub auto_doubles: u8,
}

/// A combination of options that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A match to 0 points.
    #[error("a match is played to at least 1 point")]
    ZeroLength,
    /// A match-play option in money play.
    #[error("{0} is a match-play rule; money play has no match length")]
    MatchOnly(&'static str),
    /// A money-play option in match play.
    #[error("{0} is a money-play rule; it is never used in match play")]
    MoneyOnly(&'static str),
    /// Raccoons without beavers.
    #[error("raccoons need beavers")]
    RaccoonWithoutBeaver,
    /// The Holland rule without the Crawford rule.
    #[error("the Holland rule applies after the Crawford game, so it needs the Crawford rule")]
    HollandWithoutCrawford,
    /// Standard options for a Welsh match.
    #[error("these are standard-rules options; a Welsh match has its own (WelshRules)")]
    NotStandard,
}

impl MatchRules {
    /// A match to `length` points with the Crawford rule, as in tournaments.
    #[must_use]
    pub fn match_to(length: u32) -> MatchRules {
        MatchRules {
            ruleset: Ruleset::Standard,
            length: Some(length),
            crawford: true,
            holland: false,
            jacoby: false,
            beavers: false,
            raccoons: false,
            auto_doubles: 0,
        }
    }

    /// Money play with the Jacoby rule, no beavers and no automatic doubles.
    #[must_use]
    pub fn money() -> MatchRules {
        MatchRules {
            length: None,
            crawford: false,
            jacoby: true,
            ..MatchRules::match_to(1)
        }
    }

    /// Money play.
    #[must_use]
    pub const fn is_money(&self) -> bool {
        self.length.is_none()
    }

    /// Checks that the options fit together.
    ///
    /// # Errors
    /// The first combination that cannot be played.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.ruleset != Ruleset::Standard {
            return Err(RulesError::NotStandard);
        }
        match self.length {
            Some(0) => return Err(RulesError::ZeroLength),
            Some(_) => {
                for (on, name) in [
                    (self.jacoby, "the Jacoby rule"),
                    (self.beavers, "beavers"),
                    (self.raccoons, "raccoons"),
                    (self.auto_doubles > 0, "automatic doubles"),
                ] {
                    if on {
                        return Err(RulesError::MoneyOnly(name));
                    }
                }
            }
            None => {
                for (on, name) in [
                    (self.crawford, "the Crawford rule"),
                    (self.holland, "the Holland rule"),
                ] {
                    if on {
                        return Err(RulesError::MatchOnly(name));
                    }
                }
            }
        }
        if self.raccoons && !self.beavers {
            return Err(RulesError::RaccoonWithoutBeaver);
        }
        if self.holland && !self.crawford {
            return Err(RulesError::HollandWithoutCrawford);
        }
        Ok(())
    }
}

#[cfg(test)]
mod ruleset_words {
    use super::Ruleset;

    #[test]
    fn rulesets_print_and_parse_as_their_lower_case_word_only() {
        for r in [Ruleset::Standard, Ruleset::Welsh] {
            assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
        }
        assert_eq!(Ruleset::Welsh.to_string(), "welsh");
        for bad in ["Welsh", "STANDARD", " welsh", "welsh ", "", "chess"] {
            assert!(bad.parse::<Ruleset>().is_err(), "`{bad}` was read");
        }
    }
}
