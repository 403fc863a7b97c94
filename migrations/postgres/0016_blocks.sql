-- PostgreSQL twin of ../0016_blocks.sql (docs/postgres.md).
-- Blocking (/block, /unblock; crates/club/src/block.rs): a player who blocked another is
-- not challenged by him and does not see him join a chouette he sits in. One row per pair;
-- /block inserts it, /unblock deletes it, each in one statement (its own transaction).
CREATE TABLE blocks (
    blocker    BIGINT NOT NULL REFERENCES players (id),
    blocked    BIGINT NOT NULL REFERENCES players (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked, blocker);
