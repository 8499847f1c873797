import type { QueryClient } from '@tanstack/react-query';
import { pagePath } from '../../paths';

/** Marks every cached `/coin/*` answer and the balances stale (after a trade, a cancel, or an order event). */
export function invalidateSpot(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => {
      const path = q.queryKey[0];
      return typeof path === 'string' && (path.startsWith('/coin/') || path.startsWith('/wallet/'));
    },
  });
}

/** What the spot screen's percentage buttons offer. */
export const PERCENTS = [25, 50, 75, 100] as const;
export const LOGIN_PATH = pagePath('common', 'login');
export const ORDERS_PATH = pagePath('transaction', 'currency_order');
