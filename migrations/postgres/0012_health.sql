-- PostgreSQL twin of ../0012_health.sql (docs/postgres.md).
-- One row the health check (`/healthz`, crates/store/src/health.rs) rewrites and commits:
-- proof that the database takes a write now.
CREATE TABLE health (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    checked_at BIGINT NOT NULL
);
INSERT INTO health (id, checked_at) VALUES (1, 0);
