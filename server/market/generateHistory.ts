import type { KlinePeriod } from '../../domain/market/periods';
import { aggregateBars, openBar, type Bar } from './bars';
import type { PriceWalk } from './PriceWalk';
import type { Random } from './random';

const MINUTE_MS = 60_000;
const FIVE_MINUTES_MS = 5 * MINUTE_MS;
/** Sub-steps per generated bar: enough for a believable high and low. */
const STEPS_PER_BAR = 6;

/** Each period above five minutes built from a finer one it divides into evenly. */
const AGGREGATE_FROM: [KlinePeriod, KlinePeriod][] = [
  ['15min', '5min'],
  ['30min', '15min'],
  ['60min', '30min'],
  ['4hour', '60min'],
  ['1day', '4hour'],
  ['1week', '1day'],
  ['1mon', '1day'],
];

export interface HistoryParams {
  walk: PriceWalk;
  random: Random;
  /** Typical trade size in lots and the pair's activity scale the generated volume. */
  tradeLots: bigint;
  activity: number;
}

/**
 * Generates `count` closed bars of `barMs` from `fromMs`, walking the price forward; each bar
 * opens at the previous close.
 */
export function generateBars(p: HistoryParams, fromMs: number, count: number, barMs: number): Bar[] {
  const bars: Bar[] = new Array<Bar>(count);
  const lotsPerStep = Number(p.tradeLots) * Math.max(1, Math.round(p.activity * 40)) * 0.3 * (barMs / MINUTE_MS);
  const stepSeconds = barMs / 1000 / STEPS_PER_BAR;
  let price = p.walk.ticks;
  for (let i = 0; i < count; i++) {
    const bar = openBar(fromMs + i * barMs, price);
    // NOTE: one bar's sums stay far below 2^53, so whole numbers add exactly; BigInt per step
    // would make first start several times slower.
    let volume = 0;
    let turnover = 0;
    for (let s = 0; s < STEPS_PER_BAR; s++) {
      price = p.walk.step(stepSeconds, p.random);
      const lots = Math.max(1, Math.round(lotsPerStep * Math.exp(0.5 * p.random.gaussian())));
      if (price > bar.high) bar.high = price;
      if (price < bar.low) bar.low = price;
      volume += lots;
      turnover += price * lots;
    }
    if (!Number.isSafeInteger(turnover)) throw new Error('generated turnover exceeds the exact integer range');
    bar.close = price;
    bar.volume = BigInt(volume);
    bar.turnover = BigInt(turnover);
    bars[i] = bar;
  }
  return bars;
}

/**
 * History from `fromMs` (a minute boundary) to `toMs` (exclusive) for every period. Only the last
 * `minuteBars` minutes are generated minute by minute, since older one-minute bars are not
 * kept; before that the walk runs in five-minute bars, which is four times cheaper.
 */
export function generateHistory(p: HistoryParams, fromMs: number, toMs: number, minuteBars: number): Map<KlinePeriod, Bar[]> {
  const tailFrom = Math.max(fromMs, toMs - minuteBars * MINUTE_MS);
  const coarseFrom = Math.min(Math.ceil(fromMs / FIVE_MINUTES_MS) * FIVE_MINUTES_MS, tailFrom);
  const coarseTo = Math.max(coarseFrom, Math.floor(tailFrom / FIVE_MINUTES_MS) * FIVE_MINUTES_MS);
  const head = generateBars(p, fromMs, (coarseFrom - fromMs) / MINUTE_MS, MINUTE_MS);
  const coarse = generateBars(p, coarseFrom, (coarseTo - coarseFrom) / FIVE_MINUTES_MS, FIVE_MINUTES_MS);
  const tail = generateBars(p, coarseTo, (toMs - coarseTo) / MINUTE_MS, MINUTE_MS);
  const out = new Map<KlinePeriod, Bar[]>([
    ['1min', [...head, ...tail]],
    ['5min', aggregateBars([...head, ...coarse, ...tail], '5min')],
  ]);
  for (const [period, source] of AGGREGATE_FROM) out.set(period, aggregateBars(out.get(source)!, period));
  return out;
}
