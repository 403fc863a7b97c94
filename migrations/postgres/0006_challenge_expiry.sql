-- PostgreSQL twin of ../0006_challenge_expiry.sql (docs/postgres.md): BIGINT integers and identity ids,
-- BOOLEAN flags, DOUBLE PRECISION for REAL.
-- A challenge nobody answers expires: when (Unix seconds). NULL once the challenge is
-- answered, withdrawn or expired, and for matches from before this migration.
ALTER TABLE matches ADD COLUMN expires_at BIGINT;
CREATE INDEX matches_expiry ON matches (expires_at) WHERE expires_at IS NOT NULL;
