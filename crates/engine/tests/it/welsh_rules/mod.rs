//! Welsh turn flow, scoring and money (seed 000): one test or more per rule, named for it,
//! a module per group of rules. The matches they set up come from `testkit::welsh`.

mod clocks_breaks_and_events;
mod doubling_and_concessions;
mod match_and_scoring;
mod nominations;
mod throws_and_dances;
mod washes_and_money;
