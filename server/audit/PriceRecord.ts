/**
 * The stored market record a settlement is checked against (docs/AUDIT.md). The market source
 * keeps every pair's bars of every period (stored, plus the bar in progress); the finest bar
 * still kept that contains a moment bounds every price traded in it. A deciding price outside
 * that bar's low–high is a mismatch; so is a moment the record has no bar for.
 */
import { Decimal, type DecimalValue } from '../../domain/decimal';
import { calculatePeriodStart, KLINE_PERIODS } from '../../domain/market/periods';
import type { Kline } from '../../domain/market/types';
import type { MarketSource } from '../market/MarketSource';

export interface RecordedBar extends Kline {
  period: (typeof KLINE_PERIODS)[number];
}

/** How far back `lastPriceAt` looks for a bar before a quiet minute. */
const LOOK_BACK_MS = 86_400_000;

export class PriceRecord {
  constructor(private readonly market: MarketSource) {}

  /** The finest recorded bar of `symbol` containing `ts` (one minute unless pruned), or null. */
  async barAt(symbol: string, ts: number): Promise<RecordedBar | null> {
    for (const period of KLINE_PERIODS) {
      const start = calculatePeriodStart(period, ts);
      const [bar] = (await this.market.klines(symbol, period, start, start)).filter((k) => k.t === start);
      if (bar) return { ...bar, period };
    }
    return null;
  }

  /**
   * The recorded price of `symbol` at `ts` when no live tick decided it (a server that was down
   * at that moment): the open of the one-minute bar the moment falls in, and that bar's start.
   */
  async priceAt(symbol: string, ts: number): Promise<{ price: string; ts: number } | null> {
    const start = calculatePeriodStart('1min', ts);
    const [bar] = (await this.market.klines(symbol, '1min', start, start)).filter((k) => k.t === start);
    return bar ? { price: bar.open, ts: bar.t } : null;
  }

  /**
   * The last recorded price of `symbol` at `ts`: `priceAt` when the moment's minute has a bar;
   * when the pair did not trade in that minute (a quiet pair, a stalled feed), the close of the
   * last one-minute bar before it, within a day, and that bar's start. Null when the pair has no
   * bar in that day at all. Used where a deadline must be decided although no tick came in time.
   */
  async lastPriceAt(symbol: string, ts: number): Promise<{ price: string; ts: number } | null> {
    const exact = await this.priceAt(symbol, ts);
    if (exact) return exact;
    const start = calculatePeriodStart('1min', ts);
    const before = (await this.market.klines(symbol, '1min', start - LOOK_BACK_MS, start - 1)).filter((k) => k.t < start);
    const last = before.reduce<Kline | null>((a, k) => (!a || k.t > a.t ? k : a), null);
    return last ? { price: last.close, ts: last.t } : null;
  }

  /**
   * True when the record shows no trade of `symbol` in any whole minute after `from`'s minute and
   * before `to`'s: the trade at `from` can be the last one before `to`, to the record's
   * resolution of a minute (trades inside `to`'s own minute cannot be placed before or after `to`).
   */
  async quietBetween(symbol: string, from: number, to: number): Promise<boolean> {
    const first = calculatePeriodStart('1min', from) + 60_000;
    const last = calculatePeriodStart('1min', to) - 60_000;
    if (last < first) return true;
    return (await this.market.klines(symbol, '1min', first, last)).every((k) => k.t < first || k.t > last);
  }

  /** Why `price` at `ts` is not in the record, or null when it is (within the bar's low–high). */
  async check(symbol: string, ts: number, price: DecimalValue): Promise<string | null> {
    const bar = await this.barAt(symbol, ts);
    if (!bar) return `no recorded bar of ${symbol} at ${new Date(ts).toISOString()}`;
    const p = new Decimal(price);
    if (p.lt(bar.low) || p.gt(bar.high)) {
      return `price ${p.toString()} outside the recorded ${bar.period} bar ${bar.low}–${bar.high} of ${symbol} at ${new Date(bar.t).toISOString()}`;
    }
    return null;
  }
}
