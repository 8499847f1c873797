-- Funds: a journaled double-entry ledger, deposits, withdrawals, transfers, exchanges.
-- Every balance change goes through one function (server/ledger/Ledger.ts): it locks the rows,
-- applies the change and writes an immutable journal row.

-- One operation that must happen once (a deposit approval, a withdrawal, a settlement).
-- A second attempt with the same key finds it here and changes nothing.
CREATE TABLE ledger_ops (
  id         BIGSERIAL PRIMARY KEY,
  key        TEXT NOT NULL UNIQUE,
  kind       TEXT NOT NULL,
  -- External inflows (deposits, operator credits) and outflows (withdrawals) are the only
  -- operations whose legs need not sum to zero per currency.
  external   BOOLEAN NOT NULL,
  memo       TEXT,
  created_at BIGINT NOT NULL
);

-- Balances of users (per account: 1 legal, 2 change, 3 lever, 4 micro) and of platform
-- accounts (fees, insurance, escrow, treasury). Neither side may ever go below zero.
CREATE TABLE balances (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT REFERENCES users(id),
  platform    TEXT CHECK (platform IN ('fees', 'insurance', 'escrow', 'treasury')),
  account     SMALLINT NOT NULL CHECK (account BETWEEN 0 AND 4),
  currency_id INT NOT NULL REFERENCES currencies(id),
  available   NUMERIC NOT NULL DEFAULT 0 CHECK (available >= 0),
  frozen      NUMERIC NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  CONSTRAINT balances_one_holder CHECK ((user_id IS NULL) <> (platform IS NULL)),
  -- Platform balances live in account 0; user balances in 1–4.
  CONSTRAINT balances_account_kind CHECK ((platform IS NULL) = (account > 0))
);
CREATE UNIQUE INDEX balances_user_key ON balances (user_id, account, currency_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX balances_platform_key ON balances (platform, currency_id) WHERE platform IS NOT NULL;

CREATE TABLE journal (
  id              BIGSERIAL PRIMARY KEY,
  op_id           BIGINT NOT NULL REFERENCES ledger_ops(id),
  balance_id      BIGINT NOT NULL REFERENCES balances(id),
  user_id         BIGINT,
  account         SMALLINT NOT NULL,
  currency_id     INT NOT NULL,
  delta_available NUMERIC NOT NULL,
  delta_frozen    NUMERIC NOT NULL,
  available_after NUMERIC NOT NULL,
  frozen_after    NUMERIC NOT NULL,
  kind            TEXT NOT NULL,
  ref_type        TEXT,
  ref_id          BIGINT,
  created_at      BIGINT NOT NULL
);
CREATE INDEX journal_balance ON journal (balance_id, id);
CREATE INDEX journal_user ON journal (user_id, id DESC) WHERE user_id IS NOT NULL;

-- The journal is history: it is never changed or removed.
CREATE FUNCTION journal_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal rows are immutable';
END;
$$;
CREATE TRIGGER journal_immutable BEFORE UPDATE OR DELETE ON journal FOR EACH ROW EXECUTE FUNCTION journal_is_immutable();

CREATE TABLE deposits (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  currency_id INT NOT NULL REFERENCES currencies(id),
  network     TEXT NOT NULL,
  amount      NUMERIC NOT NULL CHECK (amount > 0),
  voucher_upload_id BIGINT REFERENCES uploads(id),
  sender      TEXT,
  status      TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason      TEXT,
  created_at  BIGINT NOT NULL,
  decided_at  BIGINT
);
CREATE INDEX deposits_user ON deposits (user_id, id DESC);
CREATE INDEX deposits_status ON deposits (status, id);

CREATE TABLE withdrawals (
  id             BIGSERIAL PRIMARY KEY,
  user_id        BIGINT NOT NULL REFERENCES users(id),
  currency_id    INT NOT NULL REFERENCES currencies(id),
  amount         NUMERIC NOT NULL CHECK (amount > 0),
  fee            NUMERIC NOT NULL CHECK (fee >= 0),
  arrival        NUMERIC NOT NULL CHECK (arrival > 0),
  -- Value in BTC when requested, for the 24 h limit by identity level.
  btc_value      NUMERIC NOT NULL,
  target_kind    TEXT NOT NULL CHECK (target_kind IN ('address', 'bank', 'bank_international')),
  target_label   TEXT NOT NULL,
  target_detail  TEXT NOT NULL,
  remark         TEXT,
  status         TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'rejected')),
  reason         TEXT,
  created_at     BIGINT NOT NULL,
  decided_at     BIGINT
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_status ON withdrawals (status, id);

-- Operator credits (and the seeded demo and treasury funds): external inflows with a reason.
CREATE TABLE credits (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT REFERENCES users(id),
  platform    TEXT,
  account     SMALLINT NOT NULL,
  currency_id INT NOT NULL REFERENCES currencies(id),
  amount      NUMERIC NOT NULL CHECK (amount > 0),
  reason      TEXT NOT NULL,
  created_at  BIGINT NOT NULL
);

-- Moves between a user's own accounts.
CREATE TABLE transfers (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users(id),
  currency_id  INT NOT NULL REFERENCES currencies(id),
  amount       NUMERIC NOT NULL CHECK (amount > 0),
  from_account SMALLINT NOT NULL,
  to_account   SMALLINT NOT NULL,
  created_at   BIGINT NOT NULL
);
CREATE INDEX transfers_user ON transfers (user_id, id DESC);

-- Currency exchanges at the market rate, against the platform treasury.
CREATE TABLE exchanges (
  id               BIGSERIAL PRIMARY KEY,
  user_id          BIGINT NOT NULL REFERENCES users(id),
  from_currency_id INT NOT NULL REFERENCES currencies(id),
  to_currency_id   INT NOT NULL REFERENCES currencies(id),
  from_amount      NUMERIC NOT NULL CHECK (from_amount > 0),
  to_amount        NUMERIC NOT NULL CHECK (to_amount > 0),
  fee              NUMERIC NOT NULL CHECK (fee >= 0),
  rate             NUMERIC NOT NULL CHECK (rate > 0),
  created_at       BIGINT NOT NULL
);
CREATE INDEX exchanges_user ON exchanges (user_id, id DESC);
