-- Which server process claimed a key (a random id each process draws at start). A retry that finds
-- a claim with no answer, made by another process while this node is the only one (no Redis: no
-- other node can be running it), knows its server stopped between the commit and the answer and
-- answers at once, instead of waiting 15 s for an answer that will never come. NULL: claimed before
-- this column, or unknown; those wait as before.
ALTER TABLE idempotency_keys ADD COLUMN claimed_by TEXT;
