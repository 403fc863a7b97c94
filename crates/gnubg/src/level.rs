//! GNU Backgammon's named playing levels and the evaluation each one uses.

use std::fmt;
use std::str::FromStr;

/// How gnubg evaluates a position: its `evalcontext` (eval.h), field for field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalContext {
    /// Cubeful evaluation.
    pub cubeful: bool,
    /// Plies looked ahead (0 is the neural net alone).
    pub plies: u8,
    /// Prune the candidates at the deeper plies.
    pub prune: bool,
    /// The noise depends on the position only (the same position, the same noise).
    pub deterministic: bool,
    /// The standard deviation of the noise added to every evaluation.
    pub noise: f32,
}

impl EvalContext {
    /// The context as the bot's gnubg script reads it.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "cubeful": u8::from(self.cubeful),
            "plies": self.plies,
            "prune": u8::from(self.prune),
            "deterministic": u8::from(self.deterministic),
            "noise": self.noise,
        })
    }
}

/// GNU Backgammon's named levels, weakest first: the first six of its predefined settings
/// (`aszSettings` and `aecSettings` in gnubg's eval.c; gnubg also has supremo,
/// grandmaster and 4-ply, deeper and slower, not offered here).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// 0 plies, noise 0.060.
    Beginner,
    /// gnubg's "casual play": 0 plies, noise 0.050.
    Casual,
    /// 0 plies, noise 0.040.
    Intermediate,
    /// 0 plies, noise 0.015.
    Advanced,
    /// 0 plies, no noise.
    Expert,
    /// 2 plies, pruned, no noise.
    WorldClass,
}

/// A level name that is not one of gnubg's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a GNU Backgammon level: choose beginner, casual, intermediate, advanced, \
     expert or world class"
)]
pub struct UnknownLevel(pub String);

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Casual,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::WorldClass,
    ];

    /// The evaluation gnubg uses at this level (eval.c, `aecSettings`): cubeful and
    /// deterministic everywhere; 0 plies with noise 0.060, 0.050, 0.040, 0.015 and 0 up to
    /// expert; world class 2 plies, pruned, no noise (and gnubg's "normal" move filter,
    /// which is also its default one).
    #[must_use]
    pub const fn context(self) -> EvalContext {
        let (plies, prune, noise) = match self {
            Level::Beginner => (0, false, 0.060),
            Level::Casual => (0, false, 0.050),
            Level::Intermediate => (0, false, 0.040),
            Level::Advanced => (0, false, 0.015),
            Level::Expert => (0, false, 0.0),
            Level::WorldClass => (2, true, 0.0),
        };
        EvalContext {
            cubeful: true,
            plies,
            prune,
            deterministic: true,
            noise,
        }
    }

    /// The level's name as players type and read it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::WorldClass => "world class",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// A level by its name, in any case, with a space, `-` or `_` (or nothing) between the
    /// words of "world class"; gnubg's own "casual play" is read too.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        Ok(match key.as_str() {
            "beginner" => Level::Beginner,
            "casual" | "casualplay" => Level::Casual,
            "intermediate" => Level::Intermediate,
            "advanced" => Level::Advanced,
            "expert" => Level::Expert,
            "worldclass" => Level::WorldClass,
            _ => return Err(UnknownLevel(engine::excerpt(s))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Level, UnknownLevel};

    #[test]
    fn levels_print_and_parse_back() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("World-Class".parse::<Level>(), Ok(Level::WorldClass));
        assert_eq!("world_class".parse::<Level>(), Ok(Level::WorldClass));
        assert_eq!("casual play".parse::<Level>(), Ok(Level::Casual));
        assert_eq!(
            "grandmaster".parse::<Level>(),
            Err(UnknownLevel("grandmaster".into()))
        );
        assert_eq!(Level::WorldClass.to_string(), "world class");
    }

    #[test]
    fn only_world_class_looks_ahead_and_noise_falls_with_strength() {
        let noise: Vec<f32> = Level::ALL.iter().map(|l| l.context().noise).collect();
        assert!(noise.windows(2).all(|w| w[0] >= w[1]), "{noise:?}");
        assert_eq!(Level::Expert.context().plies, 0);
        assert_eq!(Level::WorldClass.context().plies, 2);
    }
}
