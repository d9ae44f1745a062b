-- Identity (issue 20, docs/security.md). Names: the key two names collide on (the application's Unicode case folding)
-- and their UTS #39 skeleton, computed by the application; the store fills both in for the users made before, on open.
ALTER TABLE users ADD COLUMN name_key text;
ALTER TABLE users ADD COLUMN name_skeleton text;
DROP INDEX users_registered_name;
DROP INDEX users_name;
CREATE UNIQUE INDEX users_registered_key ON users (name_key) WHERE NOT guest;
CREATE INDEX users_key ON users (name_key);
CREATE INDEX users_registered_skeleton ON users (name_skeleton) WHERE NOT guest;
-- Sessions end after a time without use: last_seen is when one was last used (ms since 1970).
ALTER TABLE sessions ADD COLUMN last_seen bigint NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen = created;
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_last_seen ON sessions (last_seen);
-- Single-use tickets for the WebSocket (POST /api/ticket), by the SHA-256 of the ticket, until `expires`.
CREATE TABLE tickets (
  ticket_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  expires bigint NOT NULL
);
CREATE INDEX tickets_expires ON tickets (expires);
