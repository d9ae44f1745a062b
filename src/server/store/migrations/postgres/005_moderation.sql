-- Moderation (docs/deploy.md, Moderation): roles, mutes and bans, players' reports, and the audit log of every step.
CREATE TABLE roles (
  user_id text NOT NULL REFERENCES users (id),
  role text NOT NULL,
  granted bigint NOT NULL,
  PRIMARY KEY (user_id, role)
);

-- A mute or a ban: in force from `created` until `until` (null: for ever) unless `lifted` earlier.
CREATE TABLE sanctions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('mute', 'ban')),
  created bigint NOT NULL,
  until bigint,
  lifted bigint,
  by_user text,
  reason text NOT NULL
);
CREATE INDEX sanctions_user ON sanctions (user_id, kind);

-- A player's report of a player, or of one chat line (table and event number; the line's text as it was).
CREATE TABLE reports (
  id text PRIMARY KEY,
  reporter_id text NOT NULL REFERENCES users (id),
  user_id text NOT NULL REFERENCES users (id),
  table_id text,
  chat_e integer,
  chat_text text,
  reason text NOT NULL,
  created bigint NOT NULL,
  closed bigint,
  closed_by text,
  outcome text
);
CREATE INDEX reports_open ON reports (created) WHERE closed IS NULL;
CREATE INDEX reports_reporter ON reports (reporter_id, created);

-- Every moderation step: who (actor, null for the command line), what, whom (a user and/or a table), when, why.
CREATE TABLE moderation_log (
  id bigserial PRIMARY KEY,
  at bigint NOT NULL,
  actor_id text,
  actor_name text NOT NULL,
  action text NOT NULL,
  user_id text,
  user_name text,
  table_id text,
  detail text,
  reason text NOT NULL
);
CREATE INDEX moderation_log_at ON moderation_log (at);
