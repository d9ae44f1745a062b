-- A WebSocket ticket names the session it was bought with (the SHA-256 of its token, as sessions are kept), so that
-- logging out of that session ends its tickets and not those of the user's other sessions. Tickets kept before this
-- have none (NULL): they are taken as before and end with all of their user's sessions, or when they expire (30 s).
ALTER TABLE tickets ADD COLUMN session_hash TEXT;
CREATE INDEX tickets_session ON tickets (session_hash);
