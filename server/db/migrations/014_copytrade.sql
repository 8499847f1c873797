-- Copy trading (issue 13, docs/COPYTRADE.md). Owned by server/copytrade/ (CopyRepository).
--
-- traders: one row per user who applied to become a trader; an operator approves or rejects.
-- An approved trader may stop taking new followers and choose what followers see of open positions.
CREATE TABLE traders (
  user_id      BIGINT PRIMARY KEY REFERENCES users(id),
  status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason       TEXT,
  accepting    BOOLEAN NOT NULL DEFAULT TRUE,
  visibility   TEXT NOT NULL DEFAULT 'live' CHECK (visibility IN ('live', 'delayed', 'hidden')),
  applied_at   BIGINT NOT NULL,
  decided_at   BIGINT,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);

-- follows: following → cancelled. One following row per follower and trader (the partial unique
-- index), edited in place; a cancelled one stays as history.
CREATE TABLE follows (
  id             BIGSERIAL PRIMARY KEY,
  follower_id    BIGINT NOT NULL REFERENCES users(id),
  trader_id      BIGINT NOT NULL REFERENCES users(id),
  type           SMALLINT NOT NULL CHECK (type IN (1, 2)),
  number         NUMERIC NOT NULL CHECK (number > 0),
  max_margin     NUMERIC CHECK (max_margin > 0),
  stop_loss      NUMERIC CHECK (stop_loss > 0),
  daily_limit    INT CHECK (daily_limit > 0),
  status         TEXT NOT NULL CHECK (status IN ('following', 'cancelled')),
  cancel_reason  TEXT CHECK (cancel_reason IN ('user', 'stop_loss')),
  created_at     BIGINT NOT NULL,
  updated_at     BIGINT NOT NULL,
  cancelled_at   BIGINT,
  CHECK (follower_id <> trader_id),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL))
);
CREATE UNIQUE INDEX follows_one_active ON follows (follower_id, trader_id) WHERE status = 'following';
CREATE INDEX follows_trader ON follows (trader_id) WHERE status = 'following';
CREATE INDEX follows_follower ON follows (follower_id, id DESC);

-- copies: what one trader order did for one follow, exactly once (the unique key): `copied` with
-- the follower's futures trade it opened (in the same transaction), or `skipped` with the reason.
-- The trade's own row says whether the copy is still open; `self_held` takes it out of copying.
CREATE TABLE copies (
  id               BIGSERIAL PRIMARY KEY,
  follow_id        BIGINT NOT NULL REFERENCES follows(id),
  follower_id      BIGINT NOT NULL REFERENCES users(id),
  trader_id        BIGINT NOT NULL REFERENCES users(id),
  trader_trade_id  BIGINT NOT NULL,
  outcome          TEXT NOT NULL CHECK (outcome IN ('copied', 'skipped')),
  skip_reason      TEXT CHECK (skip_reason IN ('margin', 'maxMargin', 'dailyLimit', 'lots', 'price')),
  trade_id         BIGINT UNIQUE,
  symbol           TEXT NOT NULL,
  side             TEXT NOT NULL,
  multiple         INT NOT NULL,
  self_held        BOOLEAN NOT NULL DEFAULT FALSE,
  created_at       BIGINT NOT NULL,
  UNIQUE (follow_id, trader_trade_id),
  CHECK ((outcome = 'copied') = (trade_id IS NOT NULL)),
  CHECK ((outcome = 'skipped') = (skip_reason IS NOT NULL))
);
CREATE INDEX copies_follower ON copies (follower_id, id DESC);
CREATE INDEX copies_trader_trade ON copies (trader_trade_id);

-- trader_stats: each approved trader's figures, recomputed every hour from their closed positions.
CREATE TABLE trader_stats (
  user_id        BIGINT PRIMARY KEY REFERENCES users(id),
  followers      INT NOT NULL,
  total_pnl      NUMERIC NOT NULL,
  accuracy       NUMERIC,
  closed_trades  INT NOT NULL,
  ror_7d         NUMERIC,
  ror_30d        NUMERIC,
  equity         TEXT NOT NULL,
  computed_at    BIGINT NOT NULL
);
