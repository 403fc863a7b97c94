//! An independent reference for Welsh legal plays, compared with the engine.
//!
//! The generator below is written from the seed (000, rules 7-20) and the settled readings
//! of `shared/design/welsh-rules.md` / `docs/rules/welsh.md`, and shares no code with
//! `crates/engine/src/welsh/movegen.rs`: it takes the engine's `Board` only as a data source,
//! keeps its own list of men, and tries, naively, every sequence of jumps a turn can hold
//! (every man, every sub-multiset of the unused values, every order of them, every way of
//! grouping them into legs of single values and sums, forward and, for rovers, back),
//! then applies the rules that judge a whole turn.
//!
//! What is compared: the set of distinct boards a legal play leaves. A board records
//! everything a play does that the rules look at afterwards (hits: the opponent's roof;
//! checking out: the men left; spikes, so full spikes, triangles and spreads), and the
//! engine lists one play per distinct board, so two plays leaving the same board are the
//! same choice for the player; the notation (`13/4` against `13/9/4`) is not compared.
//!
//! `generator` holds the reference, `harness` compares one case, `seed_examples` runs the
//! seed's own examples through it, and `comparison` runs it against the engine on seeded
//! self-play and random positions.

mod comparison;
mod generator;
mod harness;
mod seed_examples;
