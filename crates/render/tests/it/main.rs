//! The renderer's integration tests: golden boards, league and rating pictures.
//!
//! One test binary for the crate (one module per suite): it links once.

mod boards;
mod league;
mod pr_chart;
mod rating;
