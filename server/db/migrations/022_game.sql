-- The mini game (issue 16 part 3, docs/community/GAME.md): a price-prediction game played with
-- POINTS, never money (no ledger, no balances). Owned by server/game/ (GameRepository).
--
-- game_points: one row per player. `points` is what may be staked; a stake leaves it at open.
CREATE TABLE game_points (
  user_id     BIGINT PRIMARY KEY REFERENCES users(id),
  points      BIGINT NOT NULL CHECK (points >= 0),
  updated_at  BIGINT NOT NULL
);

-- game_grants: the daily allowance, once per user and UTC day (the primary key makes it so).
CREATE TABLE game_grants (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  day         INT NOT NULL,
  amount      BIGINT NOT NULL CHECK (amount > 0),
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- game_rounds: a round opens at the pair's recorded price of the call and settles once, at the
-- first recorded tick at or after `closes_at` (decided_by 'tick'), or from the price record when
-- no engine ran at the close ('record').
CREATE TABLE game_rounds (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users(id),
  match_id     INT NOT NULL,
  symbol       TEXT NOT NULL,
  direction    TEXT NOT NULL CHECK (direction IN ('up', 'down')),
  stake        BIGINT NOT NULL CHECK (stake > 0),
  status       TEXT NOT NULL CHECK (status IN ('open', 'settled')),
  open_price   NUMERIC NOT NULL CHECK (open_price > 0),
  open_ts      BIGINT NOT NULL,
  closes_at    BIGINT NOT NULL,
  close_price  NUMERIC,
  close_ts     BIGINT,
  decided_by   TEXT CHECK (decided_by IN ('tick', 'record')),
  result       TEXT CHECK (result IN ('win', 'draw', 'loss')),
  returned     BIGINT,
  net          BIGINT,
  created_at   BIGINT NOT NULL,
  settled_at   BIGINT
);
CREATE INDEX game_rounds_user ON game_rounds (user_id, id DESC);
CREATE INDEX game_rounds_open ON game_rounds (status) WHERE status = 'open';
CREATE INDEX game_rounds_settled ON game_rounds (settled_at) WHERE status = 'settled';
-- One open round per player at a time.
CREATE UNIQUE INDEX game_rounds_one_open ON game_rounds (user_id) WHERE status = 'open';
