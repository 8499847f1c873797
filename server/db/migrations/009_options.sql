-- Seconds options (issue 10, docs/OPTIONS.md). Owned by server/options/ (OptionsRepository).
--
-- options_orders: one row per option through its whole life: pending (the stake frozen in the
-- user's options account, `micro`) → settled (exactly once). The open price is the market
-- source's recorded last price when the order was placed and open_ts that tick's time; the
-- result is decided by the recorded price at expiry (expires_at = open_ts + seconds × 1000):
-- the first tick at or after it (decided_by 'tick') or, for an expiry that passed while the
-- server was down, the one-minute bar's open the moment falls in (decided_by 'record').
-- settle_key is the ledger operation's key of the settlement: unique, so it happens once.
CREATE TABLE options_orders (
  id              BIGSERIAL PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  match_id        INT NOT NULL,
  symbol          TEXT NOT NULL,
  currency_id     INT NOT NULL,
  direction       TEXT NOT NULL CHECK (direction IN ('up', 'down')),
  seconds         INT NOT NULL CHECK (seconds > 0),
  ratio           NUMERIC NOT NULL CHECK (ratio > 0),
  stake           NUMERIC NOT NULL CHECK (stake > 0),
  open_price      NUMERIC NOT NULL CHECK (open_price > 0),
  open_ts         BIGINT NOT NULL,
  expires_at      BIGINT NOT NULL,
  expected_payout NUMERIC NOT NULL CHECK (expected_payout > 0),
  status          TEXT NOT NULL CHECK (status IN ('pending', 'settled')),
  close_price     NUMERIC CHECK (close_price > 0),
  close_ts        BIGINT,
  decided_by      TEXT CHECK (decided_by IN ('tick', 'record')),
  result          TEXT CHECK (result IN ('win', 'draw', 'loss')),
  payout          NUMERIC CHECK (payout >= 0),
  profit          NUMERIC,
  settle_key      TEXT UNIQUE,
  settled_at      BIGINT,
  created_at      BIGINT NOT NULL,
  updated_at      BIGINT NOT NULL,
  CHECK (expires_at = open_ts + seconds * 1000),
  CHECK ((status = 'settled') = (close_price IS NOT NULL AND close_ts IS NOT NULL AND decided_by IS NOT NULL AND result IS NOT NULL
    AND payout IS NOT NULL AND profit IS NOT NULL AND settle_key IS NOT NULL AND settled_at IS NOT NULL))
);
-- The user's lists by status, newest first.
CREATE INDEX options_orders_user_status ON options_orders (user_id, status, id DESC);
-- The engine's working set: what is pending, by expiry.
CREATE INDEX options_orders_pending ON options_orders (expires_at) WHERE status = 'pending';
