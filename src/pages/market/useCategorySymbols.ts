import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { MarketCategory } from '../../../domain/market/types';
import { marketState } from '../../state/market';

/** Symbols of one category in catalogue order; recomputed only when the symbol list itself changes. */
export function useCategorySymbols(category: MarketCategory): readonly string[] {
  const { symbols } = useSnapshot(marketState);
  return useMemo(() => symbols.filter((s) => marketState.tickers[s]?.category === category), [symbols, category]);
}
