-- Lockming cycles of 25 days or more (issue 12): `days × 86400000` was computed in 32-bit
-- integers, which overflow past 24 days, so buying a 30-day product failed and an order's
-- 25th yield could not be found. The day arithmetic moves to BIGINT; the engine's index follows
-- the expression its query now uses (server/lockming/LockmingRepository.ts).
ALTER TABLE lockming_orders DROP CONSTRAINT lockming_orders_check1;
ALTER TABLE lockming_orders ADD CONSTRAINT lockming_orders_expiry CHECK (expires_at = start_day + cycle_days * 86400000::bigint);
DROP INDEX lockming_orders_holding;
CREATE INDEX lockming_orders_holding ON lockming_orders ((start_day + (days_paid + 1) * 86400000::bigint)) WHERE status = 'holding';
