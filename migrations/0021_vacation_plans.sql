-- Vacations planned by dates (`/vacation from:YYYY-MM-DD to:YYYY-MM-DD`,
-- crates/club/src/vacation.rs, docs/vacation.md). A vacation's state: `planned` (to
-- begin at started_at: the deadline sweep begins it, moving the clocks then), `begun`
-- (every vacation before this migration; running while ended_at is NULL), `cancelled`
-- (a planned one called off before its start: ended_at is when, days 0).
ALTER TABLE vacations ADD COLUMN state TEXT NOT NULL DEFAULT 'begun'
    CHECK (state IN ('planned', 'begun', 'cancelled'));

CREATE INDEX vacations_planned ON vacations (started_at) WHERE state = 'planned';

-- The turns a vacation's start moved on (the match and the turn's start as moved): back
-- early, a turn still waiting as moved goes back by the time not taken, and a match the
-- start never moved (begun while the player was away) keeps its clock.
CREATE TABLE vacation_clocks (
    vacation_id     INTEGER NOT NULL REFERENCES vacations (id),
    match_id        INTEGER NOT NULL REFERENCES matches (id),
    turn_started_at INTEGER NOT NULL,
    PRIMARY KEY (vacation_id, match_id)
);
