//! Training the evaluator by self-play with TD(lambda).
//!
//! Each training game is a fresh match (to 25) played to the end of its first game by
//! the medium level (0-ply, greedy) on both sides with the network being trained, the
//! dice from the trainer's seeded generator; every decision goes through the engine. The
//! positions met just before each throw are kept, each from the view of the side
//! throwing. At the game's end the targets are the λ-returns, computed backwards (the
//! offline, "forward view" of TD(λ)):
//!
//! `G(last) = outcome`, `G(t) = (1 - λ) V(t+1) + λ G(t+1)`,
//!
//! with `V` the network's outputs before the game's update and each term turned to the
//! view of the side throwing at `t`. The outcome: a win counts 1 on P(win) and on the
//! gammon and backgammon outputs as the game ended (three on the roof and a conceded
//! game are single wins, a rectangle counts as a backgammon), a wash counts a half win.
//! Then one gradient step of rate `alpha` moves each position's outputs towards its
//! target. With `explore` above 0 each play is, with that chance, a uniformly random legal
//! play instead (so that the network meets positions a weaker opponent makes). The same
//! seed and the same number of games give the same weights.

use engine::Side;
use engine::welsh::GameEnd;

use crate::eval_player::{EvalPlayer, Level};
use crate::features::{Context, INPUTS, encode};
use crate::game::{GameOutcome, Refused, fresh_match, play_game};
use crate::net::{Net, OUTPUTS, Probs, flip};
use crate::rng::Rng;

/// Training's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden units of a new network.
    pub hidden: usize,
    /// The learning rate.
    pub alpha: f32,
    /// λ: how far back the game's outcome reaches.
    pub lambda: f32,
    /// Exploration: the chance that a side plays a uniformly random legal play instead
    /// of its best (0: pure self-play, as TD-Gammon).
    pub explore: f32,
    /// The share of games in which one side (X and O in turn) plays uniformly random
    /// legal plays throughout, so that the network meets the boards a random player
    /// leaves (full spikes kept by the opponent, which wash a game, rule 22).
    pub mix: f32,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 40,
            alpha: 0.1,
            lambda: 0.7,
            explore: 0.0,
            mix: 0.0,
        }
    }
}

/// What one training game measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameStats {
    /// Positions trained on.
    pub positions: usize,
    /// The mean squared difference between the outputs and their λ-return targets,
    /// before the update (per output).
    pub td_error: f32,
    /// How the game ended.
    pub outcome: GameOutcome,
}

/// A network in training, with its dice.
#[derive(Clone, Debug)]
pub struct Trainer {
    /// The network.
    pub net: Net,
    config: TrainConfig,
    dice: Rng,
}

/// The targets of a finished game for `side`.
#[must_use]
pub fn outcome_probs(outcome: &GameOutcome, side: Side) -> Probs {
    let Some(winner) = outcome.winner else {
        return [0.5, 0.0, 0.0, 0.0, 0.0];
    };
    let won = match outcome.how {
        Some(GameEnd::Gammon) => [1.0, 1.0, 0.0, 0.0, 0.0],
        Some(GameEnd::Backgammon) | None => [1.0, 1.0, 1.0, 0.0, 0.0],
        _ => [1.0, 0.0, 0.0, 0.0, 0.0],
    };
    if winner == side { won } else { flip(&won) }
}

/// Whether game number `games` of a run seeded `seed` has a randomly playing side, with
/// chance `mix` (decided from the numbers, so a run is the same whatever else draws).
fn mixed_game(games: u64, seed: u64, mix: f32) -> bool {
    if mix <= 0.0 {
        return false;
    }
    let h = (games ^ seed.rotate_left(17))
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .rotate_left(29)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    ((h >> 40) as f32 / (1u64 << 24) as f32) < mix
}

impl Trainer {
    /// A new network (`config.hidden` units) and dice, both from `seed`.
    #[must_use]
    pub fn new(config: TrainConfig, seed: u64) -> Trainer {
        Trainer {
            net: Net::new(config.hidden, seed),
            config,
            dice: Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 1),
        }
    }

    /// Plays and learns one game.
    ///
    /// # Errors
    /// An action the engine refused (a player bug).
    pub fn train_game(&mut self) -> Result<GameStats, Refused> {
        let mut states: Vec<(Side, Box<[f32; INPUTS]>)> = Vec::with_capacity(128);
        let outcome = {
            let explore = self.config.explore;
            let seed = self.net.games.wrapping_mul(2).wrapping_add(self.net.seed);
            let games = self.net.games;
            let mixed = mixed_game(games, self.net.seed, self.config.mix);
            let (ex, eo) = match mixed {
                true if games % 2 == 0 => (1.0, explore),
                true => (explore, 1.0),
                false => (explore, explore),
            };
            let mut x = EvalPlayer::new(&self.net, Level::Medium, seed).with_exploration(ex);
            let mut o = EvalPlayer::new(&self.net, Level::Medium, seed ^ 1).with_exploration(eo);
            let mut record = |m: &engine::welsh::WelshMatch, side: Side| {
                let mut inputs = Box::new([0.0f32; INPUTS]);
                encode(&m.position().view(side), &Context::of(m, side), &mut inputs);
                states.push((side, inputs));
            };
            play_game(
                [&mut x, &mut o],
                &mut self.dice,
                fresh_match(25),
                &mut record,
            )?
            .1
        };
        let n = states.len();
        if n == 0 {
            return Ok(GameStats {
                positions: 0,
                td_error: 0.0,
                outcome,
            });
        }
        let values: Vec<Probs> = states.iter().map(|(_, x)| self.net.forward(x)).collect();
        let lambda = self.config.lambda;
        let mut targets = vec![[0.0f32; OUTPUTS]; n];
        targets[n - 1] = outcome_probs(&outcome, states[n - 1].0);
        for t in (0..n - 1).rev() {
            let same = states[t].0 == states[t + 1].0;
            let view = |p: &Probs| if same { *p } else { flip(p) };
            let (v, g) = (view(&values[t + 1]), view(&targets[t + 1]));
            for k in 0..OUTPUTS {
                targets[t][k] = (1.0 - lambda) * v[k] + lambda * g[k];
            }
        }
        let mut err = 0.0;
        for ((_, x), target) in states.iter().zip(&targets) {
            err += self.net.learn(x, target, self.config.alpha);
        }
        self.net.games += 1;
        Ok(GameStats {
            positions: n,
            td_error: err / (n * OUTPUTS) as f32,
            outcome,
        })
    }
}
