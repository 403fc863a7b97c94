-- Matches against the bot player (their terms name a bot level), found by this flag and
-- its index rather than by scanning the terms (issue 48): the bot's worker pages through
-- the open ones, and a player's open bot matches are counted for the quota.
ALTER TABLE matches ADD COLUMN against_bot INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET against_bot = 1 WHERE terms LIKE '%"bot":%';
CREATE INDEX matches_bot_open ON matches (id)
    WHERE against_bot = 1 AND status IN ('challenged', 'active');
CREATE INDEX matches_bot_player ON matches (player_x, community_id)
    WHERE against_bot = 1 AND status IN ('challenged', 'active');
