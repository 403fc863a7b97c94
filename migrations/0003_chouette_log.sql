-- Chouette sessions: their terms, and the append-only log each session is folded from.
ALTER TABLE chouettes ADD COLUMN terms TEXT NOT NULL DEFAULT '{}';
CREATE INDEX chouettes_by_channel ON chouettes (community_id, channel);

CREATE TABLE chouette_actions (
    chouette_id INTEGER NOT NULL REFERENCES chouettes (id),
    seq         INTEGER NOT NULL,
    at          INTEGER NOT NULL,
    player_id   INTEGER REFERENCES players (id),
    entry       TEXT    NOT NULL,
    PRIMARY KEY (chouette_id, seq)
);
