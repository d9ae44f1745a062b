-- The fence of a table's log in a cluster (docs/cluster.md): each process that takes a table over raises its epoch
-- first, and every commit names the epoch its writer took; a commit of an older epoch is refused in the same
-- transaction that would write it. (One SQLite process has no cluster; the column keeps both stores alike.)
ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
