-- The club: players, communities, matches with their action logs, scoop-pots and the
-- money ledger. Times are Unix seconds (UTC). JSON columns hold engine values written by
-- the application; every other column is plain SQL that PostgreSQL also reads.

CREATE TABLE communities (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL,                -- 'discord' or 'local'
    platform_id TEXT    NOT NULL,                -- guild id, or 'local'
    name        TEXT    NOT NULL,
    UNIQUE (platform, platform_id)
);

CREATE TABLE players (
    id           INTEGER PRIMARY KEY,
    platform     TEXT    NOT NULL,
    platform_id  TEXT    NOT NULL,               -- user id, or the local name in lower case
    display_name TEXT    NOT NULL,
    auto_roll    INTEGER NOT NULL DEFAULT 0,     -- roll for me whenever I have no decision
    notify_dm    INTEGER NOT NULL DEFAULT 0,     -- tell me by direct message when I must act
    created_at   INTEGER NOT NULL,
    UNIQUE (platform, platform_id)
);

CREATE TABLE matches (
    id              INTEGER PRIMARY KEY,
    community_id    INTEGER NOT NULL REFERENCES communities (id),
    channel         TEXT    NOT NULL,            -- where the match is played and announced
    ruleset         TEXT    NOT NULL CHECK (ruleset IN ('standard', 'welsh')),
    terms           TEXT    NOT NULL,            -- JSON: options agreed in the challenge
    player_x        INTEGER NOT NULL REFERENCES players (id),   -- the challenger
    player_o        INTEGER NOT NULL REFERENCES players (id),
    status          TEXT    NOT NULL CHECK (status IN
                        ('challenged', 'active', 'finished', 'declined', 'cancelled')),
    state           TEXT,                        -- JSON snapshot; NULL until accepted
    version         INTEGER NOT NULL,            -- +1 on every committed command
    turn_started_at INTEGER,                     -- when the player to act got the decision
    bank_x          INTEGER NOT NULL,            -- seconds of time bank left
    bank_o          INTEGER NOT NULL,
    deadline_at     INTEGER,                     -- the player to act times out then
    reminder_at     INTEGER,                     -- remind him then (NULL once reminded)
    winner          INTEGER REFERENCES players (id),
    result          TEXT,                        -- how it ended, in words
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    CHECK (player_x <> player_o)
);
CREATE INDEX matches_by_x ON matches (player_x, status);
CREATE INDEX matches_by_o ON matches (player_o, status);
CREATE INDEX matches_deadline ON matches (deadline_at) WHERE deadline_at IS NOT NULL;
CREATE INDEX matches_reminder ON matches (reminder_at) WHERE reminder_at IS NOT NULL;

-- Append-only: every roll with its dice, play, cube action, offer, nomination, time-out.
CREATE TABLE match_actions (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    seq       INTEGER NOT NULL,                  -- 1, 2, ... within the match
    at        INTEGER NOT NULL,
    player_id INTEGER REFERENCES players (id),   -- NULL for the club's own (time-out)
    entry     TEXT    NOT NULL,                  -- JSON
    PRIMARY KEY (match_id, seq)
);

-- Welsh rule 23: games played by a pair since their last backgammon, per community.
CREATE TABLE scoop_pots (
    community_id INTEGER NOT NULL REFERENCES communities (id),
    player_a     INTEGER NOT NULL REFERENCES players (id),
    player_b     INTEGER NOT NULL REFERENCES players (id),
    games        INTEGER NOT NULL DEFAULT 0,
    collected    INTEGER NOT NULL DEFAULT 0,     -- pots paid out so far
    PRIMARY KEY (community_id, player_a, player_b),
    CHECK (player_a < player_b)
);

-- Money owed: match prizes, scoop-pots, money-play games. Amounts in minor units.
CREATE TABLE ledger (
    id           INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    at           INTEGER NOT NULL,
    payer        INTEGER NOT NULL REFERENCES players (id),
    payee        INTEGER NOT NULL REFERENCES players (id),
    amount       INTEGER NOT NULL CHECK (amount > 0),
    reason       TEXT    NOT NULL,
    match_id     INTEGER REFERENCES matches (id)
);
CREATE INDEX ledger_by_payer ON ledger (community_id, payer);
CREATE INDEX ledger_by_payee ON ledger (community_id, payee);

-- Filled by the chouette and league issues.
CREATE TABLE chouettes (
    id           INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    channel      TEXT    NOT NULL,
    state        TEXT,
    version      INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    name         TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    UNIQUE (community_id, name)
);
