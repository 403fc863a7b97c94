-- The league page's change counter (docs/web.md, the page cache): `leagues.page_version`
-- moves on, in the same transaction, with every change a league's web page shows that
-- does not already move `leagues.version`: a fixture's match ending (its end cause) and
-- a fixture's match link made or replaced. The page's stamp reads it instead of summing
-- over every fixture.
ALTER TABLE leagues ADD COLUMN page_version INTEGER NOT NULL DEFAULT 0;
