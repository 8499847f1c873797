import { formatUnits } from '../../domain/decimal';
import { calculateNextPeriodStart, calculatePeriodStart, type KlinePeriod } from '../../domain/market/periods';
import type { Kline } from '../../domain/market/types';

/**
 * A candle in integer units: prices in ticks of the pair's price precision, volume in lots of
 * its quantity precision, turnover in ticks × lots. Integers never round, so bars aggregate exactly.
 */
export interface Bar {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  turnover: bigint;
}

export function openBar(t: number, price: number): Bar {
  return { t, open: price, high: price, low: price, close: price, volume: 0n, turnover: 0n };
}

/** Adds one trade to a bar. */
export function applyTrade(bar: Bar, price: number, lots: bigint): void {
  if (price > bar.high) bar.high = price;
  if (price < bar.low) bar.low = price;
  bar.close = price;
  bar.volume += lots;
  bar.turnover += BigInt(price) * lots;
}

/** Folds consecutive bars (oldest first) into bars of `period`. */
export function aggregateBars(bars: readonly Bar[], period: KlinePeriod): Bar[] {
  const out: Bar[] = [];
  let current: Bar | null = null;
  let currentEnd = 0;
  for (const b of bars) {
    if (!current || b.t >= currentEnd) {
      const t = calculatePeriodStart(period, b.t);
      current = { ...b, t };
      currentEnd = calculateNextPeriodStart(period, t);
      out.push(current);
      continue;
    }
    if (b.high > current.high) current.high = b.high;
    if (b.low < current.low) current.low = b.low;
    current.close = b.close;
    current.volume += b.volume;
    current.turnover += b.turnover;
  }
  return out;
}

/** A bar as the API shows it: decimal strings. */
export function toKline(bar: Bar, priceDecimals: number, qtyDecimals: number): Kline {
  return {
    t: bar.t,
    open: formatUnits(bar.open, priceDecimals),
    high: formatUnits(bar.high, priceDecimals),
    low: formatUnits(bar.low, priceDecimals),
    close: formatUnits(bar.close, priceDecimals),
    volume: formatUnits(bar.volume, qtyDecimals),
  };
}
