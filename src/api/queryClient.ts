/**
 * The app's one QueryClient (TanStack Query): the cache of server state. Answers are fetched
 * with `call()` (so the API rules of request.ts, the 999 / 998 redirects included, stay there);
 * how long an answer is fresh depends on what kind of data it is.
 */
import { QueryClient } from '@tanstack/react-query';
import type { EndpointPath } from '../../domain/api/contract';
import { ROUTES } from './routes';
import { ApiError } from './request';

/** How long answers stay fresh, and whether coming back to the app refetches them. */
export interface Freshness {
  staleTime: number;
  gcTime: number;
  refetchOnWindowFocus: boolean;
}

export const FRESHNESS = {
  /**
   * Anyone's data (`public` endpoints): site configuration, news, help pages, the coin list.
   * It changes rarely: fresh for ten minutes, kept for half an hour, no refetch on focus.
   */
  content: { staleTime: 10 * 60_000, gcTime: 30 * 60_000, refetchOnWindowFocus: false },
  /**
   * The signed-in user's data (`user` endpoints): balances, records, settings. Fresh for a few
   * seconds only; mutations and the private channel invalidate it sooner, and coming back to
   * the app refetches what is on screen when it is older than that.
   */
  account: { staleTime: 5_000, gcTime: 5 * 60_000, refetchOnWindowFocus: true },
} as const satisfies Record<string, Freshness>;

/** The freshness of `path`'s answers, from its access in the contract. */
export function freshnessOf(path: EndpointPath): Freshness {
  return ROUTES[path].access === 'public' ? FRESHNESS.content : FRESHNESS.account;
}

/** Tries after the first when the network failed (business answers are final). */
export const NETWORK_RETRIES = 2;

/** Retries a query only when the network failed: a business error or a 999 / 998 answer is the answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.type === 'network' && failureCount < NETWORK_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // One try even when the browser says it is offline (the API client toasts the network
      // error); retries wait until it is back online.
      queries: { ...FRESHNESS.account, retry: shouldRetry, networkMode: 'offlineFirst' },
      // A money call is never repeated by the cache: the form decides (and sends its idempotency key).
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
