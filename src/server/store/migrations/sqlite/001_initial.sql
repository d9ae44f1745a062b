-- The first schema: users and their sessions, tables and their logs, records, ratings.
CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, guest INTEGER NOT NULL, hash TEXT, salt TEXT, created INTEGER NOT NULL);
CREATE UNIQUE INDEX users_registered_name ON users(lower(name)) WHERE guest = 0;
CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), created INTEGER NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, settings TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
CREATE TABLE table_log (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
CREATE TABLE records (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, game TEXT NOT NULL, record TEXT NOT NULL, created INTEGER NOT NULL);
CREATE INDEX records_table ON records(table_id);
CREATE TABLE ratings (game TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id), mu REAL NOT NULL, sigma REAL NOT NULL, sittings INTEGER NOT NULL, PRIMARY KEY (game, user_id));
