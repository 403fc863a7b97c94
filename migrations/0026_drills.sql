-- Drills from a player's own mistakes (issue 49, docs/drills.md).
-- drill_cards: one card per analysed decision of a player that lost at least gnubg's
-- "doubtful" threshold (0.04), made from the stored analysis (`analyses.result`); `decision_key`
-- names the decision (match, game, move, kind), unique per player, so a decision is
-- carded once even when a money session is analysed again over more games. `question`
-- is the decision as the card asks it (JSON: position, dice, score, cube, the choices
-- with their equities from the analysis). The FSRS memory state (state, stability,
-- difficulty, reps, lapses, scheduled days, last review) and when the card is next due.
-- drill_sources: the analyses already read for cards (so each is read once).
-- drill_answers: every answer, for the streak and the counts.
CREATE TABLE drill_cards (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    community_id INTEGER NOT NULL,
    analysis_id INTEGER NOT NULL,
    decision_key TEXT NOT NULL,
    question TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    due_at INTEGER NOT NULL,
    state INTEGER NOT NULL DEFAULT 0,
    stability REAL NOT NULL DEFAULT 0,
    difficulty REAL NOT NULL DEFAULT 0,
    reps INTEGER NOT NULL DEFAULT 0,
    lapses INTEGER NOT NULL DEFAULT 0,
    scheduled_days INTEGER NOT NULL DEFAULT 0,
    last_review INTEGER,
    UNIQUE (player_id, decision_key)
);
CREATE INDEX drill_cards_due ON drill_cards (player_id, community_id, due_at);
CREATE TABLE drill_sources (
    analysis_id INTEGER PRIMARY KEY,
    read_at INTEGER NOT NULL
);
CREATE TABLE drill_answers (
    id INTEGER PRIMARY KEY,
    card_id INTEGER NOT NULL REFERENCES drill_cards(id),
    player_id INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    answered_at INTEGER NOT NULL,
    choice TEXT NOT NULL,
    correct INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX drill_answers_player ON drill_answers (player_id, community_id, answered_at);
