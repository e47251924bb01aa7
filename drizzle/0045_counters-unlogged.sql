-- The fixed-window counters (rate limit, login failures, PIN attempts) are written on every request.
-- Unlogged: their writes skip the WAL, so a request's counter update no longer waits for a WAL flush
-- while the caller's next request waits on its row lock. The count stays exact across instances (the
-- row lock still orders the updates). What this trades: after a database crash (not a clean restart)
-- the table starts empty, so open windows restart at zero; standbys do not carry it.
ALTER TABLE "counters" SET UNLOGGED;
