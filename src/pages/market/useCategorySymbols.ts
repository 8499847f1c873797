import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { orderSymbols, type MarketSort } from '../../../domain/market/ranking';
import type { MarketCategory } from '../../../domain/market/types';
import { marketState } from '../../state/market';

/**
 * Symbols of one category, in catalogue order or sorted. Recomputed only when the symbol list
 * changes or, when sorted, when the worker's ranking for that column changes (at most once a
 * second): ticks alone never re-render the list, and a sorted list never reshuffles faster.
 */
export function useCategorySymbols(category: MarketCategory, sort: MarketSort | null = null): readonly string[] {
  const snap = useSnapshot(marketState);
  const { symbols } = snap;
  // Read only when sorted, so an unsorted list does not subscribe to the rankings.
  const ranking = sort ? snap.rankings[sort.key] : undefined;
  const direction = sort?.direction;
  return useMemo(() => {
    const inCategory = symbols.filter((s) => marketState.tickers[s]?.category === category);
    return ranking && direction ? orderSymbols(inCategory, ranking, direction) : inCategory;
  }, [symbols, category, ranking, direction]);
}
