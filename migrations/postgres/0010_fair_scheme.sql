-- PostgreSQL twin of ../0010_fair_scheme.sql (docs/postgres.md).
ALTER TABLE fair_dice ADD COLUMN scheme TEXT NOT NULL DEFAULT 'gammonbot-dice-v1';
