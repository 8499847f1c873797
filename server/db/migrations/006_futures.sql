-- Futures (issue 9, docs/FUTURES.md). Owned by server/futures/ (FuturesRepository).
--
-- futures_trades: one row per trade through its whole life: entrusted (a limit order, margin and
-- fee frozen) → open (a position) → closed, or entrusted → cancelled. Money is NUMERIC USDT (the
-- lever account's currency), prices NUMERIC in the pair's quote currency; quote_usdt (USDT per
-- unit of the quote currency) is fixed when the trade is placed and used for all its figures.
CREATE TABLE futures_trades (
  id                  BIGSERIAL PRIMARY KEY,
  user_id             BIGINT NOT NULL REFERENCES users(id),
  match_id            INT NOT NULL,
  symbol              TEXT NOT NULL,
  side                TEXT NOT NULL CHECK (side IN ('long', 'short')),
  kind                TEXT NOT NULL CHECK (kind IN ('market', 'limit')),
  status              TEXT NOT NULL CHECK (status IN ('entrusted', 'open', 'closed', 'cancelled')),
  share               NUMERIC NOT NULL CHECK (share > 0),
  number              NUMERIC NOT NULL CHECK (number > 0),
  multiple            INT NOT NULL CHECK (multiple > 0),
  target_price        NUMERIC CHECK (target_price > 0),
  open_price          NUMERIC CHECK (open_price > 0),
  quote_usdt          NUMERIC NOT NULL CHECK (quote_usdt > 0),
  -- Held against the position (frozen in the lever account); overnight fees may lower it.
  margin              NUMERIC NOT NULL CHECK (margin >= 0),
  fee                 NUMERIC NOT NULL CHECK (fee >= 0),
  overnight_fee       NUMERIC NOT NULL DEFAULT 0 CHECK (overnight_fee >= 0),
  target_profit_price NUMERIC CHECK (target_profit_price > 0),
  stop_loss_price     NUMERIC CHECK (stop_loss_price > 0),
  profit              NUMERIC,
  close_price         NUMERIC,
  close_reason        TEXT CHECK (close_reason IN ('manual', 'batch', 'take_profit', 'stop_loss', 'liquidation')),
  created_at          BIGINT NOT NULL,
  opened_at           BIGINT,
  closed_at           BIGINT,
  updated_at          BIGINT NOT NULL,
  CHECK ((kind = 'limit') = (target_price IS NOT NULL)),
  CHECK ((status IN ('open', 'closed')) = (open_price IS NOT NULL)),
  CHECK ((status = 'closed') = (profit IS NOT NULL AND close_price IS NOT NULL AND close_reason IS NOT NULL AND closed_at IS NOT NULL))
);
-- The user's lists by status (positions, orders, history), newest first.
CREATE INDEX futures_trades_user_status ON futures_trades (user_id, status, id DESC);
-- The engine's working set: what is live on a pair.
CREATE INDEX futures_trades_live ON futures_trades (match_id, status) WHERE status IN ('entrusted', 'open');

-- futures_settlements: one row per money effect on a trade, written in the same transaction as
-- its ledger operation, whose key is this row's `key`. The unique key makes each effect happen
-- once whoever tries it (a user, the engine, a second node, a restarted server): fill, cancel,
-- the close (one per trade whatever its reason: manual, batch, take_profit, stop_loss,
-- liquidation) and one overnight fee per trade and UTC day (`overnight:<yyyy-mm-dd>`). Each row
-- records the mark price and the market tick time that decided it.
CREATE TABLE futures_settlements (
  id          BIGSERIAL PRIMARY KEY,
  trade_id    BIGINT NOT NULL REFERENCES futures_trades(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  kind        TEXT NOT NULL CHECK (
                kind IN ('fill', 'cancel', 'close', 'batch', 'take_profit', 'stop_loss', 'liquidation')
                OR kind ~ '^overnight:[0-9]{4}-[0-9]{2}-[0-9]{2}$'
              ),
  -- The ledger operation's key: futures:<trade>:fill | cancel | close | overnight:<day>.
  key         TEXT NOT NULL UNIQUE,
  -- The mark price (the market source's last price) and its tick time that decided the effect.
  price       NUMERIC NOT NULL CHECK (price > 0),
  tick_ts     BIGINT NOT NULL,
  -- Amounts, USDT: margin released (close, cancel) or taken (overnight), fee charged, realised
  -- P&L, and the shortfall the insurance account covered (liquidation or a gapped close).
  margin      NUMERIC NOT NULL DEFAULT 0,
  fee         NUMERIC NOT NULL DEFAULT 0,
  profit      NUMERIC NOT NULL DEFAULT 0,
  insurance   NUMERIC NOT NULL DEFAULT 0 CHECK (insurance >= 0),
  created_at  BIGINT NOT NULL,
  UNIQUE (trade_id, kind)
);
CREATE INDEX futures_settlements_user ON futures_settlements (user_id, id DESC);
