-- The scheme of each fair-dice record (docs/fair-dice.md): records made before this
-- migration keep gammonbot-dice-v1 (their throws were made under it); new ones are
-- written with gammonbot-dice-v2 (length-prefixed HMAC message, the chouette line drawn
-- from the chain).
ALTER TABLE fair_dice ADD COLUMN scheme TEXT NOT NULL DEFAULT 'gammonbot-dice-v1';
