-- PostgreSQL twin of ../0020_match_waiting.sql (docs/postgres.md).
-- Whom an open match waits on (issue 35, the digest's performance): written with every
-- change of the match, in the same UPDATE, so that `/games waiting` and the daily digest
-- select a player's waiting matches by index without decoding every snapshot.
-- `waiting_on`: the player who must act (NULL: nobody: over, or the bot thinks);
-- `waiting_for`: what he must do, in words ('' for a challenge, whose words come from its
-- number, and when nobody waits); NULL: not known (a row written before this migration,
-- or by a change that did not work it out): the club decodes such a row's snapshot.
-- `break_until`: the end of a Welsh break running at the write (the words then say to
-- wait until it ends).
ALTER TABLE matches ADD COLUMN waiting_on BIGINT;
ALTER TABLE matches ADD COLUMN waiting_for TEXT;
ALTER TABLE matches ADD COLUMN break_until BIGINT;
CREATE INDEX matches_waiting_on ON matches (waiting_on) WHERE waiting_on IS NOT NULL;
-- The matches whose waiting is not known, per side and status: the open ones among them
-- are the rows the club still decodes.
CREATE INDEX matches_unknown_x ON matches (player_x, status) WHERE waiting_for IS NULL;
CREATE INDEX matches_unknown_o ON matches (player_o, status) WHERE waiting_for IS NULL;
