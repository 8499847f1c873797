-- A strict ledger: every operation sums to zero per currency, checked by the database at commit.
-- Money entering or leaving posts against per-currency external accounts (`custody` for the
-- coins the platform holds for users, `grants` for money the platform gives by hand), which may
-- go negative; the `external` flag that skipped the check goes. Busy platform rows are sharded
-- by user id; the journal and the operation table become append-only. Idempotency keys for
-- money calls; a deposit voucher serves one request.

-- 1. Platform holders: two external accounts, and shards. Shard 0 is a holder's main row;
--    shards 1..16 spread fee income and custody so that fills and deposits of different users
--    do not queue on one row (server/ledger/Ledger.ts `shardOf`).
ALTER TABLE balances DROP CONSTRAINT IF EXISTS balances_platform_check;
ALTER TABLE balances DROP CONSTRAINT IF EXISTS balances_available_check;
ALTER TABLE balances DROP CONSTRAINT IF EXISTS balances_frozen_check;
ALTER TABLE balances ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE balances ADD CONSTRAINT balances_platform_known
  CHECK (platform IN ('fees', 'insurance', 'escrow', 'treasury', 'custody', 'grants'));
ALTER TABLE balances ADD CONSTRAINT balances_shard_range CHECK (shard BETWEEN 0 AND 16 AND (platform IS NOT NULL OR shard = 0));
-- Only the external accounts may go below zero: their negative balance is what came in from outside.
-- (COALESCE: for a user row `platform IN (…)` is NULL, which a CHECK would let through.)
ALTER TABLE balances ADD CONSTRAINT balances_available_nonnegative
  CHECK (available >= 0 OR COALESCE(platform IN ('custody', 'grants'), FALSE));
ALTER TABLE balances ADD CONSTRAINT balances_frozen_nonnegative CHECK (frozen >= 0);
DROP INDEX balances_platform_key;
CREATE UNIQUE INDEX balances_platform_key ON balances (platform, shard, currency_id) WHERE platform IS NOT NULL;

CREATE INDEX journal_op ON journal (op_id);

-- 2. Old operations that crossed the system's edge get their counter-legs, so the invariant
--    holds for all history: deposits and completed withdrawals against custody (shard of the
--    user), credits against grants (shard of the user; shard 0 for a platform target). The
--    rows are appended with the old operation's id, time and reference.
CREATE TEMP TABLE legacy_counter_legs ON COMMIT DROP AS
SELECT j.op_id,
       j.currency_id,
       o.kind,
       CASE WHEN o.kind = 'credit' THEN 'grants' ELSE 'custody' END AS platform,
       CASE WHEN MAX(j.user_id) IS NULL THEN 0 ELSE 1 + MAX(j.user_id) % 16 END AS shard,
       -SUM(j.delta_available + j.delta_frozen) AS delta,
       MIN(j.ref_type) AS ref_type,
       MIN(j.ref_id) AS ref_id,
       MIN(j.created_at) AS created_at
FROM journal j JOIN ledger_ops o ON o.id = j.op_id
WHERE o.external
GROUP BY j.op_id, j.currency_id, o.kind
HAVING SUM(j.delta_available + j.delta_frozen) <> 0;

INSERT INTO balances (platform, shard, account, currency_id)
SELECT DISTINCT platform, shard, 0, currency_id FROM legacy_counter_legs
ON CONFLICT (platform, shard, currency_id) WHERE platform IS NOT NULL DO NOTHING;

INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after,
                     kind, ref_type, ref_id, created_at)
SELECT l.op_id, b.id, NULL, 0, l.currency_id, l.delta, 0,
       SUM(l.delta) OVER (PARTITION BY b.id ORDER BY l.op_id), 0,
       l.kind, l.ref_type, l.ref_id, l.created_at
FROM legacy_counter_legs l
JOIN balances b ON b.platform = l.platform AND b.shard = l.shard AND b.currency_id = l.currency_id
ORDER BY l.op_id, l.currency_id;

UPDATE balances b SET available = s.total
FROM (SELECT platform, shard, currency_id, SUM(delta) AS total FROM legacy_counter_legs GROUP BY platform, shard, currency_id) s
WHERE b.platform = s.platform AND b.shard = s.shard AND b.currency_id = s.currency_id;

ALTER TABLE ledger_ops DROP COLUMN external;

-- 3. The database checks every operation at commit: its journal rows sum to zero per currency.
CREATE FUNCTION ledger_op_is_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off RECORD;
BEGIN
  SELECT currency_id, SUM(delta_available + delta_frozen) AS total INTO off
  FROM journal WHERE op_id = NEW.op_id
  GROUP BY currency_id HAVING SUM(delta_available + delta_frozen) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger operation % does not balance in currency %: %', NEW.op_id, off.currency_id, off.total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER journal_op_balanced AFTER INSERT ON journal
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_op_is_balanced();

-- 4. History is append-only: no UPDATE, DELETE or TRUNCATE of the journal or the operations.
CREATE OR REPLACE FUNCTION journal_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON journal FOR EACH STATEMENT EXECUTE FUNCTION journal_is_immutable();
CREATE TRIGGER ledger_ops_immutable BEFORE UPDATE OR DELETE ON ledger_ops FOR EACH ROW EXECUTE FUNCTION journal_is_immutable();
CREATE TRIGGER ledger_ops_no_truncate BEFORE TRUNCATE ON ledger_ops FOR EACH STATEMENT EXECUTE FUNCTION journal_is_immutable();

-- 5. Idempotency keys of money calls (server/http/idempotency.ts): the first answer to a key is
--    the answer to every retry for 24 hours. `user_id` 0 is the operator (the /ops API).
--    `response` is NULL while the first request is running; `request_hash` tells a retry from
--    a different request that reuses the key.
CREATE TABLE idempotency_keys (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL,
  key          TEXT NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{1,64}$'),
  path         TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  response     JSONB,
  created_at   BIGINT NOT NULL,
  CONSTRAINT idempotency_keys_once UNIQUE (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- 6. One voucher backs one deposit request. Requests made before this rule that shared a
--    voucher keep it (all but the first are marked) so the history stays as it was.
ALTER TABLE deposits ADD COLUMN voucher_shared_legacy BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE deposits d SET voucher_shared_legacy = TRUE
WHERE d.voucher_upload_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM deposits e WHERE e.voucher_upload_id = d.voucher_upload_id AND e.id < d.id);
CREATE UNIQUE INDEX deposits_voucher_once ON deposits (voucher_upload_id) WHERE NOT voucher_shared_legacy;
