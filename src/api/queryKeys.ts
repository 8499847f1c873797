/**
 * Query keys of the app's server state, derived from the API contract: an answer is cached
 * under its contract path and input, so a key cannot name an endpoint that does not exist and
 * every answer of one path can be found (and invalidated) by the path alone.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import { ROUTES } from './routes';
import type { Page } from '../../domain/api/envelope';

/** Endpoints that answer one page of a list (`{data, page, limit, total}`). */
export type PagedPath = { [P in EndpointPath]: OutputOf<P> extends Page<{ id: number }> ? P : never }[EndpointPath];
/** One row of paged endpoint `P`. */
export type ItemOf<P extends PagedPath> = OutputOf<P> extends Page<infer T extends { id: number }> ? T : never;
/** The filters of paged endpoint `P`: its input without `page` and `limit`. */
export type FilterOf<P extends PagedPath> = Omit<InputOf<P>, 'page' | 'limit'>;

/** Rows per page of record lists. */
export const RECORDS_PAGE_SIZE = 20;

/** Every cached answer of one path, whatever its input: `[path]`. */
export type PathKey<P extends EndpointPath = EndpointPath> = readonly [P];
/** One answer: `[path, input]` (`{}` when the endpoint takes none). */
export type CallKey<P extends EndpointPath = EndpointPath> = readonly [P, Partial<InputOf<P>>];
/** The pages of a paged list: `[path, filter, { pageSize }]`. */
export type PagesKey<P extends PagedPath = PagedPath> = readonly [P, FilterOf<P>, { readonly pageSize: number }];

export const queryKeys = {
  path: <P extends EndpointPath>(path: P): PathKey<P> => [path],
  call: <P extends EndpointPath>(path: P, input?: InputOf<P>): CallKey<P> => [path, input ?? {}],
  pages: <P extends PagedPath>(path: P, filter: FilterOf<P>, pageSize = RECORDS_PAGE_SIZE): PagesKey<P> => [path, filter, { pageSize }],
};

/** The contract path a key starts with; undefined for keys that are not the API's. */
export function pathOfKey(key: QueryKey): EndpointPath | undefined {
  const head = key[0];
  return typeof head === 'string' && Object.hasOwn(ROUTES, head) ? (head as EndpointPath) : undefined;
}

/** Whether a key holds one user's data (a `user` endpoint): dropped when the session changes. */
export function isPrivateKey(key: QueryKey): boolean {
  const path = pathOfKey(key);
  return path !== undefined && ROUTES[path].access === 'user';
}

/**
 * The queries that change together, by what changed. A mutation or a private-channel message
 * names the groups it makes stale; a new area adds its groups here.
 */
export const QUERY_GROUPS = {
  /** Balances and the journal: anything that moves money. */
  balances: ['/wallet/list', '/wallet/detail', '/wallet/get_info', '/currency/user_currency_list', '/wallet/bills', '/wallet/legal_log'],
  deposits: ['/recharge/log'],
  withdrawals: ['/user/withdraw/list'],
  transfers: ['/wallet/hzhistory'],
  exchanges: ['/user/getTransferList'],
  notifications: ['/user/notifications'],
  /** The identity level and what depends on it (withdrawal limits). */
  identity: ['/real/state', '/wallet/get_info'],
  addresses: ['/user/wallet/list'],
  bankCards: ['/user/cash_info', '/user/cash_info_international'],
  sessions: ['/safe/sessions'],
  /** Two-factor and the anti-phishing code (`docs/SECURITY.md`). */
  security: ['/safe/overview'],
  /** Futures: the pair's own state, the account's totals and lists, the history. */
  futures: ['/lever/deal', '/lever/dealall', '/lever/my_trade'],
  /** Spot: the pair's balances and open orders, the order history. */
  spot: ['/coin/deal', '/coin/list'],
  /** Seconds options: the stake's balance and the lists. */
  options: ['/microtrade/payable_currencies', '/microtrade/lists', '/microtrade/get_result'],
  /** The starred pairs (the app also updates it in place on a toggle, `src/ui/watchlist.ts`). */
  watchlist: ['/optional/list'],
  /** Lockming: the products (quota, what the user may still buy) and the user's orders. */
  lockming: ['/lh/deposit/config', '/lh/deposit/order'],
  /** IEO: the projects (subscribed, what the user may still ask for) and the user's subscriptions. */
  ieo: ['/project', '/project/detail', '/user/project/order'],
  /** The finance tab's holdings (every finance payment moves a balance). */
  financial: ['/financial/index'],
  /** Invest (dual): the products (shares left) and the user's positions. */
  invest: ['/dual/index', '/dual/detail', '/dual/dual_list'],
  /** Copy trading: the traders (my follow, followers), my follows and copies, the application. */
  /** Loans: the user's loans and one loan's history (the terms never change while the server runs). */
  loans: ['/loan/list', '/loan/detail'],
  copytrade: ['/follow/index', '/follow/traderDetail', '/follow/historyTrade', '/follow/my', '/follow/copies', '/follow/application'],
  /** NFT: the market and an artwork's sale and bids, the boxes, what the user owns, bids, owes and was told. */
  nft: [
    '/bind_box/getBoxList',
    '/bind_box/getBoxDetail',
    '/bind_box/getBids',
    '/bind_box/getBlindBoxes',
    '/bind_box/getBlindBox',
    '/bind_box/getBindBoxQuotationLog',
    '/bind_box/getMyNFTs',
    '/bind_box/getMyBids',
    '/bind_box/getNeedPayNFTOrder',
    '/bind_box/getMyBindBoxQuotationLog',
    '/bind_box/getNFTOrderMessage',
  ],
  /** OTC: the adverts (capacity left), the caller's orders and one order. */
  otc: ['/otc/adverts', '/otc/advert', '/otc/orders', '/otc/order', '/otc/limits'],
  /** Rewards: the invite summary, rebates, invitees, the coupon center and the user's coupons (every rebate, voucher and bonus moves a balance). */
  rewards: ['/rewards/invite', '/rewards/rebates', '/rewards/invitees', '/rewards/coupons/center', '/rewards/coupons'],
  /** Mini game: points, rounds and the leaderboard (points only, never a balance). */
  game: ['/game/home', '/game/rounds', '/game/round', '/game/leaderboard'],
  /** Customer service: the conversation (a message from either side, or read marks). */
  support: ['/support/messages'],
  /** Price alerts: the user's alerts (a fire arrives as a notification of an `alert…` kind). */
  alerts: ['/alerts/list'],
} as const satisfies Record<string, readonly EndpointPath[]>;

export type QueryGroup = keyof typeof QUERY_GROUPS;
export const ALL_GROUPS = Object.keys(QUERY_GROUPS) as QueryGroup[];

/** The paths of `groups`, each once. */
export function pathsOfGroups(groups: readonly QueryGroup[]): Set<EndpointPath> {
  return new Set(groups.flatMap((g): readonly EndpointPath[] => QUERY_GROUPS[g]));
}

/**
 * Marks every cached answer of `groups` stale: those on screen refetch now, the others when
 * next shown. Resolves when the refetches have settled.
 */
export async function invalidateGroups(client: QueryClient, groups: readonly QueryGroup[]): Promise<void> {
  if (groups.length === 0) return;
  const paths = pathsOfGroups(groups);
  await client.invalidateQueries({
    predicate: (query) => {
      const path = pathOfKey(query.queryKey);
      return path !== undefined && paths.has(path);
    },
  });
}
