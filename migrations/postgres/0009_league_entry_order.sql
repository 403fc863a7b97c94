-- PostgreSQL twin of ../0009_league_entry_order.sql (docs/postgres.md).
ALTER TABLE league_entries ADD COLUMN entry_order BIGINT NOT NULL DEFAULT 0;
