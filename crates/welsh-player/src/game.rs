//! Running Welsh games between two players on the engine with seeded dice: every action
//! goes through [`WelshMatch::apply`], so a player's illegal answer is an error, never
//! a silent fix.

use engine::Side;
use engine::welsh::{
    GameEnd, MatchEnd, WelshAction, WelshError, WelshEvent, WelshMatch, WelshPhase, WelshRules,
};

use crate::player::{Decision, WelshPlayer, decide};
use crate::rng::Rng;

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// Who won it (`None`: a wash).
    pub winner: Option<Side>,
    /// The games it scored for the winner (a wash: 1 each, shown here as 0).
    pub games: u32,
    /// How it ended (`None`: the match ended by a rectangle, which wins the match).
    pub how: Option<GameEnd>,
}

/// A player's answer the engine refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Who answered.
    pub side: Side,
    /// The action tried.
    pub action: WelshAction,
    /// The engine's reason.
    pub error: WelshError,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} by {} was refused: {}",
            self.action, self.side, self.error
        )
    }
}

/// A match fresh for one game: the target `target`, X shakes for the call (O calls).
#[must_use]
pub fn fresh_match(target: u32) -> WelshMatch {
    WelshMatch::new(WelshRules {
        target,
        first_shaker: Side::X,
    })
}

/// Plays `m` on until its current game ends, asking `players` (indexed by
/// [`Side::index`]) and throwing `dice`. `on_throw` sees the match just before each
/// throw of two dice or one die, with the side throwing (the positions a learner trains
/// on). Returns the match after the game and how the game ended.
///
/// # Errors
/// The first answer the engine refused (a player bug).
pub fn play_game(
    players: [&mut dyn WelshPlayer; 2],
    dice: &mut Rng,
    mut m: WelshMatch,
    on_throw: &mut dyn FnMut(&WelshMatch, Side),
) -> Result<(WelshMatch, GameOutcome), Refused> {
    let game = m.game_number();
    let mut offer_asked = false;
    loop {
        if let WelshPhase::MatchOver { winner, how } = m.phase() {
            // Only a match ended before its game did: a rectangle (or a clock).
            let _ = how;
            return Ok((
                m,
                GameOutcome {
                    winner: Some(winner),
                    games: 0,
                    how: None,
                },
            ));
        }
        // Rule 18: the occasion to offer is asked once, of its holder, before anything else.
        if let (Some(offerer), None) = m.concede() {
            if !offer_asked {
                offer_asked = true;
                let most = m.concede_most(offerer).unwrap_or(0);
                if most > 0 {
                    let p = &mut *players[offerer.index()];
                    if let Some(games) = p.offer_concede(&m, offerer, most) {
                        let action = WelshAction::OfferConcede {
                            games,
                            payment: false,
                        };
                        m = apply(&m, offerer, action)?.0;
                        continue;
                    }
                }
            }
        }
        let Some(side) = m.to_act() else {
            unreachable!("a match not over has a side to act")
        };
        let p = &mut *players[side.index()];
        let Some(decision) = decide(p, &m, side) else {
            unreachable!("the side to act has a decision")
        };
        let (next, events) = match decision {
            Decision::Call(call) => apply(
                &m,
                side,
                WelshAction::Call {
                    shaker_dice: dice.dice(),
                    call,
                },
            )?,
            Decision::Throw => {
                on_throw(&m, side);
                throw_until_allowed(&m, side, dice, WelshAction::Roll)?
            }
            Decision::ThrowOne => {
                on_throw(&m, side);
                apply(&m, side, WelshAction::RollOne(dice.die()))?
            }
            Decision::ThrowAgain => throw_until_allowed(&m, side, dice, WelshAction::Reroll)?,
            Decision::Act(a) => apply(&m, side, a)?,
        };
        m = next;
        for e in events {
            match e {
                WelshEvent::GameOver { winner, games, how } => {
                    let games = if winner.is_some() { games } else { 0 };
                    return Ok((
                        m,
                        GameOutcome {
                            winner,
                            games,
                            how: Some(how),
                        },
                    ));
                }
                WelshEvent::MatchOver {
                    winner,
                    how: MatchEnd::Rectangle,
                } => {
                    return Ok((
                        m,
                        GameOutcome {
                            winner: Some(winner),
                            games: 0,
                            how: None,
                        },
                    ));
                }
                _ => {}
            }
        }
        debug_assert_eq!(m.game_number(), game);
    }
}

fn apply(
    m: &WelshMatch,
    side: Side,
    action: WelshAction,
) -> Result<(WelshMatch, Vec<WelshEvent>), Refused> {
    m.apply(side, &action).map_err(|error| Refused {
        side,
        action,
        error,
    })
}

/// A throw the engine takes, applied: a third identical throw in a row is thrown again
/// (rule 6).
fn throw_until_allowed(
    m: &WelshMatch,
    side: Side,
    dice: &mut Rng,
    make: impl Fn(u8, u8) -> WelshAction,
) -> Result<(WelshMatch, Vec<WelshEvent>), Refused> {
    loop {
        let (a, b) = dice.dice();
        match apply(m, side, make(a, b)) {
            Err(Refused {
                error: WelshError::ThirdIdenticalThrow,
                ..
            }) => continue,
            other => return other,
        }
    }
}
