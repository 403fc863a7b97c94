-- The order players entered a league in (a draw's last tie-break), kept in a column of its
-- own rather than read from SQLite's rowid, which PostgreSQL does not have.
ALTER TABLE league_entries ADD COLUMN entry_order INTEGER NOT NULL DEFAULT 0;
UPDATE league_entries SET entry_order = rowid;
