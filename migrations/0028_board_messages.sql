-- The message that last showed a match's board, by platform message id (issue 47): the
-- answer to a move, or the bot's decision posted from the outbox. `/games waiting` and the
-- daily digest link it (a jump to the board, not only to the channel).
CREATE TABLE board_messages (
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    channel TEXT NOT NULL,
    message_id TEXT NOT NULL,
    posted_at INTEGER NOT NULL
);
