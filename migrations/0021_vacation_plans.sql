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

-- Vacations running at this migration moved their turns before the table existed: every
-- active match of the player there is recorded with its turn's start as it stands, so that
-- back early those turns, if still waiting on him unchanged, go back as they did before.
INSERT INTO vacation_clocks (vacation_id, match_id, turn_started_at)
SELECT v.id, m.id, m.turn_started_at
FROM vacations v
JOIN matches m ON m.community_id = v.community_id
    AND (m.player_x = v.player_id OR m.player_o = v.player_id)
WHERE v.ended_at IS NULL AND m.status = 'active' AND m.turn_started_at IS NOT NULL;
