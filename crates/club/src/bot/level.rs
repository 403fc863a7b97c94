//! The bot's level in a match against it: GNU Backgammon's for standard backgammon, or
//! gammonbot's own Welsh player's (`docs/welsh-bot.md`) for Welsh. A leaf: it names no
//! other part of the club.
//!
//! Stored in a match's terms as one string: GNU Backgammon's levels as they always were
//! (`"expert"`, `"world_class"`), the Welsh player's with a prefix (`"welsh_strong"`), so
//! that terms stored before the Welsh bot still read.

use std::fmt;
use std::str::FromStr;

use engine::Ruleset;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The bot's level: which player plays for it and how hard it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    /// GNU Backgammon at one of its levels (standard backgammon).
    Standard(gnubg::Level),
    /// gammonbot's Welsh player at one of its levels (Welsh backgammon).
    Welsh(welsh_player::Level),
}

/// The Welsh player's levels, weakest first.
pub const WELSH_LEVELS: [welsh_player::Level; 3] = [
    welsh_player::Level::Weak,
    welsh_player::Level::Medium,
    welsh_player::Level::Strong,
];

/// The prefix of a Welsh level in stored terms.
const WELSH_PREFIX: &str = "welsh_";

impl BotLevel {
    /// The level's name as players type and read it (`expert`, `world class`, `strong`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Standard(l) => l.name(),
            BotLevel::Welsh(l) => l.name(),
        }
    }

    /// The rules the level's player plays.
    #[must_use]
    pub fn ruleset(self) -> Ruleset {
        match self {
            BotLevel::Standard(_) => Ruleset::Standard,
            BotLevel::Welsh(_) => Ruleset::Welsh,
        }
    }

    /// The level a challenge to the bot under `ruleset` plays when it names none: GNU
    /// Backgammon's expert, the Welsh player's strong.
    #[must_use]
    pub fn default_for(ruleset: Ruleset) -> BotLevel {
        match ruleset {
            Ruleset::Standard => BotLevel::Standard(gnubg::Level::Expert),
            Ruleset::Welsh => BotLevel::Welsh(welsh_player::Level::Strong),
        }
    }

    /// Who plays at this level, in words: "GNU Backgammon", "its own Welsh player".
    #[must_use]
    pub fn player_words(self) -> &'static str {
        match self {
            BotLevel::Standard(_) => "GNU Backgammon",
            BotLevel::Welsh(_) => "its own Welsh player",
        }
    }

    /// The order of the record in `/rating`: GNU Backgammon's levels weakest first, then
    /// the Welsh player's.
    pub(crate) fn order(self) -> (u8, usize) {
        match self {
            BotLevel::Standard(l) => (
                0,
                gnubg::Level::ALL.iter().position(|x| *x == l).unwrap_or(0),
            ),
            BotLevel::Welsh(l) => (1, WELSH_LEVELS.iter().position(|x| *x == l).unwrap_or(0)),
        }
    }

    /// The string stored in a match's terms.
    fn stored(self) -> String {
        match self {
            BotLevel::Standard(l) => serde_json::to_value(l)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_else(|| l.name().to_string()),
            BotLevel::Welsh(l) => format!("{WELSH_PREFIX}{}", l.name()),
        }
    }

    /// The level stored as `s` in a match's terms.
    fn from_stored(s: &str) -> Option<BotLevel> {
        if let Some(w) = s.strip_prefix(WELSH_PREFIX) {
            return welsh_player::Level::parse(w).map(BotLevel::Welsh);
        }
        serde_json::from_value::<gnubg::Level>(serde_json::Value::String(s.to_string()))
            .ok()
            .map(BotLevel::Standard)
    }
}

impl From<gnubg::Level> for BotLevel {
    fn from(l: gnubg::Level) -> BotLevel {
        BotLevel::Standard(l)
    }
}

impl From<welsh_player::Level> for BotLevel {
    fn from(l: welsh_player::Level) -> BotLevel {
        BotLevel::Welsh(l)
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is neither GNU Backgammon's nor the Welsh player's: gnubg's own
/// refusal, then the Welsh player's levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBotLevel(pub gnubg::UnknownLevel);

impl fmt::Display for UnknownBotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; in Welsh backgammon, the bot's Welsh player: weak, medium or strong",
            self.0
        )
    }
}

impl std::error::Error for UnknownBotLevel {}

impl FromStr for BotLevel {
    type Err = UnknownBotLevel;

    /// A level by its name: GNU Backgammon's as the gnubg crate reads them (`world
    /// class`, `world-class`, ...), or the Welsh player's (`weak`, `medium`, `strong`), in
    /// any case. The names are distinct, so the name says whose level it is.
    fn from_str(s: &str) -> Result<BotLevel, UnknownBotLevel> {
        let gnubg = match s.parse::<gnubg::Level>() {
            Ok(l) => return Ok(BotLevel::Standard(l)),
            Err(e) => e,
        };
        welsh_player::Level::parse(&s.trim().to_ascii_lowercase())
            .map(BotLevel::Welsh)
            .ok_or(UnknownBotLevel(gnubg))
    }
}

impl Serialize for BotLevel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.stored())
    }
}

impl<'de> Deserialize<'de> for BotLevel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BotLevel, D::Error> {
        let s = String::deserialize(d)?;
        BotLevel::from_stored(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown bot level `{s}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::BotLevel;

    #[test]
    fn gnubg_levels_are_stored_as_they_always_were_and_welsh_ones_with_a_prefix() {
        for l in gnubg::Level::ALL {
            let old = serde_json::to_string(&l).unwrap();
            assert_eq!(serde_json::to_string(&BotLevel::Standard(l)).unwrap(), old);
            assert_eq!(
                serde_json::from_str::<BotLevel>(&old).unwrap(),
                BotLevel::Standard(l)
            );
        }
        for l in super::WELSH_LEVELS {
            let s = serde_json::to_string(&BotLevel::Welsh(l)).unwrap();
            assert_eq!(s, format!("\"welsh_{}\"", l.name()));
            assert_eq!(
                serde_json::from_str::<BotLevel>(&s).unwrap(),
                BotLevel::Welsh(l)
            );
        }
        assert!(serde_json::from_str::<BotLevel>("\"welsh_expert\"").is_err());
    }

    #[test]
    fn a_typed_name_says_whose_level_it_is() {
        assert_eq!(
            "world class".parse::<BotLevel>(),
            Ok(BotLevel::Standard(gnubg::Level::WorldClass))
        );
        assert_eq!(
            "Medium".parse::<BotLevel>(),
            Ok(BotLevel::Welsh(welsh_player::Level::Medium))
        );
        assert!("hard".parse::<BotLevel>().is_err());
    }
}
