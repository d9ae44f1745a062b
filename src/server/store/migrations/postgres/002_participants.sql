-- Who sat at each finished sitting, for the player page (sittings recorded before this migration have no rows).
CREATE TABLE participants (
  record_id text NOT NULL REFERENCES records (id),
  user_id text NOT NULL REFERENCES users (id),
  seat integer NOT NULL,
  total double precision NOT NULL,
  place integer NOT NULL,
  PRIMARY KEY (record_id, seat)
);
CREATE INDEX participants_user ON participants (user_id);
-- The player page finds guests by name too.
CREATE INDEX users_name ON users (lower(name));
