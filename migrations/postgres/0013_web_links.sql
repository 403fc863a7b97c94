-- PostgreSQL twin of ../0013_web_links.sql (docs/postgres.md).
-- The web companion's links (crates/club/src/web_links.rs, docs/web.md): one unguessable
-- token per page target (today a match: kind 'match', target its id), made when first
-- needed. Revoking a link replaces its token; the old one then finds nothing.
CREATE TABLE web_links (
    kind TEXT NOT NULL,
    target BIGINT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (kind, target)
);
