-- The platform's net futures exposure per pair, kept as it changes instead of summed over every
-- live trade on each order (an order used to read all of them: its cost grew with what was open).
--
-- Σ (long number − short number) × quote_usdt over the pair's open and entrusted trades, split
-- into 16 rows per pair by the trader (user_id % 16), so orders of different users rarely wait on
-- one row; the exposure is the sum of the pair's rows. A trigger on futures_trades keeps it, so
-- every path that opens, fills, closes or cancels a trade keeps it without knowing of it; the
-- audit (server/futures/audit.ts) recomputes it from the trades.
CREATE TABLE futures_exposure (
  match_id  INT NOT NULL,
  shard     INT NOT NULL CHECK (shard >= 0 AND shard < 16),
  net       NUMERIC NOT NULL DEFAULT 0,
  PRIMARY KEY (match_id, shard)
);

INSERT INTO futures_exposure (match_id, shard, net)
SELECT match_id, (user_id % 16)::int, SUM(CASE WHEN side = 'long' THEN number ELSE -number END * quote_usdt)
FROM futures_trades WHERE status IN ('open', 'entrusted') GROUP BY 1, 2;

CREATE FUNCTION futures_exposure_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was NUMERIC := 0;
  now_ NUMERIC := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('open', 'entrusted') THEN
    was := CASE WHEN OLD.side = 'long' THEN OLD.number ELSE -OLD.number END * OLD.quote_usdt;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('open', 'entrusted') THEN
    now_ := CASE WHEN NEW.side = 'long' THEN NEW.number ELSE -NEW.number END * NEW.quote_usdt;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.match_id = NEW.match_id AND OLD.user_id % 16 = NEW.user_id % 16 THEN
    now_ := now_ - was;
    was := 0;
  END IF;
  IF was <> 0 THEN
    INSERT INTO futures_exposure (match_id, shard, net) VALUES (OLD.match_id, (OLD.user_id % 16)::int, -was)
    ON CONFLICT (match_id, shard) DO UPDATE SET net = futures_exposure.net + EXCLUDED.net;
  END IF;
  IF now_ <> 0 THEN
    INSERT INTO futures_exposure (match_id, shard, net) VALUES (NEW.match_id, (NEW.user_id % 16)::int, now_)
    ON CONFLICT (match_id, shard) DO UPDATE SET net = futures_exposure.net + EXCLUDED.net;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER futures_exposure_follow
  AFTER INSERT OR DELETE OR UPDATE OF status, side, number, quote_usdt, match_id, user_id ON futures_trades
  FOR EACH ROW EXECUTE FUNCTION futures_exposure_follow();
