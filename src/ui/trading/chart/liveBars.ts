/**
 * What the chart draws of its live bars, kept apart from lightweight-charts so it can be tested.
 * Snapshots may bring the bar in progress several times before the chart draws: `coalesce` keeps
 * the latest state of each bar (by start time), and `planDraws` turns what is queued into the
 * series updates that change something on screen, compared with the last bar drawn.
 */
import type { Kline } from '../../../../domain/market/types';

/** Which series one bar moves. */
export interface BarDraw {
  bar: Kline;
  /** A bar after the last one drawn (every series gets a new point). */
  appended: boolean;
  /** Open, high, low or close moved: the candle / the line point. */
  price: boolean;
  /** The volume moved, or the bar turned from up to down or back (the volume bar's colour). */
  volume: boolean;
  /** The close moved: the moving averages' last point. */
  close: boolean;
}

/** Up bars (close at or above open) and down bars have their own volume colour. */
export const isUp = (k: Kline): boolean => Number(k.close) >= Number(k.open);

/** Whether two states of a bar would draw the same (every field of OHLCV and the start time). */
export const sameBar = (a: Kline, b: Kline): boolean =>
  a.t === b.t && a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;

/** Adds a snapshot's bars to the queue: a later state of a bar replaces the earlier one. */
export function coalesce(queue: Map<number, Kline>, bars: readonly Kline[]): void {
  for (const bar of bars) queue.set(bar.t, bar);
}

/**
 * The updates that bring the chart from `last` (the last bar drawn, if any) to the queued bars,
 * oldest first: a bar older than the last drawn is dropped (the chart cannot insert before its
 * end), a bar equal to what is drawn is dropped, and each remaining one says which series move.
 */
export function planDraws(last: Kline | undefined, queued: Iterable<Kline>): BarDraw[] {
  const draws: BarDraw[] = [];
  let drawn = last;
  for (const bar of [...queued].sort((x, y) => x.t - y.t)) {
    if (drawn && bar.t < drawn.t) continue;
    if (drawn && bar.t === drawn.t) {
      if (sameBar(drawn, bar)) continue;
      const price = drawn.open !== bar.open || drawn.high !== bar.high || drawn.low !== bar.low || drawn.close !== bar.close;
      const volume = drawn.volume !== bar.volume || (price && isUp(drawn) !== isUp(bar));
      draws.push({ bar, appended: false, price, volume, close: drawn.close !== bar.close });
    } else draws.push({ bar, appended: true, price: true, volume: true, close: true });
    drawn = bar;
  }
  return draws;
}
