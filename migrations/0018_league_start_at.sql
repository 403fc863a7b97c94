-- Seasons that start by themselves (issue 35): `leagues.start_at`, when the sweep starts the
-- league's next season (the end of a recurring league's sign-up window, or of a knockout's
-- check-in); NULL: the organiser starts it. `league_entries.checked_in_at`, when an
-- entrant confirmed during the check-in (NULL: not checked in).
ALTER TABLE leagues ADD COLUMN start_at INTEGER;
ALTER TABLE league_entries ADD COLUMN checked_in_at INTEGER;
