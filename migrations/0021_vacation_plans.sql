-- Vacations planned by dates (`/vacation from:YYYY-MM-DD to:YYYY-MM-DD`,
-- crates/club/src/vacation.rs, docs/vacation.md). A vacation's state: `planned` (to
-- begin at started_at: the deadline sweep begins it, moving the clocks then), `begun`
-- (every vacation before this migration; running while ended_at is NULL), `cancelled`
-- (a planned one called off before its start: ended_at is when, days 0).
ALTER TABLE vacations ADD COLUMN state TEXT NOT NULL DEFAULT 'begun'
    CHECK (state IN ('planned', 'begun', 'cancelled'));

CREATE INDEX vacations_planned ON vacations (started_at) WHERE state = 'planned';
