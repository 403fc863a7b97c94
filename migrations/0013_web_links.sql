-- The web companion's links (crates/club/src/web_links.rs, docs/web.md): one unguessable
-- token per page target (today a match: kind 'match', target its id), made when first
-- needed. Revoking a link replaces its token; the old one then finds nothing.
CREATE TABLE web_links (
    kind TEXT NOT NULL,
    target INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (kind, target)
);
