//! The Welsh player's tests: every player's answers legal, the smoke-train, the duel.

mod duel;
mod legality;
mod nominate;
mod training;
