-- PostgreSQL twin of ../0002_match_threads.sql (docs/postgres.md): BIGINT integers and identity ids,
-- BOOLEAN flags, DOUBLE PRECISION for REAL.
-- A community may play each match in its own thread (set by a server manager).
ALTER TABLE communities ADD COLUMN match_threads BOOLEAN NOT NULL DEFAULT FALSE;
