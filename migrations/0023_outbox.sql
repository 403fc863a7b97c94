-- The outbox (issue 47): every message a change owes someone, written as a row with the
-- change (or right after it, by the club, before any adapter sees it). An adapter's poster
-- takes the rows in order within each lane (a channel, or one player's direct messages),
-- posts each with the nonce `gb<id>`, and marks it posted with the platform's message id;
-- a permanent failure is recorded with its reason. A bot's batch of decisions is held
-- until the batch ends, then merged into one row. Posted rows are pruned after a day.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    lane TEXT NOT NULL,
    channel TEXT NOT NULL DEFAULT '',
    user_id TEXT NOT NULL DEFAULT '',
    match_id INTEGER NOT NULL DEFAULT 0,
    body TEXT NOT NULL,
    held INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_until INTEGER NOT NULL DEFAULT 0,
    posted_at INTEGER,
    message_id TEXT,
    failed TEXT
);
CREATE INDEX outbox_pending ON outbox (lane, id) WHERE posted_at IS NULL AND failed IS NULL;
CREATE INDEX outbox_done ON outbox (posted_at) WHERE posted_at IS NOT NULL;
