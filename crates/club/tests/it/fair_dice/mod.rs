//! Provably fair dice (scheme gammonbot-dice-v2; v1 records still verify): known answers
//! checked against the Python verifier (a separate implementation written from the
//! scheme's text), a chain crossing 4096, tampered exports rejected (throws left out,
//! repeated, not tied to the game), the dice's distribution over a million throws, and
//! matches of every ruleset, a league's and a chouette played through the club on the
//! production fair dice, whose exports verify end to end, also across a restart. (The local
//! chat's export: the program's `fair_dice_chat`.)
//!
//! A module per group; the set-ups they share are in `fixtures`.

mod checker_rules;
mod fixtures;
mod full_games;
mod through_the_club;
mod verifier;
mod where_shown;
