-- Crypto-backed USDT loans (issue 15 part 2, docs/LOANS.md). Owned by server/loans/ (LoansRepository).
--
-- loans: one row per loan through its whole life: open → repaid (the whole debt paid, the
-- collateral released) or liquidated (the engine sold the collateral at the recorded price). The
-- terms are copied from the collateral coin's table at the borrow. The debt is principal +
-- interest; interest day n accrues at created_at + (n − 1) days (day 1 at the borrow) and moves
-- days_accrued from n − 1 to n under the row's lock, with its own loan_events row (unique per
-- loan and day), so it accrues once. No money moves at an accrual: the debt grows.
CREATE TABLE loans (
  id                  BIGSERIAL PRIMARY KEY,
  user_id             BIGINT NOT NULL REFERENCES users(id),
  currency_id         INT NOT NULL,
  status              TEXT NOT NULL CHECK (status IN ('open', 'repaid', 'liquidated')),
  collateral          NUMERIC NOT NULL CHECK (collateral >= 0),
  borrowed            NUMERIC NOT NULL CHECK (borrowed > 0),
  principal           NUMERIC NOT NULL CHECK (principal >= 0),
  interest            NUMERIC NOT NULL DEFAULT 0 CHECK (interest >= 0),
  interest_accrued    NUMERIC NOT NULL DEFAULT 0 CHECK (interest_accrued >= 0),
  interest_paid       NUMERIC NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  principal_paid      NUMERIC NOT NULL DEFAULT 0 CHECK (principal_paid >= 0),
  days_accrued        INT NOT NULL DEFAULT 0 CHECK (days_accrued >= 0),
  initial_ltv         NUMERIC NOT NULL CHECK (initial_ltv > 0 AND initial_ltv < 1),
  margin_call_ltv     NUMERIC NOT NULL CHECK (margin_call_ltv > initial_ltv),
  liquidation_ltv     NUMERIC NOT NULL CHECK (liquidation_ltv > margin_call_ltv AND liquidation_ltv < 1),
  daily_rate          NUMERIC NOT NULL CHECK (daily_rate >= 0),
  liquidation_penalty NUMERIC NOT NULL CHECK (liquidation_penalty >= 0),
  margin_called       BOOLEAN NOT NULL DEFAULT FALSE,
  -- What decided a liquidation: the price and its tick, and the split of the collateral.
  liq_price           NUMERIC,
  liq_tick_ts         BIGINT,
  liq_debt            NUMERIC,
  liq_taken           NUMERIC,
  liq_returned        NUMERIC,
  liq_shortfall       NUMERIC,
  created_at          BIGINT NOT NULL,
  updated_at          BIGINT NOT NULL,
  closed_at           BIGINT,
  CHECK (principal + principal_paid = borrowed),
  CHECK (interest + interest_paid = interest_accrued),
  CHECK ((status = 'open') = (closed_at IS NULL)),
  CHECK (status <> 'repaid' OR (principal = 0 AND interest = 0)),
  CHECK ((status = 'liquidated') = (liq_price IS NOT NULL AND liq_tick_ts IS NOT NULL AND liq_taken IS NOT NULL
    AND liq_returned IS NOT NULL AND liq_shortfall IS NOT NULL AND liq_debt IS NOT NULL))
);
-- The user's lists, newest first; the engine's working set (open loans).
CREATE INDEX loans_user ON loans (user_id, status, id DESC);
CREATE INDEX loans_open ON loans (id) WHERE status = 'open';

-- loan_events: a loan's history, one row per thing that happened, with the ledger key that moved
-- its money (none for an accrual or a margin call). An accrual is unique per loan and day.
CREATE TABLE loan_events (
  id          BIGSERIAL PRIMARY KEY,
  loan_id     BIGINT NOT NULL REFERENCES loans(id),
  kind        TEXT NOT NULL CHECK (kind IN ('borrow', 'accrual', 'repay', 'collateral', 'marginCall', 'liquidation')),
  amount      NUMERIC NOT NULL CHECK (amount >= 0),
  interest    NUMERIC,
  principal   NUMERIC,
  day         INT,
  price       NUMERIC,
  tick_ts     BIGINT,
  ledger_key  TEXT UNIQUE,
  created_at  BIGINT NOT NULL,
  CHECK ((kind = 'accrual') = (day IS NOT NULL))
);
CREATE UNIQUE INDEX loan_events_accrual ON loan_events (loan_id, day) WHERE kind = 'accrual';
CREATE INDEX loan_events_loan ON loan_events (loan_id, id);
