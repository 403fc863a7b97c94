-- One row the health check (`/healthz`, crates/store/src/health.rs) rewrites and commits:
-- proof that the database takes a write now.
CREATE TABLE health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL
);
INSERT INTO health (id, checked_at) VALUES (1, 0);
