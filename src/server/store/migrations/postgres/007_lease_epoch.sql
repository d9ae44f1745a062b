-- The fence of a table's log in a cluster (docs/cluster.md): each process that takes a table over raises its epoch
-- first, and every commit names the epoch its writer took; a commit of an older epoch is refused in the same
-- statement that would write it, so a process that lost the table cannot write after the new owner read the log.
ALTER TABLE tables ADD COLUMN epoch integer NOT NULL DEFAULT 0;
