-- Spot coins (issue 10, docs/SPOT.md). Owned by server/spot/ (SpotRepository).
--
-- spot_orders: one row per order through its whole life: a market order is born filled; a limit
-- order is open (its funds frozen in the coin account) until the market crosses its price
-- (filled) or its owner cancels it (cancelled). Amounts are NUMERIC: `amount` in the base
-- currency, `total` in the quote, `fee` in the currency received.
CREATE TABLE spot_orders (
  id              BIGSERIAL PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  match_id        INT NOT NULL,
  symbol          TEXT NOT NULL,
  base_id         INT NOT NULL,
  quote_id        INT NOT NULL,
  side            TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  kind            TEXT NOT NULL CHECK (kind IN ('market', 'limit')),
  status          TEXT NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  amount          NUMERIC NOT NULL CHECK (amount > 0),
  target_price    NUMERIC CHECK (target_price > 0),
  -- The fee rate in force when the order was placed (the fill uses it).
  fee_rate        NUMERIC NOT NULL CHECK (fee_rate >= 0),
  -- What the open order holds frozen (buy: quote, sell: base); kept after the end for the record.
  frozen          NUMERIC NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  avg_price       NUMERIC,
  total           NUMERIC,
  fee             NUMERIC NOT NULL DEFAULT 0 CHECK (fee >= 0),
  received        NUMERIC,
  -- The recorded market price and tick time that decided the fill (or the cancel's moment).
  deciding_price  NUMERIC,
  deciding_ts     BIGINT,
  -- The ledger operation's key of the order's end (spot:<id>:fill | spot:<id>:cancel): the
  -- order ends once, whoever tries (the user, the engine, another node, a restart).
  settlement_key  TEXT UNIQUE,
  created_at      BIGINT NOT NULL,
  filled_at       BIGINT,
  cancelled_at    BIGINT,
  updated_at      BIGINT NOT NULL,
  CHECK ((kind = 'limit') = (target_price IS NOT NULL)),
  CHECK ((status = 'filled') = (avg_price IS NOT NULL AND total IS NOT NULL AND received IS NOT NULL AND filled_at IS NOT NULL
                                AND deciding_price IS NOT NULL AND deciding_ts IS NOT NULL)),
  CHECK ((status = 'open') = (settlement_key IS NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX spot_orders_user_status ON spot_orders (user_id, status, id DESC);
CREATE INDEX spot_orders_open ON spot_orders (match_id) WHERE status = 'open';

-- spot_fills: the fills of a filled order: the recorded book levels a market order took, or one
-- fill at a limit order's price. The auditor recomputes the order's figures from these.
CREATE TABLE spot_fills (
  id          BIGSERIAL PRIMARY KEY,
  order_id    BIGINT NOT NULL REFERENCES spot_orders(id),
  seq         INT NOT NULL,
  price       NUMERIC NOT NULL CHECK (price > 0),
  amount      NUMERIC NOT NULL CHECK (amount > 0),
  UNIQUE (order_id, seq)
);
