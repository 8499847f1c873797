-- Trading rules an exchange can survive (issue 30, docs/FUTURES.md "Trading rules").

-- A fourth account allowed below zero: `bad_debt`, the platform's recorded loss. A liquidation (or
-- a user's close after a gap) whose loss goes beyond the account's equity and what the insurance
-- fund holds still completes: the rest posts against bad_debt, so no user balance goes negative
-- and no liquidation fails. Its balance is minus every loss the fund could not cover.
ALTER TABLE balances DROP CONSTRAINT balances_platform_known;
ALTER TABLE balances ADD CONSTRAINT balances_platform_known
  CHECK (platform IN ('fees', 'insurance', 'escrow', 'treasury', 'custody', 'grants', 'issuance', 'bad_debt'));
ALTER TABLE balances DROP CONSTRAINT balances_available_nonnegative;
ALTER TABLE balances ADD CONSTRAINT balances_available_nonnegative
  CHECK (available >= 0 OR COALESCE(platform IN ('custody', 'grants', 'issuance', 'bad_debt'), FALSE));

-- What a close left to the platform beyond the fund: `insurance` stays what the fund paid (net of
-- a liquidation fee, which `fee` records), `bad_debt` what nobody could pay.
ALTER TABLE futures_settlements ADD COLUMN bad_debt NUMERIC NOT NULL DEFAULT 0 CHECK (bad_debt >= 0);
ALTER TABLE loans ADD COLUMN liq_bad_debt NUMERIC NOT NULL DEFAULT 0 CHECK (liq_bad_debt >= 0);

-- The operator's cap on the platform's net exposure per futures pair (USDT at the mark): an order
-- that would take |Σ long − Σ short| beyond it is refused; orders that reduce it never are. A pair
-- without a row has its category's default (server/futures/settings.ts).
CREATE TABLE futures_limits (
  match_id          INT PRIMARY KEY,
  max_net_exposure  NUMERIC NOT NULL CHECK (max_net_exposure >= 0),
  updated_at        BIGINT NOT NULL
);
