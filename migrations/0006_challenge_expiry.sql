-- A challenge nobody answers expires: when (Unix seconds). NULL once the challenge is
-- answered, withdrawn or expired, and for matches from before this migration.
ALTER TABLE matches ADD COLUMN expires_at INTEGER;
CREATE INDEX matches_expiry ON matches (expires_at) WHERE expires_at IS NOT NULL;
