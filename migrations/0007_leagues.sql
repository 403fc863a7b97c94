-- Leagues and tournaments (issue 18). The `leagues` table of 0001 was created empty for
-- this: it is rebuilt with its terms, settings and version. A league runs in seasons
-- (a round robin or a knockout has one); each season's entrants are placed in divisions
-- (one unless the format is divisions); fixtures link pairs to the matches they create.

DROP TABLE leagues;

CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    name         TEXT    NOT NULL,
    organiser    INTEGER NOT NULL REFERENCES players (id),  -- the creator
    channel      TEXT    NOT NULL,                          -- where its matches are posted
    format       TEXT    NOT NULL CHECK (format IN
                     ('round_robin', 'double_round_robin', 'knockout', 'divisions')),
    terms        TEXT    NOT NULL,            -- JSON: the match terms (a challenge's)
    settings     TEXT    NOT NULL,            -- JSON: points, forfeits, fees, deadlines
    status       TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    season       INTEGER NOT NULL DEFAULT 0,  -- the current (or last) season, 0 before any
    version      INTEGER NOT NULL,            -- +1 on every committed league change
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    UNIQUE (community_id, name)
);

-- Who has entered: 'entered' (plays, or waits for the next season), 'withdrawn'.
CREATE TABLE league_entries (
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    status     TEXT    NOT NULL CHECK (status IN ('entered', 'withdrawn')),
    joined_at  INTEGER NOT NULL,
    PRIMARY KEY (league_id, player_id)
);

CREATE TABLE league_seasons (
    league_id   INTEGER NOT NULL REFERENCES leagues (id),
    season      INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('running', 'finished')),
    seed        INTEGER NOT NULL,               -- the draw's seed
    started_at  INTEGER NOT NULL,
    deadline_at INTEGER NOT NULL,
    reminded    INTEGER NOT NULL DEFAULT 0,     -- reminders sent (1: first, 2: second, 4: due)
    finished_at INTEGER,
    winner      INTEGER REFERENCES players (id),
    PRIMARY KEY (league_id, season)
);

-- A season's entrants by division (1 = top) and seed (1 = first).
CREATE TABLE league_places (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    season    INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    division  INTEGER NOT NULL,
    seed      INTEGER NOT NULL,
    PRIMARY KEY (league_id, season, player_id)
);

CREATE TABLE league_fixtures (
    id        INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    season    INTEGER NOT NULL,
    division  INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    slot      INTEGER NOT NULL,
    player_x  INTEGER REFERENCES players (id),  -- NULL until a knockout feeder ends
    player_o  INTEGER REFERENCES players (id),
    match_id  INTEGER UNIQUE REFERENCES matches (id),
    status    TEXT    NOT NULL CHECK (status IN ('waiting', 'bye', 'playing', 'done', 'void')),
    winner    INTEGER REFERENCES players (id),
    how       TEXT    CHECK (how IN ('played', 'forfeit', 'adjudicated', 'bye')),
    score_x   INTEGER NOT NULL DEFAULT 0,
    score_o   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (league_id, season, division, round, slot)
);
CREATE INDEX league_fixtures_open ON league_fixtures (league_id, season, status);

-- Append-only: every league action (create, join, start, results, rulings, season end).
CREATE TABLE league_actions (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    seq       INTEGER NOT NULL,
    at        INTEGER NOT NULL,
    player_id INTEGER REFERENCES players (id),
    entry     TEXT    NOT NULL,                 -- JSON
    PRIMARY KEY (league_id, seq)
);
