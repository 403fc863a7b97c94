-- PostgreSQL twin of ../0019_league_page_version.sql (docs/postgres.md).
ALTER TABLE leagues ADD COLUMN page_version BIGINT NOT NULL DEFAULT 0;
