//! The store's integration tests: the group commit, PostgreSQL.
//!
//! One test binary for the crate (one module per suite): it links once.

mod group_commit;
mod postgres;
