-- A link kept off every other page and answer (issue 48, docs/web.md): a player page
-- while its player keeps it private (`/web private on`, and after `/web revoke player`
-- until `/web private off`), a match page once its link was revoked. The token still
-- opens the page; only whoever holds it finds it.
ALTER TABLE web_links ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
