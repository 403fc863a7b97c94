//! Matches played through the engine between two players, each gnubg at a level (through
//! a [`Pool`]) or a player who picks a random legal play: shared by the `bot_duel` and
//! `bot_latency` examples and by the oracle tests (tests/it/oracle.rs includes this file).
//! The dice come from a seeded [`Rng`], so a seed gives the same match every time.

// Each user reads a different part of what a decision records.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use engine::{Action, Dice, Match, Phase, Play, Side};
use gnubg::{Answer, BotError, CubeAction, CubeVerdict, Level, Pool, Situation, UnknownLevel};
use testkit::Rng;

/// One side of a self-play match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// gnubg at this level: every decision, the cube included.
    Bot(Level),
    /// A uniformly random legal play (among the distinct positions a roll can leave);
    /// never doubles, always takes.
    Random,
}

impl FromStr for Player {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Player, UnknownLevel> {
        if s.trim().eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else {
            s.parse().map(Player::Bot)
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Bot(level) => level.fmt(f),
            Player::Random => f.write_str("random"),
        }
    }
}

/// What a bot decided.
#[derive(Clone, Copy, Debug)]
pub enum Decided {
    /// The checker play for `dice`.
    Play(Dice, Play),
    /// The cube before rolling (asked only where the rules let the bot double).
    Cube(CubeVerdict),
    /// The answer to a double (or to a beaver).
    Answer(Answer),
}

/// A bot's decision as it was made: the match just before it, who decided, what, and how
/// long it took (building the situation, gnubg's answer, and the engine applying it).
#[derive(Clone, Debug)]
pub struct Decision {
    /// The match the decision was made in.
    pub before: Match,
    /// The bot's side.
    pub side: Side,
    /// The level it played at.
    pub level: Level,
    /// The decision.
    pub decided: Decided,
    /// Its wall time.
    pub took: Duration,
}

/// Plays `m` on until the match is over or `games` more games have ended (money play has
/// no end of its own), calling `seen` with every decision a bot makes. `players` is
/// indexed by [`Side::index`].
///
/// # Errors
/// A bot that could not decide (gnubg missing, failing, or naming a play the engine
/// refuses).
pub fn play_on(
    pool: &Pool,
    mut m: Match,
    players: [Player; 2],
    rng: &mut Rng,
    games: u32,
    seen: &mut dyn FnMut(&Decision),
) -> Result<Match, BotError> {
    let last_game = m.game_number().saturating_add(games);
    loop {
        if m.game_number() >= last_game {
            return Ok(m);
        }
        let (side, action, decided) = match m.phase() {
            Phase::MatchOver { .. } => return Ok(m),
            Phase::Opening => {
                let (x, o) = (rng.die(), rng.die());
                (Side::X, Action::OpeningRoll { x, o }, None)
            }
            Phase::ToRoll(side) => match players[side.index()] {
                Player::Bot(level) if m.may_double(side).is_ok() => {
                    let t = Instant::now();
                    let v = pool.cube_action(&Situation::of(&m, side), level)?;
                    let action = if v.action == CubeAction::Double {
                        Action::Double
                    } else {
                        Action::Roll(rng.dice())
                    };
                    (side, action, Some((level, Decided::Cube(v), t)))
                }
                _ => (side, Action::Roll(rng.dice()), None),
            },
            Phase::CubeOffered(o) => match players[o.responder.index()] {
                Player::Bot(level) => {
                    let t = Instant::now();
                    let a = pool.answer_double(&Situation::of(&m, o.responder), level)?;
                    let action = match a {
                        Answer::Take => Action::Take,
                        Answer::Drop => Action::Drop,
                        Answer::Beaver => Action::Beaver,
                    };
                    (o.responder, action, Some((level, Decided::Answer(a), t)))
                }
                Player::Random => (o.responder, Action::Take, None),
            },
            Phase::ToPlay { side, dice } => match players[side.index()] {
                Player::Bot(level) => {
                    let t = Instant::now();
                    let play = pool.play(&Situation::of(&m, side), dice, level)?;
                    (
                        side,
                        Action::Play(play),
                        Some((level, Decided::Play(dice, play), t)),
                    )
                }
                Player::Random => {
                    let plays = m.legal_plays();
                    (side, Action::Play(rng.pick(&plays).play), None)
                }
            },
        };
        let before = m;
        m = before
            .apply(side, &action)
            .map_err(|e| BotError::IllegalAnswer(format!("{action:?}: {e}")))?
            .0;
        if let Some((level, decided, t)) = decided {
            seen(&Decision {
                before,
                side,
                level,
                decided,
                took: t.elapsed(),
            });
        }
    }
}
