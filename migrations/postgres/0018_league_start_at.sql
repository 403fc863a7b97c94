-- PostgreSQL twin of ../0018_league_start_at.sql (docs/postgres.md).
ALTER TABLE leagues ADD COLUMN start_at BIGINT;
ALTER TABLE league_entries ADD COLUMN checked_in_at BIGINT;
