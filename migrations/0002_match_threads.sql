-- A community may play each match in its own thread (set by a server manager).
ALTER TABLE communities ADD COLUMN match_threads INTEGER NOT NULL DEFAULT 0;
