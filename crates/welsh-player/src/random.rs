//! The uniformly random player: a uniformly random legal play, and a coin for every other
//! decision (so that the rare actions, nominates, doubles, offers to concede, are
//! exercised too). The floor every other player is measured against.

use engine::welsh::{Parity, WelshMatch};
use engine::{Board, LegalPlay, Side};

use crate::player::{WelshPlayer, nominate_wins};
use crate::rng::Rng;

/// Picks uniformly among the legal plays; doubles, nominates and offers now and then.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player drawing from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl WelshPlayer for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn call(&mut self, _m: &WelshMatch, _me: Side) -> Parity {
        if self.rng.chance(0.5) {
            Parity::Odd
        } else {
            Parity::Even
        }
    }
    fn starter(&mut self, _m: &WelshMatch, me: Side) -> Side {
        if self.rng.chance(0.5) {
            me
        } else {
            me.opponent()
        }
    }
    fn double(&mut self, _m: &WelshMatch, _me: Side) -> bool {
        self.rng.chance(0.05)
    }
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)> {
        if !self.rng.chance(0.02) {
            return None;
        }
        let dice = self.rng.dice();
        (!nominate_wins(m, me, dice)).then_some(dice)
    }
    fn throw_one_die(&mut self, _m: &WelshMatch, _me: Side) -> bool {
        self.rng.chance(0.5)
    }
    fn throw_again(&mut self, _m: &WelshMatch, _me: Side) -> bool {
        self.rng.chance(0.5)
    }
    fn play(&mut self, _m: &WelshMatch, _me: Side, plays: &[LegalPlay]) -> usize {
        self.rng.below(plays.len())
    }
    fn nominate_for_opponent(
        &mut self,
        _m: &WelshMatch,
        _me: Side,
        _after: &Board,
    ) -> Option<(u8, u8)> {
        self.rng.chance(0.02).then(|| self.rng.dice())
    }
    fn offer_concede(&mut self, _m: &WelshMatch, _me: Side, most: u32) -> Option<u32> {
        self.rng
            .chance(0.5)
            .then(|| 1 + self.rng.below(most as usize) as u32)
    }
    fn accept_concede(&mut self, _m: &WelshMatch, _me: Side, _games: u32) -> bool {
        self.rng.chance(0.5)
    }
}
