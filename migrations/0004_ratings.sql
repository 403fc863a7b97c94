-- Ratings (FIBS formula), per community and ruleset, with the history of every change.
-- A match is rated unless its challenge said rated:off (league matches, written by other
-- code, are rated by default). ended_seq orders the finished matches as they ended, so
-- that the ratings can be rebuilt from them in order; forfeit marks a time-out.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN ended_seq INTEGER;
ALTER TABLE matches ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    community_id INTEGER NOT NULL REFERENCES communities (id),
    ruleset      TEXT    NOT NULL CHECK (ruleset IN ('standard', 'welsh')),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    value        REAL    NOT NULL,               -- full precision; shown with 2 decimals
    experience   INTEGER NOT NULL,               -- sum of the (effective) lengths rated
    won          INTEGER NOT NULL DEFAULT 0,
    lost         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, ruleset, player_id)
);
CREATE INDEX ratings_by_value ON ratings (community_id, ruleset, value);

-- Append-only (rewritten only by a rebuild): one row per player per rated match, in the
-- order the matches ended (id).
CREATE TABLE rating_changes (
    id                INTEGER PRIMARY KEY,
    community_id      INTEGER NOT NULL REFERENCES communities (id),
    ruleset           TEXT    NOT NULL CHECK (ruleset IN ('standard', 'welsh')),
    match_id          INTEGER NOT NULL REFERENCES matches (id),
    player_id         INTEGER NOT NULL REFERENCES players (id),
    opponent_id       INTEGER NOT NULL REFERENCES players (id),
    won               INTEGER NOT NULL,
    rating_before     REAL    NOT NULL,
    rating_after      REAL    NOT NULL,
    delta             REAL    NOT NULL,
    experience_before INTEGER NOT NULL,
    length            INTEGER NOT NULL,          -- the n the formula used
    forfeit           INTEGER NOT NULL DEFAULT 0,
    at                INTEGER NOT NULL,
    UNIQUE (match_id, player_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (community_id, ruleset, player_id, id);
