//! The engine's integration tests: the rules, the notations, movegen against gnubg, the
//! purity of the crate.
//!
//! One test binary for the crate (one module per suite): it links once.

mod chouette_rules;
mod gnubg_differential;
mod gnubg_mat;
mod gnubg_mat_money;
mod notation;
mod perft;
mod position_id_reference;
mod properties;
mod purity;
mod ratings;
mod standard_rules;
mod welsh_movement;
mod welsh_properties;
mod welsh_reference;
mod welsh_rules;
