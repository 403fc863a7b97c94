-- PostgreSQL twin of ../0015_digest.sql (docs/postgres.md).
-- The daily digest and the low-time notice (crates/club/src/digest.rs, docs/notices.md).

-- A player who asked for the digest (`/settings digest:daily`): once a day at his local
-- time he is sent the matches waiting on him. No row: no digest.
CREATE TABLE digests (
    player_id BIGINT PRIMARY KEY REFERENCES players (id),
    minute    BIGINT NOT NULL,    -- the local time of day, in minutes after midnight
    tz        TEXT   NOT NULL,    -- an IANA time zone (Europe/London) or a UTC offset (+02:00)
    next_at   BIGINT NOT NULL,    -- the next digest is due then (Unix seconds)
    last_day  TEXT                -- the local day (YYYY-MM-DD) of the last one sent
);
CREATE INDEX digests_due ON digests (next_at);

-- The low-time notice, said once per match and player: who was told (bit 1: X, bit 2:
-- O), and the match's version last looked at (a version looked at is not read again).
CREATE TABLE low_time (
    match_id     BIGINT PRIMARY KEY REFERENCES matches (id),
    told         BIGINT NOT NULL DEFAULT 0,
    seen_version BIGINT NOT NULL DEFAULT 0
);
