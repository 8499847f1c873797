-- Account safety (issue 32, items 19, 20 and 22).

-- 22. A replayed idempotent answer is the first one byte for byte (docs/PROTOCOL.md): the answer
--     is kept as the text that was sent. JSONB reordered an envelope's keys. Rows stored before
--     this change keep their JSON (now as text) and are still read.
ALTER TABLE idempotency_keys ALTER COLUMN response TYPE TEXT USING response::text;
