/**
 * Price bands (docs/FUTURES.md "Trading rules", docs/SPOT.md): a price a user names —
 * a limit, a take-profit, a stop-loss — must lie within `band` (a fraction) either side of the
 * mark, as Binance's `PERCENT_PRICE` filter. One rule for the worker's preview and the server's
 * check, futures and spot. The bounds are rounded inward to the pair's price decimals, so a price
 * the answer names as allowed always is.
 */
import { Decimal, type DecimalValue } from '../decimal';
import type { MarketCategory } from './types';

/** The band of each category: a fraction of the mark either side. */
export const PRICE_BANDS: Record<MarketCategory, string> = {
  crypto: '0.2',
  stock: '0.15',
  forex: '0.05',
  metal: '0.1',
};

/** The allowed prices around `mark`: [mark × (1 − band), mark × (1 + band)], rounded inward. */
export function priceBand(mark: DecimalValue, band: DecimalValue, priceDecimals: number): { min: Decimal; max: Decimal } {
  const m = new Decimal(mark);
  const b = new Decimal(band);
  const min = m.mul(new Decimal(1).minus(b)).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP);
  const max = m.mul(new Decimal(1).plus(b)).toDecimalPlaces(priceDecimals, Decimal.ROUND_DOWN);
  return { min: Decimal.max(min, new Decimal(1).div(new Decimal(10).pow(priceDecimals))), max };
}

/** Which price a band check is about: the message key names it. */
export type BandedPrice = 'limit' | 'takeProfit' | 'stopLoss';

/** A price outside the band: the `validation.*` key and its parameters (min, max, band in percent). */
export interface BandIssue {
  key: 'validation.limitOutsideBand' | 'validation.takeProfitOutsideBand' | 'validation.stopLossOutsideBand';
  params: { min: string; max: string; band: string };
}

/** Null when `price` lies within the band around `mark`; otherwise what to tell the user. */
export function checkBand(
  which: BandedPrice,
  price: DecimalValue,
  mark: DecimalValue,
  band: DecimalValue,
  priceDecimals: number,
): BandIssue | null {
  const { min, max } = priceBand(mark, band, priceDecimals);
  const p = new Decimal(price);
  if (p.gte(min) && p.lte(max)) return null;
  return {
    key: `validation.${which}OutsideBand`,
    params: { min: min.toFixed(priceDecimals), max: max.toFixed(priceDecimals), band: new Decimal(band).mul(100).toFixed() },
  };
}
