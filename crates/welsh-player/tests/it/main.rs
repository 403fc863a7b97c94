//! The Welsh player's tests: every player's answers legal, the smoke-train, the duel.

mod at_score;
mod duel;
mod legality;
mod nominate;
mod training;
