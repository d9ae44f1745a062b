-- The first schema: users and their sessions, tables and their logs, records, ratings.
-- JSON is kept as text (as in SQLite): it comes back exactly as written, and jsonb could not hold "\u0000".
-- Times are milliseconds since 1970 (bigint), as the store's interface has them.
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  guest boolean NOT NULL,
  hash text,
  salt text,
  created bigint NOT NULL
);
CREATE UNIQUE INDEX users_registered_name ON users (lower(name)) WHERE NOT guest;

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  created bigint NOT NULL
);

CREATE TABLE tables (
  id text PRIMARY KEY,
  game text NOT NULL,
  settings text NOT NULL,
  finished boolean NOT NULL DEFAULT false,
  created bigint NOT NULL
);
CREATE INDEX tables_unfinished ON tables (created) WHERE NOT finished;

-- One row per log entry; the primary key makes a second writer of the same index fail.
CREATE TABLE table_log (
  table_id text NOT NULL REFERENCES tables (id),
  idx integer NOT NULL,
  entry text NOT NULL,
  PRIMARY KEY (table_id, idx)
);

CREATE TABLE records (
  id text PRIMARY KEY,
  table_id text NOT NULL REFERENCES tables (id),
  game text NOT NULL,
  record text NOT NULL,
  created bigint NOT NULL
);
CREATE INDEX records_table ON records (table_id, created);

CREATE TABLE ratings (
  game text NOT NULL,
  user_id text NOT NULL REFERENCES users (id),
  mu double precision NOT NULL,
  sigma double precision NOT NULL,
  sittings integer NOT NULL,
  PRIMARY KEY (game, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (game, (mu - 3 * sigma) DESC);
