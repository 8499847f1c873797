import { useMemo } from 'react';
import { orderSymbols, type MarketSort } from '../../../domain/market/ranking';
import type { MarketCategory } from '../../../domain/market/types';

/** A tab of the market page: the user's favorites or a category. */
export type MarketTab = MarketCategory | 'favorites';
import { marketState, useMarketField } from '../../state/market';
import { useSelect } from '../../state/select';

/**
 * Symbols of one category (or the starred `favorites`, newest first), in that order or sorted. Recomputed only when the symbol list
 * changes or, when sorted, when the worker's ranking for that column changes (at most once a
 * second): ticks alone never re-render the list, and a sorted list never reshuffles faster.
 */
export function useCategorySymbols(
  category: MarketTab,
  sort: MarketSort | null = null,
  favorites: readonly string[] = [],
): readonly string[] {
  const symbols = useMarketField('symbols');
  // Each ranking is replaced only when its order changes, so this re-renders only then.
  const ranking = useSelect(marketState, (s) => (sort ? s.rankings[sort.key] : undefined));
  const direction = sort?.direction;
  return useMemo(() => {
    const inCategory =
      category === 'favorites'
        ? favorites.filter((s) => symbols.includes(s))
        : symbols.filter((s) => marketState.tickers[s]?.category === category);
    return ranking && direction ? orderSymbols(inCategory, ranking, direction) : inCategory;
  }, [symbols, category, ranking, direction, favorites]);
}
