-- GNU Backgammon's reviews of matches (/analyse): a job queue that outlives a restart.
-- One row per match and number of finished games covered (a money session asked again
-- after more games is analysed again). status: queued -> running -> done | failed; a row
-- left 'running' when the bot stopped is queued again at start.
CREATE TABLE analyses (
    id            INTEGER PRIMARY KEY,
    match_id      INTEGER NOT NULL REFERENCES matches (id),
    games         INTEGER NOT NULL,              -- finished games covered
    community_id  INTEGER NOT NULL REFERENCES communities (id),
    requested_by  INTEGER NOT NULL REFERENCES players (id),
    channel       TEXT    NOT NULL,              -- where the result is posted
    status        TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    plies         INTEGER NOT NULL,
    requested_at  INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER,
    attempts      INTEGER NOT NULL DEFAULT 0,
    progress      TEXT,                          -- 'G/N' while running
    result        TEXT,                          -- JSON, once done
    error         TEXT,                          -- why it failed
    UNIQUE (match_id, games)
);
CREATE INDEX analyses_queue ON analyses (status, id);
CREATE INDEX analyses_community ON analyses (community_id, status);
