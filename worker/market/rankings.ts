/**
 * The market's orderings, recomputed at most once a second (`MarketSlice.take`): the home page's
 * top movers, and the market list's sort columns, sent only when their order changed.
 */
import { Decimal } from '../../domain/decimal';
import { rankTickers, SORT_KEYS, type SortKey } from '../../domain/market/ranking';
import type { Ticker } from '../../domain/market/types';
import type { Movers, Rankings } from './MarketSlice';

const MOVERS_KEPT = 10;

/** Ranks tickers by 24 h change, both ways, and USDT pairs by 24 h turnover. */
export function rankMovers(tickers: Iterable<Ticker>): Movers {
  const list = [...tickers];
  const byChange = [...list].sort((a, b) => new Decimal(b.change).cmp(a.change) || a.id - b.id);
  return {
    gainers: byChange.slice(0, MOVERS_KEPT).map((t) => t.symbol),
    losers: byChange
      .slice(-MOVERS_KEPT)
      .reverse()
      .map((t) => t.symbol),
    turnover: list
      .filter((t) => t.quote === 'USDT')
      .sort((a, b) => new Decimal(b.turnover).cmp(a.turnover) || a.id - b.id)
      .slice(0, MOVERS_KEPT)
      .map((t) => t.symbol),
  };
}

/**
 * The rankings whose order differs from the last ones sent (`sent`, each joined, updated here),
 * or null when none does.
 */
export function changedRankings(tickers: Iterable<Ticker>, sent: Map<SortKey, string>): Partial<Rankings> | null {
  const list = [...tickers];
  let changed: Partial<Rankings> | null = null;
  for (const key of SORT_KEYS) {
    const order = rankTickers(list, key);
    const joined = order.join('|');
    if (sent.get(key) === joined) continue;
    sent.set(key, joined);
    (changed ??= {})[key] = order;
  }
  return changed;
}
