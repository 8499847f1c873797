/**
 * Simple moving averages of closing prices for the chart's MA lines, in decimal.js: the sum of a
 * window is kept exactly, so a long history does not drift. The chart draws the result as
 * numbers; the averages themselves are never money.
 */
import { Decimal } from '../decimal';

/** The MA lines the chart draws (periods in bars), with their colours in the chart legend. */
export const MA_PERIODS = [5, 10, 30] as const;

/**
 * The `period`-bar simple moving average of each close, as decimal strings rounded to
 * `decimals`; `null` until there are `period` closes.
 */
export function movingAverage(closes: readonly string[], period: number, decimals: number): (string | null)[] {
  const out: (string | null)[] = [];
  let sum = new Decimal(0);
  for (let i = 0; i < closes.length; i++) {
    sum = sum.plus(closes[i]!);
    if (i >= period) sum = sum.minus(closes[i - period]!);
    out.push(i >= period - 1 ? sum.div(period).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals) : null);
  }
  return out;
}

/** The average of the last `period` closes (for the live bar), or null when there are fewer. */
export function lastAverage(closes: readonly string[], period: number, decimals: number): string | null {
  if (closes.length < period) return null;
  let sum = new Decimal(0);
  for (let i = closes.length - period; i < closes.length; i++) sum = sum.plus(closes[i]!);
  return sum.div(period).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
}
