-- Dual investment, "invest" (issue 12 item 3, docs/FINANCE.md). Owned by server/invest/ (DualRepository).
--
-- dual_products: issued by the server itself each UTC day (DualEngine.issue), for BTC and ETH
-- against USDT, call and put, a few holding days, two linked prices each. `sold_shares` counts
-- every share sold; a purchase locks the row, so the shares hold under concurrent purchases.
-- A product is on sale until `sale_ends_at` and settles at `maturity_at`, which is `days` whole
-- days later (so the position earns exactly days × APR / 365). The unique keys make the daily
-- issue idempotent: a second engine, or a restart at another market price, issues nothing twice.
CREATE TABLE dual_products (
  id            SERIAL PRIMARY KEY,
  type          TEXT NOT NULL CHECK (type IN ('call', 'put')),
  currency_id   INT NOT NULL,
  quote_id      INT NOT NULL CHECK (quote_id <> currency_id),
  -- 1 is the linked price nearest the market at issuance, 2 the farther one.
  tier          INT NOT NULL CHECK (tier > 0),
  share_price   NUMERIC NOT NULL CHECK (share_price > 0),
  apr           NUMERIC NOT NULL CHECK (apr > 0 AND apr < 10),
  linked_price  NUMERIC NOT NULL CHECK (linked_price > 0),
  -- The market price the linked price was set from (shown as the reference of the issue).
  issue_price   NUMERIC NOT NULL CHECK (issue_price > 0),
  days          INT NOT NULL CHECK (days > 0),
  total_shares  INT NOT NULL CHECK (total_shares > 0),
  sold_shares   INT NOT NULL DEFAULT 0 CHECK (sold_shares >= 0 AND sold_shares <= total_shares),
  sale_ends_at  BIGINT NOT NULL,
  maturity_at   BIGINT NOT NULL,
  created_at    BIGINT NOT NULL,
  CHECK (maturity_at = sale_ends_at + days * 86400000),
  CHECK (created_at < sale_ends_at),
  UNIQUE (currency_id, type, days, linked_price, maturity_at),
  UNIQUE (currency_id, type, days, maturity_at, tier)
);
CREATE INDEX dual_products_list ON dual_products (currency_id, type, sale_ends_at DESC);
CREATE INDEX dual_products_maturity ON dual_products (maturity_at);

-- dual_orders: one row per purchase, with the product's terms copied at purchase. The shares'
-- cost (num × share price, in the invest coin: the base coin for a call, USDT for a put) is
-- frozen in the user's coin account (`dual:<id>:buy`). At maturity the order settles once
-- (`dual:<id>:settle`), under its lock: success pays dualPayout(terms, recorded price at
-- maturity) and takes the principal into the treasury; fail refunds the principal with a reason.
CREATE TABLE dual_orders (
  id                  BIGSERIAL PRIMARY KEY,
  user_id             BIGINT NOT NULL REFERENCES users(id),
  product_id          INT NOT NULL REFERENCES dual_products(id),
  type                TEXT NOT NULL CHECK (type IN ('call', 'put')),
  currency_id         INT NOT NULL,
  quote_id            INT NOT NULL,
  invest_currency_id  INT NOT NULL CHECK (invest_currency_id IN (currency_id, quote_id)),
  num                 INT NOT NULL CHECK (num > 0),
  share_price         NUMERIC NOT NULL CHECK (share_price > 0),
  amount              NUMERIC NOT NULL CHECK (amount > 0),
  apr                 NUMERIC NOT NULL CHECK (apr > 0),
  linked_price        NUMERIC NOT NULL CHECK (linked_price > 0),
  days                INT NOT NULL CHECK (days > 0),
  maturity_at         BIGINT NOT NULL,
  status              TEXT NOT NULL CHECK (status IN ('purchased', 'settling', 'success', 'fail')),
  settle_price        NUMERIC CHECK (settle_price > 0),
  settle_price_at     BIGINT,
  payout_currency_id  INT CHECK (payout_currency_id IN (currency_id, quote_id)),
  payout_amount       NUMERIC CHECK (payout_amount >= 0),
  fail_reason         TEXT,
  created_at          BIGINT NOT NULL,
  settled_at          BIGINT,
  updated_at          BIGINT NOT NULL,
  CHECK (amount = num * share_price),
  CHECK (created_at < maturity_at),
  CHECK ((status = 'success') = (settle_price IS NOT NULL AND settle_price_at IS NOT NULL AND payout_currency_id IS NOT NULL
    AND payout_amount IS NOT NULL)),
  CHECK ((status = 'fail') = (fail_reason IS NOT NULL)),
  CHECK ((status IN ('success', 'fail')) = (settled_at IS NOT NULL)),
  CHECK (settled_at IS NULL OR settled_at >= maturity_at)
);
-- The user's positions, newest first; what is left to settle by maturity (the engine).
CREATE INDEX dual_orders_user ON dual_orders (user_id, status, id DESC);
CREATE INDEX dual_orders_open ON dual_orders (maturity_at, id) WHERE status IN ('purchased', 'settling');
