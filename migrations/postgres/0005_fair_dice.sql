-- PostgreSQL twin of ../0005_fair_dice.sql (docs/postgres.md): BIGINT integers and identity ids,
-- BOOLEAN flags, DOUBLE PRECISION for REAL.
-- Provably fair dice (docs/fair-dice.md): per match or chouette session, the player seeds,
-- its hash chains and every throw with its revealed chain value. `owner` is the id as in
-- the HMAC message: '12' for match 12, 'c3' for chouette session 3.
CREATE TABLE fair_dice (
    owner        TEXT    PRIMARY KEY,
    seed_x       TEXT,                           -- as typed, or 32 hex digits; NULL: not yet fixed
    seed_o       TEXT,
    member_seeds TEXT    NOT NULL DEFAULT '{}',  -- chouette: JSON {player id: seed} set before the first throw
    next_k       BIGINT NOT NULL DEFAULT 1,     -- the number of the next throw
    rev          BIGINT NOT NULL DEFAULT 1      -- +1 on every write (a write checks it)
);

-- Each chain: its anchor (public) and its top s_N (secret: never shown; kept so that the
-- throws continue after a restart).
CREATE TABLE fair_chains (
    owner   TEXT    NOT NULL REFERENCES fair_dice (owner),
    first_k BIGINT NOT NULL,                    -- 1, 4097, 8193, ...
    anchor  TEXT    NOT NULL,                    -- s_0, hex
    secret  TEXT    NOT NULL,                    -- s_N, hex
    PRIMARY KEY (owner, first_k)
);

-- Append-only: every throw made, with its s_k (hex) and dice (JSON array).
CREATE TABLE fair_throws (
    owner TEXT    NOT NULL REFERENCES fair_dice (owner),
    k     BIGINT NOT NULL,
    s     TEXT    NOT NULL,
    dice  TEXT    NOT NULL,
    PRIMARY KEY (owner, k)
);
