-- Lockming (issue 12, docs/FINANCE.md). Owned by server/lockming/ (LockmingRepository).
--
-- lockming_products: what is on sale. `sold` counts every purchase ever made (the quota is the
-- product's total raise, it does not refill on redemption); a purchase locks the row, so the
-- quota holds under concurrent purchases.
CREATE TABLE lockming_products (
  id            SERIAL PRIMARY KEY,
  category      TEXT NOT NULL CHECK (category IN ('mining', 'defi', 'cloud')),
  currency_id   INT NOT NULL,
  cycle_days    INT NOT NULL CHECK (cycle_days > 0),
  daily_rate    NUMERIC NOT NULL CHECK (daily_rate > 0 AND daily_rate < 1),
  min_amount    NUMERIC NOT NULL CHECK (min_amount > 0),
  user_limit    NUMERIC NOT NULL CHECK (user_limit >= min_amount),
  quota         NUMERIC NOT NULL CHECK (quota > 0),
  sold          NUMERIC NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= quota),
  penalty_rate  NUMERIC NOT NULL CHECK (penalty_rate >= 0 AND penalty_rate < 1),
  on_sale       BOOLEAN NOT NULL DEFAULT TRUE,
  sort          INT NOT NULL DEFAULT 0,
  created_at    BIGINT NOT NULL
);

-- lockming_orders: one row per purchase through its whole life: holding (the principal frozen
-- in the user's coin account) → redeemed (exactly once: at expiry, or early with a penalty).
-- The terms are copied from the product at purchase. Yield n (1 … cycle_days) is due at
-- start_day + n days (UTC midnights) and paid once: its ledger key is `lockming:<id>:yield:<n>`
-- and days_paid moves from n − 1 to n in the same transaction; the last day also returns the
-- principal (`lockming:<id>:redeem`).
CREATE TABLE lockming_orders (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  product_id    INT NOT NULL REFERENCES lockming_products(id),
  currency_id   INT NOT NULL,
  amount        NUMERIC NOT NULL CHECK (amount > 0),
  daily_rate    NUMERIC NOT NULL CHECK (daily_rate > 0),
  cycle_days    INT NOT NULL CHECK (cycle_days > 0),
  penalty_rate  NUMERIC NOT NULL CHECK (penalty_rate >= 0),
  daily_yield   NUMERIC NOT NULL CHECK (daily_yield >= 0),
  start_day     BIGINT NOT NULL,
  expires_at    BIGINT NOT NULL,
  days_paid     INT NOT NULL DEFAULT 0 CHECK (days_paid >= 0 AND days_paid <= cycle_days),
  yield_paid    NUMERIC NOT NULL DEFAULT 0 CHECK (yield_paid >= 0),
  status        TEXT NOT NULL CHECK (status IN ('holding', 'redeemed')),
  redemption    TEXT CHECK (redemption IN ('expiry', 'early')),
  penalty       NUMERIC CHECK (penalty >= 0),
  returned      NUMERIC CHECK (returned >= 0),
  redeemed_at   BIGINT,
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL,
  CHECK (expires_at = start_day + cycle_days * 86400000),
  CHECK (yield_paid = daily_yield * days_paid),
  CHECK ((status = 'redeemed') = (redemption IS NOT NULL AND penalty IS NOT NULL AND returned IS NOT NULL AND redeemed_at IS NOT NULL)),
  CHECK (redemption IS DISTINCT FROM 'expiry' OR (days_paid = cycle_days AND penalty = 0))
);
-- The user's lists, newest first; what a user holds of a product (the per-user limit).
CREATE INDEX lockming_orders_user ON lockming_orders (user_id, status, id DESC);
CREATE INDEX lockming_orders_user_product ON lockming_orders (user_id, product_id) WHERE status = 'holding';
-- The engine's working set: orders in progress by their next due yield.
CREATE INDEX lockming_orders_holding ON lockming_orders ((start_day + (days_paid + 1) * 86400000)) WHERE status = 'holding';
