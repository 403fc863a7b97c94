-- PostgreSQL twin of ../0003_chouette_log.sql (docs/postgres.md): BIGINT integers and identity ids,
-- BOOLEAN flags, DOUBLE PRECISION for REAL.
-- Chouette sessions: their terms, and the append-only log each session is folded from.
ALTER TABLE chouettes ADD COLUMN terms TEXT NOT NULL DEFAULT '{}';
CREATE INDEX chouettes_by_channel ON chouettes (community_id, channel);

CREATE TABLE chouette_actions (
    chouette_id BIGINT NOT NULL REFERENCES chouettes (id),
    seq         BIGINT NOT NULL,
    at          BIGINT NOT NULL,
    player_id   BIGINT REFERENCES players (id),
    entry       TEXT    NOT NULL,
    PRIMARY KEY (chouette_id, seq)
);
