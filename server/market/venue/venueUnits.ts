/**
 * A venue's decimal texts in a pair's units: prices in ticks of the pair's `priceDecimals`,
 * quantities in lots of its `qtyDecimals`. A trade's price rounds half-even to the nearest tick;
 * a book aggregates onto the pair's tick grid (bids down, asks up, so a level never looks better
 * than the venue's) and keeps the best `max` levels. Quantities round down: the book never shows
 * more than the venue has. All of it in decimal.js: no float touches a figure.
 */
import type { Decimal as DecimalJs } from 'decimal.js';
import { Decimal, parseUnits } from '../../../domain/decimal';
import type { Precision } from '../KlineStore';
import type { VenueLevels } from './VenueFeed';

const { ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP } = Decimal;

/** A price in ticks; null for text that is not a positive decimal or rounds to 0. */
export function priceTicks(text: string, priceDecimals: number, rounding: DecimalJs.Rounding = ROUND_HALF_EVEN): number | null {
  const value = readPositive(text);
  if (!value) return null;
  const ticks = Number(parseUnits(value.toFixed(priceDecimals, rounding), priceDecimals));
  return ticks > 0 ? ticks : null;
}

/** A quantity in lots, rounded down; null for text that is not a positive decimal. */
export function qtyLots(text: string, qtyDecimals: number): bigint | null {
  const value = readPositive(text);
  return value ? parseUnits(value.toFixed(qtyDecimals, ROUND_DOWN), qtyDecimals) : null;
}

/** One side of a venue's book on the pair's grid: at most `max` levels, best first, none empty. */
export function bookSide(levels: VenueLevels, p: Precision, side: 'bids' | 'asks', max: number): Map<number, bigint> {
  const out = new Map<number, bigint>();
  for (const [price, qty] of levels) {
    const ticks = priceTicks(price, p.priceDecimals, side === 'bids' ? ROUND_DOWN : ROUND_UP);
    const lots = qtyLots(qty, p.qtyDecimals);
    if (ticks === null || !lots) continue;
    if (!out.has(ticks) && out.size >= max) break;
    out.set(ticks, (out.get(ticks) ?? 0n) + lots);
  }
  return out;
}

function readPositive(text: string): Decimal | null {
  if (typeof text !== 'string' || !/^\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return null;
  const value = new Decimal(text);
  return value.isFinite() && value.gt(0) ? value : null;
}
