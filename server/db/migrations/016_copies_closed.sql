-- Copy trading (issue 13): a copy whose own futures trade has closed is marked `closed_at`, so the
-- leader's minute sweep reads only the copies still open instead of every copy ever made.
ALTER TABLE copies ADD COLUMN closed_at BIGINT;
UPDATE copies SET closed_at = created_at WHERE outcome = 'skipped';
CREATE INDEX copies_open ON copies (id) WHERE outcome = 'copied' AND NOT self_held AND closed_at IS NULL;
