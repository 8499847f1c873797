-- Invitations, rebates and coupons (issue 15 parts 3 and 4, docs/REWARDS.md). Owned by
-- server/rewards/ (RewardsRepository).
--
-- reward_settings: operator settings of the area (the rebate share), one row per key.
CREATE TABLE reward_settings (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  updated_at  BIGINT NOT NULL
);

-- rebates: one row per credit to an inviter, written in the transaction that charged the
-- invitee's trading fee. `fee_ref` is the fee's ledger key; the rebate's own ledger key is
-- `rebate:<area>:<fee_ref>`, so each fee pays at most one rebate.
CREATE TABLE rebates (
  id           BIGSERIAL PRIMARY KEY,
  inviter_id   BIGINT NOT NULL REFERENCES users(id),
  invitee_id   BIGINT NOT NULL REFERENCES users(id),
  area         TEXT NOT NULL CHECK (area IN ('futures', 'spot')),
  fee_ref      TEXT NOT NULL UNIQUE,
  fee          NUMERIC NOT NULL CHECK (fee > 0),
  paid         NUMERIC NOT NULL CHECK (paid >= 0 AND paid <= fee),
  share        NUMERIC NOT NULL CHECK (share >= 0 AND share <= 1),
  amount       NUMERIC NOT NULL CHECK (amount > 0 AND amount <= paid),
  currency_id  INT NOT NULL,
  created_at   BIGINT NOT NULL
);
CREATE INDEX rebates_inviter ON rebates (inviter_id, id DESC);

-- coupon_kinds: what an operator created. A claimable kind has a quantity and a claim window;
-- `claimed` counts the claims and is raised under the row's lock (the quantity holds under
-- concurrent claims). A grant-only kind (claimable false) is given with `grant-coupon` only.
CREATE TABLE coupon_kinds (
  id           SERIAL PRIMARY KEY,
  type         TEXT NOT NULL CHECK (type IN ('futures_fee', 'deposit_bonus')),
  currency_id  INT NOT NULL,
  value        NUMERIC NOT NULL CHECK (value > 0),
  threshold    NUMERIC CHECK (threshold IS NULL OR threshold > 0),
  valid_days   INT NOT NULL CHECK (valid_days > 0),
  claimable    BOOLEAN NOT NULL,
  total        INT NOT NULL DEFAULT 0 CHECK (total >= 0),
  claimed      INT NOT NULL DEFAULT 0 CHECK (claimed >= 0 AND (NOT claimable OR claimed <= total)),
  claim_start  BIGINT NOT NULL DEFAULT 0,
  claim_end    BIGINT NOT NULL DEFAULT 0,
  created_at   BIGINT NOT NULL,
  CHECK (type <> 'deposit_bonus' OR threshold IS NOT NULL)
);

-- coupons: one per claim or grant. usable → used (a voucher's remaining reached zero, a bonus
-- paid) or expired (the engine at expires_at), each once under the row's lock. One claim per
-- user and kind (the partial unique index); grants are not limited.
CREATE TABLE coupons (
  id           BIGSERIAL PRIMARY KEY,
  kind_id      INT NOT NULL REFERENCES coupon_kinds(id),
  user_id      BIGINT NOT NULL REFERENCES users(id),
  type         TEXT NOT NULL CHECK (type IN ('futures_fee', 'deposit_bonus')),
  currency_id  INT NOT NULL,
  value        NUMERIC NOT NULL CHECK (value > 0),
  remaining    NUMERIC NOT NULL CHECK (remaining >= 0 AND remaining <= value),
  threshold    NUMERIC,
  source       TEXT NOT NULL CHECK (source IN ('claim', 'grant')),
  state        TEXT NOT NULL DEFAULT 'usable' CHECK (state IN ('usable', 'used', 'expired')),
  uses         INT NOT NULL DEFAULT 0,
  created_at   BIGINT NOT NULL,
  expires_at   BIGINT NOT NULL,
  used_at      BIGINT,
  expired_at   BIGINT
);
CREATE UNIQUE INDEX coupons_one_claim ON coupons (kind_id, user_id) WHERE source = 'claim';
CREATE INDEX coupons_user ON coupons (user_id, state, expires_at);
CREATE INDEX coupons_due ON coupons (expires_at) WHERE state = 'usable';

-- coupon_uses: what a coupon paid, one row per payment (a futures fee or a deposit bonus); `ref`
-- is the ledger key (`coupon:<id>:<fee ref>`, `coupon:<id>:deposit:<deposit id>`). The grants
-- account pays every one, so grants = −(credits + coupon uses).
CREATE TABLE coupon_uses (
  id          BIGSERIAL PRIMARY KEY,
  coupon_id   BIGINT NOT NULL REFERENCES coupons(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  kind        TEXT NOT NULL CHECK (kind IN ('fee', 'deposit')),
  ref         TEXT NOT NULL UNIQUE,
  amount      NUMERIC NOT NULL CHECK (amount > 0),
  currency_id INT NOT NULL,
  created_at  BIGINT NOT NULL
);
