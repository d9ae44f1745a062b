-- Moderation (docs/deploy.md, Moderation): roles, mutes and bans, players' reports, and the audit log of every step.
CREATE TABLE roles (user_id TEXT NOT NULL REFERENCES users(id), role TEXT NOT NULL, granted INTEGER NOT NULL, PRIMARY KEY (user_id, role));
-- A mute or a ban: in force from `created` until `until` (null: for ever) unless `lifted` earlier.
CREATE TABLE sanctions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')), created INTEGER NOT NULL, until INTEGER, lifted INTEGER, by_user TEXT, reason TEXT NOT NULL);
CREATE INDEX sanctions_user ON sanctions(user_id, kind);
-- A player's report of a player, or of one chat line (table and event number; the line's text as it was).
CREATE TABLE reports (id TEXT PRIMARY KEY, reporter_id TEXT NOT NULL REFERENCES users(id), user_id TEXT NOT NULL REFERENCES users(id), table_id TEXT, chat_e INTEGER, chat_text TEXT, reason TEXT NOT NULL, created INTEGER NOT NULL, closed INTEGER, closed_by TEXT, outcome TEXT);
CREATE INDEX reports_open ON reports(created) WHERE closed IS NULL;
CREATE INDEX reports_reporter ON reports(reporter_id, created);
-- Every moderation step: who (actor, null for the command line), what, whom (a user and/or a table), when, why.
CREATE TABLE moderation_log (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, actor_id TEXT, actor_name TEXT NOT NULL, action TEXT NOT NULL, user_id TEXT, user_name TEXT, table_id TEXT, detail TEXT, reason TEXT NOT NULL);
CREATE INDEX moderation_log_at ON moderation_log(at);
