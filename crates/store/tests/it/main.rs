//! The store's integration tests: backups, the group commit, PostgreSQL.
//!
//! One test binary for the crate (one module per suite): it links once. It links no club
//! (the club's tests on PostgreSQL are the club's `club_on_postgres`).

mod backup_files;
mod bot_matches;
mod group_commit;
mod outbox_rows;
mod postgres;
