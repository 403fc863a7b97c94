-- Vacations (crates/club/src/vacation.rs, docs/vacation.md). A server's yearly allowance
-- of vacation days per player (NULL: the default, 15); one row per vacation taken, which
-- is also its record: when it started, when it was to end, when it ended and how, and
-- the days it counts against the allowance of the year it started in.
ALTER TABLE communities ADD COLUMN vacation_days INTEGER;

CREATE TABLE vacations (
    id           INTEGER PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    community_id INTEGER NOT NULL REFERENCES communities (id),
    year         INTEGER NOT NULL,            -- UTC year of started_at
    started_at   INTEGER NOT NULL,
    ends_at      INTEGER NOT NULL,            -- the planned end
    ended_at     INTEGER,                     -- NULL while it runs
    ended_how    TEXT CHECK (ended_how IN ('early', 'over')),
    days         INTEGER NOT NULL             -- planned while it runs, taken once ended
);

CREATE INDEX vacations_of_player ON vacations (player_id, community_id, year);
CREATE INDEX vacations_running ON vacations (ends_at) WHERE ended_at IS NULL;
