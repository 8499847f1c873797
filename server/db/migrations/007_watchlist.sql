-- The watchlist (issue 10 item 3). Owned by server/watchlist/ (WatchlistRepository).
--
-- watchlist: one row per pair a user starred. A pair is starred once (the unique key makes a
-- second add a no-op); the list reads newest first. The per-user cap (WATCHLIST_MAX) is checked
-- in the same transaction as the insert, under the user's row lock.
CREATE TABLE watchlist (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users(id),
  pair_id    INT NOT NULL REFERENCES pairs(id),
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, pair_id)
);
CREATE INDEX watchlist_user_newest ON watchlist (user_id, id DESC);
