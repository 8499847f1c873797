/**
 * Orderings of the market list (sort by name, last price, 24 h change or 24 h turnover), with
 * decimal comparisons: prices and turnovers are decimal strings, never parsed to floats.
 */
import { Decimal } from '../decimal';
import type { Ticker } from './types';

/** Columns the market list can be sorted by. */
export const SORT_KEYS = ['name', 'price', 'change', 'turnover'] as const;
/** One of `SORT_KEYS`. */
export type SortKey = (typeof SORT_KEYS)[number];
/** A sort direction; `null` elsewhere means catalogue order. */
export type SortDirection = 'asc' | 'desc';
/** A sort of the market list: a column and a direction. */
export interface MarketSort {
  key: SortKey;
  direction: SortDirection;
}

/** Code-point order of two ASCII tickers, independent of the locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two tickers by `key`, ascending; ties fall back to catalogue order (`id`). */
export function compareTickers(key: SortKey, a: Ticker, b: Ticker): number {
  const byKey = key === 'name' ? compareText(a.base, b.base) || compareText(a.quote, b.quote) : new Decimal(a[key]).cmp(b[key]);
  return byKey || a.id - b.id;
}

/** The symbols of `tickers` ordered by `key`, ascending (smallest, or A, first). */
export function rankTickers(tickers: Iterable<Ticker>, key: SortKey): string[] {
  return [...tickers].sort((a, b) => compareTickers(key, a, b)).map((t) => t.symbol);
}

/**
 * `symbols` in the order of an ascending `ranking`, reversed for `desc`. Symbols the ranking
 * does not know yet (just listed) keep their relative order after the ranked ones.
 */
export function orderSymbols(symbols: readonly string[], ranking: readonly string[], direction: SortDirection): string[] {
  const position = new Map(ranking.map((s, i) => [s, direction === 'asc' ? i : ranking.length - 1 - i]));
  const at = (s: string) => position.get(s) ?? ranking.length;
  return symbols
    .map((s, i) => ({ s, i }))
    .sort((a, b) => at(a.s) - at(b.s) || a.i - b.i)
    .map(({ s }) => s);
}

/** The next sort after tapping `key`'s header: numbers start high-to-low, names A to Z; a third tap clears. */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort | null {
  const first: SortDirection = key === 'name' ? 'asc' : 'desc';
  if (current?.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}
