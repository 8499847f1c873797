/** The pair a trading screen (futures, spot, options) shows, as its address names it. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MarketPair } from '../../../domain/market/types';
import { apiQuery } from '../../api/queries';

/** The pair a screen opens on when its address names none. */
export const DEFAULT_SYMBOL = 'BTC/USDT';

/** The pair the address names: `?symbol=BTC/USDT` or `?id=<match_id>`; BTC/USDT when it names none. */
export function usePair(): { pair: MarketPair | undefined; loading: boolean; choose: (symbol: string) => void } {
  const [params, setParams] = useSearchParams();
  const { data, isPending } = useQuery(apiQuery('/currency/list'));
  const symbol = params.get('symbol');
  const id = Number(params.get('id'));
  const pair = useMemo(() => {
    const pairs = data?.pairs ?? [];
    if (symbol) return pairs.find((p) => p.symbol === symbol.toUpperCase());
    if (params.get('id')) return pairs.find((p) => p.id === id);
    return pairs.find((p) => p.symbol === DEFAULT_SYMBOL) ?? pairs[0];
  }, [data, symbol, id, params]);
  const choose = useCallback((s: string) => setParams({ symbol: s }, { replace: true }), [setParams]);
  return { pair, loading: isPending, choose };
}
