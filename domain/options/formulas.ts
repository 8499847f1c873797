/**
 * The seconds options economics (docs/OPTIONS.md), once. The result is a pure function
 * of the direction, the open price and the recorded price at expiry: no random skew, no per-user
 * setting, nothing decided in advance. The worker shows the live "would win / would lose" from
 * the same function; the server settles and `npm run audit` recomputes with it.
 */
import { Decimal, type DecimalValue } from '../decimal';
import type { OptionDirection, OptionResult } from './types';

/** Above the open price wins for up, below wins for down, equal is a draw. */
export function optionResult(direction: OptionDirection, openPrice: DecimalValue, closePrice: DecimalValue): OptionResult {
  const cmp = new Decimal(closePrice).cmp(openPrice);
  if (cmp === 0) return 'draw';
  return cmp > 0 === (direction === 'up') ? 'win' : 'loss';
}

/** What a win pays back in all: stake × (1 + ratio), rounded down to the currency's decimals. */
export function winPayout(stake: DecimalValue, ratio: DecimalValue, decimals: number): Decimal {
  return new Decimal(stake).mul(new Decimal(1).plus(ratio)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** What a result pays back (a win its payout, a draw the stake, a loss nothing) and the profit (payout − stake). */
export function settleOption(
  result: OptionResult,
  stake: DecimalValue,
  ratio: DecimalValue,
  decimals: number,
): { payout: Decimal; profit: Decimal } {
  const payout = result === 'win' ? winPayout(stake, ratio, decimals) : result === 'draw' ? new Decimal(stake) : new Decimal(0);
  return { payout, profit: payout.minus(stake) };
}
