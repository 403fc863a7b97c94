-- The position of the day (issue 49, docs/puzzle.md).
-- puzzle_settings: a server that asked for it (`/server puzzle`): the channel it is posted
-- in, the hour (UTC, 0-23), and the last UTC day (Unix seconds / 86,400) the sweep dealt
-- with it (posted, or found no position); the post, its row here and its outbox row are
-- written in one transaction, so a restart neither posts the day twice nor skips it.
-- puzzles: each position posted: its server, its UTC day, the drill card it was taken
-- from (`decision_key` unique per server: a decision is posted once), the question (JSON,
-- as the card's) and the channel.
-- puzzle_answers: one answer per player per puzzle (the primary key), right or not.
-- puzzle_names: the players who allow their names on a puzzle made from their match.
CREATE TABLE puzzle_settings (
    community_id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL,
    hour INTEGER NOT NULL,
    last_day INTEGER NOT NULL DEFAULT 0,
    set_at INTEGER NOT NULL
);
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    card_id INTEGER NOT NULL,
    decision_key TEXT NOT NULL,
    question TEXT NOT NULL,
    channel TEXT NOT NULL,
    posted_at INTEGER NOT NULL,
    UNIQUE (community_id, day),
    UNIQUE (community_id, decision_key)
);
CREATE TABLE puzzle_answers (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    choice TEXT NOT NULL,
    correct INTEGER NOT NULL DEFAULT 0,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (puzzle_id, player_id)
);
CREATE TABLE puzzle_names (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    allowed_at INTEGER NOT NULL
);
