/**
 * "No user ever saw another user's data", over REST: at each checkpoint some users open their
 * lists as the app does (futures, spot and option orders, lockming, IEO, dual, OTC, loans,
 * alerts, transfers, withdrawals), and every row they are shown must be theirs in the database.
 * The private channel has its own check (`ChannelWatcher.foreignItems`); this one covers the
 * answers a user asks for.
 */
import type { Page } from '../../domain/api/envelope';
import { PAGE_SIZE_MAX } from '../../domain/api/envelope';
import { isOk, type Http } from './http';
import { keepSignedIn, sentBy } from './session';
import type { SimUser } from './types';

type Query = <T>(sql: string, params?: (string | number)[]) => Promise<T[]>;

/** Each private list the app shows, and the table whose `user_id` owns its rows. */
export const PRIVATE_LISTS: readonly { path: string; table: string }[] = [
  { path: '/lever/my_trade', table: 'futures_trades' },
  { path: '/coin/list', table: 'spot_orders' },
  { path: '/microtrade/lists', table: 'options_orders' },
  { path: '/lh/deposit/order', table: 'lockming_orders' },
  { path: '/user/project/order', table: 'ieo_orders' },
  { path: '/dual/dual_list', table: 'dual_orders' },
  { path: '/otc/orders', table: 'otc_orders' },
  { path: '/loan/list', table: 'loans' },
  { path: '/alerts/list', table: 'price_alerts' },
  { path: '/wallet/hzhistory', table: 'transfers' },
  { path: '/user/withdraw/list', table: 'withdrawals' },
];

/** How many users besides the watched ones open their lists at a checkpoint (a different few each time). */
const SAMPLE = 6;

/** The users who look at a checkpoint: the watched ones and a few others chosen by `round`. */
export function lookers(users: readonly SimUser[], watched: readonly SimUser[], round: number): SimUser[] {
  const chosen = new Map(watched.map((u) => [u.id, u]));
  for (let i = 0; i < SAMPLE && users.length; i++) {
    const u = users[(round * 7 + i * 13) % users.length]!;
    chosen.set(u.id, u);
  }
  return [...chosen.values()];
}

/** What each of `users` was shown that belongs to someone else (or a list that failed), as violation messages. */
export async function foreignRows(http: Http, query: Query, users: readonly SimUser[], now: number): Promise<string[]> {
  const found: string[] = [];
  for (const user of users) {
    await keepSignedIn(user, http, now);
    // The user's lists open together, as the app's tabs load them.
    const lists = await Promise.all(PRIVATE_LISTS.map((list) => foreignRowsOf(http, query, user, list)));
    sentBy(user, now);
    found.push(...lists.flat());
  }
  return found;
}

async function foreignRowsOf(http: Http, query: Query, user: SimUser, { path, table }: (typeof PRIVATE_LISTS)[number]): Promise<string[]> {
  const answer = await http.call<Page<{ id: number }> | { id: number }[]>(
    path,
    { limit: String(PAGE_SIZE_MAX) },
    { token: user.token, ip: user.ip, lang: user.lang, method: 'GET' },
  );
  if (answer.status === 0 || answer.status >= 500 || !answer.body)
    return [`user ${user.id} opened ${path}: HTTP ${answer.status}${answer.lost ? ` (${answer.lost})` : ''} without an answer`];
  // A refusal (a list behind identity verification) shows nothing.
  if (!isOk(answer)) return [];
  const rows = Array.isArray(answer.body.message) ? answer.body.message : answer.body.message.data;
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  const owners = new Map(
    (
      await query<{ id: string; user_id: string }>(`SELECT id::text, user_id::text FROM ${table} WHERE id = ANY($1::bigint[])`, [
        `{${ids.join(',')}}`,
      ])
    ).map((r) => [Number(r.id), Number(r.user_id)]),
  );
  const found: string[] = [];
  for (const id of ids) {
    const owner = owners.get(id);
    if (owner === undefined) found.push(`user ${user.id} was shown ${table} ${id} by ${path}, which does not exist`);
    else if (owner !== user.id) found.push(`user ${user.id} was shown ${table} ${id} by ${path}, which is user ${owner}'s`);
  }
  return found;
}
