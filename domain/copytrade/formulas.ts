/**
 * Copy trading's numbers, once (docs/COPYTRADE.md): the server mirrors and computes
 * statistics with these, the worker previews with them.
 */
import { Decimal, type DecimalValue } from '../decimal';
import type { FollowType } from './types';

/**
 * A follow's number as typed, read by type: a multiple (type 1) is positive with at most two
 * decimals kept: multiples above 1 that are not whole round to two decimals
 * (1.234 → 1.23; rounded down, so a copy is never larger than asked); a number of lots (type 2)
 * keeps the pair's lot decimals. Null when not a positive number.
 */
export function readFollowNumber(text: string, type: FollowType, lotDecimals: number): Decimal | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const value = new Decimal(text.trim()).toDecimalPlaces(type === 1 ? 2 : lotDecimals, Decimal.ROUND_DOWN);
  return value.gt(0) ? value : null;
}

/**
 * The lots of a copy: the trader's lots × the multiple (type 1), rounded down to the pair's lot
 * decimals, or the fixed lots (type 2). The caller checks the pair's minimum and maximum.
 */
export function copyLots(traderLots: DecimalValue, type: FollowType, number: DecimalValue, lotDecimals: number): Decimal {
  return type === 1
    ? new Decimal(traderLots).mul(number).toDecimalPlaces(lotDecimals, Decimal.ROUND_DOWN)
    : new Decimal(number).toDecimalPlaces(lotDecimals, Decimal.ROUND_DOWN);
}

/** A closed position's result after fees: profit − fee − overnight fees. */
export function netPnl(t: { profit: DecimalValue; fee: DecimalValue; overnight_fee: DecimalValue }): Decimal {
  return new Decimal(t.profit).minus(t.fee).minus(t.overnight_fee);
}

export interface ClosedTrade {
  profit: DecimalValue;
  fee: DecimalValue;
  overnight_fee: DecimalValue;
  margin: DecimalValue;
  closed_at: number;
}

/** Winning closed positions (net P&L > 0) ÷ closed positions, to 4 decimals; null with none. */
export function accuracy(trades: readonly ClosedTrade[]): Decimal | null {
  if (!trades.length) return null;
  const wins = trades.filter((t) => netPnl(t).gt(0)).length;
  return new Decimal(wins).div(trades.length).toDecimalPlaces(4, Decimal.ROUND_DOWN);
}

/** Rate of return of the positions closed in (since, now]: Σ net P&L ÷ Σ margin, to 4 decimals; null with none. */
export function rateOfReturn(trades: readonly ClosedTrade[], since: number): Decimal | null {
  const inWindow = trades.filter((t) => t.closed_at > since);
  const margin = inWindow.reduce((sum, t) => sum.plus(t.margin), new Decimal(0));
  if (margin.isZero()) return null;
  const pnl = inWindow.reduce((sum, t) => sum.plus(netPnl(t)), new Decimal(0));
  return pnl.div(margin).toDecimalPlaces(4, Decimal.ROUND_DOWN);
}
