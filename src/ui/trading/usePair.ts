/** The pair a trading screen (futures, spot, options) shows, as its address names it. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MarketPair } from '../../../domain/market/types';
import { apiQuery } from '../../api/queries';

/** The pair a screen opens on when its address names none. */
export const DEFAULT_SYMBOL = 'BTC/USDT';

export interface PairChoice {
  pair: MarketPair | undefined;
  /** The pair list has not come yet. */
  loading: boolean;
  /**
   * The pair list could not be read (the network failed, after the cache's retries): not the same
   * as a pair that is not listed, so the screen offers `retry` instead of saying "not listed".
   */
  failed: boolean;
  retry: () => void;
  choose: (symbol: string) => void;
}

/** The pair the address names: `?symbol=BTC/USDT` or `?id=<match_id>`; BTC/USDT when it names none. */
export function usePair(): PairChoice {
  const [params, setParams] = useSearchParams();
  const { data, isPending, isError, refetch } = useQuery(apiQuery('/currency/list'));
  const symbol = params.get('symbol');
  const id = Number(params.get('id'));
  const pair = useMemo(() => {
    const pairs = data?.pairs ?? [];
    if (symbol) return pairs.find((p) => p.symbol === symbol.toUpperCase());
    if (params.get('id')) return pairs.find((p) => p.id === id);
    return pairs.find((p) => p.symbol === DEFAULT_SYMBOL) ?? pairs[0];
  }, [data, symbol, id, params]);
  const choose = useCallback((s: string) => setParams({ symbol: s }, { replace: true }), [setParams]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return { pair, loading: isPending, failed: isError && !data, retry, choose };
}
