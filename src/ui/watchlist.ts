/**
 * The account's watchlist (starred pairs), shared by the trade hub, the pair screen, the market
 * page and search. Signed in, it is the server's list (`/optional/list`) in the query cache; a
 * toggle updates the cache at once and rolls back if the server refuses (the API client toasts
 * why). Signed out there is no list: a star asks to log in and comes back here afterwards.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { WatchlistEntry } from '../../domain/watchlist/types';
import { apiQuery } from '../api/queries';
import { queryKeys } from '../api/queryKeys';
import { call, LOGIN_PATH } from '../api/request';
import { marketState } from '../state/market';
import { sessionState } from '../state/session';

const LIST = '/optional/list';
const listKey = () => queryKeys.call(LIST);

function useSignedIn(): boolean {
  return Boolean(useSnapshot(sessionState).token);
}

/** The starred symbols, newest first; empty when signed out or not loaded yet. */
export function useWatchlist(): { symbols: readonly string[]; loaded: boolean; signedIn: boolean } {
  const signedIn = useSignedIn();
  const { data } = useQuery({ ...apiQuery(LIST), enabled: signedIn, select: selectSymbols });
  return { symbols: signedIn ? (data ?? NONE) : NONE, loaded: !signedIn || data !== undefined, signedIn };
}

const NONE: readonly string[] = [];
const selectSymbols = (list: WatchlistEntry[]) => list.map((e) => e.symbol);

/** Whether `symbol` is starred: a row re-renders only when its own answer changes. */
export function useStarred(symbol: string): boolean {
  const signedIn = useSignedIn();
  const { data } = useQuery({
    ...apiQuery(LIST),
    enabled: signedIn,
    select: (list: WatchlistEntry[]) => list.some((e) => e.symbol === symbol),
  });
  return signedIn && data === true;
}

/** Pending toggles, in order: each waits for the one before, so the last tap decides. */
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;

async function send(client: QueryClient, symbol: string, matchId: number, star: boolean): Promise<void> {
  const key = listKey();
  await client.cancelQueries({ queryKey: key });
  const before = client.getQueryData<WatchlistEntry[]>(key);
  client.setQueryData<WatchlistEntry[]>(key, (list = []) =>
    star
      ? list.some((e) => e.match_id === matchId)
        ? list
        : [{ match_id: matchId, symbol, created_at: Date.now() }, ...list]
      : list.filter((e) => e.match_id !== matchId),
  );
  pending++;
  const run = queue.then(() => call(star ? '/optional/add' : '/optional/del', { match_id: String(matchId) }));
  queue = run.catch(() => undefined);
  try {
    const list = await run;
    // Only the last answer is the whole truth; an earlier one would undo a later optimistic tap.
    if (pending === 1) client.setQueryData(key, list);
  } catch {
    client.setQueryData(key, before);
    void client.invalidateQueries({ queryKey: key });
  } finally {
    pending--;
  }
}

/**
 * Stars or unstars a pair (`matchId` when the caller knows it, else the live ticker's). Signed
 * out, it goes to the login page and back here afterwards.
 */
export function useToggleStar(): (symbol: string, matchId?: number) => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSignedIn();
  return useCallback(
    (symbol: string, matchId = marketState.tickers[symbol]?.id) => {
      if (!signedIn) {
        void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      if (matchId === undefined) return;
      const starred = client.getQueryData<WatchlistEntry[]>(listKey())?.some((e) => e.symbol === symbol) ?? false;
      void send(client, symbol, matchId, !starred);
    },
    [client, navigate, location, signedIn],
  );
}
