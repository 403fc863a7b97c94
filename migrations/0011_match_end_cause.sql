-- Why each finished match ended (src/store/cause.rs): the clock, the organiser's forfeit or
-- adjudication (with its reason), a withdrawal, a resignation, a dropped cube, or played
-- out. Written in the transaction that ends the match.
ALTER TABLE matches ADD COLUMN end_cause TEXT;
ALTER TABLE matches ADD COLUMN end_reason TEXT;
-- Matches that ended before the cause was kept: the causes their result's words tell.
UPDATE matches SET end_cause = 'clock'
    WHERE status = 'finished' AND winner IS NOT NULL
      AND (result LIKE '% ran out of time' OR result LIKE '% on time');
UPDATE matches SET end_cause = 'rectangle'
    WHERE status = 'finished' AND winner IS NOT NULL AND result LIKE '% by a rectangle';
UPDATE matches SET end_cause = 'withdrawal',
        end_reason = substr(result, instr(result, ' won by forfeit: ') + 17)
    WHERE status = 'finished' AND winner IS NOT NULL
      AND result LIKE '% won by forfeit: % withdrew from league %';
UPDATE matches SET end_cause = 'forfeit',
        end_reason = substr(result, instr(result, ' won by forfeit: ') + 17)
    WHERE status = 'finished' AND winner IS NOT NULL AND end_cause IS NULL
      AND result LIKE '% won by forfeit: %';
UPDATE matches SET end_cause = 'adjudicated',
        end_reason = substr(result, instr(result, ' won by the organiser''s adjudication: ') + 38)
    WHERE status = 'finished' AND winner IS NOT NULL
      AND result LIKE '% won by the organiser''s adjudication: %';
