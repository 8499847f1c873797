/**
 * Lockming economics, once (docs/FINANCE.md). The server pays and redeems with these,
 * the worker previews with them, and `npm run audit` recomputes every payment with them.
 *
 * Rounding: a day's yield and a penalty are rounded down to the currency's decimals, so the
 * platform never pays more than the rate, nor keeps more than the penalty rate.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { DAY_MS } from '../time';

/** One day's yield: amount × daily rate, rounded down. Example: 10000 at 0.19% → 19. */
export function dailyYield(amount: DecimalValue, dailyRate: DecimalValue, decimals: number): Decimal {
  return new Decimal(amount).mul(dailyRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** The yield of a whole cycle: `days` daily yields. Example: 15 days at 0.19% on 10000 → 285. */
export function cycleYield(amount: DecimalValue, dailyRate: DecimalValue, days: number, decimals: number): Decimal {
  return dailyYield(amount, dailyRate, decimals).mul(days);
}

/**
 * The early-redemption penalty: penalty rate × days left × amount, rounded down, never more
 * than the amount. Example: 0.4% × 3 × 1000 = 12. Yield already paid stays paid.
 */
export function earlyPenalty(amount: DecimalValue, penaltyRate: DecimalValue, daysLeft: number, decimals: number): Decimal {
  const principal = new Decimal(amount);
  const penalty = principal.mul(penaltyRate).mul(Math.max(0, daysLeft)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return Decimal.min(penalty, principal);
}

/** The UTC day an order starts on: the day boundary at or before its purchase. */
export function startDay(boughtAt: number): number {
  return Math.floor(boughtAt / DAY_MS) * DAY_MS;
}

/** When the order's `n`-th daily yield is due (n = 1 … cycle): the n-th day boundary after its start day. */
export function yieldDueAt(startDayMs: number, n: number): number {
  return startDayMs + n * DAY_MS;
}

/** How many daily yields are due by `now` (0 … cycle): the day boundaries passed since the start day. */
export function yieldsDue(startDayMs: number, cycleDays: number, now: number): number {
  return Math.max(0, Math.min(cycleDays, Math.floor((now - startDayMs) / DAY_MS)));
}
