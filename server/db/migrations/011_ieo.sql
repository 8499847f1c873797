-- IEO (issue 12, docs/FINANCE.md "IEO"). Owned by server/ieo/ (IeoRepository).
--
-- ieo_projects: one offering of a new token (its own row in `currencies`, id ≥ 1000, created
-- with the project). `subscribed` is the tokens asked for by every subscription; a subscription
-- locks the row, so no subscription lands after the end the allocation read. The allocation is
-- made once, in steps that each survive a restart: `computed_at` when every order's passed amount
-- and refund were written (one transaction, from the stored orders, domain/ieo/formulas.ts
-- `allocate`), then each order is paid in its own transaction, then `allocated_at` when the
-- rounding remainder went to the treasury (ledger key `ieo:project:<id>:remainder`).
CREATE TABLE ieo_projects (
  id               SERIAL PRIMARY KEY,
  name             TEXT NOT NULL,
  token_id         INT NOT NULL UNIQUE REFERENCES currencies(id),
  pay_currency_id  INT NOT NULL REFERENCES currencies(id),
  price            NUMERIC NOT NULL CHECK (price > 0),
  total            NUMERIC NOT NULL CHECK (total > 0),
  subscribed       NUMERIC NOT NULL DEFAULT 0 CHECK (subscribed >= 0),
  min_amount       NUMERIC NOT NULL CHECK (min_amount > 0),
  max_amount       NUMERIC NOT NULL CHECK (max_amount >= min_amount),
  starts_at        BIGINT NOT NULL,
  ends_at          BIGINT NOT NULL CHECK (ends_at > starts_at),
  lock_days        INT NOT NULL CHECK (lock_days >= 0),
  unlock_at        BIGINT NOT NULL,
  whitepaper       TEXT NOT NULL,
  website          TEXT NOT NULL,
  description      TEXT NOT NULL,
  remainder        NUMERIC CHECK (remainder >= 0),
  computed_at      BIGINT,
  allocated_at     BIGINT,
  created_at       BIGINT NOT NULL,
  CHECK (unlock_at = ends_at + lock_days * 86400000::bigint),
  CHECK (allocated_at IS NULL OR computed_at IS NOT NULL)
);

-- ieo_orders: one subscription through its life: subscribed (price × amount in the platform's
-- escrow, ledger key `ieo:<id>:pay`) → allocated (passed tokens frozen in the user's coin account,
-- the refund back, the kept payment to the treasury: `ieo:<id>:allocate`) → released (the tokens
-- available at unlock: `ieo:<id>:release`). The terms (price) are copied from the project.
CREATE TABLE ieo_orders (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  project_id    INT NOT NULL REFERENCES ieo_projects(id),
  amount        NUMERIC NOT NULL CHECK (amount > 0),
  price         NUMERIC NOT NULL CHECK (price > 0),
  paid          NUMERIC NOT NULL CHECK (paid > 0),
  passed        NUMERIC CHECK (passed >= 0 AND passed <= amount),
  refunded      NUMERIC CHECK (refunded >= 0 AND refunded <= paid),
  status        TEXT NOT NULL CHECK (status IN ('subscribed', 'allocated', 'released')),
  allocated_at  BIGINT,
  released_at   BIGINT,
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL,
  CHECK ((passed IS NULL) = (refunded IS NULL)),
  CHECK (status = 'subscribed' OR (passed IS NOT NULL AND allocated_at IS NOT NULL)),
  CHECK ((status = 'released') = (released_at IS NOT NULL))
);
CREATE INDEX ieo_orders_user ON ieo_orders (user_id, id DESC);
CREATE INDEX ieo_orders_project ON ieo_orders (project_id, id);
CREATE INDEX ieo_orders_open ON ieo_orders (project_id, id) WHERE status <> 'released';

-- A third external account: `issuance`, where an IEO token enters the system (minus every token
-- allocated or left to the treasury), so custody keeps meaning "coins deposited" and grants
-- "money given by hand".
ALTER TABLE balances DROP CONSTRAINT balances_platform_known;
ALTER TABLE balances ADD CONSTRAINT balances_platform_known
  CHECK (platform IN ('fees', 'insurance', 'escrow', 'treasury', 'custody', 'grants', 'issuance'));
ALTER TABLE balances DROP CONSTRAINT balances_available_nonnegative;
ALTER TABLE balances ADD CONSTRAINT balances_available_nonnegative
  CHECK (available >= 0 OR COALESCE(platform IN ('custody', 'grants', 'issuance'), FALSE));
