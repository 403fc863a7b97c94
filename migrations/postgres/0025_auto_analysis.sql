-- PostgreSQL twin of ../0025_auto_analysis.sql (docs/postgres.md): BOOLEAN flags.
-- Every finished match analysed by itself (issue 49, docs/analysis.md "Automatic analysis").
-- communities.auto_analysis: which finished matches a server has analysed without anyone
-- asking (`/server analysis:auto|league|off`; 'auto' by default).
-- matches.analysis_due: set in the transaction that finishes the match (the store's one
-- match write), cleared in the transaction that queues its job (or decides none is owed),
-- so a finished match is looked at exactly once, across restarts. Matches finished before
-- this migration are not due: `/analyse` still reviews them.
-- analyses.automatic: a job queued by a match's end rather than by `/analyse`: it counts
-- against nobody's quota and runs after the jobs players asked for.
ALTER TABLE communities ADD COLUMN auto_analysis TEXT NOT NULL DEFAULT 'auto'
    CHECK (auto_analysis IN ('auto', 'league', 'off'));
ALTER TABLE matches ADD COLUMN analysis_due BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX matches_analysis_due ON matches (id) WHERE analysis_due;
ALTER TABLE analyses ADD COLUMN automatic BOOLEAN NOT NULL DEFAULT FALSE;
