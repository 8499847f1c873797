-- OTC (issue 15 part 1, docs/OTC.md). Owned by server/otc/ (OtcRepository).
--
-- otc_adverts: a merchant's standing offer, created by an operator (`create-otc-ad`). `side` is
-- the USER's side: `buy` (the user buys USDT from the merchant), `sell` (the user sells USDT to
-- the merchant). `price` is fiat per USDT; `min_fiat`/`max_fiat` bound one order in the fiat.
-- A buy advert has a USDT `capacity`: every buy order takes its USDT from it under the advert's
-- row lock and a cancelled or expired order gives it back; a sell advert has none (NULL).
CREATE TABLE otc_adverts (
  id               SERIAL PRIMARY KEY,
  merchant         TEXT NOT NULL,
  side             TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  fiat             TEXT NOT NULL,
  price            NUMERIC NOT NULL CHECK (price > 0),
  min_fiat         NUMERIC NOT NULL CHECK (min_fiat > 0),
  max_fiat         NUMERIC NOT NULL CHECK (max_fiat >= min_fiat),
  payment_methods  TEXT NOT NULL,
  payment_details  TEXT NOT NULL,
  capacity         NUMERIC CHECK (capacity >= 0),
  enabled          BOOLEAN NOT NULL DEFAULT TRUE,
  created_at       BIGINT NOT NULL,
  CHECK ((side = 'buy') = (capacity IS NOT NULL))
);
CREATE INDEX otc_adverts_list ON otc_adverts (side, fiat, price);

-- otc_orders: one order through its life. Buy: pending_payment (the merchant's USDT reserved:
-- custody → escrow, ledger key `otc:<id>:reserve`) → paid (the user says the fiat was sent) →
-- completed (escrow → the user's coin account, `otc:<id>:release`), or cancelled / expired
-- (escrow → custody, `otc:<id>:return`, capacity restored). Sell: pending_release (the user's
-- USDT in escrow, `otc:<id>:escrow`) → completed (the merchant paid the fiat: escrow → custody,
-- `otc:<id>:settle`) or cancelled (escrow → the user, `otc:<id>:refund`). An appeal is a flag
-- (appealed_at, with its reason) on a paid buy or a waiting sell order; operators list them first.
-- The terms (merchant, price, fiat) are copied from the advert.
CREATE TABLE otc_orders (
  id              BIGSERIAL PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  advert_id       INT NOT NULL REFERENCES otc_adverts(id),
  side            TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  merchant        TEXT NOT NULL,
  fiat            TEXT NOT NULL,
  price           NUMERIC NOT NULL CHECK (price > 0),
  fiat_amount     NUMERIC NOT NULL CHECK (fiat_amount > 0),
  usdt_amount     NUMERIC NOT NULL CHECK (usdt_amount > 0),
  state           TEXT NOT NULL CHECK (state IN ('pending_payment', 'paid', 'pending_release', 'completed', 'cancelled', 'expired')),
  pay_deadline    BIGINT,
  paid_at         BIGINT,
  completed_at    BIGINT,
  cancelled_at    BIGINT,
  cancelled_by    TEXT CHECK (cancelled_by IN ('user', 'operator', 'timeout')),
  appeal_reason   TEXT,
  appealed_at     BIGINT,
  created_at      BIGINT NOT NULL,
  updated_at      BIGINT NOT NULL,
  CHECK ((side = 'buy') = (pay_deadline IS NOT NULL)),
  CHECK (side = 'buy' OR state IN ('pending_release', 'completed', 'cancelled')),
  CHECK (side = 'sell' OR state <> 'pending_release'),
  CHECK ((appeal_reason IS NULL) = (appealed_at IS NULL))
);
CREATE INDEX otc_orders_user ON otc_orders (user_id, id DESC);
CREATE INDEX otc_orders_due ON otc_orders (pay_deadline, id) WHERE state = 'pending_payment';
CREATE INDEX otc_orders_appealed ON otc_orders (appealed_at, id) WHERE appealed_at IS NOT NULL;
