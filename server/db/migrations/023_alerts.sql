-- Price alerts (issue 17 item 3, docs/ALERTS.md). Owned by server/alerts/ (AlertsRepository).
--
-- price_alerts: one row per alert. `active` until the leader's engine fires it, once, in a
-- conditional UPDATE ... WHERE state = 'active' (so two nodes or a restart never fire it twice);
-- then `triggered` with the recorded tick that decided it (time, price, 24 h change). Editing it
-- re-arms it (back to `active`, the fired_* columns cleared).
CREATE TABLE price_alerts (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  match_id      INT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('above', 'below', 'change')),
  threshold     NUMERIC NOT NULL CHECK (threshold > 0),
  state         TEXT NOT NULL CHECK (state IN ('active', 'triggered')),
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL,
  fired_at      BIGINT,
  fired_price   NUMERIC,
  fired_change  NUMERIC,
  CHECK ((state = 'active') = (fired_at IS NULL))
);
CREATE INDEX price_alerts_user ON price_alerts (user_id, id);
-- The engine loads only the armed alerts.
CREATE INDEX price_alerts_active ON price_alerts (match_id) WHERE state = 'active';

-- push_subscriptions: a browser's Web Push subscription (its push service URL and keys). One
-- endpoint belongs to one user at a time: subscribing again from the same browser, maybe as
-- another user, replaces the row, so a device never gets the previous account's alerts.
CREATE TABLE push_subscriptions (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  endpoint    TEXT NOT NULL UNIQUE,
  p256dh      TEXT NOT NULL,
  auth        TEXT NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
